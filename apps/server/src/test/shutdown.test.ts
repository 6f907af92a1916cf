/**
 * Stopping a real server however it is asked to stop: SIGTERM to the server; SIGINT (twice) and SIGTERM to
 * the process group of `npm start`; SIGTERM to npm alone (npm ignores a SIGINT of its own: a terminal's goes
 * to the group); SIGTERM to scripts/start.mjs and SIGINT to its group; start.mjs killed; a third signal; the
 * drain period behind a balancer (SHUTDOWN_DRAIN_SECONDS: not ready, still serving); the drain limit.
 *
 * Each engine runs the plain SIGTERM and the cases where it has something of its own to let go of; how a
 * signal travels through npm and start.mjs, and the drain's timing, do not depend on the engine and run
 * once. PGlite (the quick start's engine): a terminal's Ctrl-C to `npm start`, start.mjs killed and a third
 * signal, each checked to leave no lock on the data directory. PostgreSQL (the `server-pg` project): the
 * other ways through npm and start.mjs, the drain period and the drain limit.
 *
 * Under load: ~20 signed requests on kept-alive connections, ~20 more on connections of their own written
 * just before the signal (not yet accepted by a busy server: closing the listening socket would reset
 * them), a CSV export of ~50 000 rows streaming (the audit trail's), and logins whose body is only half sent when the signal
 * arrives (in flight for sure; the rest follows during the drain). Each case checks that every request
 * got its complete answer (no reset, every CSV row), the exit code, that no process of the tree is left,
 * that the port is free and the PGlite lock file gone; the cases run one after another on one database
 * and one port, so each start also proves the previous server let go of them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { get, request, type IncomingMessage } from 'node:http';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../db/client.ts';
import { pgliteOptions } from '../db/pglite.ts';
import { TEST_CREDENTIAL, createTestApp, defaultEngine } from './harness.ts';
import { freePort, serverDir, signedInit } from './server-process.ts';

const repoRoot = resolve(serverDir, '../..');
const engine = defaultEngine();
// ~6 MB of CSV: more than a paused client's socket takes in, so the export waits on it (startExport)
const EXTRA_ROWS = 50_000;
/** The audit trail's entries the test writes (EXTRA_ENTRIES), and nothing else: the list and the export read only those. */
const SAMPLE = 'action=shutdown.sample';
const EXPORT_PATH = '/api/system/audit/export';

// ---- processes -------------------------------------------------------------------------------------

type Launcher = 'server' | 'start.mjs' | 'npm';

interface Tree {
  root: ChildProcess;
  /** Every process of the tree (its own process group), found once the server answered. */
  pids: number[];
  serverPid: number;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves once every process of the tree has closed its end of the output pipes: the log is whole. */
  outputClosed: Promise<void>;
  log: () => string;
}

function procStat(pid: number): { state: string; pgrp: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0]!, pgrp: Number(fields[2]) };
  } catch {
    return undefined;
  }
}

/** Alive: exists and is not a zombie waiting for its (possibly init) parent to reap it. */
const alive = (pid: number) => {
  const s = procStat(pid);
  return s !== undefined && s.state !== 'Z';
};

function groupPids(pgid: number): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => procStat(pid)?.pgrp === pgid && alive(pid));
}

const cmdline = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
};

const running: ChildProcess[] = [];
let lastLog = () => '';
const everyPid = new Set<number>();

