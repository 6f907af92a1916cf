import { describe, expect, it } from 'vitest';
import { audited, errorOf, systemApp } from '../../test/system-kit.ts';
import { inParallel, scopedWorld, type ScopedAccount, type ScopedWorld } from '../../test/scope-kit.ts';

interface AccountRow {
  id: number;
  departmentId: number;
}

/**
 * The accounts list is scoped for delegated administration (issue 39, data-scope.md §4): 20 accounts of
 * different departments and scopes ask the same filters at once, round after round, and each answer holds
 * exactly the accounts its caller reaches, counted so; by id, an account out of reach is 404; an account is
 * put only where the writer reaches (403 OUT_OF_SCOPE). Core only: it holds in a product without the demo.
 */
describe('the accounts, within each caller’s reach', () => {
  // many sign-ins from one address: no image captcha in the way
  const app = systemApp({ config: { captcha: 'off' } });
  let world: ScopedWorld;
  const setUp = async () => {
    world ??= await scopedWorld(app.t, app.admin, 'acct', ['user:read', 'user:write']);
    return world;
  };
  /** Every account of a filter as the administrator (who reaches every one) reads it: the oracle's rows, in list order. */
  const everyAccount = async (filter: string): Promise<AccountRow[]> => {
    const res = await app.admin.call('GET', `/api/system/users?${filter}&pageSize=100`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.total).toBeLessThan(100);
    return res.body.data.list;
  };

  it('answers 20 accounts asking the same filters at once with no account out of their reach, and totals of exactly theirs', async () => {
    const { departments: d, accounts, reaches } = await setUp();
    const filters = ['', `departmentId=${d.a}`, `departmentId=${d.b1}`, `departmentId=${d.root}`, 'role=acct-department', 'keyword=acct', 'status=active'];
    const oracle = new Map<string, AccountRow[]>();
    for (const filter of filters) oracle.set(filter, await everyAccount(filter));
    const pages = [
      { current: 1, pageSize: 4 },
      { current: 2, pageSize: 4 },
      { current: 1, pageSize: 100 },
    ];
    let answers = 0;
    await inParallel(accounts, filters.length * pages.length, 3, async (account: ScopedAccount, which) => {
      const filter = filters[which % filters.length]!;
      const { current, pageSize } = pages[Math.floor(which / filters.length)]!;
      const res = await account.client.call('GET', `/api/system/users?${filter}&current=${current}&pageSize=${pageSize}`);
      expect(res.status, res.text).toBe(200);
      const expected = oracle.get(filter)!.filter((row) => reaches(account, row.departmentId, row.id));
      const got = res.body.data.list as AccountRow[];
      const where = `${account.username} (${account.scope}) asking "${filter}" page ${current} of ${pageSize}`;
      for (const row of got) expect(reaches(account, row.departmentId, row.id), `${where}: account ${row.id} is out of reach`).toBe(true);
      expect(got.map((r) => r.id), where).toEqual(expected.slice((current - 1) * pageSize, current * pageSize).map((r) => r.id));
      expect(res.body.data.total, where).toBe(expected.length);
      answers++;
    });
    expect(answers).toBe(accounts.length * filters.length * pages.length * 3);
  }, 480_000);

  it('answers an account out of reach by id with 404, exactly as one that does not exist, on every call by id', async () => {
    const { accounts, reaches } = await setUp();
    const everyone = await everyAccount('keyword=acct');
    const clerk = accounts.find((a) => a.scope === 'department' && a.departmentId === world.departments.a)!;
    const outside = everyone.find((row) => !reaches(clerk, row.departmentId, row.id))!;
    const inside = everyone.find((row) => row.id !== clerk.id && reaches(clerk, row.departmentId, row.id))!;
    const missing = await clerk.client.call('GET', '/api/system/users/424242');
    expect([missing.status, errorOf(missing)]).toEqual([404, 'NOT_FOUND']);
    for (const [method, path, body] of [
      ['GET', '', undefined],
      ['PUT', '', { name: 'Renamed out of reach' }],
      ['POST', '/disable', undefined],
      ['POST', '/enable', undefined],
      ['POST', '/unlock', undefined],
      ['POST', '/reset-password', undefined],
      ['POST', '/two-step/reset', undefined],
    ] as const) {
      const res = await clerk.client.call(method, `/api/system/users/${outside.id}${path}`, body);
      expect([res.status, errorOf(res), res.body.message], `${method} ${path}`).toEqual([404, 'NOT_FOUND', missing.body.message]);
    }
    expect((await clerk.client.call('GET', `/api/system/users/${inside.id}`)).status).toBe(200);
    // `own` reaches one's own account alone
    const self = accounts.find((a) => a.scope === 'own')!;
    expect((await self.client.call('GET', `/api/system/users/${self.id}`)).status).toBe(200);
    expect((await self.client.call('GET', `/api/system/users/${inside.id}`)).status).toBe(404);
  });

  it('puts an account only in a department the writer reaches (403 OUT_OF_SCOPE, in the trail, nothing written), and in the creator’s by default', async () => {
    const { departments: d, accounts } = await setUp();
    const manager = accounts.find((a) => a.scope === 'department-tree' && a.departmentId === d.a1)!;
    const before = await app.t.count('users');
    const { res: outside } = await audited(app.t, { action: 'system.user.create', targetType: 'user' }, () =>
      manager.client.call('POST', '/api/system/users', { username: 'acct-outside', name: 'Outside', roles: ['acct-own'], departmentId: d.b }),
    );
    expect([outside.status, errorOf(outside)]).toEqual([403, 'OUT_OF_SCOPE']);
    expect(await app.t.count('users')).toBe(before);
    const denied = ((await app.t.db.execute(`select result from audit_log where action = 'system.user.create' order by id desc limit 1`)) as unknown as { rows: { result: string }[] }).rows;
    expect(denied).toEqual([{ result: 'denied' }]);
    // the text of the refusal, in both languages
    for (const locale of ['zh-CN', 'en-US'] as const) {
      const res = await manager.client.call('POST', '/api/system/users', { username: 'acct-outside', name: 'Outside', roles: ['acct-own'], departmentId: d.b }, { locale });
      expect(res.body.message, locale).toMatch(locale === 'zh-CN' ? /数据权限/ : /data scope/);
    }
    // left out: the creator's department
    const made = await manager.client.call('POST', '/api/system/users', { username: 'acct-default', name: 'Default', roles: ['acct-own'] });
    expect(made.status, made.text).toBe(200);
    expect(made.body.data.user.departmentId).toBe(d.a1);
    const id = made.body.data.user.id;
    // moved within the subtree: fine; out of it: refused
    expect((await manager.client.call('PUT', `/api/system/users/${id}`, { departmentId: d.a1x })).status).toBe(200);
    const moved = await manager.client.call('PUT', `/api/system/users/${id}`, { departmentId: d.b1 });
    expect([moved.status, errorOf(moved)]).toEqual([403, 'OUT_OF_SCOPE']);
    // a role reaching beyond the writer's is FORBIDDEN, also inside its subtree
    const wider = await manager.client.call('PUT', `/api/system/users/${id}`, { roles: ['acct-all'] });
    expect([wider.status, errorOf(wider)]).toEqual([403, 'FORBIDDEN']);
    // `own` manages no other account at all
    const own = accounts.find((a) => a.scope === 'own')!;
    const byOwn = await own.client.call('POST', '/api/system/users', { username: 'acct-by-own', name: 'By own', roles: ['acct-own'], departmentId: own.departmentId });
    expect([byOwn.status, errorOf(byOwn)]).toEqual([403, 'OUT_OF_SCOPE']);
  });

  it('offers as departments those whose accounts the caller manages, in tree order (the generic pickers, as every scoped page)', async () => {
    const { departments: d, accounts } = await setUp();
    const ids = async (account: ScopedAccount) => {
      const res = await account.client.call('GET', '/api/scope/user/departments');
      expect(res.status, res.text).toBe(200);
      return res.body.data.list.map((x: { id: number }) => x.id);
    };
    expect(await ids(accounts.find((a) => a.scope === 'department-tree' && a.departmentId === d.a1)!)).toEqual([d.a1, d.a1x]);
    expect(await ids(accounts.find((a) => a.scope === 'custom')!)).toEqual([d.a2, d.b1]);
    const own = accounts.find((a) => a.scope === 'own')!;
    expect(await ids(own)).toEqual([own.departmentId]);
    const everything = (await app.admin.call('GET', '/api/system/departments')).body.data.list.length;
    expect((await ids(accounts.find((a) => a.scope === 'all')!)).length).toBe(everything);
  });
});
