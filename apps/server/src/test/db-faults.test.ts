import { type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { databaseUnavailableCause, isDatabaseUnavailable, isUniqueViolation } from '../db/errors.ts';
import { defaultEngine } from './harness.ts';
import { PrivateCluster } from './private-cluster.ts';
import { httpCaller, startServer, type CallAnswer, type Caller, type ServerProcess } from './server-process.ts';

/**
 * Database faults never end the server, and an outage answers 503 UNAVAILABLE until the database is back.
 * The PostgreSQL part runs a real server process on a private PostgreSQL 15 cluster of its own (never the
 * shared one) under load, and restarts it (fast), kills its postmaster (-9) and terminates every backend.
 * It makes its own database whatever the engine of the vitest project, so it runs once: in the PGlite
 * project.
 */
const runsHere = defaultEngine() === 'pglite';
const unavailableEnvelope = { status: 'error', code: 503, message: 'The service is unavailable. Please try again later.', data: { error: 'UNAVAILABLE' } };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

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
  const acknowledged: Array<{ id: number; code: string }> = [];
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

    // Load: five signed clients reading the account list and creating roles, and a readiness probe.
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
        if (n % 2 === 0) {
          const code = `load-${w}-${n}`;
          const res = (await record('create', () => call('POST', '/api/system/roles', { token, body: { code, name: `Load ${w} ${n}`, permissions: ['audit:read'] } }))) as CallAnswer | undefined;
          if (res?.status === 200) acknowledged.push({ id: res.body.data.id as number, code });
        } else {
          await record('list', () => call('GET', '/api/system/users?current=1&pageSize=10', { token }));
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
      const res = await call('GET', '/api/system/users?current=1', { token }).catch(() => undefined);
      if (res?.status === 200) return Date.now() - from;
      await sleep(50);
    }
    return Infinity;
  }

  function windowOutcomes(from: number, to: number) {
    const seen = outcomes.filter((o) => o.at >= from && o.at <= to);
    return { seen, statuses: [...new Set(seen.map((o) => o.status))].sort() };
  }

  /** Service is back within 5 s, the server alive, and every answer of the fault's window was 200 or 503. Resolves with those statuses. */
  async function expectRecovered(from: number, back: number) {
    const tookMs = await recovery();
    expect(tookMs).toBeLessThan(5000);
    expect(alive(server.child), server.log()).toBe(true);
    const { statuses } = windowOutcomes(from, back + tookMs);
    expect(statuses.every((s) => s === 200 || s === 503), JSON.stringify(statuses)).toBe(true);
    return statuses;
  }

  it('survives a fast restart under load: requests of the outage answer 503, service is back within 5 s', async () => {
    const from = Date.now();
    await cluster!.pgCtl('-m', 'fast', '-w', '-t', '30', 'restart');
    const back = Date.now();
    await expectRecovered(from, back);
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
    const read = await call('GET', '/api/system/users?current=1', { token, locale: 'zh-CN' });
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

  it('survives pg_terminate_backend on every connection (503 or 200 meanwhile, service back within 5 s)', async () => {
    const from = Date.now();
    const terminated = await cluster!.admin((c) =>
      c.query(`select pg_terminate_backend(pid) from pg_stat_activity where pid <> pg_backend_pid() and datname = 'atrium'`),
    );
    expect(terminated.rowCount).toBeGreaterThan(0);
    const back = Date.now();
    await expectRecovered(from, back);
  });

  it('serves fully afterwards, lost no acknowledged write, never answered 500, and warned instead of logging errors', async () => {
    loadOn = false;
    await load;
    expect(alive(server.child), server.log()).toBe(true);
    // a write goes through: the pool kept no dead connection
    expect((await call('POST', '/api/system/roles', { token, body: { code: 'after-faults', name: 'After', permissions: ['audit:read'] } })).status).toBe(200);
    const statuses = [...new Set(outcomes.map((o) => o.status))].sort();
    expect(statuses, JSON.stringify(outcomes.filter((o) => o.status !== 200 && o.status !== 503).slice(0, 5))).toEqual([200, 503]);
    expect(outcomes.filter((o) => o.what === 'create' && o.status === 200).length).toBeGreaterThan(10);

    const ids = acknowledged.map((a) => a.id);
    const present = await cluster!.admin(async (c) => (await c.query('select id, code from roles where id = any($1::int[])', [ids])).rows);
    expect(present.length).toBe(acknowledged.length);
    expect(new Map(present.map((r) => [r.id, r.code]))).toEqual(new Map(acknowledged.map((a) => [a.id, a.code])));

    // Each write and its audit entry committed together: every load role that exists (acknowledged or not)
    // has exactly one creation entry, and no entry names a role that does not exist.
    const audit = await cluster!.admin(async (c) => ({
      created: (await c.query(`select id::text as id from roles where code like 'load-%' order by roles.id`)).rows.map((r) => r.id as string),
      entries: (
        await c.query(`select target_id from audit_log where action = 'system.role.create' and result = 'success' and target_id <> (select id::text from roles where code = 'after-faults') order by target_id::int`)
      ).rows.map((r) => r.target_id as string),
    }));
    expect(audit.created.length).toBeGreaterThanOrEqual(acknowledged.length);
    expect(audit.entries).toEqual(audit.created);

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
