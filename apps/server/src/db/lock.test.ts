import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireLock, DataDirLockedError } from './lock.ts';

describe('data directory lock', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const lockFile = () => {
    const d = mkdtempSync(join(tmpdir(), 'atrium-lock-'));
    dirs.push(d);
    return join(d, 'pgdata.lock');
  };

  it('lets one owner hold it and refuses a second with a clear message', () => {
    const file = lockFile();
    const lock = acquireLock(file);
    expect(readFileSync(file, 'utf8')).toBe(String(process.pid));
    expect(() => acquireLock(file)).toThrow(DataDirLockedError);
    expect(() => acquireLock(file)).toThrow(/in use by another Atrium server \(pid \d+/);
    lock.release();
    expect(existsSync(file)).toBe(false);
    acquireLock(file).release();
  });

  it('refuses while another live process holds it', () => {
    const file = lockFile();
    // a live process that is not us: the parent shell of this test run (vitest's own parent)
    writeFileSync(file, String(process.ppid));
    expect(() => acquireLock(file)).toThrow(DataDirLockedError);
  });

  it('takes over a stale lock whose owner is gone', () => {
    const file = lockFile();
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    writeFileSync(file, dead);
    const lock = acquireLock(file);
    expect(readFileSync(file, 'utf8')).toBe(String(process.pid));
    lock.release();
  });
});
