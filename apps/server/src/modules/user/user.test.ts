import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { allCalls, builtInRoles, defaultRoute, filterRoutes, routeTable, userInfoSchema } from '@atrium/contracts';
import { users } from '../../db/schema/auth.ts';
import { type TestApp } from '../../test/harness.ts';
import { suiteApp } from '../../test/suite-app.ts';

const lastCode = (t: TestApp, tel: string) =>
  readFileSync(t.config.smsOutbox, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { tel: string; code: string })
    .filter((l) => l.tel === tel)
    .at(-1)!.code;

describe('user info, menu and role switching', () => {
  const t = suiteApp();

  it('returns every profile field with role, roles and permissions', async () => {
    const token = await t.login('admin');
    const res = await t.request({ method: 'POST', url: '/api/user/info', token });
    expect(res.status).toBe(200);
    const info = userInfoSchema.strict().parse(res.body.data);
    expect(info).toMatchObject({ username: 'admin', accountId: '10001', role: 'admin', roles: ['admin', 'user'], phone: '13800000000', securityQuestionSet: false });
    expect(info.permissions).toContain('user:write');
    const user = await t.request({ method: 'POST', url: '/api/user/info', token: await t.login('user') });
    expect(user.body.data).toMatchObject({ role: 'user', roles: ['user'] });
    expect(user.body.data.permissions).toEqual([...builtInRoles.user.permissions]);
    expect(user.body.data.permissions).not.toContain('user:write');
  });

  it('serves the menu of the active role from the route table', async () => {
    const names = (items: Array<{ name: string; children?: unknown[] }>): string[] =>
      items.flatMap((i) => [i.name, ...names((i.children ?? []) as Array<{ name: string }>)]);
    const admin = await t.request({ url: '/api/user/menu', token: await t.login('admin') });
    const user = await t.request({ url: '/api/user/menu', token: await t.login('user') });
    expect(names(admin.body.data)).toContain('SystemUser');
    expect(names(user.body.data)).not.toContain('SystemUser');
    expect(user.body.data.map((i: { path: string }) => i.path)).not.toContain('/system'); // a group with no allowed page is dropped
    expect(user.body.data.map((i: { path: string }) => i.path)).toEqual(filterRoutes(routeTable, builtInRoles.user.permissions).map((n) => n.path));
    // the landing page first: a slice's, or the core's home page
    expect(admin.body.data[0]).toMatchObject({ path: defaultRoute.path, name: defaultRoute.name, meta: { locale: defaultRoute.titleKey, requiresAuth: true, order: 0 } });
    expect(user.body.data[0]).toMatchObject({ path: defaultRoute.path });
  });

  it('lets an admin view as user and back; the server enforces the active role', async () => {
    const token = await t.login('admin');
    const adminCall = allCalls.find((c) => c.permission && !builtInRoles.user.permissions.includes(c.permission) && c.method === 'GET' && !c.path.includes(':'));
    const asUser = await t.request({ method: 'POST', url: '/api/user/switch-role', token, body: { role: 'user' } });
    expect(asUser.status).toBe(200);
    expect(asUser.body.data).toMatchObject({ role: 'user', roles: ['admin', 'user'] });
    expect((await t.request({ method: 'POST', url: '/api/user/info', token })).body.data.role).toBe('user');
    if (adminCall) expect((await t.request({ method: 'GET', url: adminCall.path, token })).status).toBe(403);
    const menu = await t.request({ url: '/api/user/menu', token });
    expect(JSON.stringify(menu.body.data)).not.toContain('"SystemUser"');
    const back = await t.request({ method: 'POST', url: '/api/user/switch-role', token, body: { role: 'admin' } });
    expect(back.body.data.role).toBe('admin');
    if (adminCall) expect((await t.request({ method: 'GET', url: adminCall.path, token })).status).not.toBe(403);
  });

  it('refuses a role the account does not hold (403) and an unknown role (400)', async () => {
    const token = await t.login('user');
    const res = await t.request({ method: 'POST', url: '/api/user/switch-role', token, body: { role: 'admin' } });
    expect(res.status).toBe(403);
    expect(res.body.data.error).toBe('FORBIDDEN');
    expect((await t.request({ method: 'POST', url: '/api/user/info', token })).body.data.role).toBe('user');
    expect((await t.request({ method: 'POST', url: '/api/user/switch-role', token, body: { role: 'root' } })).body.data.error).toBe('FORBIDDEN');
    expect((await t.request({ method: 'POST', url: '/api/user/switch-role', token, body: { role: 'Root!' } })).body.data.error).toBe('VALIDATION_FAILED');
  });
});

