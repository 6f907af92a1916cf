/**
 * A server that cannot start says why in one line on stderr (no stack trace) and exits non-zero: a
 * DATA_DIR it cannot create or write, production without SIGNING_KEYS. Real processes (`tsx src/main.ts`);
 * no database is opened, so only the `server` (PGlite) project runs them.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultEngine } from './harness.ts';
import { readOnlyDir } from './read-only-dir.ts';
import { serverDir } from './server-process.ts';

function start(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((ok) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', PORT: '0', DATABASE_URL: '', SIGNING_KEYS: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      ok({ code, stdout, stderr });
    });
  });
}

describe.runIf(defaultEngine() === 'pglite')('start-up errors', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'atrium-startup-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('a DATA_DIR that cannot be created: one line naming it and the cause, exit 2', async () => {
    const file = join(tmp, 'somefile');
    writeFileSync(file, '');
    const run = await start({ DATA_DIR: join(file, 'data') });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`DATA_DIR ${join(file, 'data')} cannot be created (ENOTDIR: not a directory)\n`);
  });

  it('a DATA_DIR it cannot write in: one line, exit 2', async (ctx) => {
    const ro = readOnlyDir();
    if (!ro) return ctx.skip('cannot make a read-only directory here (root without mount or chattr)');
    try {
      const run = await start({ DATA_DIR: ro.dir });
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(new RegExp(`^DATA_DIR ${ro.dir} is not writable \\(${ro.code}: [a-z -]+\\)\\n$`));
    } finally {
      ro.remove();
    }
  });

  it('NODE_ENV=production without SIGNING_KEYS: one line, exit 2', async () => {
    const run = await start({ DATA_DIR: join(tmp, 'production'), NODE_ENV: 'production' });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('Invalid configuration: SIGNING_KEYS: required when NODE_ENV=production (set the same keyId:secret list on every replica)\n');
  });
});