async function launch(how: Launcher, port: number, env: Record<string, string>): Promise<Tree> {
  const [command, args, cwd] =
    how === 'server'
      ? [process.execPath, ['--import', 'tsx', 'src/main.ts'], serverDir]
      : how === 'start.mjs'
        ? [process.execPath, ['scripts/start.mjs'], repoRoot]
        : ['npm', ['start'], repoRoot];
  let out = '';
  // detached: a process group of its own, like a terminal's job, so a group signal reaches only this tree
  const root = spawn(command, args, {
    cwd,
    detached: true,
    // a server launched directly gets an IPC channel, as start.mjs gives it: should this test process die,
    // the server sees it gone and stops instead of lingering on the port
    stdio: how === 'server' ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      SIGNING_KEYS: `${TEST_CREDENTIAL.keyId}:${TEST_CREDENTIAL.secret}`,
      RATE_LIMIT_LOGIN: '10000',
      // the console is not needed: with WEB_DIST set start.mjs builds nothing
      WEB_DIST: join(tmpdir(), 'atrium-shutdown-no-console'),
      DATABASE_URL: '',
      ...env,
    },
  });
  running.push(root);
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((ok) => root.once('exit', (code, signal) => ok({ code, signal })));
  // the pipes outlive the root (npm may go first): they close when the last process writing to them does
  const outputClosed = new Promise<void>((ok) => root.once('close', () => ok()));
  root.stdout!.on('data', (d) => (out += d));
  root.stderr!.on('data', (d) => (out += d));
  lastLog = () => out;
  for (let i = 0; i < 400; i++) {
    if (root.exitCode !== null) throw new Error(`${how} exited early:\n${out}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) {
        const pids = groupPids(root.pid!);
        for (const pid of pids) everyPid.add(pid);
        const serverPid = pids.find((pid) => cmdline(pid).includes('main.ts'));
        if (!serverPid) throw new Error(`no server process in ${pids.map(cmdline).join(' | ')}`);
        return { root, pids, serverPid, exit, outputClosed, log: () => out };
      }
    } catch (err) {
      if (!(err instanceof TypeError)) throw err; // fetch failed: not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${how} did not become ready:\n${out}`);
}

async function allGone(pids: number[], withinMs = 10_000): Promise<number[]> {
  const until = Date.now() + withinMs;
  for (;;) {
    const left = pids.filter(alive);
    if (left.length === 0 || Date.now() > until) return left;
    await sleep(50);
  }
}

/** Resolves once the tree's output matches `pattern` (the server logged that it is draining, say). */
async function logged(tree: Tree, pattern: RegExp, withinMs = 15_000): Promise<void> {
  const until = Date.now() + withinMs;
  while (!pattern.test(tree.log())) {
    if (Date.now() > until) throw new Error(`no ${pattern} in the output:\n${tree.log()}`);
    await sleep(20);
  }
}

const DRAINING = /"msg":"shutting down/;

/** The export's access-log line (written when its last byte is sent) is not out yet: it ends during the drain. */
function expectExportStillRunning(tree: Tree): void {
  expect(tree.log()).toMatch(DRAINING);
  expect(tree.log()).not.toContain(`"url":"${EXPORT_PATH}`);
}

/** A new connection is refused (the server no longer listens), while it is still draining. */
async function expectRefused(port: number): Promise<void> {
  for (let i = 0; ; i++) {
    const outcome = await new Promise<string>((ok) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        ok('connected');
      });
      socket.once('error', (err: NodeJS.ErrnoException) => ok(err.code ?? 'error'));
    });
    if (outcome === 'ECONNREFUSED') return;
    if (i > 150) throw new Error(`a new connection still gets ${outcome}`); // the backlog is taken in first (up to 2 s)
    await sleep(20);
  }
}

async function portFree(port: number): Promise<boolean> {
  return new Promise((ok) => {
    const srv = createServer();
    srv.once('error', () => ok(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => ok(true)));
  });
}

async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_ok, fail) => (timer = setTimeout(() => fail(new Error(`${what}: nothing after ${ms} ms`)), ms)));
  try {
    return await Promise.race([promise, limit]);
  } finally {
    clearTimeout(timer);
  }
}

// ---- requests --------------------------------------------------------------------------------------

async function call(port: number, method: 'GET' | 'POST', path: string, opts: { body?: unknown; token?: string } = {}) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, await signedInit(method, path, opts));
  return { status: res.status, connection: res.headers.get('connection'), body: (await res.json()) as { data: Record<string, unknown> } };
}

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  error?: string;
}

