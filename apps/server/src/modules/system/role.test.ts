import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { permissions, systemPermissions } from '@atrium/contracts';
import { audited, createAccount, createRole, errorOf, session, systemApp } from '../../test/system-kit.ts';

describe('roles and the permission catalogue', () => {
  const app = systemApp();

  it('lists the catalogue with labels in the caller language', async () => {
    const en = await app.admin.call('GET', '/api/system/permissions', undefined, { locale: 'en-US' });
    expect(en.status).toBe(200);
    expect(en.body.data.map((p: { code: string }) => p.code)).toEqual(permissions);
    expect(en.body.data.find((p: { code: string }) => p.code === 'user:write')).toEqual({ code: 'user:write', group: 'system', groupLabel: 'System', resource: 'user', resourceLabel: 'Users', label: 'Manage users' });
    const zh = await app.admin.call('GET', '/api/system/permissions', undefined, { locale: 'zh-CN' });
    expect(zh.body.data.find((p: { code: string }) => p.code === 'user:write')).toMatchObject({ groupLabel: '系统管理', resourceLabel: '用户', label: '管理用户' });
  });

  it('lists every role with its display name and the accounts holding it, disabled ones included', async () => {
    const holders = async (code: string) => {
      const result = (await app.t.db.execute(`select count(*)::int as n from users where '${code}' = any(roles)`)) as unknown as { rows: { n: number }[] };
      return result.rows[0]!.n;
    };
    const res = await app.admin.call('GET', '/api/system/roles', undefined, { locale: 'en-US' });
    expect(res.status).toBe(200);
    const byCode = Object.fromEntries(res.body.data.list.map((r: { code: string }) => [r.code, r]));
    expect(res.body.data.total).toBe(res.body.data.list.length);
    expect(byCode.admin).toMatchObject({ name: 'Administrator', builtIn: true, permissions, userCount: await holders('admin') });
    expect(byCode.user).toMatchObject({ name: 'User', builtIn: true, userCount: await holders('user') });
    expect(byCode.user.userCount).toBeGreaterThanOrEqual(2);

    const { id } = await createAccount(app.admin, { username: 'counted', name: 'Counted', roles: ['user'], password: 'counted123' });
    expect((await app.admin.call('POST', `/api/system/users/${id}/disable`)).status).toBe(200);
    const after = await app.admin.call('GET', '/api/system/roles');
    expect(after.body.data.list.find((r: { code: string }) => r.code === 'user').userCount).toBe(byCode.user.userCount + 1);
    const zh = await app.admin.call('GET', '/api/system/roles', undefined, { locale: 'zh-CN' });
    expect(zh.body.data.list.find((r: { code: string }) => r.code === 'admin').name).toBe('管理员');
  });

  it('pages the roles: current and pageSize over the whole list, its total every time', async () => {
    // two pages of two, whatever roles the slices seeded
    for (const code of ['paged-one', 'paged-two']) await createRole(app.admin, code, []);
    const whole = await app.admin.call('GET', '/api/system/roles');
    const codes = (res: typeof whole) => res.body.data.list.map((r: { code: string }) => r.code);
    expect(whole.body.data.total).toBeGreaterThanOrEqual(4);
    const first = await app.admin.call('GET', '/api/system/roles?current=1&pageSize=2');
    const second = await app.admin.call('GET', '/api/system/roles?current=2&pageSize=2');
    expect([first.body.data.total, second.body.data.total]).toEqual([whole.body.data.total, whole.body.data.total]);
    expect([...codes(first), ...codes(second)]).toEqual(codes(whole).slice(0, 4));
    expect(errorOf(await app.admin.call('GET', '/api/system/roles?current=0'))).toBe('VALIDATION_FAILED');
  });

  it('answers every role as code and name to a role that may read accounts but not roles', async () => {
    await createRole(app.admin, 'account-reader', ['user:read']);
    await createAccount(app.admin, { username: 'picker', name: 'Picker', roles: ['account-reader'], password: 'picker123' });
    const reader = await session(app.t, 'picker', 'picker123');
    expect((await reader.call('GET', '/api/system/roles')).status).toBe(403);
    const res = await reader.call('GET', '/api/system/role-options', undefined, { locale: 'en-US' });
    expect(res.status).toBe(200);
    const whole = await app.admin.call('GET', '/api/system/roles?pageSize=100', undefined, { locale: 'en-US' });
    expect(res.body.data).toEqual(whole.body.data.list.map((r: { code: string; name: string }) => ({ code: r.code, name: r.name })));
    expect(res.body.data.slice(0, 2)).toEqual([
      { code: 'admin', name: 'Administrator' },
      { code: 'user', name: 'User' },
    ]);
  });

  it('creates a custom role (code stored lower-case, permissions in catalogue order) with one audit entry', async () => {
    const { res, entry } = await audited(app.t, { action: 'system.role.create', targetType: 'role' }, () =>
      app.admin.call('POST', '/api/system/roles', { code: 'editor', name: '  Editor ', description: 'Edits', permissions: ['audit:read', 'session:read', 'session:read'] }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ code: 'editor', name: 'Editor', description: 'Edits', permissions: ['session:read', 'audit:read'], builtIn: false, userCount: 0 });
    expect(entry!.target_id).toBe(String(res.body.data.id));
    expect(entry!.changes).toContainEqual({ field: 'permissions', before: null, after: ['session:read', 'audit:read'] });
  });

  it('shows a custom role as stored whatever its code, one an object has too (constructor)', async () => {
    await createRole(app.admin, 'constructor', ['audit:read']);
    const res = await app.admin.call('GET', '/api/system/roles?pageSize=100', undefined, { locale: 'en-US' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.list.find((r: { code: string }) => r.code === 'constructor')).toMatchObject({ name: 'constructor', builtIn: false });
    const options = await app.admin.call('GET', '/api/system/role-options');
    expect(options.body.data).toContainEqual({ code: 'constructor', name: 'constructor' });
  });

  it('refuses a taken code, built-in ones included (409 ROLE_CODE_TAKEN), and writes nothing', async () => {
    for (const code of ['editor', 'admin', 'user']) {
      const { res } = await audited(app.t, { action: 'system.role.create', targetType: 'role' }, () => app.admin.call('POST', '/api/system/roles', { code, name: 'Again', permissions: [] }));
      expect(res.status).toBe(409);
      expect(errorOf(res)).toBe('ROLE_CODE_TAKEN');
    }
  });

  it('answers 400 VALIDATION_FAILED for a bad code, an unknown permission, an empty name, unknown fields', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ code: 'Editor2', name: 'x', permissions: [] }, 'code'],
      [{ code: '9lives', name: 'x', permissions: [] }, 'code'],
      [{ code: 'ok-code', name: 'x', permissions: ['audit:fly'] }, 'permissions[0]'],
      [{ code: 'ok-code', name: '   ', permissions: [] }, 'name'],
      [{ code: 'ok-code', name: 'x', permissions: [], builtIn: true }, ''],
    ];
    for (const [body, path] of cases) {
      const res = await app.admin.call('POST', '/api/system/roles', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(res)).toBe('VALIDATION_FAILED');
      if (path) expect(res.body.data.details.map((d: { path: string }) => d.path)).toContain(path);
    }
  });

  it('edits a custom role; the entry holds before and after of the changed fields only', async () => {
    const id = await createRole(app.admin, 'reviewer', ['audit:read']);
    const { res, entry } = await audited(app.t, { action: 'system.role.update', targetType: 'role', targetId: id }, () =>
      app.admin.call('PUT', `/api/system/roles/${id}`, { name: 'Reviewer', permissions: ['audit:read', 'session:read'] }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, code: 'reviewer', name: 'Reviewer', permissions: ['session:read', 'audit:read'] });
    expect(entry!.changes).toEqual([
      { field: 'name', before: 'reviewer', after: 'Reviewer' },
      { field: 'permissions', before: ['audit:read'], after: ['session:read', 'audit:read'] },
    ]);
  });

  it('applies a role change to its holders from their next request', async () => {
    const id = await createRole(app.admin, 'viewer', ['exception:403']);
    await createAccount(app.admin, { username: 'viewer1', name: 'Viewer', roles: ['viewer'], password: 'viewer123' });
    const viewer = await session(app.t, 'viewer1', 'viewer123');
    expect((await viewer.call('GET', '/api/system/audit')).status).toBe(403);
    expect((await app.admin.call('PUT', `/api/system/roles/${id}`, { permissions: ['exception:403', 'audit:read'] })).status).toBe(200);
    expect((await viewer.call('GET', '/api/system/audit')).status).toBe(200);
  });

  it('applies a change of a role made outside the server (SQL) from the next request, and its undoing too', async () => {
    await createRole(app.admin, 'outsider', ['exception:403']);
    await createAccount(app.admin, { username: 'outsider1', name: 'Outsider', roles: ['outsider'], password: 'outsider123' });
    const outsider = await session(app.t, 'outsider1', 'outsider123');
    const setPermissions = (list: string[]) => app.t.db.execute(sql`update roles set permissions = ${`{${list.join(',')}}`}::text[] where code = 'outsider'`);
    expect((await outsider.call('GET', '/api/system/audit')).status).toBe(403);
    await setPermissions(['exception:403', 'audit:read']);
    expect((await outsider.call('GET', '/api/system/audit')).status).toBe(200);
    // Back to the first list: the set read for it at the start answers again, and it lacks audit:read.
    await setPermissions(['exception:403']);
    expect((await outsider.call('GET', '/api/system/audit')).status).toBe(403);
  });

  it('shows only catalogue codes of a role that holds a code no longer in the catalogue (a removed slice), and drops it when saved', async () => {
    const id = await createRole(app.admin, 'leftover', ['audit:read']);
    await app.t.db.execute(sql`update roles set permissions = '{gone:read,audit:read}'::text[] where code = 'leftover'`);
    const listed = (await app.admin.call('GET', '/api/system/roles?current=1&pageSize=50')).body.data.list.find((r: { code: string }) => r.code === 'leftover');
    expect(listed.permissions).toEqual(['audit:read']);
    const { res, entry } = await audited(app.t, { action: 'system.role.update', targetType: 'role', targetId: id }, () =>
      app.admin.call('PUT', `/api/system/roles/${id}`, { permissions: ['audit:read'] }),
    );
    expect(res.body.data.permissions).toEqual(['audit:read']);
    expect(entry!.changes).toEqual([{ field: 'permissions', before: ['gone:read', 'audit:read'], after: ['audit:read'] }]);
    const stored = await app.t.db.execute(sql`select permissions from roles where code = 'leftover'`);
    expect((stored as unknown as { rows: Array<{ permissions: string[] }> }).rows[0]!.permissions).toEqual(['audit:read']);
  });

  it('refuses to edit or delete a built-in role (409 ROLE_BUILT_IN) and answers 404 for none', async () => {
    const list = await app.admin.call('GET', '/api/system/roles');
    const userRole = list.body.data.list.find((r: { code: string }) => r.code === 'user');
    const edit = await app.admin.call('PUT', `/api/system/roles/${userRole.id}`, { name: 'Mine' });
    expect([edit.status, errorOf(edit)]).toEqual([409, 'ROLE_BUILT_IN']);
    // Held by accounts too: ROLE_BUILT_IN comes before ROLE_IN_USE.
    const del = await app.admin.call('DELETE', `/api/system/roles/${userRole.id}`);
    expect([del.status, errorOf(del)]).toEqual([409, 'ROLE_BUILT_IN']);
    expect((await app.admin.call('PUT', '/api/system/roles/999999', { name: 'x' })).status).toBe(404);
    expect((await app.admin.call('DELETE', '/api/system/roles/999999')).status).toBe(404);
    expect((await app.admin.call('DELETE', '/api/system/roles/abc')).status).toBe(400);
  });

  it('deletes a role nobody holds, refuses one in use (409 ROLE_IN_USE)', async () => {
    const used = await createRole(app.admin, 'used-role', ['exception:403']);
    const { id: holder } = await createAccount(app.admin, { username: 'holder', name: 'Holder', roles: ['used-role'], password: 'holder123' });
    // A disabled account still holds its roles.
    expect((await app.admin.call('POST', `/api/system/users/${holder}/disable`)).status).toBe(200);
    const { res: inUse } = await audited(app.t, { action: 'system.role.delete', targetType: 'role' }, () => app.admin.call('DELETE', `/api/system/roles/${used}`));
    expect([inUse.status, errorOf(inUse)]).toEqual([409, 'ROLE_IN_USE']);

    const free = await createRole(app.admin, 'free-role', ['exception:403']);
    const { res, entry } = await audited(app.t, { action: 'system.role.delete', targetType: 'role', targetId: free }, () => app.admin.call('DELETE', `/api/system/roles/${free}`));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: free });
    expect(entry!.summary).toContain('free-role');
    expect((await app.admin.call('GET', '/api/system/roles')).body.data.list.some((r: { code: string }) => r.code === 'free-role')).toBe(false);
  });

  it('lets nobody grant more than they hold (403 FORBIDDEN), adding only what they hold', async () => {
    await createRole(app.admin, 'role-keeper', ['role:read', 'role:write', 'audit:read']);
    await createAccount(app.admin, { username: 'keeper', name: 'Keeper', roles: ['role-keeper'], password: 'keeper123' });
    const keeper = await session(app.t, 'keeper', 'keeper123');
    const more = await keeper.call('POST', '/api/system/roles', { code: 'sneaky', name: 'Sneaky', permissions: ['audit:read', 'session:revoke'] });
    expect([more.status, errorOf(more)]).toEqual([403, 'FORBIDDEN']);
    const ok = await keeper.call('POST', '/api/system/roles', { code: 'audit-reader', name: 'Readers', permissions: ['audit:read'] });
    expect(ok.status).toBe(200);
    const widen = await keeper.call('PUT', `/api/system/roles/${ok.body.data.id}`, { permissions: ['audit:read', 'audit:export'] });
    expect([widen.status, errorOf(widen)]).toEqual([403, 'FORBIDDEN']);
    // A role that already carries a permission the caller lacks may still be narrowed or renamed.
    const wide = await createRole(app.admin, 'wide', ['audit:read', 'session:revoke']);
    expect((await keeper.call('PUT', `/api/system/roles/${wide}`, { name: 'Wide' })).status).toBe(200);
    expect((await keeper.call('PUT', `/api/system/roles/${wide}`, { permissions: ['audit:read'] })).status).toBe(200);
    // Without role:write the pipeline refuses (and records the refusal).
    const user = await session(app.t, 'user', 'user123');
    const denied = await user.call('POST', '/api/system/roles', { code: 'nope', name: 'Nope', permissions: [] });
    expect([denied.status, errorOf(denied)]).toEqual([403, 'FORBIDDEN']);
  });
});

