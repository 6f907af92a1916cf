import { execFile as execFileCb, type ChildProcess } from 'node:child_process';
import { chownSync, closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { buildMultipart } from '../http/multipart.ts';
import { databaseUnavailableCause, isDatabaseUnavailable, isUniqueViolation } from '../db/errors.ts';
import { defaultEngine } from './harness.ts';
import { freePort, httpCaller, startServer, type CallAnswer, type Caller, type ServerProcess } from './server-process.ts';

/**
 * Database faults never end the server, and an outage answers 503 UNAVAILABLE until the database is back.
 * The PostgreSQL part runs a real server process on a private PostgreSQL 15 cluster of its own (never the
 * shared one) under load, and restarts it (fast), kills its postmaster (-9) and terminates every backend;
 * the PGlite part runs a server whose data directory is a small tmpfs that fills up. Both make their own
 * database whatever the engine of the vitest project, so they run once: in the PGlite project.
 */
const execFile = promisify(execFileCb);
const pgBin = '/usr/lib/postgresql/15/bin';
const runsHere = defaultEngine() === 'pglite';
const unavailableEnvelope = { status: 'error', code: 503, message: 'The service is unavailable. Please try again later.', data: { error: 'UNAVAILABLE' } };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

function importFile(prefix: string, rows: number) {
  const lines = ['name,contentType,filterType,count,status'];
  for (let i = 0; i < rows; i++) lines.push(`${prefix}-${i},img,rules,${i},online`);
  return buildMultipart([{ name: 'file', filename: `${prefix}.csv`, contentType: 'text/csv', data: Buffer.from(lines.join('\n')) }]);
}

describe('the classifier of database-unavailable errors', () => {
  const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code, severity: 'FATAL' });
  const wrapped = (cause: unknown) => new DrizzleQueryError('select 1', [], cause as Error);

  it('recognises connection-class failures of both engines, through drizzle and cause chains', () => {
    const unavailable: unknown[] = [
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('57P02'),
      pgError('57P03', 'the database system is starting up'),
      pgError('08006'),
      pgError('08001'),
      pgError('53300', 'sorry, too many clients already'),
      pgError('53100', 'could not extend file "base/5/16385": No space left on device'),
      pgError('58030', 'could not write to file: I/O error'),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }),
      Object.assign(new Error('ETIMEDOUT'), { code: 'ETIMEDOUT' }),
      Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }),
      Object.assign(new Error('EIO: i/o error, write'), { code: 'EIO' }),
      new AggregateError([Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' })], ''),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout', { cause: new Error('Connection terminated unexpectedly') }),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('Client was closed and is not queryable'),
      new Error('Cannot use a pool after calling end on the pool'),
      new Error('PGlite is closed'),
      Object.assign(new Error('FS error'), { name: 'ErrnoError', errno: 28 }),
      new Error('could not write block 7 of relation base/5/1259: No space left on device'),
    ];
    for (const err of unavailable) {
      expect([String(err), isDatabaseUnavailable(err)]).toEqual([String(err), true]);
      expect([String(err), isDatabaseUnavailable(wrapped(err))]).toEqual([String(err), true]);
      expect(isDatabaseUnavailable(new Error('outer', { cause: wrapped(err) }))).toBe(true);
    }
    const inner = pgError('57P01');
    expect(databaseUnavailableCause(wrapped(inner))).toBe(inner);
  });

  it('leaves faults of the request or the code alone (they stay 4xx / 500)', () => {
    const others: unknown[] = [
      pgError('23505', 'duplicate key value violates unique constraint'),
      pgError('42601', 'syntax error at or near "selec"'),
      pgError('42P01', 'relation "nope" does not exist'),
      pgError('22P02', 'invalid input syntax for type integer'),
      pgError('40001', 'could not serialize access'),
      pgError('57014', 'canceling statement due to statement timeout'),
      pgError('XX001', 'invalid page in block'),
      Object.assign(new Error('ENOENT: no such file'), { code: 'ENOENT' }),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      new Error('password=hunter2'),
      undefined,
      null,
      'a string',
      42,
    ];
    for (const err of others) {
      expect([String(err), isDatabaseUnavailable(err)]).toEqual([String(err), false]);
      if (err) expect(isDatabaseUnavailable(wrapped(err))).toBe(false);
    }
    // a cycle in the cause chain ends the walk
    const a = new Error('a') as Error & { cause?: unknown };
    a.cause = new Error('b', { cause: a });
    expect(isDatabaseUnavailable(a)).toBe(false);
    expect(isUniqueViolation(wrapped(pgError('23505')))).toBe(true);
    expect(isUniqueViolation(wrapped(pgError('57P01')))).toBe(false);
  });
});