/**
 * A sign-in written over a raw socket up to half its body: the server has the request but not all of it.
 * `finish()` writes the rest. The answer resolves when the server closes the connection.
 */
async function heldLogin(port: number) {
  const init = await signedInit('POST', '/api/user/login', { body: { username: 'user', password: 'user123' } });
  const body = Buffer.from(init.body as string);
  const head =
    `POST /api/user/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\nContent-Length: ${body.length}\r\n` +
    Object.entries(init.headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('') +
    '\r\n';
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((ok, fail) => socket.once('connect', ok).once('error', fail));
  socket.write(head);
  socket.write(body.subarray(0, 10));
  const chunks: Buffer[] = [];
  let error: string | undefined;
  socket.on('data', (d) => chunks.push(d));
  socket.on('error', (err: NodeJS.ErrnoException) => (error = err.code ?? err.message));
  const answer = new Promise<RawAnswer>((ok) =>
    socket.once('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [headText = '', rest = ''] = text.split('\r\n\r\n', 2);
      const [statusLine = '', ...lines] = headText.split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      ok({ status: Number(statusLine.split(' ')[1] ?? 0), headers, body: rest, error });
    }),
  );
  return { finish: () => socket.write(body.subarray(10)), answer };
}

function expectAnsweredLogin(a: RawAnswer): void {
  expect(a.error).toBeUndefined();
  expect(a.status).toBe(200);
  expect(a.headers.connection).toBe('close');
  expect(Buffer.byteLength(a.body)).toBe(Number(a.headers['content-length']));
  expect(JSON.parse(a.body).data.token).toEqual(expect.any(String));
}

/**
 * The CSV export over node:http, paused once its headers are in: the socket fills up (a few MB between
 * the two kernels) and the server's stream waits, so the export is still being written when the signal
 * comes. `read()` resumes it; `complete` checks the whole file arrived (every row, BOM, last CRLF).
 */
async function startExport(port: number, token: string, rows: number) {
  const path = `${EXPORT_PATH}?${SAMPLE}`;
  const init = await signedInit('GET', path, { token, locale: 'en-US' });
  const res = await new Promise<IncomingMessage>((ok, fail) => {
    get({ host: '127.0.0.1', port, path, headers: init.headers, agent: false }, ok).once('error', fail);
  });
  res.pause();
  expect(res.statusCode).toBe(200);
  let read = () => {};
  const complete = new Promise<void>((ok) => (read = ok))
    .then(
      () =>
        new Promise<Buffer>((ok, fail) => {
          const chunks: Buffer[] = [];
          res.on('data', (d: Buffer) => chunks.push(d));
          res.once('end', () => (res.complete ? ok(Buffer.concat(chunks)) : fail(new Error('export cut short'))));
          res.once('error', fail);
          res.resume();
        }),
    )
    .then((bytes) => {
      const csv = bytes.toString('utf8');
      expect(csv.startsWith('\uFEFFID,Time,')).toBe(true);
      expect(csv.endsWith('\r\n')).toBe(true);
      expect(csv.split('\r\n').length - 2).toBe(rows); // header, rows, '' after the last CRLF
    });
  return { read, complete };
}

/**
 * A signed request on a connection of its own (no agent), resolved once written to the socket: the kernel
 * has it, whether or not the server has accepted the connection yet. `answered` resolves with the status
 * once the whole body is read, or rejects with the error (ECONNRESET when the server dropped it unread).
 */
