import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireLock, DataDirLockedError } from './lock.ts';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

// spawns processes: once, in the PGlite run of the server suites (the root vitest.config.ts leaves it out of the PostgreSQL one)
describe('data directory lock: its lifetime', () => {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-lock-life-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('goes with the process however it ends short of a kill (process.exit, an uncaught error)', () => {
    for (const [name, ending] of [
      ['exit', 'process.exit(0)'],
      ['throw', "throw new Error('boom')"],
    ] as const) {
      const file = join(dir, name, 'pgdata.lock');
      const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', `const { acquireLock } = await import('./src/db/lock.ts'); acquireLock(${JSON.stringify(file)}); ${ending}`], {
        cwd: serverDir,
        encoding: 'utf8',
      });
      expect(run.status, run.stderr).toBe(name === 'exit' ? 0 : 1);
      expect(existsSync(join(dir, name))).toBe(true);
      expect(existsSync(file)).toBe(false);
    }
  });

  it('takes over a lock naming our own pid that we do not hold (left by an earlier process with the same pid)', () => {
    const file = join(dir, 'same-pid.lock');
    writeFileSync(file, String(process.pid));
    const lock = acquireLock(file);
    expect(readFileSync(file, 'utf8')).toBe(String(process.pid));
    // held now: a second acquisition in this process is refused
    expect(() => acquireLock(file)).toThrow(DataDirLockedError);
    lock.release();
    expect(existsSync(file)).toBe(false);
  });
});
