import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { databaseUnavailableCause, isDatabaseUnavailable, isUniqueViolation } from '../db/errors.ts';
import { defaultEngine } from './harness.ts';
import { alive, serverUnderLoad } from './server-under-load.ts';

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

if (runsHere) describe('a server on its own PostgreSQL 15 cluster, under load, through restart, crash and terminated backends', () => {
  // Load: five signed clients reading the account list and creating roles, and a readiness probe.
  const s = serverUnderLoad({
    read: '/api/system/users?current=1',
    writeEvery: 2,
    write: (w, n) => ({ key: `load-${w}-${n}`, url: '/api/system/roles', body: { code: `load-${w}-${n}`, name: `Load ${w} ${n}`, permissions: ['audit:read'] } }),
  });

  it('survives a fast restart under load: requests of the outage answer 503, service is back within 5 s', async () => {
    const from = Date.now();
    await s.cluster!.pgCtl('-m', 'fast', '-w', '-t', '30', 'restart');
    const back = Date.now();
    await s.expectRecovered(from, back);
  });

  it('survives kill -9 of the postmaster: 503 (readiness too) while it is down, 200 within 5 s of its start', async () => {
    const from = Date.now();
    process.kill(s.cluster!.postmasterPid(), 'SIGKILL');
    // down: readiness and a signed read both answer 503 UNAVAILABLE, with the envelope in the caller's language
    let ready: Response | undefined;
    for (let i = 0; i < 100; i++) {
      ready = await fetch(`http://127.0.0.1:${s.server.port}/readyz`, { headers: { 'Accept-Language': 'en-US' } });
      if (ready.status !== 200) break;
      await sleep(50);
    }
    expect(ready!.status).toBe(503);
    expect(await ready!.json()).toMatchObject(unavailableEnvelope);
    const read = await s.call('GET', '/api/system/users?current=1', { token: s.token, locale: 'zh-CN' });
    expect(read.status).toBe(503);
    expect(read.body).toMatchObject({ code: 503, message: '服务暂不可用，请稍后再试', data: { error: 'UNAVAILABLE' } });
    await sleep(1000); // an outage of some length, under load
    expect(alive(s.server.child), s.server.log()).toBe(true);
    await s.cluster!.startAfterCrash();
    const back = Date.now();
    const tookMs = await s.recovery();
    expect(tookMs).toBeLessThan(5000);
    expect(alive(s.server.child), s.server.log()).toBe(true);
    const { seen, statuses } = s.windowOutcomes(from, back + tookMs);
    expect(seen.filter((o) => o.what === 'readyz' && o.status === 503).length).toBeGreaterThan(0);
    expect(seen.filter((o) => o.what !== 'readyz' && o.status === 503).length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200 || s === 503), JSON.stringify(statuses)).toBe(true);
  });

  it('survives pg_terminate_backend on every connection (503 or 200 meanwhile, service back within 5 s)', async () => {
    const from = Date.now();
    const terminated = await s.cluster!.admin((c) =>
      c.query(`select pg_terminate_backend(pid) from pg_stat_activity where pid <> pg_backend_pid() and datname = 'atrium'`),
    );
    expect(terminated.rowCount).toBeGreaterThan(0);
    const back = Date.now();
    await s.expectRecovered(from, back);
  });

  it('serves fully afterwards, lost no acknowledged write, never answered 500, and warned instead of logging errors', async () => {
    await s.stopLoad();
    expect(alive(s.server.child), s.server.log()).toBe(true);
    // a write goes through: the pool kept no dead connection
    expect((await s.call('POST', '/api/system/roles', { token: s.token, body: { code: 'after-faults', name: 'After', permissions: ['audit:read'] } })).status).toBe(200);
    expect(s.outcomes.filter((o) => o.what === 'create' && o.status === 200).length).toBeGreaterThan(10);

    await s.expectAcknowledgedKept('roles', 'code');

    // Each write and its audit entry committed together: every load role that exists (acknowledged or not)
    // has exactly one creation entry, and no entry names a role that does not exist.
    const audit = await s.cluster!.admin(async (c) => ({
      created: (await c.query(`select id::text as id from roles where code like 'load-%' order by roles.id`)).rows.map((r) => r.id as string),
      entries: (
        await c.query(`select target_id from audit_log where action = 'system.role.create' and result = 'success' and target_id <> (select id::text from roles where code = 'after-faults') order by target_id::int`)
      ).rows.map((r) => r.target_id as string),
    }));
    expect(audit.created.length).toBeGreaterThanOrEqual(s.acknowledged.length);
    expect(audit.entries).toEqual(audit.created);

    s.expectWarnedNotErrored();
  });
});
