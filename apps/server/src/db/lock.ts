import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * PGlite takes no lock of its own: two processes can open one data directory and corrupt it.
 * This exclusive lock file (created with O_EXCL) holds the owner's pid; a lock whose pid no longer
 * runs is stale and taken over.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly pid: number,
  ) {
    super(
      `The data directory is in use by another Atrium server (pid ${pid}, lock ${lockFile}). ` +
        'Stop that server, or start this one with another DATA_DIR or a DATABASE_URL.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isZombie(pid);
}

/** A killed server whose parent has not reaped it yet (an orphan under a slow init) still answers kill(pid, 0). */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z';
  } catch {
    return false; // no procfs (not Linux): trust kill()
  }
}

export interface DirLock {
  file: string;
  release(): void;
}

/** Lock files this process holds: a lock naming our own pid but not in here is a stale one (see below). */
const held = new Set<string>();

export function acquireLock(file: string): DirLock {
  mkdirSync(dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o644);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      held.add(file);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        held.delete(file);
        process.off('exit', release);
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true });
        } catch {
          // already gone
        }
      };
      // However the process ends short of a kill (process.exit anywhere, an uncaught error), the lock goes with it.
      process.on('exit', release);
      return { file, release };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let owner = NaN;
      try {
        owner = Number(readFileSync(file, 'utf8').trim());
      } catch {
        continue; // removed between open and read: retry
      }
      // Our own pid in a lock we do not hold: left by an earlier process that had the same pid (containers
      // restart with the same small pids), so stale like any other.
      if (owner === process.pid ? held.has(file) : isRunning(owner)) throw new DataDirLockedError(file, owner);
      rmSync(file, { force: true }); // stale: its owner is gone
    }
  }
  throw new Error(`Could not acquire ${file}`);
}
