import { execFile as execFileCb, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMultipart } from '../../http/multipart.ts';
import { httpCaller, startServer, type CallAnswer } from '../../test/server-process.ts';
import { alive, serverUnderLoad } from '../../test/server-under-load.ts';

/**
 * A collections import (one transaction of 5 000 rows) cut by a database fault answers 503 UNAVAILABLE and
 * writes nothing, and the server serves again as soon as the database is back (the core's suite of the
 * faults themselves: src/test/db-faults.test.ts). The PostgreSQL part runs a real server process on a
 * private PostgreSQL 15 cluster of its own (never the shared one) under load, and restarts it (fast) and
 * terminates every backend with an import in flight; the PGlite part runs a server whose data directory is
 * a small tmpfs that fills up. Both make their own database whatever the engine of the vitest project, so
 * they run once (`*.engine-free.test.ts`: in the PGlite project only).
 */
const execFile = promisify(execFileCb);
const unavailableEnvelope = { status: 'error', code: 503, message: 'The service is unavailable. Please try again later.', data: { error: 'UNAVAILABLE' } };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function importFile(prefix: string, rows: number) {
  const lines = ['name,contentType,filterType,count,status'];
  for (let i = 0; i < rows; i++) lines.push(`${prefix}-${i},img,rules,${i},online`);
  return buildMultipart([{ name: 'file', filename: `${prefix}.csv`, contentType: 'text/csv', data: Buffer.from(lines.join('\n')) }]);
}

describe('a collections import on its own PostgreSQL 15 cluster, under load, through restart and terminated backends', () => {
  // Load: five signed clients reading the list and creating collections, and a readiness probe.
  const s = serverUnderLoad({
    read: '/api/list/policy?current=1',
    writeEvery: 3,
    write: (w, n) => ({ key: `load-${w}-${n}`, url: '/api/list/policy', body: { name: `load-${w}-${n}`, contentType: 'img', filterType: 'rules', count: n, status: 'online' } }),
  });

  // An import's first batch (the one holding its row 0) waits two seconds inside its transaction, by a
  // trigger of this private cluster only, so that a fault always meets the import in flight: without it, on
  // a busy machine the batch seen writing could be the last of five, and the import commit before the fault.
  beforeAll(() =>
    s.cluster!.admin(async (c) => {
      await c.query(`create function test_import_waits() returns trigger language plpgsql as $$
        begin
          if exists (select 1 from added where name ~ '^imp-[a-z]+-0$') then perform pg_sleep(2); end if;
          return null;
        end $$`);
      await c.query('create trigger test_import_waits after insert on collections referencing new table as added for each statement execute function test_import_waits()');
    }),
  );

  /**
   * Resolves once the import's transaction is writing: its first batch held by the trigger's sleep. The load's
   * creates insert into the same table inside transactions of their own (with their audit entries), so an
   * insert in a transaction alone is not the import's: a CI run took a create's for it, faulted before the
   * import began writing, and the import then committed (200).
   */
  async function importWriting(): Promise<void> {
    const from = Date.now();
    while (Date.now() - from < 20_000) {
      const rows = await s.cluster!.admin((c) =>
        c.query(`select 1 from pg_stat_activity where datname = 'atrium' and query like 'insert into "collections"%' and state = 'active' and wait_event = 'PgSleep'`),
      );
      if (rows.rowCount) return;
      await sleep(5);
    }
    throw new Error('the import never started writing');
  }

  const rowsNamed = (prefix: string) => s.cluster!.admin(async (c) => Number((await c.query('select count(*)::int as n from collections where name like $1', [`${prefix}-%`])).rows[0].n));

  /** A 5 000-row import sent and seen writing inside its transaction (its answer is awaited after the fault). */
  async function importUnderway(prefix: string) {
    const file = importFile(prefix, 5000);
    const importing = s.call('POST', '/api/list/policy/import', { token: s.token, body: file.body, contentType: file.contentType, locale: 'en-US' });
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
    const statuses = await s.expectRecovered(from, back);
    expect(await rowsNamed(prefix)).toBe(0);
    return statuses;
  }

  it('survives a fast restart with a 5 000-row import in flight: the import answers 503 and wrote nothing, service is back within 5 s', async () => {
    const { importing } = await importUnderway('imp-restart');
    const from = Date.now();
    await s.cluster!.pgCtl('-m', 'fast', '-w', '-t', '30', 'restart');
    const back = Date.now();
    const statuses = await expectImportRefusedThenRecovered(importing, 'imp-restart', from, back);
    expect(statuses).toContain(503);
  });

  it('survives pg_terminate_backend on every connection, an import in flight included (503, nothing written)', async () => {
    const { importing } = await importUnderway('imp-terminate');
    const from = Date.now();
    const terminated = await s.cluster!.admin((c) =>
      c.query(`select pg_terminate_backend(pid) from pg_stat_activity where pid <> pg_backend_pid() and datname = 'atrium'`),
    );
    expect(terminated.rowCount).toBeGreaterThan(0);
    const back = Date.now();
    await expectImportRefusedThenRecovered(importing, 'imp-terminate', from, back);
  });

  it('serves fully afterwards, lost no acknowledged write, never answered 500, and warned instead of logging errors', async () => {
    // a whole import goes through: the pool kept no dead connection
    const file = importFile('imp-after', 5000);
    const res = await s.call('POST', '/api/list/policy/import', { token: s.token, body: file.body, contentType: file.contentType });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ imported: 5000, failed: 0, errors: [] });
    expect(await rowsNamed('imp-after')).toBe(5000);

    await s.stopLoad();
    expect(alive(s.server.child), s.server.log()).toBe(true);
    expect(s.outcomes.filter((o) => o.what === 'create' && o.status === 200).length).toBeGreaterThan(20);

    await s.expectAcknowledgedKept('collections', 'name');

    // Each write and its audit entry committed together: every load collection that exists (acknowledged
    // or not) has exactly one creation entry, no entry names a collection that does not exist, and of the
    // three imports only the one that answered 200 was recorded.
    const audit = await s.cluster!.admin(async (c) => ({
      created: (await c.query(`select id::text as id from collections where name like 'load-%' order by collections.id`)).rows.map((r) => r.id as string),
      entries: (await c.query(`select target_id from audit_log where action = 'collection.create' and result = 'success' order by target_id::int`)).rows.map((r) => r.target_id as string),
      imports: Number((await c.query(`select count(*)::int as n from audit_log where action = 'collection.import'`)).rows[0].n),
    }));
    expect(audit.created.length).toBeGreaterThanOrEqual(s.acknowledged.length);
    expect(audit.entries).toEqual(audit.created);
    expect(audit.imports).toBe(1);

    s.expectWarnedNotErrored();
  });
});

describe('a collections import on a PGlite server whose disk fills up', () => {
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
