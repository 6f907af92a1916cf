import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { systemApp } from '../../test/system-kit.ts';
import { departmentTree, subtreeIds } from './department-tree.ts';
import { inSubtreeOf } from './departments.repository.ts';

describe("the departments' tree in memory", () => {
  const app = systemApp();
  const create = async (name: string, parentId: number): Promise<number> => {
    const res = await app.admin.call('POST', '/api/system/departments', { name, parentId });
    if (res.status !== 200) throw new Error(res.text);
    return res.body.data.id;
  };
  /** What the path finds in SQL, for comparison. */
  const bySql = async (id: number) =>
    rowsOf<{ id: number }>(await app.t.db.execute(sql`select d.id from departments d where ${inSubtreeOf(sql`d.id`, id)}`))
      .map((r) => r.id)
      .sort((a, b) => a - b);
  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

  it('answers a subtree, parents first, and follows every change of the tree, made anywhere', async () => {
    // the root and whatever the slices' seeds put below it (the demo's regions), before this test's own
    const seeded = await subtreeIds(app.t.db, 1);
    expect(seeded[0]).toBe(1);
    expect(sorted(seeded)).toEqual(await bySql(1));
    const a = await create('Tree A', 1);
    const b = await create('Tree B', a);
    const c = await create('Tree C', 1);
    const b1 = await create('Tree B1', b);
    expect(await subtreeIds(app.t.db, a)).toEqual([a, b, b1]);
    expect(sorted(await subtreeIds(app.t.db, 1))).toEqual([...seeded, a, b, c, b1].sort((x, y) => x - y));
    expect(await subtreeIds(app.t.db, 424242)).toEqual([]);

    // a move through the API
    const moved = await app.admin.call('PUT', `/api/system/departments/${b}`, { name: 'Tree B', parentId: c, status: 'active' });
    expect(moved.status).toBe(200);
    expect(await subtreeIds(app.t.db, a)).toEqual([a]);
    expect(await subtreeIds(app.t.db, c)).toEqual([c, b, b1]);

    // a move made outside the server (an operator in SQL): the generation moves, the snapshot follows
    await app.t.db.execute(sql`update departments set parent_id = ${a}, path = ${`/1/${a}/${b1}/`}, depth = 3 where id = ${b1}`);
    expect(await subtreeIds(app.t.db, a)).toEqual([a, b1]);
    expect(await subtreeIds(app.t.db, c)).toEqual([c, b]);

    for (const id of [1, a, b, c, b1]) expect(sorted(await subtreeIds(app.t.db, id)), `subtree of ${id}`).toEqual(await bySql(id));
  });

  it('keeps the snapshot while the generation stays, and reads it again when it moves', async () => {
    const d = await create('Kept', 1);
    const e = await create('Kept child', 1);
    expect(await subtreeIds(app.t.db, d)).toEqual([d]);
    // a write the generation does not see (its trigger off): the snapshot, kept at that generation, answers as before
    await app.t.db.execute(sql`alter table departments disable trigger departments_list_generation`);
    try {
      await app.t.db.execute(sql`update departments set parent_id = ${d}, path = ${`/1/${d}/${e}/`}, depth = 3 where id = ${e}`);
    } finally {
      await app.t.db.execute(sql`alter table departments enable trigger departments_list_generation`);
    }
    expect(await subtreeIds(app.t.db, d)).toEqual([d]);
    // any write that moves the generation brings the tree as it is
    await app.t.db.execute(sql`update departments set updated_at = now() where id = 1`);
    expect(await subtreeIds(app.t.db, d)).toEqual([d, e]);
  });

  it('reckons each reach once per state of the tree: the same question, the same set, until the tree moves', async () => {
    const f = await create('Reached', 1);
    const g = await create('Reached child', f);
    const tree = await departmentTree(app.t.db);
    const first = tree.reach([f]);
    expect([...first]).toEqual([f, g]);
    expect((await departmentTree(app.t.db)).reach([f])).toBe(first);
    expect([...tree.reach([f], true)]).toEqual([f]);
    expect([...tree.reach([g, f])]).toEqual([g, f]);
    // departments that do not exist (a filter's made-up ids) reach nothing, and are not each kept apart
    const unknown = tree.reach([900_001]);
    expect([...unknown]).toEqual([]);
    expect(tree.reach([900_002])).toBe(unknown);
    expect(tree.reach([f, 900_003])).toBe(first);
    // a change of the tree: the next snapshot reckons afresh
    const h = await create('Reached grandchild', g);
    const after = (await departmentTree(app.t.db)).reach([f]);
    expect(after).not.toBe(first);
    expect([...after]).toEqual([f, g, h]);
    expect([...first]).toEqual([f, g]);
  });
});