async function freshRequest(port: number, path: string, token: string): Promise<{ answered: Promise<number> }> {
  const init = await signedInit('GET', path, { token });
  return new Promise((written, fail) => {
    const req = request({ host: '127.0.0.1', port, path, headers: init.headers, agent: false });
    const answered = new Promise<number>((ok, bad) => {
      req.once('response', (res) => {
        res.resume();
        res.once('end', () => (res.complete ? ok(res.statusCode ?? 0) : bad(new Error(`GET ${path} on a new connection: cut short`))));
        res.once('error', bad);
      });
      req.once('error', (err: NodeJS.ErrnoException) => bad(new Error(`GET ${path} on a new connection: ${err.code ?? err.message}`)));
    });
    answered.catch(() => undefined); // examined by the test
    req.once('error', fail);
    req.end(() => written({ answered }));
  });
}

interface Load {
  /** Resolves once every request has its answer; rejects with what went wrong otherwise. */
  settled: Promise<void>;
  held: Array<Awaited<ReturnType<typeof heldLogin>>>;
  /** Starts reading the export: until then it waits on a full socket, so its end comes during the drain. */
  readExport(): void;
}

const QUICK = 18;
/**
 * Requests on new connections, written just before the signal. A server busy on its own thread (PGlite
 * runs its queries there) has not accepted them yet: closing the listening socket would reset them.
 */
const FRESH = 22;

/**
 * The drain has begun with the export still on its way: the export is read to its end, the held sign-ins
 * send the rest of their bodies, and every request in flight must get its complete answer.
 */
async function finishLoad(tree: Tree, load: Load): Promise<void> {
  expectExportStillRunning(tree);
  load.readExport();
  for (const h of load.held) h.finish();
  for (const h of load.held) expectAnsweredLogin(await h.answer);
  await within(load.settled, 30_000, 'load');
}

/**
 * Puts the server under load and resolves when the signal may go: held sign-ins written, the export's
 * headers received (it is streaming), 18 more requests just written on connections kept alive from a
 * first round (the case a keep-alive client hits when a server stops).
 */
async function startLoad(port: number, heldCount: number): Promise<Load> {
  const token = (await call(port, 'POST', '/api/user/login', { body: { username: 'admin', password: 'admin123' } })).body.data.token as string;
  const total = (await call(port, 'GET', `/api/system/audit?${SAMPLE}&current=1&pageSize=10`, { token })).body.data.total as number;
  expect(total).toBe(EXTRA_ROWS);
  // the menu: a read whose answer the server keeps (as a list's pages), so the load is many requests, not heavy queries
  const quick = (i: number) => (i % 3 === 0 ? (['POST', '/api/user/info'] as const) : (['GET', '/api/user/menu'] as const));
  // first round: opens the connections the second round reuses (one more than it needs: the export
  // takes one); a connection opened just as the server stops listening would be refused, not in flight
  await Promise.all(Array.from({ length: QUICK + 2 }, (_, i) => call(port, quick(i)[0], quick(i)[1], { token })));

  const held = await Promise.all(Array.from({ length: heldCount }, () => heldLogin(port)));
  const exportDone = await startExport(port, token, total);
  const inits = await Promise.all(Array.from({ length: QUICK }, (_, i) => signedInit(quick(i)[0], quick(i)[1], { token })));
  const quickDone = inits.map(async (init, i) => {
    const res = await fetch(`http://127.0.0.1:${port}${quick(i)[1]}`, init).catch((err: Error) => {
      throw new Error(`${quick(i)[0]} ${quick(i)[1]} (request ${i + 1} of ${QUICK}): ${err.message} (${(err.cause as Error | undefined)?.message})`);
    });
    const body = (await res.json()) as { status: string };
    expect(res.status).toBe(200);
    expect(body.status).toBe('success');
  });
  const fresh = await Promise.all(Array.from({ length: FRESH }, () => freshRequest(port, '/api/user/menu', token)));
  const freshDone = fresh.map(async ({ answered }) => expect(await answered).toBe(200));
  await sleep(30); // written, not necessarily answered
  const settled = Promise.all([exportDone.complete, ...quickDone, ...freshDone]).then(() => undefined);
  settled.catch(() => undefined); // examined by the test
  return { settled, held, readExport: exportDone.read };
}

