import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { rowsOf, type Db } from '../../db/client.ts';
import * as schema from '../../db/schema/index.ts';
import { defaultEngine } from '../../test/harness.ts';
import { suiteApp } from '../../test/suite-app.ts';
import { listCollections } from './collection.repository.ts';

/** Exact totals with the per-filter total cache (db/list-generations.ts, lists/list-cache.ts). */
describe('collection totals stay exact while cached', () => {
  const t = suiteApp({ signIn: ['admin'] });

  const total = async (query: string) => {
    const res = await t.request({ url: `/api/list/policy?${query}`, token: t.tokens.admin });
    expect(res.status, res.text).toBe(200);
    return res.body.data.total as number;
  };
  const counted = async (where: string) => Number(rowsOf<{ n: number }>(await t.db.execute(sql.raw(`select count(*)::int as n from collections where ${where}`)))[0]!.n);
  const generation = async () => rowsOf<{ g: string }>(await t.db.execute(sql`select sum(generation)::text as g from list_generation_slots where name = 'collections'`))[0]?.g;
  const create = async (status: 'online' | 'offline') => {
    const res = await t.request({ method: 'POST', url: '/api/list/policy', token: t.tokens.admin, body: { name: 'Totals probe', contentType: 'img', filterType: 'rules', count: 1, status } });
    expect(res.status, res.text).toBe(200);
    return res.body.data.id as number;
  };

  it('follows creates, edits and deletes through the API for a repeated filter', async () => {
    const online = await counted(`status = 'online'`);
    expect(await total('status=online')).toBe(online);
    expect(await total('status=online&current=2')).toBe(online); // same filter, cached
    const id = await create('online');
    expect(await total('status=online')).toBe(online + 1);
    await t.request({ method: 'PATCH', url: `/api/list/policy/${id}`, token: t.tokens.admin, body: { status: 'offline' } });
    expect(await total('status=online')).toBe(online);
    expect(await total('status=offline')).toBe(await counted(`status = 'offline'`));
    await t.request({ method: 'DELETE', url: `/api/list/policy/${id}`, token: t.tokens.admin });
    expect(await total('status=offline')).toBe(await counted(`status = 'offline'`));
    expect(await total('')).toBe(await counted('true'));
  });

  it('follows writes made outside the server (SQL), and ignores rolled-back ones', async () => {
    const before = await total('contentType=img');
    await t.db.execute(sql`insert into collections (number, name, content_type, filter_type, count, status, created_time, updated_at, owner_id)
      values ('99999901', 'outside', 'img', 'rules', 1, 'online', now(), now(), (select min(id) from users))`);
    expect(await total('contentType=img')).toBe(before + 1);
    const generationBefore = await generation();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`delete from collections where number = '99999901'`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await generation()).toBe(generationBefore);
    expect(await total('contentType=img')).toBe(before + 1);
    await t.db.execute(sql`delete from collections where number = '99999901'`);
    expect(await total('contentType=img')).toBe(before);
  });

  it('serves the cached total while the generation stands (the cache is real, the trigger is what keeps it exact)', async () => {
    const before = await total('filterType=artificial');
    await t.db.execute(sql`alter table collections disable trigger collections_list_generation`);
    try {
      await t.db.execute(sql`insert into collections (number, name, content_type, filter_type, count, status, created_time, updated_at, owner_id)
        values ('99999902', 'unseen', 'img', 'artificial', 1, 'online', now(), now(), (select min(id) from users))`);
      expect(await total('filterType=artificial')).toBe(before); // no generation bump: the cached total answers
    } finally {
      await t.db.execute(sql`alter table collections enable trigger collections_list_generation`);
    }
    await t.db.execute(sql`update collections set count = 2 where number = '99999902'`); // bumps the generation
    expect(await total('filterType=artificial')).toBe(before + 1);
    await t.db.execute(sql`delete from collections where number = '99999902'`);
    expect(await total('filterType=artificial')).toBe(before);
  });

  const firstPage = async (query: string) => {
    const res = await t.request({ url: `/api/list/policy?${query}`, token: t.tokens.admin });
    expect(res.status, res.text).toBe(200);
    return res.body.data.list as { id: number; name: string; count: number }[];
  };

  it('answers a repeated page from its cache while the generation stands, and exactly after any write', async () => {
    const query = 'current=1&pageSize=10&contentType=verticalVideo';
    const [top] = await firstPage(query);
    expect(top).toBeDefined();
    // Without the trigger the generation does not move: the cached page is what answers (the cache is real).
    await t.db.execute(sql`alter table collections disable trigger collections_list_generation`);
    try {
      await t.db.execute(sql`update collections set name = 'renamed unseen' where id = ${top!.id}`);
      expect((await firstPage(query))[0]).toMatchObject({ id: top!.id, name: top!.name });
    } finally {
      await t.db.execute(sql`alter table collections enable trigger collections_list_generation`);
    }
    // A write made outside the server moves the generation: the page is read again.
    await t.db.execute(sql`update collections set count = count + 1 where id = ${top!.id}`);
    expect((await firstPage(query))[0]).toMatchObject({ id: top!.id, name: 'renamed unseen', count: top!.count + 1 });
    // And through the API.
    const patched = await t.request({ method: 'PATCH', url: `/api/list/policy/${top!.id}`, token: t.tokens.admin, body: { name: top!.name } });
    expect(patched.status, patched.text).toBe(200);
    expect((await firstPage(query))[0]).toMatchObject({ id: top!.id, name: top!.name });
    // Another page size or offset of the same filter is its own entry.
    expect((await firstPage('current=2&pageSize=10&contentType=verticalVideo'))[0]!.id).not.toBe(top!.id);
  });

  it('answers exact totals for empty pages and filters that match nothing', async () => {
    const all = await total('');
    const last = Math.ceil(all / 10);
    expect(await total(`current=${last + 3}`)).toBe(all);
    expect(await total('name=no-such-collection-name')).toBe(0);
    expect(await total('name=no-such-collection-name')).toBe(0);
  });

  // Only PostgreSQL has concurrent writers (PGlite is one connection).
  if (defaultEngine() === 'postgres')
    it('two writers of collections on different connections do not wait for each other\'s commit', async () => {
      const pool = t.handle.pool!;
      // Two backends whose counters differ (the slot is the backend's pid modulo the slot count).
      const clients = [await pool.connect()];
      const slotOf = async (c: (typeof clients)[number]) => Number((await c.query('select pg_backend_pid() % 32 as s')).rows[0].s);
      const firstSlot = await slotOf(clients[0]!);
      while (clients.length < 5 && (await slotOf(clients.at(-1)!)) === firstSlot) clients.push(await pool.connect());
      const [a, b] = [clients[0]!, clients.at(-1)!];
      expect(await slotOf(b)).not.toBe(firstSlot);
      const ids = rowsOf<{ id: number }>(await t.db.execute(sql`select id from collections order by id limit 2`)).map((r) => r.id);
      const before = await generation();
      try {
        await a.query('begin');
        await a.query('update collections set count = count + 1 where id = $1', [ids[0]]);
        // The first transaction is open: with one shared counter row the second writer would wait here
        // until the timeout.
        await b.query('begin');
        await b.query("set local lock_timeout = '2s'");
        await b.query('update collections set count = count + 1 where id = $1', [ids[1]]);
        await b.query('commit');
        expect(BigInt((await generation())!)).toBe(BigInt(before!) + 1n);
        await a.query('commit');
        expect(BigInt((await generation())!)).toBe(BigInt(before!) + 2n);
      } finally {
        for (const c of [a, b]) await c.query('rollback').catch(() => undefined);
        for (const c of clients) c.release();
      }
    });

  it('a second server on the same database (its own cache) sees the first one\'s writes', async () => {
    // A second drizzle instance over the same database: another process's cache, as on a replica.
    const replica = (t.handle.pool ? drizzlePg({ client: t.handle.pool, schema }) : drizzlePglite({ client: t.handle.pglite!, schema })) as unknown as Db;
    const filter = { status: 'online' as const };
    const read = () => listCollections(replica, filter, t.config.timeZone, 0, 10, { scope: 'all', departmentIds: null, ownerId: null });
    const before = (await read()).total;
    expect((await read()).total).toBe(before);
    const id = await create('online'); // written through the first server
    expect((await read()).total).toBe(before + 1);
    await t.request({ method: 'DELETE', url: `/api/list/policy/${id}`, token: t.tokens.admin });
    expect((await read()).total).toBe(before);
  });
});

describe('collection pages with signatures off', () => {
  const t = suiteApp({ config: { signatureMode: 'off' }, signIn: ['admin'] });

  const firstPage = async () => {
    const res = await t.request({ url: '/api/list/policy?current=1&pageSize=10&contentType=img', token: t.tokens.admin });
    expect(res.status, res.text).toBe(200);
    return res.body.data.list as { id: number; name: string }[];
  };

  it('are cached as with signatures on: the list reads its own generation, not the signature check', async () => {
    const [top] = await firstPage();
    await t.db.execute(sql`alter table collections disable trigger collections_list_generation`);
    try {
      await t.db.execute(sql`update collections set name = 'renamed unseen' where id = ${top!.id}`);
      expect((await firstPage())[0]).toMatchObject({ id: top!.id, name: top!.name });
    } finally {
      await t.db.execute(sql`alter table collections enable trigger collections_list_generation`);
    }
    await t.db.execute(sql`update collections set name = ${top!.name} where id = ${top!.id}`);
    expect((await firstPage())[0]).toMatchObject({ id: top!.id, name: top!.name });
  });
});