/** A PostgreSQL 15 cluster in a temporary directory, on its own port, run as the postgres user. */
class PrivateCluster {
  readonly base: string;
  readonly data: string;
  port = 0;
  private started = false;

  constructor() {
    for (const bin of ['initdb', 'pg_ctl', 'postgres']) {
      if (!existsSync(join(pgBin, bin))) throw new Error(`PostgreSQL 15 binaries are required: ${join(pgBin, bin)} is missing`);
    }
    this.base = mkdtempSync(join(tmpdir(), 'atrium-pgfaults-'));
    this.data = join(this.base, 'data');
  }

  private asPostgres(bin: string, args: string[], timeout = 60_000) {
    return execFile('runuser', ['-u', 'postgres', '--', join(pgBin, bin), ...args], { timeout });
  }

  /** pg_ctl with the data directory and a log file (without -l, the postmaster would hold our stdout open). */
  pgCtl(...args: string[]) {
    return this.asPostgres('pg_ctl', ['-D', this.data, '-l', join(this.base, 'postgres.log'), ...args]);
  }

  async init(): Promise<void> {
    const ids = await execFile('id', ['-u', 'postgres']);
    const gid = await execFile('id', ['-g', 'postgres']);
    chownSync(this.base, Number(ids.stdout.trim()), Number(gid.stdout.trim()));
    await this.asPostgres('initdb', ['-D', this.data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
    this.port = await freePort();
    await this.start();
    await this.admin((c) => c.query('create database atrium'), 'postgres');
  }

  async start(): Promise<void> {
    this.started = true;
    await this.pgCtl('-o', `-p ${this.port} -k ${this.base} -c listen_addresses=127.0.0.1`, '-w', '-t', '30', 'start');
  }

  /** After a kill -9 the orphaned backends leave within moments; until then a new postmaster refuses to start. */
  async startAfterCrash(): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.start();
      } catch (err) {
        if (attempt >= 30) throw err;
        await sleep(300);
      }
    }
  }

  postmasterPid(): number {
    return Number(readFileSync(join(this.data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  }

  url(db = 'atrium'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${db}`;
  }

  async admin<T>(work: (c: pg.Client) => Promise<T>, db = 'atrium'): Promise<T> {
    const c = new pg.Client({ connectionString: this.url(db) });
    c.on('error', () => undefined);
    await c.connect();
    try {
      return await work(c);
    } finally {
      await c.end().catch(() => undefined);
    }
  }

  async destroy(): Promise<void> {
    if (this.started) {
      await this.pgCtl('-m', 'immediate', 'stop').catch(() => undefined);
      try {
        process.kill(this.postmasterPid(), 'SIGKILL');
      } catch {
        // stopped, or never started
      }
    }
    rmSync(this.base, { recursive: true, force: true });
  }
}

interface Outcome {
  at: number;
  what: string;
  status: number | 'no answer';
  error?: string;
}

if (runsHere) describe('a server on its own PostgreSQL 15 cluster, under load, through restart, crash and terminated backends', () => {
  const children: ChildProcess[] = [];
  let cluster: PrivateCluster | undefined;
  let server: ServerProcess;
  let call: Caller;
  let token: string;
  const outcomes: Outcome[] = [];
  const acknowledged: Array<{ id: number; name: string }> = [];
  let loadOn = false;
  let load: Promise<unknown> | undefined;
  let dataDir: string | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'atrium-pgfaults-data-'));
    cluster = new PrivateCluster();
    await cluster.init();
    server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: cluster.url(), DATABASE_SCHEMA: 'public', RATE_LIMIT_LOGIN: '10000' }, children);
    call = httpCaller(server.port);
    const login = await call('POST', '/api/user/login', { body: { username: 'admin', password: 'admin123' } });
    expect(login.status).toBe(200);
    token = login.body.data.token as string;

    // Load: five signed clients reading the list and creating collections, and a readiness probe.
    loadOn = true;
    const record = async (what: string, work: () => Promise<CallAnswer | Response>) => {
      const at = Date.now();
      try {
        const res = await work();
        outcomes.push({ at, what, status: res.status });
        return res;
      } catch (err) {
        outcomes.push({ at, what, status: 'no answer', error: String(err) });
        return undefined;
      }
    };
    const worker = async (w: number) => {
      for (let n = 0; loadOn; n++) {
        if (n % 3 === 0) {
          const name = `load-${w}-${n}`;
          const res = (await record('create', () => call('POST', '/api/list/policy', { token, body: { name, contentType: 'img', filterType: 'rules', count: n, status: 'online' } }))) as CallAnswer | undefined;
          if (res?.status === 200) acknowledged.push({ id: res.body.data.id as number, name });
        } else {
          await record('list', () => call('GET', '/api/list/policy?current=1&pageSize=10', { token }));
        }
        await sleep(15);
      }
    };
    const probe = async () => {
      while (loadOn) {
        await record('readyz', () => fetch(`http://127.0.0.1:${server.port}/readyz`));
        await sleep(50);
      }
    };
    load = Promise.all([...[0, 1, 2, 3, 4].map(worker), probe()]);
    await sleep(500);
  }, 120_000);

  afterAll(async () => {
    loadOn = false;
    await load?.catch(() => undefined);
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    await cluster?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  /** Polls a signed read until it answers 200; returns the milliseconds it took. */
  async function recovery(): Promise<number> {
    const from = Date.now();
    while (Date.now() - from < 15_000) {
      const res = await call('GET', '/api/list/policy?current=1', { token }).catch(() => undefined);
      if (res?.status === 200) return Date.now() - from;
      await sleep(50);
    }
    return Infinity;
  }

  /** Resolves once the import's transaction is writing (its insert is running on some backend). */
  async function importWriting(): Promise<void> {
    const from = Date.now();
    while (Date.now() - from < 20_000) {
      // inside an explicit transaction (begun before this statement), unlike the load's single-statement creates
      const rows = await cluster!.admin((c) =>
        c.query(`select 1 from pg_stat_activity where datname = 'atrium' and query like 'insert into "policies"%' and state = 'active' and xact_start < query_start`),
      );
      if (rows.rowCount) return;
      await sleep(5);
    }
    throw new Error('the import never started writing');
  }

  const rowsNamed = (prefix: string) => cluster!.admin(async (c) => Number((await c.query('select count(*)::int as n from policies where name like $1', [`${prefix}-%`])).rows[0].n));

  function windowOutcomes(from: number, to: number) {
    const seen = outcomes.filter((o) => o.at >= from && o.at <= to);
    return { seen, statuses: [...new Set(seen.map((o) => o.status))].sort() };
  }

  /** A 5 000-row import sent and seen writing inside its transaction (its answer is awaited after the fault). */
  async function importUnderway(prefix: string) {
    const file = importFile(prefix, 5000);
    const importing = call('POST', '/api/list/policy/import', { token, body: file.body, contentType: file.contentType, locale: 'en-US' });
    importing.catch(() => undefined);
    await importWriting();
    return { importing };
  }

  /**
   * The import cut by the fault answers the 503 envelope and wrote nothing; service is back within 5 s, the
   * server alive, and every answer of the fault's window was 200 or 503. Resolves with those statuses.
   */
  async function expectImportRefusedThenRecovered(importing: Promise<CallAnswer>, prefix: string, from: number, back: number) {
    const answer = await importing;
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject(unavailableEnvelope);
    const tookMs = await recovery();
    expect(tookMs).toBeLessThan(5000);
    expect(alive(server.child), server.log()).toBe(true);
    expect(await rowsNamed(prefix)).toBe(0);
    const { statuses } = windowOutcomes(from, back + tookMs);
    expect(statuses.every((s) => s === 200 || s === 503), JSON.stringify(statuses)).toBe(true);
    return statuses;
  }

  it('survives a fast restart with a 5 000-row import in flight: the import answers 503 and wrote nothing, service is back within 5 s', async () => {
    const { importing } = await importUnderway('imp-restart');
    const from = Date.now();
    await cluster!.pgCtl('-m', 'fast', '-w', '-t', '30', 'restart');
    const back = Date.now();
    const statuses = await expectImportRefusedThenRecovered(importing, 'imp-restart', from, back);
    expect(statuses).toContain(503);
  });

  it('survives kill -9 of the postmaster: 503 (readiness too) while it is down, 200 within 5 s of its start', async () => {
    const from = Date.now();
    process.kill(cluster!.postmasterPid(), 'SIGKILL');
    // down: readiness and a signed read both answer 503 UNAVAILABLE, with the envelope in the caller's language
    let ready: Response | undefined;
    for (let i = 0; i < 100; i++) {
      ready = await fetch(`http://127.0.0.1:${server.port}/readyz`, { headers: { 'Accept-Language': 'en-US' } });
      if (ready.status !== 200) break;
      await sleep(50);
    }
    expect(ready!.status).toBe(503);
    expect(await ready!.json()).toMatchObject(unavailableEnvelope);
    const read = await call('GET', '/api/list/policy?current=1', { token, locale: 'zh-CN' });
    expect(read.status).toBe(503);
    expect(read.body).toMatchObject({ code: 503, message: '服务暂不可用，请稍后再试', data: { error: 'UNAVAILABLE' } });
    await sleep(1000); // an outage of some length, under load
    expect(alive(server.child), server.log()).toBe(true);
    await cluster!.startAfterCrash();
    const back = Date.now();
    const tookMs = await recovery();
    expect(tookMs).toBeLessThan(5000);
    expect(alive(server.child), server.log()).toBe(true);
    const { seen, statuses } = windowOutcomes(from, back + tookMs);
    expect(seen.filter((o) => o.what === 'readyz' && o.status === 503).length).toBeGreaterThan(0);
    expect(seen.filter((o) => o.what !== 'readyz' && o.status === 503).length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200 || s === 503), JSON.stringify(statuses)).toBe(true);
  });

  it('survives pg_terminate_backend on every connection, an import in flight included (503, nothing written)', async () => {
    const { importing } = await importUnderway('imp-terminate');
    const from = Date.now();
    const terminated = await cluster!.admin((c) =>
      c.query(`select pg_terminate_backend(pid) from pg_stat_activity where pid <> pg_backend_pid() and datname = 'atrium'`),
    );
    expect(terminated.rowCount).toBeGreaterThan(0);
    const back = Date.now();
    await expectImportRefusedThenRecovered(importing, 'imp-terminate', from, back);
  });

  it('serves fully afterwards, lost no acknowledged write, never answered 500, and warned instead of logging errors', async () => {
    // a whole import goes through: the pool kept no dead connection
    const file = importFile('imp-after', 5000);
    const res = await call('POST', '/api/list/policy/import', { token, body: file.body, contentType: file.contentType });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ imported: 5000, failed: 0, errors: [] });
    expect(await rowsNamed('imp-after')).toBe(5000);

    loadOn = false;
    await load;
    expect(alive(server.child), server.log()).toBe(true);
    const statuses = [...new Set(outcomes.map((o) => o.status))].sort();
    expect(statuses, JSON.stringify(outcomes.filter((o) => o.status !== 200 && o.status !== 503).slice(0, 5))).toEqual([200, 503]);
    expect(outcomes.filter((o) => o.what === 'create' && o.status === 200).length).toBeGreaterThan(20);

    const ids = acknowledged.map((a) => a.id);
    const present = await cluster!.admin(async (c) => (await c.query('select id, name from policies where id = any($1::int[])', [ids])).rows);
    expect(present.length).toBe(acknowledged.length);
    expect(new Map(present.map((r) => [r.id, r.name]))).toEqual(new Map(acknowledged.map((a) => [a.id, a.name])));

    // Each write and its audit entry committed together: every load collection that exists (acknowledged
    // or not) has exactly one creation entry, no entry names a collection that does not exist, and of the
    // three imports only the one that answered 200 was recorded.
    const audit = await cluster!.admin(async (c) => ({
      created: (await c.query(`select id::text as id from policies where name like 'load-%' order by policies.id`)).rows.map((r) => r.id as string),
      entries: (await c.query(`select target_id from audit_log where action = 'policy.create' and result = 'success' order by target_id::int`)).rows.map((r) => r.target_id as string),
      imports: Number((await c.query(`select count(*)::int as n from audit_log where action = 'policy.import'`)).rows[0].n),
    }));
    expect(audit.created.length).toBeGreaterThanOrEqual(acknowledged.length);
    expect(audit.entries).toEqual(audit.created);
    expect(audit.imports).toBe(1);

    const lines = server
      .log()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { level: number; msg: string });
    expect(lines.filter((l) => l.level >= 50), server.log()).toEqual([]);
    const warnings = lines.filter((l) => l.level === 40 && l.msg.startsWith('database unavailable'));
    expect(warnings.length).toBeGreaterThan(0);
    // one warning per outage (at most one per interval), not one per failed request
    expect(warnings.length).toBeLessThan(outcomes.filter((o) => o.status === 503).length);
    expect(warnings.length).toBeLessThanOrEqual(6);
  });
});

