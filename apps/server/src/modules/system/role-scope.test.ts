import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { withDatabaseBefore } from '../../test/harness.ts';
import { audited, createAccount, createDepartment, createRole, errorOf, session, systemApp, type Client } from '../../test/system-kit.ts';

/**
 * No escalation by data scope (decision 033): an administrator whose role reaches a subtree creates, edits
 * and gives only roles that reach no department outside it.
 */
describe('nobody gives a data scope wider than their own', () => {
  const app = systemApp();
  const tree = {} as { region: number; branch: number; team: number; sibling: number };
  let delegate: Client;
  const department = (name: string, parentId: number) => createDepartment(app.admin, name, parentId);
  const role = (as: Client, code: string, scope: Record<string, unknown>) => as.call('POST', '/api/system/roles', { code, name: code, permissions: [], ...scope });
  const setUp = async () => {
    if (delegate) return;
    tree.region = await department('Escalation region', 1);
    tree.branch = await department('Escalation branch', tree.region);
    tree.team = await department('Escalation team', tree.branch);
    tree.sibling = await department('Escalation sibling', 1);
    const res = await role(app.admin, 'delegate', { permissions: ['role:read', 'role:write', 'user:read', 'user:write'], dataScope: 'department-tree', scopes: { user: 'department' } });
    expect(res.status, res.text).toBe(200);
    await createAccount(app.admin, { username: 'delegate', name: 'Delegate', roles: ['delegate'], password: 'delegate123', departmentId: tree.region });
    delegate = await session(app.t, 'delegate', 'delegate123');
  };

  it('creates only roles whose scope stays within the creator’s, as if held in the creator’s department', async () => {
    await setUp();
    for (const [code, scope] of [
      ['within-tree', { dataScope: 'department-tree', scopes: { user: 'own' } }],
      ['within-dept', { dataScope: 'department' }],
      ['within-own', { dataScope: 'own', scopes: { user: 'own' } }],
      ['within-custom', { dataScope: 'custom', departmentIds: [tree.branch, tree.team], scopes: { user: 'own' } }],
      // the accounts: the delegate reaches its own department only, and so may a role it makes
      ['within-coll', { dataScope: 'department-tree', scopes: { user: 'department' } }],
    ] as const) {
      const res = await role(delegate, code, scope);
      expect(res.status, `${code}: ${res.text}`).toBe(200);
    }
    for (const [code, scope] of [
      ['beyond-all', { dataScope: 'all' }],
      ['beyond-custom', { dataScope: 'custom', departmentIds: [tree.sibling] }],
      ['beyond-root', { dataScope: 'custom', departmentIds: [1] }],
      ['beyond-override', { dataScope: 'own', scopes: { user: 'all' } }],
      // no override: the accounts take the role's scope, wider than the delegate's department
      ['beyond-coll', { dataScope: 'department-tree' }],
      ['beyond-coll-custom', { dataScope: 'custom', departmentIds: [tree.branch] }],
    ] as const) {
      const { res } = await audited(app.t, { action: 'system.role.create', targetType: 'role' }, () => role(delegate, code, scope));
      expect(res.status, code).toBe(403);
      expect(errorOf(res)).toBe('FORBIDDEN');
    }
    const codes = (await app.admin.call('GET', '/api/system/roles?pageSize=100')).body.data.list.map((r: { code: string }) => r.code);
    expect(codes.filter((c: string) => c.startsWith('beyond-'))).toEqual([]);
  });

  it('edits a role’s scope only within the editor’s, for every holder where it is', async () => {
    await setUp();
    const id = await createRole(app.admin, 'held-outside', []);
    await createAccount(app.admin, { username: 'outsider', name: 'Outsider', roles: ['held-outside'], password: 'outsider123', departmentId: tree.sibling });
    // its holder sits outside the delegate's subtree: a department scope would reach there
    expect(errorOf(await delegate.call('PUT', `/api/system/roles/${id}`, { dataScope: 'department' }))).toBe('FORBIDDEN');
    // but `all` held by others stays editable in what is not scope (a rename), and may be narrowed to `own`
    expect((await delegate.call('PUT', `/api/system/roles/${id}`, { name: 'Renamed' })).status).toBe(200);
    expect((await delegate.call('PUT', `/api/system/roles/${id}`, { dataScope: 'own' })).status).toBe(200);
    // widening back is beyond the delegate
    expect(errorOf(await delegate.call('PUT', `/api/system/roles/${id}`, { dataScope: 'all' }))).toBe('FORBIDDEN');
    const after = (await app.admin.call('GET', '/api/system/roles?pageSize=100')).body.data.list.find((r: { id: number }) => r.id === id);
    expect(after).toMatchObject({ name: 'Renamed', dataScope: 'own' });
  });

  it('gives a role only to an account where its scope stays within the giver’s, and puts one only where the giver reaches', async () => {
    await setUp();
    expect((await role(app.admin, 'branch-tree', { dataScope: 'department-tree', scopes: { user: 'own' } })).status).toBe(200);
    expect((await role(app.admin, 'region-wide', { dataScope: 'department-tree' })).status).toBe(200);
    // the delegate manages the accounts of its own department only: one put in the branch below is out of its scope
    expect(errorOf(await delegate.call('POST', '/api/system/users', { username: 'coll-clerk', name: 'Clerk', roles: ['branch-tree'], departmentId: tree.branch }))).toBe('OUT_OF_SCOPE');
    // in its department, a role reaching the region's subtree and its own account: given
    const inside = await delegate.call('POST', '/api/system/users', { username: 'branch-clerk', name: 'Clerk', roles: ['branch-tree'], departmentId: tree.region });
    expect(inside.status, inside.text).toBe(200);
    const clerkId = inside.body.data.user.id;
    // outside it: refused, nothing written
    const before = await app.t.count('users');
    const outside = await delegate.call('POST', '/api/system/users', { username: 'sibling-clerk', name: 'Clerk', roles: ['branch-tree'], departmentId: tree.sibling });
    expect(errorOf(outside)).toBe('OUT_OF_SCOPE');
    expect(await app.t.count('users')).toBe(before);
    // the built-in `user` reaches every record: beyond a delegate (its permissions would be too)
    expect(errorOf(await delegate.call('PUT', `/api/system/users/${clerkId}`, { roles: ['branch-tree', 'user'] }))).toBe('FORBIDDEN');
    // a role whose holders would manage the region's whole subtree of accounts: beyond the delegate's department
    expect(errorOf(await delegate.call('PUT', `/api/system/users/${clerkId}`, { roles: ['region-wide'] }))).toBe('FORBIDDEN');
    // moving the account out of the delegate's department, below it or beside it: out of its scope
    expect(errorOf(await delegate.call('PUT', `/api/system/users/${clerkId}`, { departmentId: tree.sibling }))).toBe('OUT_OF_SCOPE');
    expect(errorOf(await delegate.call('PUT', `/api/system/users/${clerkId}`, { departmentId: tree.team }))).toBe('OUT_OF_SCOPE');
    // an administrator reaching everything gives anything anywhere; the account is then out of the delegate's reach
    expect((await app.admin.call('PUT', `/api/system/users/${clerkId}`, { departmentId: tree.sibling })).status).toBe(200);
    expect((await delegate.call('GET', `/api/system/users/${clerkId}`)).status).toBe(404);
  });

  it('needs departments for a custom override as for a custom scope, and keeps them while one stays custom', async () => {
    await setUp();
    const pathsOf = (res: { body: { data: { details: { path: string }[] } } }) => res.body.data.details.map((d) => d.path);
    const bare = await role(app.admin, 'override-bare', { dataScope: 'all', scopes: { user: 'custom' } });
    expect([bare.status, errorOf(bare), pathsOf(bare)]).toEqual([400, 'VALIDATION_FAILED', ['departmentIds']]);
    const made = await role(app.admin, 'override-custom', { dataScope: 'all', departmentIds: [tree.branch], scopes: { user: 'custom' } });
    expect(made.status, made.text).toBe(200);
    expect(made.body.data).toMatchObject({ dataScope: 'all', departmentIds: [tree.branch], scopes: { user: 'custom' } });
    const id = made.body.data.id;
    // the role's own scope changed, the override kept: its departments stay
    const changed = await app.admin.call('PUT', `/api/system/roles/${id}`, { dataScope: 'department' });
    expect(changed.body.data, changed.text).toMatchObject({ dataScope: 'department', departmentIds: [tree.branch], scopes: { user: 'custom' } });
    // emptied while the override stays custom: refused, nothing changed
    const emptied = await app.admin.call('PUT', `/api/system/roles/${id}`, { departmentIds: [] });
    expect([emptied.status, errorOf(emptied), pathsOf(emptied)]).toEqual([400, 'VALIDATION_FAILED', ['departmentIds']]);
    // the override gone: nothing is custom, the departments go
    const dropped = await app.admin.call('PUT', `/api/system/roles/${id}`, { scopes: {} });
    expect(dropped.body.data, dropped.text).toMatchObject({ dataScope: 'department', departmentIds: [], scopes: {} });
  });

  let region: Promise<{ boss: number; auditor: number; clerk: number }> | undefined;
  /**
   * In the delegate's own department, so within its reach of the accounts: an administrator, an auditor whose
   * scope is narrow but whose permission the delegate lacks, and a clerk holding what the delegate could give.
   */
  const regionAccounts = () =>
    (region ??= (async () => {
      await setUp();
      const { id: boss } = await createAccount(app.admin, { username: 'region-boss', name: 'Boss', roles: ['admin'], password: 'boss1234', departmentId: tree.region });
      expect((await role(app.admin, 'own-auditor', { permissions: ['audit:read'], dataScope: 'own' })).status).toBe(200);
      const { id: auditor } = await createAccount(app.admin, { username: 'region-auditor', name: 'Auditor', roles: ['own-auditor'], password: 'auditor123', departmentId: tree.region });
      const { id: clerk } = await createAccount(app.admin, { username: 'region-clerk', name: 'Clerk', roles: ['branch-tree'], password: 'clerk1234', departmentId: tree.region });
      return { boss, auditor, clerk };
    })());

  it('takes over no account of its reach holding a role it could not give it: no password, two-step, phone or e-mail (403)', async () => {
    const { boss, auditor, clerk } = await regionAccounts();
    const rowOf = async (id: number) => rowsOf<{ phone: string | null }>(await app.t.db.execute(sql`select name, phone, email, status, password_hash, must_change_password from users where id = ${id}`))[0];
    const takeovers = [
      ['POST', '/reset-password', undefined],
      ['POST', '/two-step/reset', undefined],
      ['PUT', '', { phone: '13912345678' }],
      ['PUT', '', { name: 'Renamed', email: 'taken.over@example.com' }],
    ] as const;
    for (const id of [boss, auditor]) {
      const before = await rowOf(id);
      for (const [method, path, body] of takeovers) {
        const { res } = await audited(app.t, { action: '', targetType: 'user' }, () => delegate.call(method, `/api/system/users/${id}${path}`, body));
        expect([res.status, errorOf(res)], `${method} ${path} of ${id}`).toEqual([403, 'FORBIDDEN']);
      }
      expect(await rowOf(id)).toEqual(before);
      // each refusal is in the trail
      const [denied] = rowsOf<{ n: number }>(await app.t.db.execute(sql`select count(*)::int as n from audit_log where result = 'denied' and target_id = ${String(id)}`));
      expect(denied!.n).toBe(takeovers.length);
      // what gives the delegate nothing stays open to it (system.md): a rename, its contacts unchanged
      expect((await delegate.call('PUT', `/api/system/users/${id}`, { name: 'Renamed', phone: before!.phone })).status).toBe(200);
    }
    // an account holding only what the delegate could give it: all of it, as before
    for (const [method, path, body] of takeovers) expect((await delegate.call(method, `/api/system/users/${clerk}${path}`, body)).status, `${method} ${path}`).toBe(200);
  });

  it('says on each account whether its caller may take it over, in the list and by id, as the refusals have it', async () => {
    const { boss } = await regionAccounts();
    const recoverable = async (as: Client) => {
      const res = await as.call('GET', '/api/system/users?current=1&pageSize=100&keyword=region-');
      expect(res.status, res.text).toBe(200);
      return Object.fromEntries((res.body.data.list as { username: string; recoverable: boolean }[]).map((a) => [a.username, a.recoverable]));
    };
    // the delegate's list: the administrator and the auditor hold what it could not give; the clerk does not
    expect(await recoverable(delegate)).toEqual({ 'region-boss': false, 'region-auditor': false, 'region-clerk': true });
    // the same page for the administrator, who could give every role: the answer is the caller's, not the page's
    expect(await recoverable(app.admin)).toEqual({ 'region-boss': true, 'region-auditor': true, 'region-clerk': true });
    const byId = await delegate.call('GET', `/api/system/users/${boss}`);
    expect([byId.status, byId.body.data?.recoverable]).toEqual([200, false]);
    // a rename, which stays open to the delegate, answers the record as the delegate sees it
    const renamed = await delegate.call('PUT', `/api/system/users/${boss}`, { name: 'Boss' });
    expect([renamed.status, renamed.body.data?.recoverable]).toEqual([200, false]);
  });
});

describe('migration 0010', () => {
  it('gives every role of an earlier version the scope `all`, and keeps the scope to the five', async () => {
    await withDatabaseBefore('0010_role_data_scope', async (handle) => {
      await handle.db.execute(sql`insert into roles (code, name, permissions) values ('old-clerk', 'Old clerk', '{user:read}')`);
      expect((await migrateDatabase(handle, []))[0]).toBe('0010_role_data_scope');
      const roles = rowsOf<{ code: string; data_scope: string; scopes: unknown }>(await handle.db.execute(sql`select code, data_scope, scopes from roles order by id`));
      expect(roles.map((r) => r.code)).toEqual(expect.arrayContaining(['admin', 'user', 'old-clerk']));
      for (const role of roles) expect(role, role.code).toMatchObject({ data_scope: 'all', scopes: {} });
      await expect(handle.db.execute(sql`update roles set data_scope = 'region' where code = 'old-clerk'`)).rejects.toThrow();
    });
  }, 240_000);
});
