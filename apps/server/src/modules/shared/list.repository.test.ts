import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { DEEP_OFFSET, readPage, type ListSource } from './list.repository.ts';

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
});