/**
 * `code`: the server's exit code, which start.mjs passes on. npm is different: after a signal it ends by
 * raising that signal on itself once its script ends, or at once when the signal was SIGTERM to npm alone;
 * there the server's clean exit shows as its last log line ("stopped", just before exit(0)).
 */
async function expectStoppedCleanly(tree: Tree, port: number, dataDir: string | undefined, e: { code: number; npmSignal?: NodeJS.Signals }): Promise<void> {
  const exit = await within(tree.exit, 60_000, 'exit');
  if (e.npmSignal) expect(exit, tree.log()).toEqual({ code: null, signal: e.npmSignal });
  else expect(exit, tree.log()).toEqual({ code: e.code, signal: null });
  expect(await allGone(tree.pids), `left: ${tree.pids.filter(alive).map(cmdline).join(' | ')}`).toEqual([]);
  expect(await portFree(port)).toBe(true);
  if (dataDir) expect(existsSync(join(dataDir, 'pgdata.lock'))).toBe(false);
  await within(tree.outputClosed, 10_000, 'the output pipes closing');
  const log = tree.log();
  expect(log).not.toMatch(/"level":50|Error:|ECONNRESET/);
  if (e.code === 0) expect(log).toContain('"msg":"stopped"');
}

// ---- the cases -------------------------------------------------------------------------------------

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') console.error(`output of the last tree started (its end):\n${lastLog().slice(-6000)}`);
  // a failed case must not leave its tree to the next one (nor to the machine)
  for (const pid of everyPid) if (alive(pid)) process.kill(pid, 'SIGKILL');
  await allGone([...everyPid], 5000);
  everyPid.clear();
  for (const child of running.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** 50 000 entries of the audit trail, of an action of their own: their export outlasts a paused client's socket buffer. */
const EXTRA_ENTRIES = `
  insert into audit_log (at, actor_id, actor_name, role, action, target_type, target_id, summary, result, ip, user_agent, trace_id)
  select now() - make_interval(secs => g), null, 'shutdown', null, 'shutdown.sample', 'sample', g::text, 'Shutdown sample ' || g || ' ' || repeat('x', 24),
         'success', '127.0.0.1', 'shutdown-test', ''
    from generate_series(1, ${EXTRA_ROWS}) as g`;

interface SignalPath {
  name: string;
  launcher: Launcher;
  signal: (tree: Tree) => void;
  /** The same signal again a second later: logged, nothing else. */
  twice?: boolean;
  stopped: { code: number; npmSignal?: NodeJS.Signals };
  logs?: RegExp;
  /** The engine it runs on, when not both (see the file's opening comment). */
  only?: Engine;
}

const group = (signal: NodeJS.Signals) => (tree: Tree) => process.kill(-tree.root.pid!, signal);
const root = (signal: NodeJS.Signals) => (tree: Tree) => process.kill(tree.root.pid!, signal);

/** Every way a person or a supervisor stops Atrium; the process-group ones are a terminal's Ctrl-C. */
const signalPaths: SignalPath[] = [
  { name: 'SIGTERM to the server', launcher: 'server', signal: (tree) => process.kill(tree.serverPid, 'SIGTERM'), stopped: { code: 0 } },
  // the server gets each one from the group and from start.mjs: each counts once, the second only logs
  { name: 'SIGINT to the process group of `npm start` (Ctrl-C), twice', launcher: 'npm', signal: group('SIGINT'), twice: true, stopped: { code: 0, npmSignal: 'SIGINT' }, only: 'pglite' },
  { name: 'SIGTERM to the process group of `npm start`', launcher: 'npm', signal: group('SIGTERM'), stopped: { code: 0, npmSignal: 'SIGTERM' }, only: 'postgres' },
  // npm does not pass it on and its shell goes with it: start.mjs notices its parent gone
  { name: 'SIGTERM to npm alone', launcher: 'npm', signal: root('SIGTERM'), stopped: { code: 0, npmSignal: 'SIGTERM' }, logs: /parent process \(pid \d+\) is gone; stopping the server/, only: 'postgres' },
  { name: 'SIGTERM to scripts/start.mjs (passed on once, its exit code is the server\'s)', launcher: 'start.mjs', signal: root('SIGTERM'), stopped: { code: 0 }, only: 'postgres' },
  { name: 'SIGINT to the process group of `node scripts/start.mjs` (Ctrl-C)', launcher: 'start.mjs', signal: group('SIGINT'), stopped: { code: 0 }, only: 'postgres' },
];

describe(`stopping the server (${engine === 'pglite' ? 'PGlite' : 'PostgreSQL'})`, () => {
  let dataDir: string;
  let port: number;
  let databaseEnv: Record<string, string> = {};
  const env = () => ({ DATA_DIR: dataDir, ...databaseEnv });
  /** Where a lock file must be gone after a stop: the embedded database's data directory. */
  const lockDir = () => (engine === 'pglite' ? dataDir : undefined);
  const schema = `sd_${Date.now().toString(36)}_${process.pid}`;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'atrium-shutdown-'));
    port = await freePort();
    if (engine === 'pglite') {
      // a seeded database with the extra entries, written where the servers will open it
      const t = await createTestApp();
      await t.handle.pglite!.exec(EXTRA_ENTRIES);
      const dump = await t.handle.pglite!.dumpDataDir('none');
      await t.close();
      mkdirSync(join(dataDir, 'pgdata'));
      const disk = new PGlite(join(dataDir, 'pgdata'), pgliteOptions({ loadDataDir: dump }));
      await disk.waitReady;
      await disk.close();
      return;
    }
    // a private schema: a first server migrates and seeds it, then the extra entries go in
    databaseEnv = { DATABASE_URL: process.env.TEST_DATABASE_URL!, DATABASE_SCHEMA: schema };
    const first = await launch('server', port, env());
    process.kill(first.serverPid, 'SIGTERM');
    expect((await within(first.exit, 30_000, 'first server')).code).toBe(0);
    const c = new pg.Client({ connectionString: databaseEnv.DATABASE_URL, options: `-c search_path=${schema}` });
    await c.connect();
    await c.query(EXTRA_ENTRIES);
    await c.end();
  });
  afterAll(async () => {
    if (engine !== 'pglite') {
      const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL! });
      await c.connect();
      await c.query(`drop schema if exists "${schema}" cascade`);
      await c.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  for (const path of signalPaths.filter((p) => (p.only ?? engine) === engine)) {
    it(`${path.name}: every request in flight is answered, the export is complete, the tree is gone`, async () => {
      const tree = await launch(path.launcher, port, env());
      if (path.launcher === 'npm') for (const part of [/npm start/, /start\.mjs/, /main\.ts/]) expect(tree.pids.map(cmdline).join(' | ')).toMatch(part);
      const load = await startLoad(port, 2);
      path.signal(tree);
      await logged(tree, DRAINING);
      if (path.twice) {
        await sleep(1000);
        path.signal(tree);
        await logged(tree, /received again/);
      }
      // no new connections; the held sign-ins still get their answer once their body arrives
      await expectRefused(port);
      await finishLoad(tree, load);
      await expectStoppedCleanly(tree, port, lockDir(), path.stopped);
      const log = tree.log();
      expect(log.match(/shutting down/g)).toHaveLength(1);
      expect(log.match(/received again/g) ?? []).toHaveLength(path.twice ? 1 : 0);
      if (path.logs) expect(log).toMatch(path.logs);
    });
  }

  if (engine === 'pglite') {
    it('start.mjs killed outright: the server notices its parent is gone and stops by itself', async () => {
      const tree = await launch('start.mjs', port, env());
      const held = await heldLogin(port);
      process.kill(tree.root.pid!, 'SIGKILL');
      await logged(tree, DRAINING);
      held.finish();
      expectAnsweredLogin(await held.answer);
      expect(await allGone(tree.pids), tree.log()).toEqual([]);
      expect(tree.log()).toMatch(/"reason":"parent process gone"/);
      // the last line may still be in the pipe when the process is gone (on a busy machine): read it to the end
      await logged(tree, /"msg":"stopped"/);
      expect(await portFree(port)).toBe(true);
      expect(existsSync(join(dataDir, 'pgdata.lock'))).toBe(false);
    });

    it('a third signal exits at once (code 1), still releasing the lock', async () => {
      const tree = await launch('server', port, env());
      const held = await heldLogin(port);
      process.kill(tree.serverPid, 'SIGTERM');
      await logged(tree, DRAINING);
      for (let i = 0; i < 2; i++) {
        await sleep(700); // apart by more than the 500 ms in which copies of one signal count once
        process.kill(tree.serverPid, 'SIGTERM');
      }
      const answer = await held.answer; // cut: no answer
      expect(answer.status).toBe(0);
      await expectStoppedCleanly(tree, port, lockDir(), { code: 1 });
      expect(tree.log()).toMatch(/received a third time/);
    });

  }

  if (engine === 'postgres') {
    it('SHUTDOWN_DRAIN_SECONDS: from SIGTERM /readyz is 503 while new requests are still served; then refused, the rest answered, exit 0', async () => {
      const drainMs = 3000;
      const tree = await launch('server', port, { ...env(), SHUTDOWN_DRAIN_SECONDS: String(drainMs / 1000) });
      const token = (await call(port, 'POST', '/api/user/login', { body: { username: 'admin', password: 'admin123' } })).body.data.token as string;
      const signalledAt = Date.now();
      process.kill(tree.serverPid, 'SIGTERM');
      await logged(tree, DRAINING);
      expect(tree.log()).toMatch(/"drainSeconds":3,/);

      // a balancer's check sees the replica going; its traffic, on new connections, is still served
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(ready.status).toBe(503);
      expect(ready.headers.get('connection')).toBe('close');
      let served = 0;
      while (Date.now() - signalledAt < drainMs - 1200) {
        const answer = await call(port, 'GET', '/api/user/menu', { token });
        expect(answer.status).toBe(200);
        expect(answer.connection).toBe('close');
        served++;
      }
      expect(served).toBeGreaterThan(2);
      // a sign-in that arrives during the drain and is still in flight when it ends
      const held = await heldLogin(port);
      expect(tree.log()).not.toMatch(/drain period over/);

      // then no new connections; the request in flight gets its answer, and the process exits 0
      await logged(tree, /drain period over/, drainMs + 5000);
      expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(drainMs - 100);
      await expectRefused(port);
      held.finish();
      expectAnsweredLogin(await held.answer);
      await expectStoppedCleanly(tree, port, lockDir(), { code: 0 });
    });

    it('past SHUTDOWN_TIMEOUT_SECONDS the connections still open are closed (an export visibly cut short), then exit 0', async () => {
      const tree = await launch('server', port, { ...env(), SHUTDOWN_TIMEOUT_SECONDS: '1' });
      const token = (await call(port, 'POST', '/api/user/login', { body: { username: 'admin', password: 'admin123' } })).body.data.token as string;
      const held = await heldLogin(port);
      const exported = await startExport(port, token, EXTRA_ROWS);
      const signalledAt = Date.now();
      process.kill(tree.serverPid, 'SIGTERM');
      const answer = await within(held.answer, 10_000, 'held connection');
      expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(900);
      expect(answer.status).toBe(0); // its body never came: closed without an answer
      // the client can tell: the chunked body never got its last chunk
      exported.read();
      await expect(exported.complete).rejects.toThrow(/export cut short|aborted/);
      await expectStoppedCleanly(tree, port, lockDir(), { code: 0 });
      expect(tree.log()).toMatch(/"connections":2,.*drain limit of 1 s reached/);
    });
  }
});
