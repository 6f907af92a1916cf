import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt, like, sql } from 'drizzle-orm';
import type { Idp } from '../../../../../scripts/idp/idp.mjs';
import { buildApp } from '../../app.ts';
import { auditLog, userIdentities, users } from '../../db/schema/auth.ts';
import { companySignInCalls } from '@atrium/contracts/calls/company-sign-in';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { callback, createReviewer, navigation, oidcSettings, redeem, signInThroughProvider, startFlow, startProvider, ticketOf } from '../../test/company-sign-in.ts';

/**
 * Company sign-in against the development provider (oidc-provider, as `npm run idp` runs it): accounts
 * made and linked by (issuer, subject), roles from the groups at every sign-in, and every way a sign-in
 * can be forged or replayed refused with SSO_FAILED.
 */
let idp: Idp;
let t: TestApp;

beforeAll(async () => {
  idp = await startProvider();
  t = await createTestApp({ config: { oidc: oidcSettings(idp) } });
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

const entriesSince = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(gt(auditLog.id, id), like(auditLog.action, 'auth.company-sign-in%')))
    .orderBy(asc(auditLog.id));
const lastId = async () => Number((await t.db.select({ id: sql<string>`coalesce(max(${auditLog.id}), 0)` }).from(auditLog))[0]!.id);

describe('company sign-in', () => {
  it('tells the console it is on, with the console’s own label', async () => {
    const res = await t.request({ url: '/api/client-config', sign: false });
    expect(res.body.data.signIn).toEqual({ sso: { label: null }, password: 'on' });
  });

  it('makes the account at the first sign-in, with the mapped role, and opens an ordinary session', async () => {
    const before = await lastId();
    const res = await signInThroughProvider(t, 'alice', '/system/user');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.redirect).toBe('/system/user');
    const info = await t.request({ method: 'POST', url: '/api/user/info', token: res.body.data.token });
    expect(info.body.data).toMatchObject({ username: 'alice', name: 'Alice Admin', email: 'alice@idp.example', role: 'admin', roles: ['admin'], source: 'oidc', mfaRequired: false });
    const [row] = await t.db.select().from(users).where(eq(users.username, 'alice'));
    expect(row!.passwordHash).toBeNull();
    const [link] = await t.db.select().from(userIdentities).where(eq(userIdentities.userId, row!.id));
    expect(link).toMatchObject({ issuer: idp.issuer, subject: '6f1c2a4e-8d7b-4c3a-9e51-a11ce0000001' });

    const entries = await entriesSince(before);
    expect(entries.map((e) => [e.action, e.result, e.actorName])).toEqual([
      ['auth.company-sign-in.provision', 'success', 'alice'],
      ['auth.company-sign-in', 'success', 'alice'],
      ['auth.company-sign-in.redeem', 'success', 'alice'],
    ]);
    expect(entries[0]!.changes).toContainEqual({ field: 'roles', before: null, after: ['admin'] });
    // Never a ticket, code or token in the trail.
    expect(JSON.stringify(entries)).not.toContain(res.body.data.token);
  });

  it('finds the same account again by its subject, and sets its roles from changed groups (a custom role here)', async () => {
    await createReviewer(t, await t.login('admin'));
    const before = await lastId();
    idp.setGroups('alice', ['atrium-reviewers']);
    try {
      const res = await signInThroughProvider(t, 'alice');
      expect(res.status).toBe(200);
      const info = await t.request({ method: 'POST', url: '/api/user/info', token: res.body.data.token });
      expect(info.body.data).toMatchObject({ username: 'alice', role: 'reviewer', roles: ['reviewer'] });
      expect(await t.db.$count(users, like(users.username, 'alice%'))).toBe(1);
      const [entry] = (await entriesSince(before)).filter((e) => e.action === 'auth.company-sign-in');
      expect(entry!.changes).toEqual([{ field: 'roles', before: ['admin'], after: ['reviewer'] }]);
    } finally {
      idp.setGroups('alice', ['atrium-admins']);
    }
  });

  it('refuses a person without a mapped group (no default role), and makes no account', async () => {
    const flow = await startFlow(t, 'carol');
    expect(await callback(t, flow)).toBe('/login#sso_error=SSO_NO_ROLE');
    expect(await t.db.$count(users, eq(users.username, 'carol'))).toBe(0);
  });

  it('refuses a disabled account whatever the provider says', async () => {
    await t.db.update(users).set({ status: 'disabled' }).where(eq(users.username, 'alice'));
    try {
      expect(await callback(t, await startFlow(t, 'alice'))).toBe('/login#sso_error=ACCOUNT_DISABLED');
    } finally {
      await t.db.update(users).set({ status: 'active' }).where(eq(users.username, 'alice'));
    }
  });

  it('answers SSO_DENIED when the person cancels at the provider', async () => {
    expect(await callback(t, await startFlow(t, 'bob', { cancel: true }))).toBe('/login#sso_error=SSO_DENIED');
  });

  it('scopes the binding cookie to the callback and the redemption, which the browser sends it to', async () => {
    const start = await t.request({ url: companySignInCalls.start.path, sign: false, headers: navigation });
    const line = String([start.headers['set-cookie']].flat().find((c) => String(c).startsWith('atrium_oidc=')));
    const path = /;\s*Path=([^;]+)/i.exec(line)?.[1];
    // RFC 6265 5.1.4: a cookie goes to its path and the paths below it
    const sentTo = (requestPath: string) => requestPath === path || requestPath.startsWith(`${path}/`);
    expect([companySignInCalls.callback.path, companySignInCalls.redeem.path].map(sentTo), line).toEqual([true, true]);
  });

  describe('refuses with SSO_FAILED', () => {
    it('a tampered state', async () => {
      const flow = await startFlow(t, 'bob');
      const tampered = { ...flow, callback: flow.callback.replace(/state=([^&]+)/, 'state=x$1') };
      expect(await callback(t, tampered)).toBe('/login#sso_error=SSO_FAILED');
    });

    it('a callback without the binding cookie, or with another browser’s', async () => {
      const flow = await startFlow(t, 'bob');
      expect(await callback(t, flow, null)).toBe('/login#sso_error=SSO_FAILED');
      const other = await startFlow(t, 'bob');
      expect(await callback(t, other, 'atrium_oidc=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).toBe('/login#sso_error=SSO_FAILED');
    });

    it('a callback made twice (the transaction is used once)', async () => {
      const flow = await startFlow(t, 'bob');
      expect(ticketOf(await callback(t, flow))).toBeDefined();
      expect(await callback(t, flow)).toBe('/login#sso_error=SSO_FAILED');
    });

    it('a replayed ticket, and a ticket taken to another browser', async () => {
      const flow = await startFlow(t, 'bob');
      const ticket = ticketOf(await callback(t, flow))!;
      expect((await redeem(t, ticket, flow.cookie)).status).toBe(200);
      const again = await redeem(t, ticket, flow.cookie);
      expect([again.status, again.body.data.error]).toEqual([400, 'SSO_FAILED']);

      const second = await startFlow(t, 'bob');
      const stolen = ticketOf(await callback(t, second))!;
      const elsewhere = await redeem(t, stolen, null, 'other-device');
      expect([elsewhere.status, elsewhere.body.data.error]).toEqual([400, 'SSO_FAILED']);
      // Burnt by the attempt: the rightful browser starts over.
      expect((await redeem(t, stolen, second.cookie)).body.data.error).toBe('SSO_FAILED');
    });

    const tampered: Array<[string, Parameters<Idp['tamperIdToken']>[0]]> = [
      ['an ID token for another audience', ({ header, payload }) => ({ header, payload: { ...payload, aud: 'someone-else' }, sign: 'key' })],
      ['an ID token with another nonce', ({ header, payload }) => ({ header, payload: { ...payload, nonce: 'not-the-one' }, sign: 'key' })],
      ['an unsigned ID token (alg none)', ({ header, payload }) => ({ header, payload, sign: 'none' })],
      ['an ID token signed with the client secret (HS256)', ({ header, payload }) => ({ header, payload, sign: 'secret' })],
      ['an expired ID token', ({ header, payload }) => ({ header, payload: { ...payload, exp: Math.floor(Date.now() / 1000) - 120 }, sign: 'key' })],
    ];
    for (const [what, fn] of tampered) {
      it(what, async () => {
        const before = await lastId();
        idp.tamperIdToken(fn);
        try {
          expect(await callback(t, await startFlow(t, 'bob'))).toBe('/login#sso_error=SSO_FAILED');
        } finally {
          idp.tamperIdToken(undefined);
        }
        const [entry] = await entriesSince(before);
        expect(entry).toMatchObject({ action: 'auth.company-sign-in', result: 'failed' });
        expect(entry!.summary).toMatch(/^company sign-in failed \(SSO_FAILED\): code exchange or ID token refused/);
        // and in Chinese, the provider's own words kept as it gave them
        expect(entry!.summaries?.['zh-CN']).toMatch(/^企业账号登录失败（SSO_FAILED）：授权码兑换或 ID 令牌被拒绝：/);
      });
    }
  });

  it('keeps the redirect to a console path', async () => {
    for (const target of ['//evil.example/x', 'https://evil.example', '/\\evil.example', '/api/user/info']) {
      const res = await signInThroughProvider(t, 'bob', target);
      expect(res.body.data.redirect).toBe('/');
    }
  });

  it('leaves a company account without a password, a reset or an edit of its mapped roles', async () => {
    const admin = await t.login('admin');
    const [bob] = await t.db.select().from(users).where(eq(users.username, 'bob'));
    const list = await t.request({ url: '/api/system/users?source=oidc&pageSize=50', token: admin });
    expect(list.body.data.list.map((a: { username: string }) => a.username).sort()).toEqual(['alice', 'bob']);
    expect(list.body.data.list[0]).toMatchObject({ source: 'oidc', rolesFromProvider: true });
    const reset = await t.request({ method: 'POST', url: `/api/system/users/${bob!.id}/reset-password`, token: admin });
    expect([reset.status, reset.body.data.error]).toEqual([409, 'SSO_ACCOUNT']);
    const edit = await t.request({ method: 'PUT', url: `/api/system/users/${bob!.id}`, token: admin, body: { roles: ['admin'] } });
    expect([edit.status, edit.body.data.error]).toEqual([409, 'SSO_ACCOUNT']);
    const rename = await t.request({ method: 'PUT', url: `/api/system/users/${bob!.id}`, token: admin, body: { name: 'Bob B.' } });
    expect(rename.status).toBe(200);
    const password = await t.request({ method: 'POST', url: '/api/user/login', body: { username: 'bob', password: 'anything-1' } });
    expect(password.body.data.error).toBe('INVALID_CREDENTIALS');
  });

  it('needs no two-step enrolment of a company account, and offers none', async () => {
    const admin = await t.login('admin');
    // bob's role (atrium-users: the built-in user)
    const roles = await t.request({ url: '/api/system/roles?pageSize=50', token: admin });
    const bobs = roles.body.data.list.find((r: { code: string }) => r.code === 'user');
    const set = (requireMfa: boolean) => t.request({ method: 'PUT', url: `/api/system/roles/${bobs.id}`, token: admin, body: { requireMfa } });
    expect((await set(true)).status).toBe(200);
    try {
      const { token } = (await signInThroughProvider(t, 'bob')).body.data;
      expect((await t.request({ url: '/api/user/menu', token })).status).toBe(200);
      // Every answer says the same: the role's requirement does not apply to this account.
      expect((await t.request({ method: 'POST', url: '/api/user/info', token })).body.data).toMatchObject({ mfaEnabled: false, mfaRequired: false });
      expect((await t.request({ url: '/api/user/two-step', token })).body.data).toMatchObject({ enabled: false, required: false });
      const setup = await t.request({ method: 'POST', url: '/api/user/two-step/setup', token });
      expect([setup.status, setup.body.data.error]).toEqual([409, 'SSO_ACCOUNT']);
    } finally {
      await set(false);
    }
  });

  it('takes the callback on another replica of the same database', async () => {
    const replica = await buildApp(t.config, { db: t.db, logger: false });
    try {
      const flow = await startFlow(t, 'bob');
      const res = await replica.inject({ method: 'GET', url: flow.callback, headers: { ...navigation, cookie: flow.cookie } });
      const ticket = ticketOf(String(res.headers.location));
      expect(ticket, String(res.headers.location)).toBeDefined();
      expect((await redeem(t, ticket!, flow.cookie)).status).toBe(200);
    } finally {
      await replica.close();
    }
  });
});

describe('without a role map, with a default role, a label and the provider’s sign-out', () => {
  it('gives new accounts the default role, leaves their roles to Atrium, and signs out at the provider too', async () => {
    const app = await createTestApp({ config: { oidc: oidcSettings(idp, { roleMap: undefined, defaultRole: 'user', label: 'Acme SSO', logout: 'provider' }) } });
    try {
      expect((await app.request({ url: '/api/client-config', sign: false })).body.data.signIn.sso).toEqual({ label: 'Acme SSO' });
      const res = await signInThroughProvider(app, 'carol');
      expect(res.status, res.text).toBe(200);
      const { token } = res.body.data;
      expect((await app.request({ method: 'POST', url: '/api/user/info', token })).body.data).toMatchObject({ username: 'carol', roles: ['user'], source: 'oidc' });

      const admin = await app.login('admin');
      await createReviewer(app, admin);
      const [carol] = await app.db.select().from(users).where(eq(users.username, 'carol'));
      const list = await app.request({ url: '/api/system/users?source=oidc', token: admin });
      expect(list.body.data.list).toMatchObject([{ username: 'carol', rolesFromProvider: false }]);
      const edit = await app.request({ method: 'PUT', url: `/api/system/users/${carol!.id}`, token: admin, body: { roles: ['user', 'reviewer'] } });
      expect(edit.status, edit.text).toBe(200);
      // The next sign-in keeps what the administrator gave.
      const again = await signInThroughProvider(app, 'carol');
      expect((await app.request({ method: 'POST', url: '/api/user/info', token: again.body.data.token })).body.data.roles).toEqual(['user', 'reviewer']);

      const out = await app.request({ method: 'POST', url: '/api/user/logout', token });
      expect(out.body.data.endSessionUrl).toMatch(new RegExp(`^${idp.issuer}/session/end\\?`));
      expect(new URL(out.body.data.endSessionUrl).searchParams.get('post_logout_redirect_uri')).toBe('http://atrium.test/login');
      // A local account signs out locally only.
      expect((await app.request({ method: 'POST', url: '/api/user/logout', token: admin })).body.data).toBeNull();
    } finally {
      await app.close();
    }
  });
});

describe('PASSWORD_SIGNIN=admins', () => {
  it('lets only a full administrator use the password form', async () => {
    const app = await createTestApp({ config: { oidc: oidcSettings(idp), passwordSignIn: 'admins' } });
    try {
      expect((await app.request({ url: '/api/client-config', sign: false })).body.data.signIn.password).toBe('admins');
      const user = await app.request({ method: 'POST', url: '/api/user/login', body: { username: 'user', password: 'user123' }, locale: 'en-US' });
      expect([user.status, user.body.data.error, user.body.message]).toEqual([403, 'FORBIDDEN', 'Password sign-in is for administrators only. Sign in with your company account.']);
      const wrong = await app.request({ method: 'POST', url: '/api/user/login', body: { username: 'user', password: 'wrong-123' } });
      expect(wrong.body.data.error).toBe('INVALID_CREDENTIALS');
      expect((await app.request({ method: 'POST', url: '/api/user/login', body: { username: 'admin', password: 'admin123' } })).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('the provider down at start, then up', () => {
  it('answers SSO_UNAVAILABLE until the discovery succeeds', async () => {
    const gone = await startProvider();
    const port = gone.port;
    const settings = oidcSettings(gone);
    await gone.close();
    const app = await createTestApp({ config: { oidc: settings } });
    try {
      const api = await app.request({ url: '/api/auth/company-sign-in/start', sign: false });
      expect([api.status, api.body.data.error]).toEqual([503, 'SSO_UNAVAILABLE']);
      const browser = await app.request({ url: '/api/auth/company-sign-in/start', sign: false, headers: navigation });
      expect([browser.status, browser.headers.location]).toEqual([302, '/login#sso_error=SSO_UNAVAILABLE']);
      // Password sign-in goes on meanwhile.
      expect((await app.request({ method: 'POST', url: '/api/user/login', body: { username: 'admin', password: 'admin123' } })).status).toBe(200);
      const back = await startProvider(port);
      try {
        const res = await app.request({ url: '/api/auth/company-sign-in/start', sign: false, headers: navigation });
        expect(res.status).toBe(302);
        expect(String(res.headers.location)).toMatch(new RegExp(`^${back.issuer}/auth\\?`));
      } finally {
        await back.close();
      }
    } finally {
      await app.close();
    }
  });
});
