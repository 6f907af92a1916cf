import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/client.ts';
import { TEST_FINGERPRINT } from '../test/harness.ts';
import { createAccount, createDepartment, errorOf, session, systemApp, type Client } from '../test/system-kit.ts';
import { resolveSession } from './resolve-session.ts';

describe("the caller's data scope, as of each request", () => {
  const app = systemApp();
  const department = (name: string, parentId: number) => createDepartment(app.admin, name, parentId);
  const role = async (code: string, body: Record<string, unknown>, as: Client = app.admin) => as.call('POST', '/api/system/roles', { code, name: code, permissions: [], ...body });
  /** The gate's resolution of the client's token, as the next request would see it. */
  const scopeOf = async (client: Client) => (await resolveSession(app.t.db, app.t.config, client.token, TEST_FINGERPRINT, new Date(), undefined)).scope;
  const ids = (set: ReadonlySet<number> | null) => (set === null ? null : [...set].sort((a, b) => a - b));
  const sorted = (list: number[]) => [...list].sort((a, b) => a - b);

  it('gives the built-in roles and a new role `all`, and answers the role with its scope', async () => {
    const roles = await app.admin.call('GET', '/api/system/roles');
    for (const r of roles.body.data.list.filter((x: { builtIn: boolean }) => x.builtIn)) expect(r).toMatchObject({ dataScope: 'all', departmentIds: [], scopes: {} });
    const created = await role('scope-default', {});
    expect(created.status, created.text).toBe(200);
    expect(created.body.data).toMatchObject({ dataScope: 'all', departmentIds: [], scopes: {} });
    const admin = await scopeOf(app.admin);
    expect(await admin.reach('user')).toEqual({ scope: 'all', departmentIds: null, ownerId: null });
  });

  it('reckons each scope from the account department and the tree, and follows every change from the next request', async () => {
    const region = await department('Scope region', 1);
    const branch = await department('Scope branch', region);
    const team = await department('Scope team', branch);
    const other = await department('Scope other', 1);
    const created = await role('scope-tree', { dataScope: 'department-tree', scopes: { user: 'own' } });
    expect(created.status, created.text).toBe(200);
    const roleId = created.body.data.id;
    const { id: accountId } = await createAccount(app.admin, { username: 'scoped-clerk', name: 'Clerk', roles: ['scope-tree'], password: 'clerk123', departmentId: region });
    const clerk = await session(app.t, 'scoped-clerk', 'clerk123');

    let scope = await scopeOf(clerk);
    expect(scope.departmentId).toBe(region);
    expect(scope.scopeOf()).toBe('department-tree');
    expect(ids((await scope.reach()).departmentIds)).toEqual(sorted([region, branch, team]));
    expect(await scope.reach('user')).toEqual({ scope: 'own', departmentIds: null, ownerId: accountId });
    // a resource without an override takes the role's scope
    expect((await scope.reach('widget')).scope).toBe('department-tree');

    // the account moves: the next request reckons from its new department
    expect((await app.admin.call('PUT', `/api/system/users/${accountId}`, { departmentId: branch })).status).toBe(200);
    scope = await scopeOf(clerk);
    expect(ids((await scope.reach()).departmentIds)).toEqual(sorted([branch, team]));

    // the tree changes (a new department under the branch, made in SQL: any writer counts)
    const [inserted] = rowsOf<{ id: number }>(await app.t.db.execute(sql`insert into departments (parent_id, name, path, depth) values (${branch}, 'Scope late', '', 3) returning id`));
    const late = Number(inserted!.id);
    await app.t.db.execute(sql`update departments set path = ${`/1/${region}/${branch}/${late}/`} where id = ${late}`);
    expect(ids((await (await scopeOf(clerk)).reach()).departmentIds)).toEqual(sorted([branch, team, late]));

    // the role's scope changes: custom departments, each with its subtree
    const edited = await app.admin.call('PUT', `/api/system/roles/${roleId}`, { dataScope: 'custom', departmentIds: [other, team, team] });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.data).toMatchObject({ dataScope: 'custom', departmentIds: sorted([other, team]), scopes: { user: 'own' } });
    scope = await scopeOf(clerk);
    expect(ids((await scope.reach()).departmentIds)).toEqual(sorted([other, team]));
    // the custom departments written alone (an operator in SQL) still move the roles' generation
    await app.t.db.execute(sql`insert into role_departments (role_id, department_id) values (${roleId}, ${region})`);
    expect(ids((await (await scopeOf(clerk)).reach()).departmentIds)).toEqual(sorted([region, branch, team, late, other]));

    // the account's roles change: the next request acts in the role it has left
    const plain = await role('scope-own', { dataScope: 'own' });
    expect((await app.admin.call('PUT', `/api/system/users/${accountId}`, { roles: ['scope-own'] })).status).toBe(200);
    scope = await scopeOf(clerk);
    expect(await scope.reach('widget')).toEqual({ scope: 'own', departmentIds: null, ownerId: accountId });
    expect(plain.body.data.dataScope).toBe('own');
  });

  it('validates the scope fields with messages in both languages, writing nothing', async () => {
    const before = await app.t.count('roles');
    const custom = await role('scope-bad', { dataScope: 'custom' }, app.admin);
    expect(custom.status).toBe(400);
    expect(custom.body.data.details).toContainEqual(expect.objectContaining({ path: 'departmentIds' }));
    const zh = await app.admin.call('POST', '/api/system/roles', { code: 'scope-bad', name: 'x', permissions: [], dataScope: 'custom', departmentIds: [424242] }, { locale: 'zh-CN' });
    expect(zh.status).toBe(400);
    expect(JSON.stringify(zh.body)).toContain('自定义数据权限须选择至少一个存在的部门');
    const en = await app.admin.call('POST', '/api/system/roles', { code: 'scope-bad', name: 'x', permissions: [], dataScope: 'custom', departmentIds: [424242] }, { locale: 'en-US' });
    expect(JSON.stringify(en.body)).toContain('A custom data scope needs at least one existing department');
    expect(en.body.data.details).toContainEqual(expect.objectContaining({ path: 'departmentIds' }));
    const unknownKey = await role('scope-bad', { scopes: { nothing: 'own' } });
    expect(unknownKey.status).toBe(400);
    expect(unknownKey.body.data.details).toContainEqual(expect.objectContaining({ path: 'scopes' }));
    const badValue = await role('scope-bad', { scopes: { user: 'everything' } });
    expect(badValue.status).toBe(400);
    const badScope = await role('scope-bad', { dataScope: 'region' });
    expect(badScope.status).toBe(400);
    expect(badScope.body.data.details).toContainEqual(expect.objectContaining({ path: 'dataScope' }));
    expect(await app.t.count('roles')).toBe(before);

    // an edit to `custom` without departments, and the built-in roles' scope
    const id = (await role('scope-edit', {})).body.data.id;
    expect(errorOf(await app.admin.call('PUT', `/api/system/roles/${id}`, { dataScope: 'custom' }))).toBe('VALIDATION_FAILED');
    const admin = (await app.admin.call('GET', '/api/system/roles')).body.data.list.find((r: { code: string }) => r.code === 'admin');
    expect(errorOf(await app.admin.call('PUT', `/api/system/roles/${admin.id}`, { dataScope: 'own' }))).toBe('ROLE_BUILT_IN');
    expect((await app.admin.call('PUT', `/api/system/roles/${admin.id}`, { dataScope: 'all', scopes: {} })).status).toBe(200);
  });

  it('drops a deleted department from a custom scope, and the holders reach what is left', async () => {
    const kept = await department('Scope kept', 1);
    const gone = await department('Scope gone', 1);
    const res = await role('scope-cascade', { dataScope: 'custom', departmentIds: [kept, gone] });
    expect(res.status, res.text).toBe(200);
    await createAccount(app.admin, { username: 'scoped-cascade', name: 'Cascade', roles: ['scope-cascade'], password: 'cascade123', departmentId: kept });
    const holder = await session(app.t, 'scoped-cascade', 'cascade123');
    expect(ids((await (await scopeOf(holder)).reach()).departmentIds)).toEqual(sorted([kept, gone]));
    expect((await app.admin.call('DELETE', `/api/system/departments/${gone}`)).status).toBe(200);
    expect(ids((await (await scopeOf(holder)).reach()).departmentIds)).toEqual([kept]);
    const after = await app.admin.call('GET', '/api/system/roles?pageSize=100');
    expect(after.body.data.list.find((r: { code: string }) => r.code === 'scope-cascade').departmentIds).toEqual([kept]);
  });
});
