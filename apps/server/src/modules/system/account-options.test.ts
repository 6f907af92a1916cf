import { describe, expect, it } from 'vitest';
import { USER_OPTIONS_LIMIT } from '@atrium/contracts/calls/system';
import { createAccount, createRole, errorOf, session, systemApp, type Client } from '../../test/system-kit.ts';

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
});
