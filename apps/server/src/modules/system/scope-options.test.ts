import { describe, expect, it } from 'vitest';
import { createAccount, createDepartment, errorOf, session, systemApp, type Client } from '../../test/system-kit.ts';

type Option = { id: number; label: string };
type Picked = { id: number; parentId: number | null; name: string; status: string };

/**
 * The department and owner pickers of a scoped resource (issue 39): the accounts (`user`) are one in every
 * product, so they stand for any; what a picker offers is what the caller's scope for that resource reaches.
 */
describe("a scoped record's department and owner pickers", () => {
  const app = systemApp();
  const tree = {} as { region: number; branch: number; closed: number; sibling: number };
  const people = {} as { inRegion: number; inBranch: number; inSibling: number; gone: number };
  const clients = {} as Record<'tree' | 'own' | 'custom' | 'blind', Client>;

  const role = async (code: string, body: Record<string, unknown>) => {
    const res = await app.admin.call('POST', '/api/system/roles', { code, name: code, ...body });
    expect(res.status, res.text).toBe(200);
  };
  const account = async (username: string, roles: string[], departmentId: number) => (await createAccount(app.admin, { username, name: username, roles, password: 'picker123', departmentId })).id;
  const setUp = async () => {
    if (clients.tree) return;
    tree.region = await createDepartment(app.admin, 'Picker region', 1);
    tree.branch = await createDepartment(app.admin, 'Picker branch', tree.region);
    tree.closed = await createDepartment(app.admin, 'Picker closed', tree.region);
    tree.sibling = await createDepartment(app.admin, 'Picker sibling', 1);
    const closed = await app.admin.call('PUT', `/api/system/departments/${tree.closed}`, { name: 'Picker closed', parentId: tree.region, status: 'disabled' });
    expect(closed.status, closed.text).toBe(200);
    // user:read alone: no department:read, no department:write, and still a picker for the accounts' records
    await role('pick-tree', { permissions: ['user:read'], dataScope: 'own', scopes: { user: 'department-tree' } });
    await role('pick-own', { permissions: ['user:read'], dataScope: 'all', scopes: { user: 'own' } });
    await role('pick-custom', { permissions: ['user:read'], dataScope: 'custom', departmentIds: [tree.branch] });
    await role('pick-blind', { permissions: ['department:read'], dataScope: 'all' });
    people.inRegion = await account('pk.region', ['pick-tree'], tree.region);
    people.inBranch = await account('pk.branch', ['pick-own'], tree.branch);
    people.inSibling = await account('pk.sibling', ['pick-custom'], tree.sibling);
    people.gone = await account('pk.gone', ['user'], tree.branch);
    expect((await app.admin.call('POST', `/api/system/users/${people.gone}/disable`)).status).toBe(200);
    await account('pk.blind', ['pick-blind'], tree.region);
    clients.tree = await session(app.t, 'pk.region', 'picker123');
    clients.own = await session(app.t, 'pk.branch', 'picker123');
    clients.custom = await session(app.t, 'pk.sibling', 'picker123');
    clients.blind = await session(app.t, 'pk.blind', 'picker123');
  };
  const answer = async (as: Client) => {
    const res = await as.call('GET', '/api/scope/user/departments');
    expect(res.status, res.text).toBe(200);
    return res.body.data as { list: Picked[]; defaults: { department: number | null; owner: Option } };
  };
  const departments = async (as: Client) => (await answer(as)).list;
  const owners = async (as: Client, query = '') => {
    const res = await as.call('GET', `/api/scope/user/owners${query}`);
    expect(res.status, res.text).toBe(200);
    return (res.body.data as Option[]).map((o) => o.id).sort((a, b) => a - b);
  };
  const sorted = (...ids: number[]) => [...ids].sort((a, b) => a - b);

  it('offers a department-tree scope its subtree, parents first, a disabled one with its status (a filter finds it, a form does not offer it)', async () => {
    await setUp();
    expect(await departments(clients.tree)).toEqual([
      { id: tree.region, parentId: 1, name: 'Picker region', status: 'active' },
      { id: tree.branch, parentId: tree.region, name: 'Picker branch', status: 'active' },
      { id: tree.closed, parentId: tree.region, name: 'Picker closed', status: 'disabled' },
    ]);
    // a department out of reach is never offered
    for (const id of [tree.sibling, 1]) expect((await departments(clients.tree)).map((d) => d.id)).not.toContain(id);
  });

  it("offers a custom scope its departments, `own` the caller's department, `all` every one", async () => {
    await setUp();
    expect((await departments(clients.custom)).map((d) => d.id)).toEqual([tree.branch]);
    expect((await departments(clients.own)).map((d) => d.id)).toEqual([tree.branch]);
    const every = await departments(app.admin);
    expect(every[0]!.id).toBe(1);
    expect(every.map((d) => d.id)).toEqual(expect.arrayContaining([tree.region, tree.branch, tree.sibling, tree.closed]));
    expect(every.length).toBe((await app.admin.call('GET', '/api/system/departments')).body.data.list.length);
  });

  it("gives a new record the caller's department when the scope reaches it, and the caller", async () => {
    await setUp();
    expect((await answer(clients.tree)).defaults).toEqual({ department: tree.region, owner: { id: people.inRegion, label: 'pk.region' } });
    expect((await answer(clients.own)).defaults).toEqual({ department: tree.branch, owner: { id: people.inBranch, label: 'pk.branch' } });
    // a custom scope that leaves out the caller's own department: one must be picked
    expect((await answer(clients.custom)).defaults).toEqual({ department: null, owner: { id: people.inSibling, label: 'pk.sibling' } });
  });

  it('offers as owners the active accounts of the departments reached, and the caller; never another', async () => {
    await setUp();
    const treeOwners = await owners(clients.tree, '?keyword=pk.');
    expect(treeOwners).toEqual(sorted(people.inRegion, people.inBranch, (await owners(app.admin, '?keyword=pk.blind'))[0]!));
    expect(treeOwners).not.toContain(people.inSibling);
    expect(treeOwners).not.toContain(people.gone);
    expect(await owners(clients.tree, `?id=${people.inSibling}`)).toEqual([]);
    expect(await owners(clients.tree, `?id=${people.inBranch}`)).toEqual([people.inBranch]);
    // own: the caller only
    expect(await owners(clients.own, '?keyword=pk.')).toEqual([people.inBranch]);
    expect(await owners(clients.own, `?id=${people.inRegion}`)).toEqual([]);
    // a custom scope without the caller's department: its departments' accounts, and the caller (who may own what they write)
    expect(await owners(clients.custom, '?keyword=pk.')).toEqual(sorted(people.inBranch, people.inSibling));
    expect(await owners(clients.custom, `?id=${people.inRegion}`)).toEqual([]);
  });

  it("answers whoever may read the resource's records, and no one else", async () => {
    await setUp();
    for (const path of ['/api/scope/user/departments', '/api/scope/user/owners']) {
      const res = await clients.blind.call('GET', path);
      expect([res.status, errorOf(res)], path).toEqual([403, 'FORBIDDEN']);
    }
  });
});
