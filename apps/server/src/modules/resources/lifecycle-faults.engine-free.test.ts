import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestResponse } from '../../test/harness.ts';
import { PrivateCluster } from '../../test/private-cluster.ts';
import { order, prepare, slices } from './lifecycle-fixture.ts';

/**
 * Transitions through a database restart (issue 40): four writers fire the fixture order's submit and
 * withdraw on records of their own, as fast as they are answered, while their private PostgreSQL 15 cluster
 * (never the shared one) restarts. Every transition answers 200 or 503 (never another status, never no
 * answer); each is written whole or not at all: a record's state is its last history row's, its version
 * counts its history rows, each history row has its audit entry, and the record awaits an approval exactly
 * while its state does; and transitions are fired again afterwards. It makes its own database whatever the
 * engine of the vitest project, so it runs once (`*.engine-free.test.ts`: in the PGlite project only).
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Longer than any answer of a fault should take: past it, the call counts as hung. */
const HUNG_MS = 10_000;
const WRITERS = 4;
const RECORDS_EACH = 2;

interface Fired {
  record: number;
  transition: string;
  at: number;
  status: number | 'no answer';
  error?: string;
}

describe('transitions of a life cycle through a restart of their PostgreSQL', () => {
  let cluster: PrivateCluster;
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    cluster = new PrivateCluster();
    await cluster.init();
    t = await createTestApp({ databaseUrl: cluster.url(), resources: slices });
    await prepare(t);
    admin = await t.login('admin');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await cluster?.destroy();
  });

  /** A call that gives up after HUNG_MS ('no answer'). */
  const call = async (method: 'GET' | 'POST', url: string, body?: unknown): Promise<TestResponse | 'no answer'> => {
    let timer: NodeJS.Timeout | undefined;
    const hung = new Promise<'no answer'>((resolve) => (timer = setTimeout(() => resolve('no answer'), HUNG_MS)));
    try {
      return await Promise.race([t.request({ method, url, token: admin, body }), hung]);
    } finally {
      clearTimeout(timer);
    }
  };
  /** The record as it is now, asked until the database answers. */
  const reread = async (id: number): Promise<{ version: number; status: string }> => {
    for (;;) {
      const res = await call('GET', `${order.apiPath}/${id}`);
      if (res !== 'no answer' && res.status === 200) return res.body.data;
      await sleep(100);
    }
  };

  it('answers each transition 200 or 503, writes each whole or not at all, and fires them again after', async () => {
    const ids: number[] = [];
    for (let n = 0; n < WRITERS * RECORDS_EACH; n++) {
      const res = await t.request({ method: 'POST', url: order.apiPath, token: admin, body: { title: `Fault order ${n}`, amount: '12.50', note: null } });
      expect(res.status, res.text).toBe(200);
      ids.push(res.body.data.id as number);
    }
    const fired: Fired[] = [];
    let on = true;
    const writer = async (mine: number[]) => {
      const known = new Map<number, { version: number; status: string }>(mine.map((id) => [id, { version: 1, status: 'draft' }]));
      for (let n = 0; on; n++) {
        const id = mine[n % mine.length]!;
        const now = known.get(id)!;
        const transition = now.status === 'draft' ? 'submit' : 'withdraw';
        const at = Date.now();
        const res = await call('POST', `${order.apiPath}/${id}/transitions/${transition}`, { version: now.version });
        const status = res === 'no answer' ? res : res.status;
        fired.push({ record: id, transition, at, status, ...(res !== 'no answer' && res.status !== 200 ? { error: res.body.data?.error as string } : {}) });
        // acknowledged: the answer is the record; otherwise whether it was written is the database's word
        if (res !== 'no answer' && res.status === 200) known.set(id, { version: res.body.data.version, status: res.body.data.status });
        else known.set(id, await reread(id));
        await sleep(5);
      }
    };
    const writing = Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(ids.slice(w * RECORDS_EACH, (w + 1) * RECORDS_EACH))));
    await sleep(800);
    const from = Date.now();
    await cluster.pgCtl('-m', 'fast', '-w', '-t', '30', 'restart');
    const back = Date.now();
    // until transitions are answered 200 again, then a while more
    while (!fired.some((f) => f.at > back && f.status === 200)) await sleep(100);
    await sleep(500);
    on = false;
    await writing;

    // 200 or 503, each answered; the restart cut some, and transitions went through before and after it
    const other = fired.filter((f) => f.status !== 200 && f.status !== 503);
    expect(other, JSON.stringify(other.slice(0, 5))).toEqual([]);
    expect(fired.some((f) => f.status === 503)).toBe(true);
    expect(fired.some((f) => f.status === 200 && f.at < from)).toBe(true);
    expect(fired.some((f) => f.status === 200 && f.at > back)).toBe(true);

    // the database as it is: each record, its history, its audit entries and what awaits an approval
    const state = await cluster.admin(async (c) => ({
      records: (await c.query(`select id, status, version from ${order.table} where id = any($1::int[]) order by id`, [ids])).rows as { id: number; status: string; version: number }[],
      history: (await c.query(`select record_id as "id", transition, from_state as "from", to_state as "to" from record_transitions where resource = $1 order by record_transitions.id`, [order.name])).rows as { id: number; transition: string; from: string; to: string }[],
      entries: (await c.query(`select target_id::int as id, action from audit_log where action like $1 and result = 'success' order by audit_log.id`, [`${order.name}.transition.%`])).rows as { id: number; action: string }[],
      awaiting: (await c.query(`select record_id as "id", state from awaiting_approvals where resource = $1 order by record_id`, [order.name])).rows as { id: number; state: string }[],
    }));
    for (const record of state.records) {
      const history = state.history.filter((h) => h.id === record.id);
      // each row follows the one before it, from the initial state to the record's own
      history.forEach((h, i) => expect(h.from, `record ${record.id}, history row ${i}`).toBe(i === 0 ? order.lifecycle!.initial : history[i - 1]!.to));
      expect(history.at(-1)?.to ?? order.lifecycle!.initial, `record ${record.id}'s state`).toBe(record.status);
      expect(record.version, `record ${record.id}'s version`).toBe(1 + history.length);
      // one audit entry per history row, of its transition
      expect(state.entries.filter((e) => e.id === record.id).map((e) => e.action), `record ${record.id}'s audit entries`).toEqual(history.map((h) => `${order.name}.transition.${h.transition}`));
      expect(state.awaiting.filter((a) => a.id === record.id), `record ${record.id} awaiting`).toEqual(order.lifecycle!.awaiting.includes(record.status) ? [{ id: record.id, state: record.status }] : []);
      // every acknowledged transition is in the history
      expect(history.length, `record ${record.id}'s history`).toBeGreaterThanOrEqual(fired.filter((f) => f.record === record.id && f.status === 200).length);
    }

    // fired again: a record moves on, and a stale version is still refused as it always is
    const [first] = state.records;
    const next = first!.status === 'draft' ? 'submit' : 'withdraw';
    const again = await t.request({ method: 'POST', url: `${order.apiPath}/${first!.id}/transitions/${next}`, token: admin, body: { version: first!.version } });
    expect(again.status, again.text).toBe(200);
    const stale = await t.request({ method: 'POST', url: `${order.apiPath}/${first!.id}/transitions/${next === 'submit' ? 'withdraw' : 'submit'}`, token: admin, body: { version: first!.version } });
    expect([stale.status, stale.body.data.error]).toEqual([409, 'VERSION_CONFLICT']);
  }, 90_000);
});
