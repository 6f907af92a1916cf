import { describe, expect, it } from 'vitest';
import { signedInit, type CallAnswer, type CallOptions } from '../../test/server-process.ts';
import { alive, serverUnderLoad } from '../../test/server-under-load.ts';

/**
 * Scoped writes through a database restart (issue 39): four delegated writers, one of each narrower data
 * scope, create collections and move them between the departments and owners they reach while their private
 * PostgreSQL 15 cluster (never the shared one) restarts under load. Every write answers 200 or 503 (never
 * another status, never no answer), nothing is half-written (each collection has its creation entry, each
 * entry its collection, and replaying a collection's entries gives the row as it is), and the server serves
 * scoped writes again afterwards, still within each writer's reach. It makes its own database whatever the
 * engine of the vitest project, so it runs once (`*.engine-free.test.ts`: in the PGlite project only).
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Longer than any answer of a fault should take: past it, the write counts as hung. */
const HUNG_MS = 10_000;

interface Writer {
  username: string;
  id: number;
  token: string;
  /** Where it may put a collection, and whom it may make its owner. */
  departments: number[];
  owners: number[];
}

interface Write {
  writer: string;
  kind: 'create' | 'update';
  at: number;
  status: number | 'no answer';
  /** The collection written (an update's always; a create's once answered) and the count it was given. */
  id?: number;
  count: number;
}