if (runsHere) describe('a PGlite server whose disk fills up', () => {
  const children: ChildProcess[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const c of children) {
      if (c.exitCode !== null) continue;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGKILL');
      await exited;
    }
    for (const fn of cleanups.reverse()) await fn();
  }, 60_000);

  it('answers a write that does not fit 503 UNAVAILABLE (not 500), keeps serving reads, and writes again once space is freed', async () => {
    // The data directory on a 128 MB tmpfs: PGlite writes through to it, so a full one fails its writes.
    const dir = mkdtempSync(join(tmpdir(), 'atrium-fulldisk-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    await execFile('mount', ['-t', 'tmpfs', '-o', 'size=128m', 'tmpfs', dir]);
    cleanups.push(async () => {
      await execFile('umount', [dir]).catch(() => execFile('umount', ['-l', dir]));
    });
    const server = await startServer({ DATA_DIR: dir, DATABASE_URL: '' }, children);
    const call = httpCaller(server.port);
    const login = await call('POST', '/api/user/login', { body: { username: 'admin', password: 'admin123' } });
    expect(login.status).toBe(200);
    const token = login.body.data.token as string;
    const total = async () => {
      const res = await call('GET', '/api/list/policy?current=1', { token });
      expect(res.status).toBe(200);
      return res.body.data.total as number;
    };
    const before = await total();

    // Fill the file system to the last byte.
    const filler = join(dir, 'filler');
    const fd = openSync(filler, 'w');
    try {
      for (const size of [1 << 20, 4096, 1]) {
        const chunk = Buffer.alloc(size);
        for (;;) {
          try {
            writeSync(fd, chunk);
          } catch (err) {
            if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
            break;
          }
        }
      }
    } finally {
      closeSync(fd);
    }

    const file = importFile('full', 5000);
    const full = await call('POST', '/api/list/policy/import', { token, body: file.body, contentType: file.contentType, locale: 'en-US' });
    expect(full.status, JSON.stringify(full.body)).toBe(503);
    expect(full.body).toMatchObject(unavailableEnvelope);
    expect(alive(server.child), server.log()).toBe(true);
    // reads go on, and the failed import left nothing behind
    for (let i = 0; i < 3; i++) expect(await total()).toBe(before);
    expect((await fetch(`http://127.0.0.1:${server.port}/readyz`)).status).toBe(200);

    unlinkSync(filler);
    const again = await call('POST', '/api/list/policy/import', { token, body: file.body, contentType: file.contentType });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data).toMatchObject({ imported: 5000, failed: 0 });
    expect(await total()).toBe(before + 5000);
    const errors = server
      .log()
      .split('\n')
      .filter((l) => l.startsWith('{') && (JSON.parse(l) as { level: number }).level >= 50);
    expect(errors).toEqual([]);
  }, 120_000);
});