describe('preferences', () => {
  const t = suiteApp({ signIn: ['user'] });

  it('starts empty and keeps a save per user (the parts are the slices\' own: src/slice.ts)', async () => {
    expect((await t.request({ url: '/api/user/preferences', token: t.tokens.user })).body.data).toEqual({});
    const saved = await t.request({ method: 'POST', url: '/api/user/preferences', token: t.tokens.user, body: {} });
    expect([saved.status, saved.body.data]).toEqual([200, {}]);
    expect((await t.request({ url: '/api/user/preferences', token: await t.login('admin') })).body.data).toEqual({});
  });

  it('rejects unknown keys, non-objects and bodies over 16 KB', async () => {
    for (const body of [{ theme: 'dark' }, { pad: { nested: true } }, [], 'dark']) {
      const res = await t.request({ method: 'POST', url: '/api/user/preferences', token: t.tokens.user, body: JSON.stringify(body), contentType: 'application/json' });
      expect([JSON.stringify(body), res.status, res.body.data.error]).toEqual([JSON.stringify(body), 400, 'VALIDATION_FAILED']);
    }
    const huge = await t.request({ method: 'POST', url: '/api/user/preferences', token: t.tokens.user, body: { pad: 'x'.repeat(17 * 1024) } });
    expect(huge.status).toBe(413);
    expect(huge.body.data.error).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('account security: password, security question, phone', () => {
  let now = new Date();
  const t = suiteApp({ clock: () => now });

  it('changes the password: wrong old one is a field error, the rule applies, other sessions end', async () => {
    const current = await t.login('user', { fingerprint: 'fp-current' });
    const other = await t.login('user', { fingerprint: 'fp-other' });
    const wrong = await t.request({ method: 'POST', url: '/api/user/change-password', token: current, fingerprint: 'fp-current', body: { oldPassword: 'nope', newPassword: 'Better123' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data).toEqual({ error: 'VALIDATION_FAILED', details: [{ path: 'oldPassword', message: '当前密码不正确' }] });

    const weak = await t.request({ method: 'POST', url: '/api/user/change-password', token: current, fingerprint: 'fp-current', locale: 'en-US', body: { oldPassword: 'user123', newPassword: 'abcdefgh' } });
    expect(weak.body.data.details).toEqual([{ path: 'newPassword', message: expect.stringContaining('Invalid password') }]);
    const same = await t.request({ method: 'POST', url: '/api/user/change-password', token: current, fingerprint: 'fp-current', body: { oldPassword: 'user123', newPassword: 'user123' } });
    expect(same.body.data.details).toEqual([{ path: 'newPassword', message: '新密码不能与当前密码相同' }]);

    const ok = await t.request({ method: 'POST', url: '/api/user/change-password', token: current, fingerprint: 'fp-current', body: { oldPassword: 'user123', newPassword: 'Better.123' } });
    expect(ok.status).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/user/info', token: current, fingerprint: 'fp-current' })).status).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/user/info', token: other, fingerprint: 'fp-other' })).status).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/user/login', body: { username: 'user', password: 'user123' } })).status).toBe(400);
    expect((await t.request({ method: 'POST', url: '/api/user/login', body: { username: 'user', password: 'Better.123' } })).status).toBe(200);
  });

  it('stores only a hash of the normalised security answer', async () => {
    const token = await t.login('admin');
    const res = await t.request({ method: 'POST', url: '/api/user/security-question', token, body: { question: 'school', answer: '  First School ' } });
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.username, 'admin'));
    expect(row!.securityQuestion).toBe('school');
    expect(row!.securityAnswerHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(row)).not.toMatch(/first school/i);
    expect((await t.request({ method: 'POST', url: '/api/user/info', token })).body.data.securityQuestionSet).toBe(true);
    const bad = await t.request({ method: 'POST', url: '/api/user/security-question', token, body: { question: 'pet', answer: '' } });
    expect(bad.body.data.details).toEqual([
      { path: 'question', message: '请选择问题' },
      { path: 'answer', message: '请输入答案' },
    ]);
  });

  it('binds a new phone with a code sent to it, then signs in with it (not with the old one)', async () => {
    const token = await t.login('admin');
    const same = await t.request({ method: 'POST', url: '/api/user/phone/code', token, body: { tel: '13800000000' } });
    expect(same.body.data).toEqual({ error: 'VALIDATION_FAILED', details: [{ path: 'tel', message: '新手机号不能与当前手机号相同' }] });
    const taken = await t.request({ method: 'POST', url: '/api/user/phone/code', token, locale: 'en-US', body: { tel: '13900000000' } });
    expect(taken.body.data.details).toEqual([{ path: 'tel', message: 'This number is bound to another account' }]);

    expect((await t.request({ method: 'POST', url: '/api/user/phone/code', token, body: { tel: '13611112222' } })).status).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/user/phone/code', token, body: { tel: '13611112222' } })).status).toBe(429);
    const code = lastCode(t, '13611112222');
    const wrong = await t.request({ method: 'POST', url: '/api/user/phone', token, body: { tel: '13611112222', code: code === '000000' ? '111111' : '000000' } });
    expect(wrong.body.data.error).toBe('CAPTCHA_INVALID');
    // another account cannot use a code sent for this one
    const userToken = (await t.request({ method: 'POST', url: '/api/user/login', body: { username: 'user', password: 'Better.123' } })).body.data.token;
    expect((await t.request({ method: 'POST', url: '/api/user/phone', token: userToken, body: { tel: '13611112222', code } })).status).toBe(400);
    const ok = await t.request({ method: 'POST', url: '/api/user/phone', token, body: { tel: '13611112222', code } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.phone).toBe('13611112222');

    // SMS sign-in now works with the new number (one code per number per 60 s, so a minute later)
    now = new Date(now.getTime() + 61_000);
    expect((await t.request({ method: 'POST', url: '/api/login/captcha', body: { tel: '13611112222' } })).status).toBe(200);
    const login = await t.request({ method: 'POST', url: '/api/user/login', body: { tel: '13611112222', code: lastCode(t, '13611112222') } });
    expect(login.status).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/login/captcha', body: { tel: '13800000000' } })).status).toBe(200);
    const outbox = readFileSync(t.config.smsOutbox, 'utf8');
    expect(outbox).not.toContain('"tel":"13800000000"'); // nobody holds the old number now: nothing is sent
  });
});
