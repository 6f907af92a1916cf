import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { DEEP_OFFSET, readPage, type ListSource } from './list.repository.ts';
import { AnswerCache } from './list-cache.ts';
import { PgDialect } from 'drizzle-orm/pg-core';
import { scopeCondition, scopeKey, type Reach } from './scope.ts';

/** The kit's list helper on a table of its own: 1 200 rows, `n` = id, `even` for half of them. */
describe('the list helper', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.db.execute(sql`create table list_probe (id serial primary key, n integer not null, even boolean not null)`);
    await t.db.execute(sql`insert into list_probe (n, even) select g, g % 2 = 0 from generate_series(1, 1200) as g`);
    await t.db.execute(sql`select atrium_watch_list('list_probe')`);
  });
  afterAll(() => t?.close());

  const source = (total: ListSource<{ even?: boolean }>['total'], remembered = false): ListSource<{ even?: boolean }> => ({
    table: 'list_probe',
    reads: ['list_probe'],
    columns: sql`t.id, t.n`,
    where: (f) => (f.even === undefined ? [] : [sql`t.even = ${f.even}`]),
    order: sql`t.id desc`,
    total,
    remembered,
  });
  const read = (s: ListSource<{ even?: boolean }>, filter: { even?: boolean }, offset: number, limit: number) =>
    readPage(t.db, s, filter, JSON.stringify(filter), offset, limit);

  it('pages in the order, with exact totals from a full page, a short one and one past the end', async () => {
    const exact = source('exact');
    expect(await read(exact, { even: true }, 0, 3)).toEqual({ rows: [{ id: 1200, n: 1200 }, { id: 1198, n: 1198 }, { id: 1196, n: 1196 }], total: 600, capped: false });
    expect(await read(exact, { even: true }, 598, 10)).toMatchObject({ rows: [{ id: 4 }, { id: 2 }], total: 600 });
    expect(await read(exact, {}, 5000, 10)).toEqual({ rows: [], total: 1200, capped: false });
  });

  it('answers an empty page, never an error, for an offset past 32-bit integers', async () => {
    for (const total of ['exact', { cap: 1000 }, 'none'] as const) {
      expect(await read(source(total), {}, 2_147_483_600, 100), JSON.stringify(total)).toMatchObject({ rows: [] });
      expect(await read(source(total), { even: true }, 999_999_900, 100), JSON.stringify(total)).toMatchObject({ rows: [] });
    }
    expect(await read(source('exact'), {}, 2 ** 40, 100)).toEqual({ rows: [], total: 1200, capped: false });
  });

  it('refuses a source whose declared reads leave out its own table', async () => {
    await expect(read({ ...source('exact'), reads: [] }, {}, 0, 10)).rejects.toThrow(/its reads must name its own table/);
  });

  it('reads deep pages through the index and answers the same rows', async () => {
    const exact = source('exact');
    const deep = await read(exact, {}, DEEP_OFFSET, 5);
    expect(deep.rows.map((r) => r.id)).toEqual([200, 199, 198, 197, 196]);
    expect(await read(exact, {}, DEEP_OFFSET + 198, 5)).toEqual({ rows: [{ id: 2, n: 2 }, { id: 1, n: 1 }], total: 1200, capped: false });
    expect(await read(exact, { even: false }, DEEP_OFFSET, 3)).toEqual({ rows: [], total: 600, capped: false });
  });

  it('caps a count, and a page that is not full still settles the total', async () => {
    expect(await read(source({ cap: 1000 }), {}, 0, 2)).toMatchObject({ total: 1000, capped: true });
    expect(await read(source({ cap: 1000 }), { even: true }, 0, 2)).toMatchObject({ total: 600, capped: false });
    expect(await read(source({ cap: 1000 }), { even: true }, 595, 10)).toMatchObject({ total: 600, capped: false });
    // Past the cap, the total stays the cap: the pager ends there.
    expect(await read(source({ cap: 100 }), { even: true }, 595, 10)).toMatchObject({ total: 100, capped: true });
  });

  it('leaves the total to the list with `none`, unless the page settles it', async () => {
    expect((await read(source('none'), {}, 0, 10)).total).toBeUndefined();
    expect((await read(source('none'), {}, 1195, 10)).total).toBe(1200);
  });

  it('remembers an exact total at the table\'s generation and counts again when a write moves it', async () => {
    const remembered = source('exact', true);
    expect((await read(remembered, { even: true }, 0, 10)).total).toBe(600);
    // A write the generation does not see: the remembered total answers (so no count ran).
    await t.db.execute(sql`alter table list_probe disable trigger list_probe_list_generation`);
    await t.db.execute(sql`insert into list_probe (n, even) values (1202, true)`);
    await t.db.execute(sql`alter table list_probe enable trigger list_probe_list_generation`);
    expect((await read(remembered, { even: true }, 0, 10)).total).toBe(600);
    expect((await read(source('exact'), { even: true }, 0, 10)).total).toBe(601);
    // A write that moves it: counted again.
    await t.db.execute(sql`insert into list_probe (n, even) values (1204, true)`);
    expect((await read(remembered, { even: true }, 0, 10)).total).toBe(602);
  });

  describe('scoped by a declaration', () => {
    // 1 200 rows over departments 1..4 (n % 4 + 1) and owners 10..12 (n % 3 + 10)
    beforeAll(async () => {
      await t.db.execute(sql`delete from list_probe where n > 1200`);
      await t.db.execute(sql`alter table list_probe add column department_id integer, add column owner_id integer`);
      await t.db.execute(sql`update list_probe set department_id = n % 4 + 1, owner_id = n % 3 + 10`);
    });
    type Filter = { even?: boolean };
    const scoped = (total: ListSource<Filter>['total'], remembered = false): ListSource<Filter> => ({
      ...source(total, remembered),
      columns: sql`t.id, t.department_id as "departmentId", t.owner_id as "ownerId"`,
      scope: { resource: 'probe', department: 'department_id', owner: 'owner_id' },
    });
    const reach = (departmentIds: number[] | null, ownerId: number | null = null): Reach => ({
      scope: ownerId !== null ? 'own' : departmentIds === null ? 'all' : 'custom',
      departmentIds: departmentIds && new Set(departmentIds),
      ownerId,
    });

    it('refuses to read a scoped list without a reach', async () => {
      await expect(readPage(t.db, scoped('exact'), {}, '', 0, 10)).rejects.toThrow(/read only within a caller's reach/);
    });

    it('reads only the reached rows, in the page and in every kind of total', async () => {
      for (const total of ['exact', { cap: 1000 }, 'none'] as const) {
        const page = await readPage(t.db, scoped(total), {}, '{}', 0, 1000, reach([2, 3]));
        expect(page.rows.every((r) => r.departmentId === 2 || r.departmentId === 3), JSON.stringify(total)).toBe(true);
        expect(page.rows.length).toBe(600);
        if (total !== 'none') expect(page.total).toBe(600);
      }
      const deep = await readPage(t.db, scoped('exact'), { even: true }, '', DEEP_OFFSET - 1000, 10, reach([1]));
      expect(deep).toMatchObject({ total: 300 });
      expect(deep.rows.every((r) => r.departmentId === 1)).toBe(true);
      const own = await readPage(t.db, scoped('exact'), {}, '{}', 0, 5, reach(null, 11));
      expect(own.total).toBe(400);
      expect(own.rows.every((r) => r.ownerId === 11)).toBe(true);
      expect((await readPage(t.db, scoped('exact'), {}, '{}', 0, 5, reach(null))).total).toBe(1200);
      expect(await readPage(t.db, scoped('exact'), {}, '{}', 0, 5, reach([]))).toEqual({ rows: [], total: 0, capped: false });
    });

    it('remembers a total per reach: one scope never answers with another\'s count', async () => {
      const remembered = scoped('exact', true);
      expect((await readPage(t.db, remembered, {}, 'same', 0, 1, reach(null))).total).toBe(1200);
      expect((await readPage(t.db, remembered, {}, 'same', 0, 1, reach([1]))).total).toBe(300);
      expect((await readPage(t.db, remembered, {}, 'same', 0, 1, reach(null, 10))).total).toBe(400);
      expect((await readPage(t.db, remembered, {}, 'same', 0, 1, reach(null))).total).toBe(1200);
    });

    it('keeps a cached answer per reach, and shares it between equal reaches', async () => {
      const cache = new AnswerCache<number[]>({ reads: ['list_probe'], scope: scoped('exact').scope });
      let built = 0;
      const ask = (r: Reach) =>
        cache.answer(t.db, { key: 'page', known: null, reach: r }, async () => {
          built++;
          const page = await readPage(t.db, scoped('exact'), {}, 'page', 0, 3, r);
          return { value: page.rows.map((row) => row.departmentId as number), weight: 3 };
        });
      const one = await ask(reach([1]));
      expect(JSON.parse(one.text)).toEqual([1, 1, 1]);
      expect(JSON.parse((await ask(reach([2]))).text)).toEqual([2, 2, 2]);
      expect(await ask(reach([1]))).toBe(one);
      expect(built).toBe(2);
      await expect(cache.answer(t.db, { key: 'page', known: null }, async () => ({ value: [], weight: 0 }))).rejects.toThrow(/kept only per reach/);
    });

    it('names a reach by exactly the rows it reaches', () => {
      expect(scopeKey(reach([3, 1, 2]))).toBe(scopeKey(reach([1, 2, 3])));
      expect(scopeKey(reach([1, 2]))).not.toBe(scopeKey(reach([1, 2, 3])));
      expect(scopeKey(reach(null))).toBe('all');
      expect(scopeKey(reach(null, 7))).toBe('own:7');
      const many = Array.from({ length: 5000 }, (_, i) => i + 1);
      expect(scopeKey(reach(many))).toMatch(/^d#/);
      expect(scopeKey(reach(many))).not.toBe(scopeKey(reach(many.slice(1))));
    });

    it('writes several departments into the text, so a kept plan is one reach\'s, and reads one department as an equality', async () => {
      const columns = scoped('exact').scope!;
      const text = (r: Reach) => new PgDialect().sqlToQuery(scopeCondition(r, columns)!).sql;
      expect(text(reach([3]))).toBe('"t"."department_id" = $1');
      expect(text(reach([3, 1]))).toBe(`"t"."department_id" = any('{1,3}'::int[])`);
      expect(text(reach([1, 3]))).toBe(text(reach([3, 1])));
      expect(text(reach([1, 2, 3]))).not.toBe(text(reach([1, 3])));
      expect(() => scopeCondition(reach([1, 0.5]), columns)).toThrow(/integers only/);
      // the same rows either way, whatever plan each statement gets: each reach run past the five runs after
      // which PostgreSQL may keep a plan, in turns, so that a kept plan would serve the other if it could
      for (let round = 0; round < 7; round++) {
        for (const departments of [[3], [3, 1], [1, 2], [2, 3, 1]]) {
          const page = await readPage(t.db, scoped({ cap: 1000 }), {}, '', 0, 1000, reach(departments));
          expect(page.total).toBe(300 * departments.length);
          expect(new Set(page.rows.map((r) => r.departmentId as number))).toEqual(new Set(departments));
        }
      }
    });
  });
});