describe('roles: SELF_LOCKOUT and LAST_ADMIN', () => {
  const app = systemApp();

  it('refuses an edit of the caller acting role that takes user:write away (409 SELF_LOCKOUT)', async () => {
    const id = await createRole(app.admin, 'manager', ['user:read', 'user:write', 'role:read', 'role:write']);
    await createAccount(app.admin, { username: 'mgr', name: 'Manager', roles: ['manager'], password: 'manager123' });
    const mgr = await session(app.t, 'mgr', 'manager123');
    const { res } = await audited(app.t, { action: 'system.role.update', targetType: 'role' }, () => mgr.call('PUT', `/api/system/roles/${id}`, { permissions: ['user:read', 'role:read', 'role:write'] }));
    expect([res.status, errorOf(res)]).toEqual([409, 'SELF_LOCKOUT']);
    // Another administrator may.
    expect((await app.admin.call('PUT', `/api/system/roles/${id}`, { permissions: ['user:read', 'role:read', 'role:write'] })).status).toBe(200);
  });

  it('keeps one full administrator: removing a system permission from the last one role is 409 LAST_ADMIN, SELF_LOCKOUT first', async () => {
    const superId = await createRole(app.admin, 'superadmin', [...permissions]);
    const { id: rootId } = await createAccount(app.admin, { username: 'root', name: 'Root', roles: ['superadmin'], password: 'rootroot1' });
    const root = await session(app.t, 'root', 'rootroot1');
    // Every other full administrator goes: root alone holds every system permission.
    const admins = (await root.call('GET', '/api/system/users?role=admin&pageSize=100')).body.data.list as { id: number }[];
    for (const a of admins) expect((await root.call('POST', `/api/system/users/${a.id}/disable`)).status).toBe(200);

    const without = (p: string) => permissions.filter((c) => c !== p);
    const last = await root.call('PUT', `/api/system/roles/${superId}`, { permissions: without('audit:export') });
    expect([last.status, errorOf(last)]).toEqual([409, 'LAST_ADMIN']);
    const both = await root.call('PUT', `/api/system/roles/${superId}`, { permissions: without('user:write') });
    expect([both.status, errorOf(both)]).toEqual([409, 'SELF_LOCKOUT']);
    // A non-system permission may go.
    expect((await root.call('PUT', `/api/system/roles/${superId}`, { permissions: without('exception:403') })).status).toBe(200);

    // With a second full-administrator role held, the first may lose one.
    await createRole(root, 'superadmin2', [...systemPermissions]);
    expect((await root.call('PUT', `/api/system/users/${rootId}`, { roles: ['superadmin', 'superadmin2'] })).status).toBe(200);
    const narrower = permissions.filter((c) => c !== 'exception:403' && c !== 'audit:export');
    expect((await root.call('PUT', `/api/system/roles/${superId}`, { permissions: narrower })).status).toBe(200);
  });
});
