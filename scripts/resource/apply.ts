/** Writing a plan's changes to the disk, all or nothing. */
import type { Change } from './plan.ts';

export interface Disk {
  read(path: string): string | undefined;
  write(path: string, text: string): void;
  remove(path: string): void;
  /** Creates the directory and its missing parents; returns those it created, outermost first. */
  makeDirs(dir: string): string[];
  removeDir(dir: string): void;
}

/**
 * Writes every change, or none: when one fails, the ones already made are undone (files created are
 * deleted, files changed or deleted get their text back, directories created are removed) and the error
 * is thrown again. Once all are made, the folders that deleting files left empty are removed.
 */
export function applyChanges(changes: readonly Change[], disk: Disk): void {
  const done: Change[] = [];
  const dirs: string[] = [];
  try {
    for (const change of changes) {
      if (change.after === undefined) disk.remove(change.path);
      else {
        if (change.path.includes('/')) dirs.push(...disk.makeDirs(change.path.slice(0, change.path.lastIndexOf('/'))));
        disk.write(change.path, change.after);
      }
      done.push(change);
    }
  } catch (err) {
    undo(done, dirs, disk, err);
  }
  // the folders a removal left empty (a resource's slice folders) go too, deepest first
  const emptied = new Set(changes.filter((c) => c.after === undefined).flatMap((c) => parents(c.path)));
  for (const dir of [...emptied].sort((a, b) => b.length - a.length)) {
    try {
      disk.removeDir(dir);
    } catch {
      // not empty: other files are in it
    }
  }
}

/** The folders a path is in, innermost first (not the repository itself). */
const parents = (path: string) => path.split('/').slice(0, -1).map((_, i, parts) => parts.slice(0, parts.length - i).join('/'));

/** Puts back the changes made, removes the folders created, and throws the error again. */
function undo(done: Change[], dirs: string[], disk: Disk, err: unknown): never {
  const undoProblems: string[] = [];
  for (const change of done.reverse()) {
    try {
      if (change.before === undefined) disk.remove(change.path);
      else disk.write(change.path, change.before);
    } catch (undoErr) {
      undoProblems.push(`${change.path}: ${(undoErr as Error).message}`);
    }
  }
  for (const dir of dirs.reverse()) {
    try {
      disk.removeDir(dir);
    } catch {
      // not empty: something else is in it now
    }
  }
  const message = `${(err as Error).message}; every file written before it was put back${undoProblems.length > 0 ? `, except: ${undoProblems.join('; ')}` : ''}`;
  throw new Error(message, { cause: err });
}
