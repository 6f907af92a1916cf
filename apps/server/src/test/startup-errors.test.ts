/**
 * A server that cannot start says why in one line on stderr (no stack trace) and exits non-zero: a
 * DATA_DIR it cannot create or write, production without SIGNING_KEYS. Real processes (`tsx src/main.ts`);
 * no database is opened, so only the `server` (PGlite) project runs them; the late-database case below
 * runs in `server-pg`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect, createServer, type Server } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultEngine } from './harness.ts';
import { readOnlyDir } from './read-only-dir.ts';
import { freePort, serverDir, startServer } from './server-process.ts';

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

if (defaultEngine() === 'pglite') describe('start-up errors', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'atrium-startup-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('a DATA_DIR that cannot be created: one line naming it and the cause, exit 2', async () => {
    const file = join(tmp, 'somefile');
    writeFileSync(file, '');
    const run = await start({ DATA_DIR: join(file, 'data') });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`DATA_DIR ${join(file, 'data')} cannot be created (ENOTDIR: not a directory)\n`);
  });

  it('a DATA_DIR it cannot write in: one line, exit 2', async () => {
    const ro = readOnlyDir();
    // CI runs as root with mount; a machine where none of the ways works fails here instead of skipping.
    if (!ro) throw new Error('cannot make a read-only directory here (root without mount or chattr)');
    try {
      const run = await start({ DATA_DIR: ro.dir });
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(new RegExp(`^DATA_DIR ${ro.dir} is not writable \\(${ro.code}: [a-z -]+\\)\\n$`));
    } finally {
      ro.remove();
    }
  });

  it('NODE_ENV=production without SIGNING_KEYS: one line, exit 2', async () => {
    const run = await start({ DATA_DIR: join(tmp, 'production'), NODE_ENV: 'production', SECRET_KEY: Buffer.alloc(32, 3).toString('base64') });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('Invalid configuration: SIGNING_KEYS: required when NODE_ENV=production (set the same keyId:secret list on every replica)\n');
  });
});

/**
 * A replica started before its database: it says so in one line per attempt, keeps trying, and comes up
 * by itself once the database answers. The database is the shared test server, reached through a TCP
 * relay on a port of ours that starts refusing and opens after a while.
 */
if (defaultEngine() === 'postgres') describe('start-up before the database', () => {
  const children: ChildProcess[] = [];
  const schema = `atrium_late_${process.pid}`;
  let relay: Server | undefined;
  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL');
    relay?.close();
    const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await c.connect();
    await c.query(`drop schema if exists "${schema}" cascade`);
    await c.end();
  });

  it('waits for the database instead of exiting, then serves', async () => {
    const target = new URL(process.env.TEST_DATABASE_URL!);
    const port = await freePort();
    const late = new URL(target);
    late.port = String(port);
    late.hostname = '127.0.0.1';
    let out = '';
    const starting = startServer({ DATABASE_URL: late.toString(), DATABASE_SCHEMA: schema }, children);
    starting.catch(() => undefined);
    while (children.length === 0) await new Promise((r) => setTimeout(r, 20));
    const [child] = children;
    child!.stderr!.on('data', (d) => (out += d));
    child!.stdout!.on('data', (d) => (out += d));
    // until it has met the closed port at least once (a loaded machine may take seconds just to boot)
    for (let i = 0; i < 300 && !/trying again/.test(out); i++) await new Promise((r) => setTimeout(r, 100));
    expect(child!.exitCode).toBeNull();

    relay = createServer((socket) => {
      const upstream = connect(Number(target.port || 5432), target.hostname);
      socket.pipe(upstream).pipe(socket);
      const end = () => (socket.destroy(), upstream.destroy());
      socket.on('error', end);
      upstream.on('error', end);
    });
    await new Promise<void>((ok) => relay!.listen(port, '127.0.0.1', ok));
    const server = await starting;
    expect(server.log()).toMatch(/migrating: the database is not available \(ECONNREFUSED\); trying again in [\d.]+ s/);
    expect(server.log()).not.toMatch(/\n\s+at /);
    const ready = await fetch(`http://127.0.0.1:${server.port}/readyz`);
    expect(ready.status).toBe(200);
  });
});
