import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { migrateDatabase, migrationsFolder } from '../../db/migrate.ts';
import { openEmptyTestDatabase } from '../../test/harness.ts';
import { audited, createAccount, createRole, errorOf, session, systemApp, type Client } from '../../test/system-kit.ts';
import type { TestApp, TestResponse } from '../../test/harness.ts';

interface Dept {
  id: number;
  parentId: number | null;
  name: string;
  code: string | null;
  leaderId: number | null;
  leaderName: string | null;
  order: number;
  status: string;
  depth: number;
  memberCount: number;
}

const ok = (res: TestResponse) => {
  if (res.status !== 200) throw new Error(`${res.status} ${res.text}`);
  return res.body.data;
};
/**
 * Departments a slice's seed made before the suite (the demo's search table spreads its collections over a
 * few): the suites read the tree as a product without them would, so they hold with the demo or without it.
 */
const seeded = new Set<number>();
const tree = async (client: Client, locale?: 'zh-CN' | 'en-US'): Promise<Dept[]> =>
  (ok(await client.call('GET', '/api/system/departments', undefined, locale ? { locale } : {})).list as Dept[]).filter((d) => !seeded.has(d.id));
/** Notes the departments seeded before the suite's first test. */
const noteSeeded = (app: { admin: Client }) =>
  beforeAll(async () => {
    for (const d of (await tree(app.admin)).filter((d) => d.parentId !== null)) seeded.add(d.id);
  });
const create = async (client: Client, body: Record<string, unknown>): Promise<Dept> => ok(await client.call('POST', '/api/system/departments', body));
/** The whole form of a department, as the console sends it, with `patch` applied. */
const formOf = (d: Dept, patch: Record<string, unknown> = {}) => ({ name: d.name, parentId: d.parentId, code: d.code, leaderId: d.leaderId, order: d.order, status: d.status, ...patch });
const fieldsOf = (res: TestResponse) => (res.body.data.details as { path: string }[]).map((d) => d.path);

/** The tree as stored: every department reachable from the root, its path and depth its parent's plus itself. */
async function expectSoundTree(t: TestApp): Promise<void> {
  const rows = rowsOf<{ id: number; parent_id: number | null; path: string; depth: number }>(await t.db.execute(sql`select id, parent_id, path, depth from departments`));
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const row of rows) {
    if (row.parent_id === null) {
      expect([row.id, row.path, row.depth]).toEqual([1, '/1/', 1]);
      continue;
    }
    const parent = byId.get(row.parent_id);
    expect(parent, `parent of ${row.id}`).toBeDefined();
    expect(row.path).toBe(`${parent!.path}${row.id}/`);
    expect(Number(row.depth)).toBe(Number(parent!.depth) + 1);
    expect(Number(row.depth)).toBeLessThanOrEqual(10);
  }
}

/** Parents before children, siblings by order then id. */
function expectTreeOrder(list: Dept[]): void {
  const seen = new Map<number, number>();
  list.forEach((d, i) => {
    if (d.parentId !== null) expect(seen.has(d.parentId), `parent of ${d.id} listed before it`).toBe(true);
    seen.set(d.id, i);
  });
  const siblings = new Map<number | null, Dept[]>();
  for (const d of list) siblings.set(d.parentId, [...(siblings.get(d.parentId) ?? []), d]);
  for (const group of siblings.values()) {
    const sorted = [...group].sort((a, b) => a.order - b.order || a.id - b.id);
    expect(group.map((d) => d.id)).toEqual(sorted.map((d) => d.id));
  }
}