describe('scoped writes of collections through a restart of their PostgreSQL', () => {
  // the load's own writes are the administrator's; the scoped writers are this suite's
  const s = serverUnderLoad({
    read: '/api/list/policy?current=1',
    writeEvery: 4,
    write: (w, n) => ({ key: `load-${w}-${n}`, url: '/api/list/policy', body: { name: `load-${w}-${n}`, contentType: 'img', filterType: 'rules', count: n, status: 'online' } }),
  });

  /** A signed call that gives up after HUNG_MS (answered 'no answer'). */
  async function call(method: 'GET' | 'POST' | 'PATCH' | 'PUT', path: string, opts: CallOptions): Promise<CallAnswer | 'no answer'> {
    try {
      const res = await fetch(`http://127.0.0.1:${s.server.port}${path}`, { ...(await signedInit(method, path, opts)), signal: AbortSignal.timeout(HUNG_MS) });
      return { status: res.status, body: (await res.json()) as CallAnswer['body'] };
    } catch {
      return 'no answer';
    }
  }
  /** An administrator's write that must succeed (the set-up). */
  async function ok(method: 'POST', path: string, body: unknown): Promise<Record<string, unknown>> {
    const res = await call(method, path, { token: s.token, body });
    if (res === 'no answer' || res.status !== 200) throw new Error(`${method} ${path}: ${res === 'no answer' ? res : JSON.stringify(res.body)}`);
    return res.body.data;
  }

  /** Departments A › A1 and B, a role of each narrower scope, and a writer holding each, signed in. */
  async function writers(): Promise<Writer[]> {
    const department = async (name: string, parentId: number) => (await ok('POST', '/api/system/departments', { name, parentId })).id as number;
    const a = await department('Fault A', 1);
    const a1 = await department('Fault A1', a);
    const b = await department('Fault B', 1);
    const plan = [
      { scope: 'department-tree', home: a },
      { scope: 'department', home: a1 },
      { scope: 'custom', home: b, departmentIds: [a1, b] },
      { scope: 'own', home: a1 },
    ] as const;
    const made: Omit<Writer, 'departments' | 'owners'>[] = [];
    for (const { scope, home, ...rest } of plan) {
      await ok('POST', '/api/system/roles', { code: `fault-${scope}`, name: `Fault ${scope}`, permissions: ['collection:read', 'collection:write'], dataScope: scope, ...rest });
      const username = `fault-${scope}`;
      const created = await ok('POST', '/api/system/users', { username, name: `Fault ${scope}`, roles: [`fault-${scope}`], password: 'faultPw123', departmentId: home });
      const login = await call('POST', '/api/user/login', { body: { username, password: 'faultPw123' } });
      if (login === 'no answer' || login.status !== 200) throw new Error(`sign-in of ${username}: ${JSON.stringify(login)}`);
      made.push({ username, id: (created.user as { id: number }).id, token: login.body.data.token as string });
    }
    const [tree, clerk, custom, own] = made as [(typeof made)[0], (typeof made)[0], (typeof made)[0], (typeof made)[0]];
    return [
      { ...tree, departments: [a, a1], owners: [tree.id, clerk.id, own.id] },
      { ...clerk, departments: [a1], owners: [clerk.id, own.id] },
      { ...custom, departments: [a1, b], owners: [custom.id, clerk.id] },
      { ...own, departments: [a1], owners: [own.id] },
    ];
  }

  const pick = <T>(list: readonly T[], n: number) => list[n % list.length]!;
  const form = (writer: Writer, n: number) => ({ count: n, department: pick(writer.departments, n), owner: pick(writer.owners, Math.floor(n / 2)) });

  it('answers every scoped write 200 or 503 through the restart, writes each whole or not at all, and serves scoped writes again', async () => {
    const team = await writers();
    const writes: Write[] = [];
    const acknowledged = new Map<number, string>(); // created collection -> its writer
    let on = true;
    const write = async (writer: Writer) => {
      const mine: number[] = [];
      for (let n = 0; on; n++) {
        const update = n % 2 === 1 && mine.length > 0;
        const at = Date.now();
        const id = update ? pick(mine, n) : undefined;
        const res = update
          ? await call('PATCH', `/api/list/policy/${id}`, { token: writer.token, body: form(writer, n) })
          : await call('POST', '/api/list/policy', { token: writer.token, body: { name: `scoped-${writer.username}-${n}`, contentType: 'img', filterType: 'rules', status: 'online', ...form(writer, n) } });
        const status = res === 'no answer' ? res : res.status;
        const made = !update && res !== 'no answer' && res.status === 200 ? (res.body.data.id as number) : undefined;
        if (made !== undefined) {
          mine.push(made);
          acknowledged.set(made, writer.username);
        }
        writes.push({ writer: writer.username, kind: update ? 'update' : 'create', at, status, id: id ?? made, count: n });
        await sleep(10);
      }
    };
    const writing = Promise.all(team.map(write));
    await sleep(800);
    const from = Date.now();
    await s.cluster!.pgCtl('-m', 'fast', '-w', '-t', '30', 'restart');
    const back = Date.now();
    await s.expectRecovered(from, back);
    await sleep(500);
    on = false;
    await writing;

    // 200 or 503, each of them answered; the fault did cut some, and writes went through before and after it
    const other = writes.filter((w) => w.status !== 200 && w.status !== 503);
    expect(other, JSON.stringify(other.slice(0, 5))).toEqual([]);
    expect(writes.some((w) => w.status === 503)).toBe(true);
    for (const kind of ['create', 'update'] as const) {
      expect(writes.some((w) => w.kind === kind && w.status === 200 && w.at < from), kind).toBe(true);
      expect(writes.some((w) => w.kind === kind && w.status === 200 && w.at > back), kind).toBe(true);
    }
    expect(alive(s.server.child), s.server.log()).toBe(true);

    // the database as it is: the scoped collections, and the trail of the writers' creates and updates
    const ids = team.map((w) => w.id);
    const state = await s.cluster!.admin(async (c) => ({
      rows: (await c.query(`select id, count, department_id as "departmentId", owner_id as "ownerId" from collections where name like 'scoped-%' order by id`)).rows as { id: number; count: number; departmentId: number; ownerId: number }[],
      entries: (
        await c.query(`select action, target_id::int as id, changes from audit_log where action in ('collection.create', 'collection.update') and result = 'success' and actor_id = any($1::int[]) order by audit_log.id`, [ids])
      ).rows as { action: string; id: number; changes: { field: string; after: unknown }[] }[],
    }));
    // every acknowledged create is there; each collection has exactly one creation entry, and each entry its collection
    for (const id of acknowledged.keys()) expect(state.rows.some((r) => r.id === id), `collection ${id} was acknowledged`).toBe(true);
    const created = state.entries.filter((e) => e.action === 'collection.create').map((e) => e.id);
    expect(created.sort((x, y) => x - y)).toEqual(state.rows.map((r) => r.id));
    // replaying a collection's entries gives the row as it is: no update without its entry, no entry without its update
    for (const row of state.rows) {
      const replayed: Record<string, unknown> = {};
      for (const entry of state.entries.filter((e) => e.id === row.id)) for (const change of entry.changes) replayed[change.field] = change.after;
      expect({ id: row.id, count: replayed.count, departmentId: replayed.departmentId, ownerId: replayed.ownerId }).toEqual(row);
    }
    // and every acknowledged update is in the trail (each update gave its collection a count of its own)
    for (const w of writes.filter((w) => w.kind === 'update' && w.status === 200)) {
      const counts = state.entries.filter((e) => e.action === 'collection.update' && e.id === w.id).map((e) => e.changes.find((c) => c.field === 'count')?.after);
      expect(counts, `${w.writer}'s update of ${w.id} to ${w.count}`).toContain(w.count);
    }
    // each collection is where its writer reaches
    const writerOf = new Map(state.entries.filter((e) => e.action === 'collection.create').map((e) => [e.id, team.find((t) => `${e.changes.find((c) => c.field === 'name')?.after}`.startsWith(`scoped-${t.username}-`))!]));
    for (const row of state.rows) {
      const writer = writerOf.get(row.id)!;
      expect(writer.departments, `collection ${row.id}`).toContain(row.departmentId);
      expect(writer.owners, `collection ${row.id}`).toContain(row.ownerId);
    }

    // served again: each writer writes within its reach, and is still refused outside it
    const [, clerk] = team as [Writer, Writer];
    for (const writer of team) {
      const res = await call('POST', '/api/list/policy', { token: writer.token, body: { name: `after-${writer.username}`, contentType: 'img', filterType: 'rules', count: 1, status: 'online', department: writer.departments[0] } });
      expect(res !== 'no answer' && res.status, writer.username).toBe(200);
    }
    const outside = await call('POST', '/api/list/policy', { token: clerk.token, body: { name: 'after-outside', contentType: 'img', filterType: 'rules', count: 1, status: 'online', department: team[2]!.departments[1] } });
    expect(outside !== 'no answer' && [outside.status, outside.body.data.error]).toEqual([403, 'OUT_OF_SCOPE']);
  }, 60_000);

  it('kept the load’s acknowledged writes, never answered it other than 200 or 503, and warned instead of logging errors', async () => {
    await s.stopLoad();
    expect(alive(s.server.child), s.server.log()).toBe(true);
    await s.expectAcknowledgedKept('collections', 'name');
    s.expectWarnedNotErrored();
  });
});
