import { describe, expect, it } from 'vitest';
import { audited, errorOf, session, systemApp, type Client } from '../test/system-kit.ts';
import { inParallel, scopedWorld, type ScopedAccount, type ScopedWorld } from '../test/scope-kit.ts';

/** A session as the lists show it, of what the oracle reads. */
type SessionRow = { id: number; userId: number };

/**
 * The live sessions by account are scoped as the accounts are (issue 39, delegated administration): an
 * administrator whose role reaches a part of the organisation lists, counts and signs out only the sessions of
 * the accounts it reaches (the accounts' data scope, `user`); a session of any other account is 404, exactly
 * as one that does not exist. 20 accounts of different departments and scopes ask at once, round after round.
 */
describe('the live sessions, within each caller’s reach of the accounts', () => {
  let world: ScopedWorld;
  /** Each account's department, as the administrator (who reaches every one) reads it. */
  let departmentOf: Map<number, number>;
  // 20 sign-ins and more from one address: no image captcha in the way
  const app = systemApp({ config: { captcha: 'off' } });
  const setUp = async () => {
    if (world) return world;
    world = await scopedWorld(app.t, app.admin, 'sess', ['session:read', 'session:revoke']);
    const accounts = await app.admin.call('GET', '/api/system/users?pageSize=100');
    expect(accounts.body.data.total).toBeLessThan(100);
    departmentOf = new Map((accounts.body.data.list as { id: number; departmentId: number }[]).map((a) => [a.id, a.departmentId]));
    return world;
  };
  const reachesSession = (account: ScopedAccount, row: SessionRow) => world.reaches(account, departmentOf.get(row.userId)!, row.userId);
  /** Every live session (of one account with `filter` userId=…), as the administrator reads them. */
  const everySession = async (filter = ''): Promise<SessionRow[]> => {
    const res = await app.admin.call('GET', `/api/system/sessions?${filter}&pageSize=100`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.total).toBeLessThan(100);
    return res.body.data.list;
  };
  /** Another session of a world account, on a device of its own (the suite's accounts keep theirs). */
  const anotherSession = (account: ScopedAccount, device: string): Promise<Client> => {
    const index = Number(account.username.slice('sess-'.length));
    return session(app.t, account.username, `sessPw${index}x1`, `sess-extra-${device}`);
  };

  it('answers 20 accounts asking at once with the sessions of the accounts they reach alone, and totals of exactly theirs', async () => {
    const { accounts } = await setUp();
    const seeded = departmentOf.size;
    expect(seeded).toBeGreaterThan(accounts.length);
    const all = await everySession();
    // every account of the world is signed in, and so is the administrator
    expect(new Set(all.map((s) => s.userId)).size).toBe(accounts.length + 1);
    const someone = (i: number) => accounts[i]!.id;
    const filters = ['', `userId=${someone(1)}`, `userId=${someone(4)}`, `userId=${someone(12)}`, `userId=${all.find((s) => !accounts.some((a) => a.id === s.userId))!.userId}`];
    const oracle = new Map<string, SessionRow[]>();
    for (const filter of filters) oracle.set(filter, filter === '' ? all : await everySession(filter));
    // a page of 100 holds them all; a page of 2 holds the first two (sessions move up the list as they are used)
    const pageSizes = [100, 2];
    let answers = 0;
    await inParallel(accounts, filters.length * pageSizes.length, 3, async (account, which) => {
      const filter = filters[which % filters.length]!;
      const pageSize = pageSizes[Math.floor(which / filters.length)]!;
      const res = await account.client.call('GET', `/api/system/sessions?${filter}&pageSize=${pageSize}`);
      expect(res.status, res.text).toBe(200);
      const expected = oracle.get(filter)!.filter((row) => reachesSession(account, row));
      const got = res.body.data.list as SessionRow[];
      const where = `${account.username} (${account.scope}) asking "${filter}" ${pageSize} a page`;
      for (const row of got) expect(reachesSession(account, row), `${where}: session ${row.id} of account ${row.userId} is out of reach`).toBe(true);
      expect(res.body.data.total, where).toBe(expected.length);
      if (pageSize === 100) expect(got.map((r) => r.id).sort(), where).toEqual(expected.map((r) => r.id).sort());
      else expect(got.length, where).toBe(Math.min(2, expected.length));
      answers++;
    });
    expect(answers).toBe(accounts.length * filters.length * pageSizes.length * 3);
    // an `own` holder reaches its own account alone: its own sessions
    const own = accounts.find((a) => a.scope === 'own')!;
    const mine = await own.client.call('GET', '/api/system/sessions');
    expect(new Set((mine.body.data.list as SessionRow[]).map((s) => s.userId))).toEqual(new Set([own.id]));
  }, 240_000);

  it('signs out a session out of reach with 404, exactly as one that does not exist, and leaves it signed in', async () => {
    const { departments: d, accounts } = await setUp();
    const clerk = accounts.find((a) => a.scope === 'department' && a.departmentId === d.a)!;
    const outsider = accounts.find((a) => !world.reaches(clerk, a.departmentId, a.id))!;
    const victim = await anotherSession(outsider, 'outside');
    const victimId = (await victim.call('GET', '/api/user/sessions')).body.data.list.find((s: { current: boolean }) => s.current).id as number;
    const missing = await clerk.client.call('DELETE', '/api/system/sessions/424242');
    expect([missing.status, errorOf(missing)]).toEqual([404, 'NOT_FOUND']);
    const { res } = await audited(app.t, { action: 'system.session.revoke', targetType: 'session' }, () => clerk.client.call('DELETE', `/api/system/sessions/${victimId}`));
    expect([res.status, errorOf(res), res.body.message]).toEqual([404, 'NOT_FOUND', missing.body.message]);
    expect((await victim.call('GET', '/api/user/menu')).status).toBe(200);
    // nor is it in the clerk's list, whichever way asked
    expect((await clerk.client.call('GET', `/api/system/sessions?userId=${outsider.id}`)).body.data).toEqual({ list: [], total: 0 });
    // the administrator reaches it
    expect((await app.admin.call('DELETE', `/api/system/sessions/${victimId}`)).status).toBe(200);
    expect((await victim.call('GET', '/api/user/menu')).status).toBe(401);
  });

  it('signs out a session of an account within reach, in the trail', async () => {
    const { departments: d, accounts } = await setUp();
    const manager = accounts.find((a) => a.scope === 'department-tree' && a.departmentId === d.a1)!;
    const member = accounts.find((a) => a.id !== manager.id && a.departmentId === d.a1x)!;
    const target = await anotherSession(member, 'inside');
    const targetId = (await target.call('GET', '/api/user/sessions')).body.data.list.find((s: { current: boolean }) => s.current).id as number;
    const listed = await manager.client.call('GET', `/api/system/sessions?userId=${member.id}`);
    expect((listed.body.data.list as SessionRow[]).map((s) => s.id)).toContain(targetId);
    const { res } = await audited(app.t, { action: 'system.session.revoke', targetType: 'session', targetId }, () => manager.client.call('DELETE', `/api/system/sessions/${targetId}`));
    expect([res.status, res.body.data]).toEqual([200, { id: targetId }]);
    expect((await target.call('GET', '/api/user/menu')).status).toBe(401);
    // the member's own session of the world is still signed in
    expect((await member.client.call('GET', '/api/user/menu')).status).toBe(200);
  });

  it('lets an `own` holder sign out its own sessions alone, and follows a move of an account at once', async () => {
    const { departments: d, accounts } = await setUp();
    const own = accounts.find((a) => a.scope === 'own')!;
    const other = accounts.find((a) => a.id !== own.id && a.departmentId === own.departmentId) ?? accounts.find((a) => a.id !== own.id)!;
    const theirs = await anotherSession(other, 'own-other');
    const theirsId = (await theirs.call('GET', '/api/user/sessions')).body.data.list.find((s: { current: boolean }) => s.current).id as number;
    expect(errorOf(await own.client.call('DELETE', `/api/system/sessions/${theirsId}`))).toBe('NOT_FOUND');
    const mine = await anotherSession(own, 'own-mine');
    const mineId = (await mine.call('GET', '/api/user/sessions')).body.data.list.find((s: { current: boolean }) => s.current).id as number;
    expect((await own.client.call('DELETE', `/api/system/sessions/${mineId}`)).status).toBe(200);

    // a `department` clerk of B1 reaches an account of A2 once it is moved into B1, and no longer once moved back
    const clerk = accounts.find((a) => a.scope === 'department' && a.departmentId === d.b1)!;
    const mover = accounts.find((a) => a.departmentId === d.a2 && a.scope !== 'all')!;
    const moving = await anotherSession(mover, 'mover');
    const movingId = (await moving.call('GET', '/api/user/sessions')).body.data.list.find((s: { current: boolean }) => s.current).id as number;
    const count = async () => (await clerk.client.call('GET', `/api/system/sessions?userId=${mover.id}`)).body.data.total as number;
    expect(await count()).toBe(0);
    expect((await app.admin.call('PUT', `/api/system/users/${mover.id}`, { departmentId: d.b1 })).status).toBe(200);
    expect(await count()).toBeGreaterThan(0);
    expect((await app.admin.call('PUT', `/api/system/users/${mover.id}`, { departmentId: d.a2 })).status).toBe(200);
    expect(await count()).toBe(0);
    expect(errorOf(await clerk.client.call('DELETE', `/api/system/sessions/${movingId}`))).toBe('NOT_FOUND');
    expect((await moving.call('GET', '/api/user/menu')).status).toBe(200);
  });
});