describe('departments', () => {
  const app = systemApp();
  noteSeeded(app);

  it('has one root, made by the migration, named in the reader’s language, holding every account', async () => {
    const [root, ...rest] = await tree(app.admin);
    expect(rest).toEqual([]);
    const accounts = await app.t.count('users');
    expect(root).toMatchObject({ id: 1, parentId: null, name: '总部', depth: 1, status: 'active', memberCount: accounts, leaderId: null, leaderName: null });
    expect((await tree(app.admin, 'en-US'))[0]!.name).toBe('Head office');
    expect(ok(await app.admin.call('GET', '/api/system/departments/1', undefined, { locale: 'en-US' })).name).toBe('Head office');
    expect((await app.admin.call('GET', '/api/system/departments/424242')).status).toBe(404);
  });

  it('creates departments, audited, and answers the tree parents first, siblings by order', async () => {
    const { res, entry } = await audited(app.t, { action: 'system.department.create', targetType: 'department' }, () =>
      app.admin.call('POST', '/api/system/departments', { name: 'Sales', parentId: 1, code: 'SALES', order: 2 }),
    );
    const sales = ok(res) as Dept;
    expect(sales).toMatchObject({ parentId: 1, name: 'Sales', code: 'SALES', order: 2, depth: 2, status: 'active', memberCount: 0 });
    expect(entry!.target_id).toBe(String(sales.id));
    expect(entry!.changes).toEqual([
      { field: 'name', before: null, after: 'Sales' },
      { field: 'parentId', before: null, after: 1 },
      { field: 'code', before: null, after: 'SALES' },
      { field: 'order', before: null, after: 2 },
      { field: 'status', before: null, after: 'active' },
    ]);
    const { id: leader } = await createAccount(app.admin, { username: 'leader1', name: 'Lena Leader', roles: ['user'], password: 'leader123' });
    const rd = await create(app.admin, { name: 'R&D', parentId: 1, order: 1, leaderId: leader });
    expect(rd).toMatchObject({ leaderId: leader, leaderName: 'Lena Leader' });
    await create(app.admin, { name: 'Field', parentId: sales.id });
    await create(app.admin, { name: 'Inside', parentId: sales.id, order: 0 });
    const list = await tree(app.admin);
    expectTreeOrder(list);
    expect(list.map((d) => d.name).slice(0, 5)).toEqual(['总部', 'R&D', 'Sales', 'Field', 'Inside']);
    await expectSoundTree(app.t);
  });

  it('refuses bad input on the field, writing nothing', async () => {
    const parent = await create(app.admin, { name: 'Checks', parentId: 1 });
    const disabled = await create(app.admin, { name: 'Closed', parentId: 1 });
    ok(await app.admin.call('PUT', `/api/system/departments/${disabled.id}`, formOf(disabled, { status: 'disabled' })));
    const { id: gone } = await createAccount(app.admin, { username: 'gone1', name: 'Gone', roles: ['user'], password: 'gone1234' });
    ok(await app.admin.call('POST', `/api/system/users/${gone}/disable`));
    const before = await app.t.count('departments');
    const cases: Array<[Record<string, unknown>, number, string, string?]> = [
      [{ name: '  ', parentId: parent.id }, 400, 'VALIDATION_FAILED', 'name'],
      [{ name: 'x'.repeat(51), parentId: parent.id }, 400, 'VALIDATION_FAILED', 'name'],
      [{ name: 'Ok', parentId: parent.id, code: 'has space' }, 400, 'VALIDATION_FAILED', 'code'],
      [{ name: 'Ok', parentId: parent.id, code: 'x'.repeat(33) }, 400, 'VALIDATION_FAILED', 'code'],
      [{ name: 'Ok' }, 400, 'VALIDATION_FAILED', 'parentId'],
      [{ name: 'Ok', parentId: 424242 }, 400, 'VALIDATION_FAILED', 'parentId'],
      [{ name: 'Ok', parentId: disabled.id }, 400, 'VALIDATION_FAILED', 'parentId'],
      [{ name: 'Ok', parentId: parent.id, leaderId: 424242 }, 400, 'VALIDATION_FAILED', 'leaderId'],
      [{ name: 'Ok', parentId: parent.id, leaderId: gone }, 400, 'VALIDATION_FAILED', 'leaderId'],
      [{ name: 'Ok', parentId: parent.id, order: -1 }, 400, 'VALIDATION_FAILED', 'order'],
      [{ name: 'Ok', parentId: parent.id, status: 'active' }, 400, 'VALIDATION_FAILED'],
      [{ name: 'CHECKS', parentId: 1 }, 409, 'DEPARTMENT_NAME_TAKEN'],
    ];
    for (const [body, status, key, path] of cases) {
      const { res } = await audited(app.t, { action: 'system.department.create', targetType: 'department' }, () => app.admin.call('POST', '/api/system/departments', body));
      expect([res.status, errorOf(res)], JSON.stringify(body)).toEqual([status, key]);
      if (path) expect(fieldsOf(res), JSON.stringify(body)).toContain(path);
    }
    const coded = await create(app.admin, { name: 'Coded', parentId: parent.id, code: 'ab.C-1' });
    const code = await app.admin.call('POST', '/api/system/departments', { name: 'Other', parentId: 1, code: 'AB.c-1' }, { locale: 'en-US' });
    expect([code.status, errorOf(code), code.body.message]).toEqual([409, 'DEPARTMENT_CODE_TAKEN', 'This department code is already taken.']);
    const name = await app.admin.call('POST', '/api/system/departments', { name: 'coded', parentId: parent.id }, { locale: 'zh-CN' });
    expect([name.status, name.body.message]).toEqual([409, '同一上级部门下已有同名部门']);
    expect(await app.t.count('departments')).toBe(before + 1);
    // the same name under another parent is fine
    await create(app.admin, { name: 'Coded', parentId: 1 });
    // a seeded department's English name (shown to English readers) is taken among its siblings too
    const seededOne = await create(app.admin, { name: '北区', parentId: parent.id });
    await app.t.db.execute(sql`update departments set name_en = 'North' where id = ${seededOne.id}`);
    const english = await app.admin.call('POST', '/api/system/departments', { name: 'north', parentId: parent.id }, { locale: 'en-US' });
    expect([english.status, errorOf(english)]).toEqual([409, 'DEPARTMENT_NAME_TAKEN']);
    const renamed = await app.admin.call('PUT', `/api/system/departments/${coded.id}`, formOf(coded, { name: 'North' }));
    expect([renamed.status, errorOf(renamed)]).toEqual([409, 'DEPARTMENT_NAME_TAKEN']);
  });

  it('moves a subtree (paths and depths follow), audited with the old and the new parent', async () => {
    const a = await create(app.admin, { name: 'Move A', parentId: 1 });
    const b = await create(app.admin, { name: 'Move B', parentId: 1 });
    const a1 = await create(app.admin, { name: 'Move A1', parentId: a.id });
    const a11 = await create(app.admin, { name: 'Move A11', parentId: a1.id });
    const { res, entry } = await audited(app.t, { action: 'system.department.update', targetType: 'department', targetId: a.id }, () =>
      app.admin.call('PUT', `/api/system/departments/${a.id}`, formOf(a, { parentId: b.id })),
    );
    expect(ok(res)).toMatchObject({ id: a.id, parentId: b.id, depth: 3 });
    expect(entry!.changes).toEqual([{ field: 'parentId', before: 1, after: b.id }]);
    expect(entry!.summary).toContain(`from 1 to ${b.id}`);
    const byId = new Map((await tree(app.admin)).map((d) => [d.id, d]));
    expect([byId.get(a1.id)!.depth, byId.get(a11.id)!.depth]).toEqual([4, 5]);
    await expectSoundTree(app.t);

    for (const target of [a.id, a1.id, a11.id]) {
      const cycle = await app.admin.call('PUT', `/api/system/departments/${a.id}`, formOf(a, { parentId: target }));
      expect([cycle.status, errorOf(cycle)], `under ${target}`).toEqual([409, 'DEPARTMENT_CYCLE']);
    }
    const taken = await create(app.admin, { name: 'Move A', parentId: 1 });
    const clash = await app.admin.call('PUT', `/api/system/departments/${taken.id}`, formOf(taken, { parentId: b.id }));
    expect(errorOf(clash)).toBe('DEPARTMENT_NAME_TAKEN');
    expect((await app.admin.call('PUT', `/api/system/departments/${a.id}`, formOf(a, { parentId: null }))).status).toBe(400);
    expect((await app.admin.call('PUT', '/api/system/departments/424242', formOf(a, { parentId: 1 }))).status).toBe(404);
  });

  it('keeps every department within 10 levels, counting a moved subtree’s own depth', async () => {
    let parent = 1;
    const chain: number[] = [];
    for (let level = 2; level <= 10; level++) chain.push((parent = (await create(app.admin, { name: `Level ${level}`, parentId: parent })).id));
    const deepest = chain.at(-1)!;
    const tooDeep = await app.admin.call('POST', '/api/system/departments', { name: 'Level 11', parentId: deepest }, { locale: 'en-US' });
    expect([tooDeep.status, fieldsOf(tooDeep), tooDeep.body.data.details[0].message]).toEqual([400, ['parentId'], 'Departments go at most 10 levels deep']);
    const leaf = await create(app.admin, { name: 'Leaf', parentId: 1 });
    const withChild = await create(app.admin, { name: 'Has child', parentId: 1 });
    await create(app.admin, { name: 'Child', parentId: withChild.id });
    // under level 9, a subtree of two levels would reach 11
    const nine = chain.at(-2)!;
    const refused = await app.admin.call('PUT', `/api/system/departments/${withChild.id}`, formOf(withChild, { parentId: nine }));
    expect([refused.status, fieldsOf(refused)]).toEqual([400, ['parentId']]);
    expect(ok(await app.admin.call('PUT', `/api/system/departments/${leaf.id}`, formOf(leaf, { parentId: nine }))).depth).toBe(10);
    const under = await app.admin.call('PUT', `/api/system/departments/${leaf.id}`, formOf(leaf, { parentId: deepest }));
    expect([under.status, fieldsOf(under)]).toEqual([400, ['parentId']]);
    expect(ok(await app.admin.call('PUT', `/api/system/departments/${withChild.id}`, formOf(withChild, { parentId: chain.at(-3)! }))).depth).toBe(9);
    await expectSoundTree(app.t);
  });

  it('never moves, disables or deletes the root; renaming it gives every reader the new name', async () => {
    const [root] = await tree(app.admin);
    const other = await create(app.admin, { name: 'Root probe', parentId: 1 });
    for (const body of [formOf(root!, { parentId: other.id }), formOf(root!, { status: 'disabled' })]) {
      const res = await app.admin.call('PUT', '/api/system/departments/1', body, { locale: 'en-US' });
      expect([res.status, errorOf(res), res.body.message]).toEqual([409, 'CONFLICT', 'The root department cannot be moved, disabled or deleted']);
    }
    const del = await app.admin.call('DELETE', '/api/system/departments/1');
    expect([del.status, errorOf(del)]).toEqual([409, 'CONFLICT']);
    // saved as an English reader saw it: both names kept
    ok(await app.admin.call('PUT', '/api/system/departments/1', formOf(root!, { name: 'Head office', code: 'HQ' }), { locale: 'en-US' }));
    expect([(await tree(app.admin))[0]!.name, (await tree(app.admin, 'en-US'))[0]!.name]).toEqual(['总部', 'Head office']);
    ok(await app.admin.call('PUT', '/api/system/departments/1', formOf(root!, { name: 'Acme', code: 'HQ' })));
    expect([(await tree(app.admin))[0]!.name, (await tree(app.admin, 'en-US'))[0]!.name]).toEqual(['Acme', 'Acme']);
  });

  it('deletes only a department with no sub-department and no member: 409 IN_USE names which', async () => {
    const parent = await create(app.admin, { name: 'Doomed', parentId: 1 });
    const child = await create(app.admin, { name: 'Doomed child', parentId: parent.id });
    const withChild = await app.admin.call('DELETE', `/api/system/departments/${parent.id}`, undefined, { locale: 'en-US' });
    expect([withChild.status, errorOf(withChild), withChild.body.message, withChild.body.data.details]).toEqual([
      409,
      'IN_USE',
      'This department still has sub-departments, so it cannot be deleted',
      { children: 1, members: 0 },
    ]);
    const { id: member } = await createAccount(app.admin, { username: 'doomed1', name: 'Member', roles: ['user'], password: 'doomed123', departmentId: child.id });
    const withMember = await app.admin.call('DELETE', `/api/system/departments/${child.id}`, undefined, { locale: 'zh-CN' });
    expect([withMember.status, withMember.body.message, withMember.body.data.details]).toEqual([409, '该部门下还有成员，不能删除', { children: 0, members: 1 }]);
    ok(await app.admin.call('PUT', `/api/system/users/${member}`, { departmentId: 1 }));
    const { res, entry } = await audited(app.t, { action: 'system.department.delete', targetType: 'department', targetId: child.id }, () => app.admin.call('DELETE', `/api/system/departments/${child.id}`));
    expect(ok(res)).toEqual({ id: child.id });
    expect(entry!.changes).toEqual([
      { field: 'name', before: 'Doomed child', after: null },
      { field: 'parentId', before: parent.id, after: null },
      { field: 'order', before: 0, after: null },
      { field: 'status', before: 'active', after: null },
    ]);
    expect((await app.admin.call('DELETE', `/api/system/departments/${child.id}`)).status).toBe(404);
    ok(await app.admin.call('DELETE', `/api/system/departments/${parent.id}`));
  });

  it('puts accounts in departments: given, or the creator’s; the list filters by subtree; user info names it', async () => {
    const region = await create(app.admin, { name: 'Region', parentId: 1 });
    const branch = await create(app.admin, { name: 'Branch', parentId: region.id });
    const closed = await create(app.admin, { name: 'Shut', parentId: 1 });
    ok(await app.admin.call('PUT', `/api/system/departments/${closed.id}`, formOf(closed, { status: 'disabled' })));

    const { res, entry } = await audited(app.t, { action: 'system.user.create', targetType: 'user' }, () =>
      app.admin.call('POST', '/api/system/users', { username: 'clerk1', name: 'Clerk', roles: ['admin'], password: 'clerk123', departmentId: branch.id }),
    );
    expect(ok(res).user.departmentId).toBe(branch.id);
    expect(entry!.changes).toContainEqual({ field: 'departmentId', before: null, after: branch.id });
    for (const departmentId of [closed.id, 424242]) {
      const refused = await app.admin.call('POST', '/api/system/users', { username: 'clerk2', name: 'Clerk', roles: ['user'], password: 'clerk123', departmentId });
      expect([refused.status, fieldsOf(refused)]).toEqual([400, ['departmentId']]);
      const moved = await app.admin.call('PUT', `/api/system/users/${ok(res).user.id}`, { departmentId });
      expect([moved.status, fieldsOf(moved)]).toEqual([400, ['departmentId']]);
    }
    // the clerk creates an account without a department: the clerk's
    const clerk = await session(app.t, 'clerk1', 'clerk123');
    expect(ok(await clerk.call('POST', '/api/system/users', { username: 'clerk3', name: 'Clerk 3', roles: ['user'], password: 'clerk123' })).user.departmentId).toBe(branch.id);
    const { res: moved, entry: moveEntry } = await audited(app.t, { action: 'system.user.update', targetType: 'user' }, () =>
      app.admin.call('PUT', `/api/system/users/${ok(res).user.id}`, { departmentId: region.id }),
    );
    expect(ok(moved).departmentId).toBe(region.id);
    expect(moveEntry!.changes).toEqual([{ field: 'departmentId', before: branch.id, after: region.id }]);

    const names = async (q: string) => (ok(await app.admin.call('GET', `/api/system/users?pageSize=100&${q}`)).list as { username: string }[]).map((a) => a.username).sort();
    expect(await names(`departmentId=${region.id}`)).toEqual(['clerk1', 'clerk3']);
    expect(await names(`departmentId=${branch.id}`)).toEqual(['clerk3']);
    expect(await names(`departmentId=${branch.id}&keyword=clerk1`)).toEqual([]);
    expect((await names('departmentId=1')).length).toBe(await app.t.count('users'));
    expect(await names('departmentId=424242')).toEqual([]);
    expect((await app.admin.call('GET', '/api/system/users?departmentId=abc')).status).toBe(400);
    // the tree counts each department's own members
    const counts = new Map((await tree(app.admin)).map((d) => [d.id, d.memberCount]));
    expect([counts.get(region.id), counts.get(branch.id)]).toEqual([1, 1]);

    const info = async (client: Client, locale: 'zh-CN' | 'en-US') => ok(await client.call('POST', '/api/user/info', undefined, { locale })).organizationName;
    expect(await info(clerk, 'en-US')).toBe('Region');
    expect(await info(app.admin, 'en-US')).toBe((await tree(app.admin, 'en-US'))[0]!.name);
  });

  it('answers 403 to a role without department:read or department:write, recording the refusal', async () => {
    await createRole(app.admin, 'dept-reader', ['department:read']);
    await createRole(app.admin, 'no-dept', ['user:read']);
    await createAccount(app.admin, { username: 'deptreader', name: 'Reader', roles: ['dept-reader'], password: 'reader123' });
    await createAccount(app.admin, { username: 'nodept', name: 'None', roles: ['no-dept'], password: 'nodept123' });
    const reader = await session(app.t, 'deptreader', 'reader123');
    const none = await session(app.t, 'nodept', 'nodept123');
    expect((await reader.call('GET', '/api/system/departments')).status).toBe(200);
    expect((await none.call('GET', '/api/system/departments')).status).toBe(403);
    expect((await none.call('GET', '/api/system/departments/1')).status).toBe(403);
    const before = await app.t.count('departments');
    const refused = await reader.call('POST', '/api/system/departments', { name: 'Nope', parentId: 1 });
    expect([refused.status, errorOf(refused)]).toEqual([403, 'FORBIDDEN']);
    expect((await reader.call('DELETE', '/api/system/departments/1')).status).toBe(403);
    expect(await app.t.count('departments')).toBe(before);
    const [denied] = rowsOf<{ n: number }>(await app.t.db.execute(sql`select count(*)::int as n from audit_log where action = 'system.department.create' and result = 'denied'`));
    expect(denied!.n).toBeGreaterThan(0);
  });
});

