import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { adminSession, audited, errorOf, session } from '../test/system-kit.ts';

type Row = { id: number; userId: number; username: string; role: string; device: string; current: boolean; ip: string; userAgent: string };

describe('sessions', () => {
  let t: TestApp;
  let now = new Date();
  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
  });
  afterAll(() => t?.close());
  const user = () => session(t, 'user', 'user123', `fp-user-${Math.random()}`);
  const ids = (res: { body: { data: { list: Row[] } } }) => res.body.data.list.map((s) => s.id);

  it("lists the caller's live sessions, this one marked current, the device shortened", async () => {
    const a = await adminSession(t, 'fp-admin-laptop');
    const b = await adminSession(t, 'fp-admin-phone');
    const u = await user();
    const mine = await a.call('GET', '/api/user/sessions');
    expect(mine.status).toBe(200);
    const list = mine.body.data.list as Row[];
    expect(mine.body.data.total).toBe(list.length);
    expect(list.every((s) => s.username === 'admin')).toBe(true);
    const current = list.filter((s) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0]!.device).toBe(createHash('sha256').update('fp-admin-laptop').digest('hex').slice(0, 8));
    expect(mine.text).not.toContain('fp-admin-laptop');
    expect(list.map((s) => s.device)).toContain(createHash('sha256').update('fp-admin-phone').digest('hex').slice(0, 8));
    expect(current[0]!.role).toBe('admin');
    // The other device sees the same sessions with itself current.
    const fromB = await b.call('GET', '/api/user/sessions');
    expect(ids(fromB).sort()).toEqual(ids(mine).sort());
    expect(fromB.body.data.list.find((s: Row) => s.current).id).not.toBe(current[0]!.id);
    // Any signed-in role may list its own.
    const own = await u.call('GET', '/api/user/sessions');
    expect(own.status).toBe(200);
    expect((own.body.data.list as Row[]).every((s) => s.username === 'user')).toBe(true);
  });

  it("answers 404 for a session that is not the caller's, whatever the caller's permissions", async () => {
    const admin = await adminSession(t, 'fp-admin-404');
    const u = await user();
    const userSessionId = (await u.call('GET', '/api/user/sessions')).body.data.list.find((s: Row) => s.current).id;
    const { res } = await audited(t, { action: 'user.session.revoke', targetType: 'session' }, () => admin.call('DELETE', `/api/user/sessions/${userSessionId}`));
    expect([res.status, errorOf(res)]).toEqual([404, 'NOT_FOUND']);
    expect((await u.call('GET', '/api/user/menu')).status).toBe(200);
    expect((await admin.call('DELETE', '/api/user/sessions/999999')).status).toBe(404);
  });

  it('revokes one of its own sessions: that token gets 401 on its next request', async () => {
    const a = await adminSession(t, 'fp-own-a');
    const b = await adminSession(t, 'fp-own-b');
    const bId = (await b.call('GET', '/api/user/sessions')).body.data.list.find((s: Row) => s.current).id;
    const { res, entry } = await audited(t, { action: 'user.session.revoke', targetType: 'session', targetId: bId }, () => a.call('DELETE', `/api/user/sessions/${bId}`));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: bId });
    expect(entry!.actor_name).toBe('admin');
    expect((await b.call('GET', '/api/user/menu')).status).toBe(401);
    expect((await a.call('GET', '/api/user/menu')).status).toBe(200);
    // Already ended: nothing left to revoke.
    expect((await a.call('DELETE', `/api/user/sessions/${bId}`)).status).toBe(404);
  });

  it('revokes every other session of the caller and counts them', async () => {
    const u1 = await user();
    const u2 = await user();
    const u3 = await user();
    const { res, entry } = await audited(t, { action: 'user.session.revoke-others', targetType: 'session', targetId: null }, () => u1.call('POST', '/api/user/sessions/revoke-others'));
    expect(res.status).toBe(200);
    const revoked = res.body.data.revoked as number;
    expect(revoked).toBeGreaterThanOrEqual(2);
    expect(entry!.summary).toBe(`revoked ${revoked} sessions`);
    for (const other of [u2, u3]) expect((await other.call('GET', '/api/user/menu')).status).toBe(401);
    const left = await u1.call('GET', '/api/user/sessions');
    expect(left.body.data.list).toHaveLength(1);
    expect(left.body.data.list[0].current).toBe(true);
    expect((await u1.call('POST', '/api/user/sessions/revoke-others')).body.data).toEqual({ revoked: 0 });
  });

  it('pages the session lists: current and pageSize, total of every live session, 100 a page unless asked', async () => {
    const admin = await adminSession(t, 'fp-admin-pages');
    for (let i = 0; i < 3; i++) await adminSession(t, `fp-admin-pages-${i}`);
    const whole = await admin.call('GET', '/api/system/sessions');
    const total = whole.body.data.total as number;
    expect(total).toBeGreaterThanOrEqual(4);
    expect(whole.body.data.list).toHaveLength(Math.min(total, 100));
    const first = await admin.call('GET', '/api/system/sessions?current=1&pageSize=2');
    const second = await admin.call('GET', '/api/system/sessions?current=2&pageSize=2');
    expect(first.body.data.total).toBe(total);
    expect([...ids(first), ...ids(second)]).toEqual(ids(whole).slice(0, 4));
    const mine = await admin.call('GET', '/api/user/sessions?current=2&pageSize=1');
    expect(mine.body.data.list).toHaveLength(1);
    expect(mine.body.data.total).toBeGreaterThanOrEqual(4);
    expect(errorOf(await admin.call('GET', '/api/system/sessions?pageSize=101'))).toBe('VALIDATION_FAILED');
  });

  it("lets session:read list anyone's sessions (of one account with userId) and session:revoke end them", async () => {
    const admin = await adminSession(t, 'fp-admin-system');
    const u = await user();
    const all = await admin.call('GET', '/api/system/sessions');
    expect(all.status).toBe(200);
    const names = new Set((all.body.data.list as Row[]).map((s) => s.username));
    expect(names.has('admin') && names.has('user')).toBe(true);
    const userId = (all.body.data.list as Row[]).find((s) => s.username === 'user')!.userId;
    const ofUser = await admin.call('GET', `/api/system/sessions?userId=${userId}`);
    expect((ofUser.body.data.list as Row[]).every((s) => s.userId === userId && !s.current)).toBe(true);
    const target = (await u.call('GET', '/api/user/sessions')).body.data.list.find((s: Row) => s.current).id;
    expect(ids(ofUser)).toContain(target);

    const { res } = await audited(t, { action: 'system.session.revoke', targetType: 'session', targetId: target }, () => admin.call('DELETE', `/api/system/sessions/${target}`));
    expect(res.status).toBe(200);
    expect((await u.call('GET', '/api/user/menu')).status).toBe(401);
    expect((await admin.call('DELETE', `/api/system/sessions/${target}`)).status).toBe(404);
    expect((await admin.call('DELETE', '/api/system/sessions/999999')).status).toBe(404);
    expect(ids(await admin.call('GET', '/api/system/sessions'))).not.toContain(target);
  });

  it('refuses the system calls without their permission (403, recorded as denied)', async () => {
    const u = await user();
    const list = await u.call('GET', '/api/system/sessions');
    expect([list.status, errorOf(list)]).toEqual([403, 'FORBIDDEN']);
    const revoke = await u.call('DELETE', '/api/system/sessions/1');
    expect([revoke.status, errorOf(revoke)]).toEqual([403, 'FORBIDDEN']);
  });

  it('leaves out sessions past their idle time', async () => {
    const admin = await adminSession(t, 'fp-admin-expiry');
    const stale = await user();
    const staleId = (await stale.call('GET', '/api/user/sessions')).body.data.list.find((s: Row) => s.current).id;
    now = new Date(now.getTime() + (t.config.sessionIdleSeconds - 60) * 1000);
    expect((await admin.call('GET', '/api/user/menu')).status).toBe(200); // keeps the admin's session alive
    now = new Date(now.getTime() + 120 * 1000);
    const list = await admin.call('GET', '/api/system/sessions');
    expect(list.status).toBe(200);
    expect(ids(list)).not.toContain(staleId);
    expect((await admin.call('DELETE', `/api/system/sessions/${staleId}`)).status).toBe(404);
  });
});
