import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { adminSession, createAccount, createDepartment, createRole, type Client } from '../../test/system-kit.ts';

/**
 * A form saved as it was opened (an account's, a role's, a department's) is no change: the answer is the
 * record as it is, nothing is written and the trail has no entry; one value changed is written and entered.
 */
describe('a save that changes nothing', () => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminSession(t);
  });
  afterAll(() => t?.close());

  const entries = async (action: string, id: number) =>
    Number(rowsOf<{ n: number }>(await t.db.execute(`select count(*)::int as n from audit_log where action = '${action}' and target_id = '${Math.trunc(id)}'`))[0]!.n);
  const updatedAt = async (table: string, id: number) => String(rowsOf<{ at: string }>(await t.db.execute(`select updated_at::text as at from ${table} where id = ${Math.trunc(id)}`))[0]!.at);
  const save = async (path: string, body: Record<string, unknown>) => {
    const res = await admin.call('PUT', path, body);
    expect(res.status, res.text).toBe(200);
    return res.body.data as Record<string, unknown>;
  };

  it('of an account: no write, no entry; a new name is both', async () => {
    const { id } = await createAccount(admin, { username: 'same', name: 'Same One', email: 'same@example.com', roles: ['user'] });
    const shown = (await admin.call('GET', `/api/system/users/${id}`)).body.data as Record<string, unknown>;
    const form = { name: shown.name, email: shown.email, phone: shown.phone ?? undefined, roles: shown.roles, departmentId: shown.departmentId };
    const at = await updatedAt('users', id);
    expect(await save(`/api/system/users/${id}`, form)).toMatchObject({ id, name: 'Same One', roles: ['user'] });
    expect([await updatedAt('users', id), await entries('system.user.update', id)]).toEqual([at, 0]);
    expect(await save(`/api/system/users/${id}`, { ...form, name: 'Other One' })).toMatchObject({ name: 'Other One' });
    expect(await entries('system.user.update', id)).toBe(1);
  });

  it('of a role: no write, no entry; a new description is both', async () => {
    const id = await createRole(admin, 'steady', ['session:read']);
    const role = (await admin.call('GET', '/api/system/roles?pageSize=100')).body.data.list.find((r: { id: number }) => r.id === id) as Record<string, unknown>;
    const form = { name: role.name, description: role.description, permissions: role.permissions, requireMfa: role.requireMfa, dataScope: role.dataScope, departmentIds: role.departmentIds, scopes: role.scopes };
    const at = await updatedAt('roles', id);
    expect(await save(`/api/system/roles/${id}`, form)).toMatchObject({ id, code: 'steady', permissions: ['session:read'] });
    expect([await updatedAt('roles', id), await entries('system.role.update', id)]).toEqual([at, 0]);
    expect(await save(`/api/system/roles/${id}`, { ...form, description: 'Reads sessions' })).toMatchObject({ description: 'Reads sessions' });
    expect(await entries('system.role.update', id)).toBe(1);
    // an override of a slice no longer there (not shown, not sent) leaves the role when it is saved, changed or not
    await t.db.execute(`update roles set scopes = scopes || '{"ghost": "own"}'::jsonb where id = ${id}`);
    await save(`/api/system/roles/${id}`, { ...form, description: 'Reads sessions' });
    expect(rowsOf<{ scopes: unknown }>(await t.db.execute(`select scopes from roles where id = ${id}`))[0]!.scopes).toEqual({});
  });

  it('of a department: no write, no entry; a new code is both', async () => {
    const id = await createDepartment(admin, 'Unmoved', 1);
    const d = (await admin.call('GET', `/api/system/departments/${id}`)).body.data as Record<string, unknown>;
    const form = { name: d.name, parentId: d.parentId, code: d.code, leaderId: d.leaderId, order: d.order, status: d.status };
    const at = await updatedAt('departments', id);
    expect(await save(`/api/system/departments/${id}`, form)).toMatchObject({ id, name: 'Unmoved', parentId: 1 });
    expect([await updatedAt('departments', id), await entries('system.department.update', id)]).toEqual([at, 0]);
    expect(await save(`/api/system/departments/${id}`, { ...form, code: 'UNM' })).toMatchObject({ code: 'UNM' });
    expect(await entries('system.department.update', id)).toBe(1);
  });
});