describe('a delegate’s departments', () => {
  const app = systemApp();
  noteSeeded(app);

  it('changes only departments its scope of the accounts holds: elsewhere 403 OUT_OF_SCOPE, in the trail, nothing written', async () => {
    const a = await create(app.admin, { name: 'Reach A', parentId: 1 });
    const a1 = await create(app.admin, { name: 'Reach A1', parentId: a.id });
    const a2 = await create(app.admin, { name: 'Reach A2', parentId: a.id });
    const b = await create(app.admin, { name: 'Reach B', parentId: 1 });
    const b1 = await create(app.admin, { name: 'Reach B1', parentId: b.id });
    await createRole(app.admin, 'dept-delegate', ['department:read', 'department:write']);
    ok(await app.admin.call('PUT', `/api/system/roles/${(await app.admin.call('GET', '/api/system/roles?pageSize=100')).body.data.list.find((r: { code: string }) => r.code === 'dept-delegate').id}`, { dataScope: 'department-tree' }));
    const { id: delegateId } = await createAccount(app.admin, { username: 'dept-delegate', name: 'Delegate', roles: ['dept-delegate'], password: 'delegate123', departmentId: a.id });
    const delegate = await session(app.t, 'dept-delegate', 'delegate123');
    const before = await tree(app.admin);
    const root = before.find((d) => d.id === 1)!;
    // what the console offers to change: its subtree; every department to an administrator
    expect(ok(await delegate.call('GET', '/api/system/department-reach')).ids).toEqual([a.id, a1.id, a2.id]);
    expect(ok(await app.admin.call('GET', '/api/system/department-reach')).ids).toHaveLength(await app.t.count('departments'));

    const refusals: [string, () => Promise<TestResponse>, string | undefined][] = [
      ['a department under another branch', () => delegate.call('POST', '/api/system/departments', { name: 'Planted', parentId: b.id }), 'parentId'],
      ['another branch renamed', () => delegate.call('PUT', `/api/system/departments/${b.id}`, formOf(b, { name: 'Renamed B' })), undefined],
      ['another branch moved under its own', () => delegate.call('PUT', `/api/system/departments/${b.id}`, formOf(b, { parentId: a.id })), undefined],
      ['its own moved under another branch', () => delegate.call('PUT', `/api/system/departments/${a1.id}`, formOf(a1, { parentId: b1.id })), 'parentId'],
      ['itself named leader of another branch', () => delegate.call('PUT', `/api/system/departments/${b.id}`, formOf(b, { leaderId: delegateId })), undefined],
      ['another branch disabled', () => delegate.call('PUT', `/api/system/departments/${b1.id}`, formOf(b1, { status: 'disabled' })), undefined],
      ['another branch deleted', () => delegate.call('DELETE', `/api/system/departments/${b1.id}`), undefined],
      ['the root renamed', () => delegate.call('PUT', '/api/system/departments/1', formOf(root, { name: 'Renamed root' })), undefined],
    ];
    for (const [what, call, field] of refusals) {
      const { res } = await audited(app.t, { action: '', targetType: 'department' }, call);
      expect([res.status, errorOf(res), res.body.data.details?.field], what).toEqual([403, 'OUT_OF_SCOPE', field]);
    }
    expect(await tree(app.admin)).toEqual(before);
    const [denied] = rowsOf<{ n: number }>(await app.t.db.execute(sql`select count(*)::int as n from audit_log where result = 'denied' and action like 'system.department.%'`));
    expect(denied!.n).toBe(refusals.length);
    // in both languages, saying which department is beyond
    for (const locale of ['zh-CN', 'en-US'] as const) {
      const moved = await delegate.call('PUT', `/api/system/departments/${a1.id}`, formOf(a1, { parentId: b1.id }), { locale });
      expect(moved.body.message).toBe(locale === 'zh-CN' ? '上级部门超出了你的数据权限范围' : 'The parent department is outside your data scope');
      const renamed = await delegate.call('PUT', `/api/system/departments/${b.id}`, formOf(b, { name: 'Renamed B' }), { locale });
      expect(renamed.body.message).toBe(locale === 'zh-CN' ? '该部门超出了你的数据权限范围' : 'This department is outside your data scope');
    }

    // within its subtree: everything, itself as a leader included
    const made = await create(delegate, { name: 'Reach A3', parentId: a.id });
    ok(await delegate.call('PUT', `/api/system/departments/${a2.id}`, formOf(a2, { parentId: a1.id, leaderId: delegateId })));
    ok(await delegate.call('PUT', `/api/system/departments/${a.id}`, formOf(a, { name: 'Reach A, renamed' })));
    ok(await delegate.call('DELETE', `/api/system/departments/${made.id}`));
    const after = await tree(app.admin);
    expect(after.find((d) => d.id === a2.id)).toMatchObject({ parentId: a1.id, leaderId: delegateId });
    expect(after.find((d) => d.id === b.id)).toMatchObject({ name: 'Reach B', parentId: 1, leaderId: null });
  });
});

