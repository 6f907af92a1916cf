import { describe, expect, it } from 'vitest';
import { USER_OPTIONS_LIMIT } from '@atrium/contracts/calls/system';
import { createAccount, createDepartment, createRole, errorOf, session, systemApp, type Client } from '../../test/system-kit.ts';

type Option = { id: number; label: string };

/** The picker's answer for a query string, as the department drawer asks it. */
async function options(client: Client, query = ''): Promise<Option[]> {
  const res = await client.call('GET', `/api/system/user-options${query}`);
  if (res.status !== 200) throw new Error(`${res.status} ${res.text}`);
  return res.body.data;
}
const labels = (list: Option[]) => list.map((o) => o.label);

describe("the department leader's account picker", () => {
  const app = systemApp();

  it('offers active accounts whose name or username holds the keyword, by name, at most 20, named with their username', async () => {
    const made: number[] = [];
    // One more than an answer holds, created out of order: the answer comes by name, not by id.
    for (let i = USER_OPTIONS_LIMIT + 1; i >= 1; i--) {
      const n = String(i).padStart(2, '0');
      made.push((await createAccount(app.admin, { username: `pick${n}`, name: `Picker ${n}`, roles: ['user'], password: 'picker123' })).id);
    }
    const first = await options(app.admin, '?keyword=picker');
    expect(first).toHaveLength(USER_OPTIONS_LIMIT);
    expect(labels(first)).toEqual(Array.from({ length: USER_OPTIONS_LIMIT }, (_, i) => `Picker ${String(i + 1).padStart(2, '0')} (pick${String(i + 1).padStart(2, '0')})`));
    // Typing narrows: the one past the first answer is found by its own name, or by its username, in any case.
    expect(labels(await options(app.admin, `?keyword=PICKER%20${USER_OPTIONS_LIMIT + 1}`))).toEqual([`Picker ${USER_OPTIONS_LIMIT + 1} (pick${USER_OPTIONS_LIMIT + 1})`]);
    expect(labels(await options(app.admin, `?keyword=pick${USER_OPTIONS_LIMIT + 1}`))).toEqual([`Picker ${USER_OPTIONS_LIMIT + 1} (pick${USER_OPTIONS_LIMIT + 1})`]);
    // With no keyword: the first accounts by name, active ones only.
    const any = await options(app.admin);
    expect(any.length).toBe(USER_OPTIONS_LIMIT);
    const names = labels(any).map((l) => l.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('never offers a disabled account, by keyword or by id; the id of an active one answers that one', async () => {
    const { id: kept } = await createAccount(app.admin, { username: 'lena.lead', name: 'Lena Lead', roles: ['user'], password: 'leader123' });
    const { id: gone } = await createAccount(app.admin, { username: 'lars.lead', name: 'Lars Lead', roles: ['user'], password: 'leader123' });
    expect(labels(await options(app.admin, '?keyword=lead'))).toEqual(['Lars Lead (lars.lead)', 'Lena Lead (lena.lead)']);
    expect((await app.admin.call('POST', `/api/system/users/${gone}/disable`)).status).toBe(200);
    expect(await options(app.admin, '?keyword=lead')).toEqual([{ id: kept, label: 'Lena Lead (lena.lead)' }]);
    expect(await options(app.admin, `?id=${kept}`)).toEqual([{ id: kept, label: 'Lena Lead (lena.lead)' }]);
    expect(await options(app.admin, `?id=${gone}`)).toEqual([]);
    expect(await options(app.admin, '?id=424242')).toEqual([]);
  });

  it('takes the keyword as text: % and _ match only themselves', async () => {
    await createAccount(app.admin, { username: 'pct_user', name: '100% Sure', roles: ['user'], password: 'percent123' });
    expect(labels(await options(app.admin, '?keyword=%25'))).toEqual(['100% Sure (pct_user)']);
    expect(labels(await options(app.admin, '?keyword=_'))).toEqual(['100% Sure (pct_user)']);
    expect(await options(app.admin, '?keyword=nobody-has-this')).toEqual([]);
  });

  it('refuses a bad query on its field', async () => {
    for (const [query, field] of [['?id=abc', 'id'], ['?id=0', 'id'], [`?keyword=${'x'.repeat(65)}`, 'keyword']] as const) {
      const res = await app.admin.call('GET', `/api/system/user-options${query}`);
      expect([res.status, errorOf(res)], query).toEqual([400, 'VALIDATION_FAILED']);
      expect((res.body.data.details as { path: string }[]).map((d) => d.path), query).toContain(field);
    }
  });

  it('answers whoever may edit departments, without user:read, and no one else', async () => {
    await createRole(app.admin, 'dept-editor', ['department:read', 'department:write']);
    await createRole(app.admin, 'account-reader', ['user:read', 'department:read']);
    await createAccount(app.admin, { username: 'depteditor', name: 'Dept Editor', roles: ['dept-editor'], password: 'editor123' });
    await createAccount(app.admin, { username: 'acctreader', name: 'Account Reader', roles: ['account-reader'], password: 'reader123' });
    const editor = await session(app.t, 'depteditor', 'editor123');
    const reader = await session(app.t, 'acctreader', 'reader123');
    expect(labels(await options(editor, '?keyword=dept%20editor'))).toEqual(['Dept Editor (depteditor)']);
    const refused = await reader.call('GET', '/api/system/user-options?keyword=dept');
    expect([refused.status, errorOf(refused)]).toEqual([403, 'FORBIDDEN']);
  });
  it("offers a delegated editor only the accounts its scope of the accounts reaches, and itself; a department's leader beyond is refused as one that does not exist", async () => {
    const region = await createDepartment(app.admin, 'Lead region', 1);
    const branch = await createDepartment(app.admin, 'Lead branch', region);
    const sibling = await createDepartment(app.admin, 'Lead sibling', 1);
    // department:write without user:read; a scope of the accounts reaching the region's subtree, or the branch alone
    for (const [code, scope] of [
      ['lead-tree', { dataScope: 'department-tree' }],
      ['lead-custom', { dataScope: 'custom', departmentIds: [branch] }],
    ] as const) {
      const res = await app.admin.call('POST', '/api/system/roles', { code, name: code, permissions: ['department:read', 'department:write'], ...scope });
      expect(res.status, res.text).toBe(200);
    }
    const account = async (username: string, roles: string[], departmentId: number) => (await createAccount(app.admin, { username, name: username, roles, password: 'leader123', departmentId })).id;
    const tree = await account('ld.tree', ['lead-tree'], region);
    const inBranch = await account('ld.branch', ['user'], branch);
    const inSibling = await account('ld.sibling', ['user'], sibling);
    const custom = await account('ld.custom', ['lead-custom'], sibling);
    const delegate = await session(app.t, 'ld.tree', 'leader123');
    const narrow = await session(app.t, 'ld.custom', 'leader123');
    const ids = async (client: Client, query: string) => (await options(client, query)).map((o) => o.id).sort((a, b) => a - b);
    const sorted = (...list: number[]) => [...list].sort((a, b) => a - b);

    expect(await ids(delegate, '?keyword=ld.')).toEqual(sorted(tree, inBranch));
    expect(await ids(delegate, `?id=${inSibling}`)).toEqual([]);
    // a custom scope without its own department: the branch's accounts, and the caller
    expect(await ids(narrow, '?keyword=ld.')).toEqual(sorted(inBranch, custom));
    expect(await ids(app.admin, '?keyword=ld.')).toEqual(sorted(tree, inBranch, inSibling, custom));

    // the server holds the same rule: a leader beyond the editor's reach is 400 on leaderId, as an unknown one
    const refused = async (res: Awaited<ReturnType<Client['call']>>, what: string) => {
      expect([res.status, errorOf(res)], what).toEqual([400, 'VALIDATION_FAILED']);
      expect((res.body.data.details as { path: string; message: string }[]).map((d) => d.path), what).toEqual(['leaderId']);
    };
    for (const leaderId of [inSibling, custom, 424242]) await refused(await delegate.call('POST', '/api/system/departments', { name: `Led by ${leaderId}`, parentId: region, leaderId }), `create led by ${leaderId}`);
    const unknown = await delegate.call('POST', '/api/system/departments', { name: 'Led by nobody', parentId: region, leaderId: 424242 }, { locale: 'en-US' });
    const outside = await delegate.call('POST', '/api/system/departments', { name: 'Led from outside', parentId: region, leaderId: inSibling }, { locale: 'en-US' });
    expect(outside.body.data.details).toEqual(unknown.body.data.details);
    const led = await delegate.call('POST', '/api/system/departments', { name: 'Led within', parentId: region, leaderId: inBranch });
    expect([led.status, led.body.data?.leaderId], led.text).toEqual([200, inBranch]);
    // the editor itself, though its custom scope leaves out its own department
    const self = await narrow.call('POST', '/api/system/departments', { name: 'Led by its editor', parentId: branch, leaderId: custom });
    expect([self.status, self.body.data?.leaderId], self.text).toEqual([200, custom]);

    // an edit keeps a leader its editor does not reach, and refuses one given anew beyond it
    const held = await app.admin.call('POST', '/api/system/departments', { name: 'Led from afar', parentId: region, leaderId: inSibling });
    expect(held.status, held.text).toBe(200);
    const body = { name: 'Led from afar, renamed', parentId: region, status: 'active' };
    const kept = await delegate.call('PUT', `/api/system/departments/${held.body.data.id}`, { ...body, leaderId: inSibling });
    expect([kept.status, kept.body.data?.leaderId], kept.text).toEqual([200, inSibling]);
    await refused(await delegate.call('PUT', `/api/system/departments/${led.body.data.id}`, { name: 'Led within', parentId: region, status: 'active', leaderId: custom }), 'update to a leader beyond');
    expect((await app.admin.call('GET', `/api/system/departments/${led.body.data.id}`)).body.data.leaderId).toBe(inBranch);
  });
});
