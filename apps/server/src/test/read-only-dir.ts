/**
 * A directory nobody can write in, for the DATA_DIR checks. Mode 0555 does not stop root, so as root it
 * is a read-only tmpfs mount (EROFS), else an immutable directory (chattr +i: EPERM); as anyone else,
 * mode 0555 (EACCES). Undefined when none of these is possible here (root without mount or chattr).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ReadOnlyDir {
  dir: string;
  /** The error code a write in it gets. */
  code: 'EROFS' | 'EPERM' | 'EACCES';
  remove(): void;
}

function writable(dir: string): boolean {
  try {
    writeFileSync(join(dir, 'probe'), '');
    rmSync(join(dir, 'probe'));
    return true;
  } catch {
    return false;
  }
}

export function readOnlyDir(): ReadOnlyDir | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-read-only-'));
  const gone = () => rmSync(dir, { recursive: true, force: true });
  if (process.getuid?.() !== 0) {
    chmodSync(dir, 0o555);
    return { dir, code: 'EACCES', remove: () => (chmodSync(dir, 0o755), gone()) };
  }
  if (spawnSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=64k', 'tmpfs', dir]).status === 0) {
    if (!writable(dir)) return { dir, code: 'EROFS', remove: () => (spawnSync('umount', [dir]), gone()) };
    spawnSync('umount', [dir]);
  }
  if (spawnSync('chattr', ['+i', dir]).status === 0) {
    if (!writable(dir)) return { dir, code: 'EPERM', remove: () => (spawnSync('chattr', ['-i', dir]), gone()) };
    spawnSync('chattr', ['-i', dir]);
  }
  gone();
  return undefined;
}