describe('departments under concurrency', () => {
  const app = systemApp();
  noteSeeded(app);

  it('lets exactly one of two moves that would together make a cycle win; the tree stays whole', async () => {
    for (let round = 0; round < 6; round++) {
      const a = await create(app.admin, { name: `Race A${round}`, parentId: 1 });
      const b = await create(app.admin, { name: `Race B${round}`, parentId: 1 });
      const b1 = await create(app.admin, { name: `Race B1-${round}`, parentId: b.id });
      // A under B's child, and B under A: either alone is fine, both would be a cycle
      const results = await Promise.all([
        app.admin.call('PUT', `/api/system/departments/${a.id}`, formOf(a, { parentId: b1.id })),
        app.admin.call('PUT', `/api/system/departments/${b.id}`, formOf(b, { parentId: a.id })),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(errorOf(results.find((r) => r.status === 409)!)).toBe('DEPARTMENT_CYCLE');
      await expectSoundTree(app.t);
    }
    const list = await tree(app.admin);
    expectTreeOrder(list);
    expect(new Set(list.map((d) => d.id)).size + seeded.size).toBe(await app.t.count('departments'));
  });

  it('names an account a department’s leader while it moves into that department: both answer, never a deadlock’s 500', async () => {
    for (let round = 0; round < 12; round++) {
      const d = await create(app.admin, { name: `Leading ${round}`, parentId: 1 });
      const { id } = await createAccount(app.admin, { username: `leader${round}`, name: 'Leader', roles: ['user'], password: 'leader123' });
      // the department's edit locks the leader's row, the account's its department's
      const results = await Promise.all([
        app.admin.call('PUT', `/api/system/departments/${d.id}`, formOf(d, { leaderId: id })),
        app.admin.call('PUT', `/api/system/users/${id}`, { departmentId: d.id }),
      ]);
      expect(results.map((r) => `${r.status} ${r.status === 200 ? '' : r.text}`), `round ${round}`).toEqual(['200 ', '200 ']);
      expect((await tree(app.admin)).find((x) => x.id === d.id)).toMatchObject({ leaderId: id, memberCount: 1 });
    }
  });

  it('never deletes a department an account is being put in at the same moment', async () => {
    const { id: mover } = await createAccount(app.admin, { username: 'mover', name: 'Mover', roles: ['user'], password: 'mover123' });
    for (let round = 0; round < 6; round++) {
      const d = await create(app.admin, { name: `Racing ${round}`, parentId: 1 });
      const [deleted, assigned] = await Promise.all([
        app.admin.call('DELETE', `/api/system/departments/${d.id}`),
        round % 2 === 0
          ? app.admin.call('POST', '/api/system/users', { username: `racer${round}`, name: 'Racer', roles: ['user'], password: 'racer123', departmentId: d.id })
          : app.admin.call('PUT', `/api/system/users/${mover}`, { departmentId: d.id }),
      ]);
      if (deleted.status === 200) expect([assigned.status, fieldsOf(assigned)]).toEqual([400, ['departmentId']]);
      else {
        expect([deleted.status, errorOf(deleted), assigned.status]).toEqual([409, 'IN_USE', 200]);
        ok(await app.admin.call('PUT', `/api/system/users/${mover}`, { departmentId: 1 }));
      }
      const [orphans] = rowsOf<{ n: number }>(await app.t.db.execute(sql`select count(*)::int as n from users u where not exists (select 1 from departments d where d.id = u.department_id)`));
      expect(orphans!.n).toBe(0);
    }
  });
});

describe('a tree of 5 000 departments, 10 levels deep', () => {
  const app = systemApp();
  noteSeeded(app);

  it('answers whole in one call, in tree order, and a subtree filters the accounts', async () => {
    // Built in SQL: level by level, each department under one of the level above (seeded, so reruns match).
    const levels: number[][] = [[1]];
    let next = 1000;
    const rows: Array<{ id: number; parent: number; depth: number }> = [];
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const perLevel = [0, 0, 12, 40, 120, 300, 500, 700, 900, 1100, 1327];
    for (let depth = 2; depth <= 10; depth++) {
      const level: number[] = [];
      for (let i = 0; i < perLevel[depth]!; i++) {
        const above = levels[depth - 2]!;
        const id = next++;
        rows.push({ id, parent: above[Math.floor(random() * above.length)]!, depth });
        level.push(id);
      }
      levels.push(level);
    }
    expect(rows.length).toBe(4999);
    const paths = new Map<number, string>([[1, '/1/']]);
    for (const r of rows) paths.set(r.id, `${paths.get(r.parent)}${r.id}/`);
    for (let i = 0; i < rows.length; i += 500) {
      const values = rows.slice(i, i + 500).map((r) => sql`(${r.id}, ${r.parent}, ${`Dept ${r.id}`}, ${paths.get(r.id)}, ${r.depth}, ${r.id % 7})`);
      await app.t.db.execute(sql`insert into departments (id, parent_id, name, path, depth, sort_order) overriding system value values ${sql.join(values, sql`, `)}`);
    }
    await app.t.db.execute(sql`select setval(pg_get_serial_sequence('departments', 'id'), (select max(id) from departments))`);

    const list = await tree(app.admin);
    expect(list.length).toBe(5000);
    expectTreeOrder(list);
    expect(Math.max(...list.map((d) => d.depth))).toBe(10);
    await expectSoundTree(app.t);

    // an account deep down is found from every department above it, and from no other
    const leafId = levels[9]![0]!;
    await createAccount(app.admin, { username: 'deep', name: 'Deep', roles: ['user'], password: 'deep1234', departmentId: leafId });
    const ancestors = paths.get(leafId)!.split('/').filter(Boolean).map(Number);
    for (const id of ancestors) {
      const found = ok(await app.admin.call('GET', `/api/system/users?departmentId=${id}&keyword=deep`)).list as { username: string }[];
      expect(found.map((a) => a.username), `from ${id}`).toEqual(['deep']);
    }
    const elsewhere = levels[2]!.find((id) => !ancestors.includes(id))!;
    expect(ok(await app.admin.call('GET', `/api/system/users?departmentId=${elsewhere}&keyword=deep`)).total).toBe(0);

    // a move of a subtree rewrites every path below it at once (level 3 under another of level 2: no level changes)
    const moved = list.find((d) => d.depth === 3)!;
    const target = levels[1]!.find((id) => id !== moved.parentId)!;
    const below = list.filter((d) => paths.get(d.id)!.startsWith(paths.get(moved.id)!)).length;
    expect(ok(await app.admin.call('PUT', `/api/system/departments/${moved.id}`, formOf(moved, { parentId: target }))).parentId).toBe(target);
    const [count] = rowsOf<{ n: number }>(await app.t.db.execute(sql`select count(*)::int as n from departments where path like ${`/1/${target}/${moved.id}/%`}`));
    expect(count!.n).toBe(below);
    await expectSoundTree(app.t);
  }, 120_000);
});

describe('migration 0009', () => {
  it('puts the accounts of an earlier version in the root it makes', async () => {
    const earlier = mkdtempSync(join(tmpdir(), 'atrium-migrations-'));
    const handle = await openEmptyTestDatabase();
    try {
      cpSync(migrationsFolder, earlier, { recursive: true });
      const journal = JSON.parse(readFileSync(join(earlier, 'meta/_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
      const before = journal.entries.findIndex((e) => e.tag === '0009_departments');
      expect(before).toBeGreaterThan(0);
      writeFileSync(join(earlier, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, before) }));
      await migrateDatabase(handle, [], earlier);
      await handle.db.execute(sql`insert into users (account_id, username, password_hash, roles) values ('10001', 'early', 'x', '{admin}'), ('10002', 'later', 'x', '{user}')`);

      expect((await migrateDatabase(handle, []))[0]).toBe('0009_departments');
      const departments = rowsOf<{ id: number; parent_id: number | null; name: string; name_en: string; path: string; depth: number }>(
        await handle.db.execute(sql`select id, parent_id, name, name_en, path, depth from departments`),
      );
      expect(departments).toEqual([{ id: 1, parent_id: null, name: '总部', name_en: 'Head office', path: '/1/', depth: 1 }]);
      const accounts = rowsOf<{ username: string; department_id: number }>(await handle.db.execute(sql`select username, department_id from users order by username`));
      expect(accounts).toEqual([
        { username: 'early', department_id: 1 },
        { username: 'later', department_id: 1 },
      ]);
      // an account made without a department (the create-admin command, company sign-in) goes to the root; a second root cannot be made
      await handle.db.execute(sql`insert into users (account_id, username, password_hash) values ('10003', 'newer', 'x')`);
      expect(rowsOf<{ d: number }>(await handle.db.execute(sql`select department_id as d from users where username = 'newer'`))).toEqual([{ d: 1 }]);
      await expect(handle.db.execute(sql`insert into departments (name, path, depth) values ('Second root', '/x/', 1)`)).rejects.toThrow();
      await expect(handle.db.execute(sql`insert into departments (parent_id, name, path, depth) values (1, 'Too deep', '/1/x/', 11)`)).rejects.toThrow();
    } finally {
      await handle.close();
      rmSync(earlier, { recursive: true, force: true });
    }
  }, 240_000);
});
