import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Secret } from 'otpauth';
import { signHeaders } from '@atrium/contracts';
import { buildApp } from '../../app.ts';
import { rowsOf } from '../../db/client.ts';
import { totpCode } from '../../security/totp.ts';
import { createTestApp, TEST_CREDENTIAL, TEST_FINGERPRINT, type TestApp } from '../../test/harness.ts';

/** Two-step verification through the API, on a clock the tests move (30-second steps). */
describe('two-step verification', () => {
  let t: TestApp;
  let now = new Date('2026-11-27T08:00:10Z');
  const tick = (seconds = 30) => (now = new Date(now.getTime() + seconds * 1000));
  let secret: Uint8Array;
  let recoveryCodes: string[];

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now, config: { captcha: 'off' } });
  });
  afterAll(() => t?.close());

  const code = (at = now) => totpCode(secret, at);
  const post = (url: string, body: unknown, token?: string, fingerprint?: string) => t.request({ method: 'POST', url, body, token, fingerprint });
  const firstStep = async (fingerprint?: string) => {
    const res = await post('/api/user/login', { username: 'user', password: 'user123' }, undefined, fingerprint);
    expect(res.status, res.text).toBe(200);
    return res.body.data as { mfaRequired?: true; mfaTicket: string; token?: string };
  };
  const secondStep = (body: Record<string, string>, fingerprint?: string) => post('/api/user/login/two-step', body, undefined, fingerprint);
  const errorOf = (res: { body: { data: { error: string } } }) => res.body.data.error;
  const auditActions = async (action: string) =>
    rowsOf<{ result: string; summary: string; changes: unknown }>(await t.db.execute(sql`select result, summary, changes from audit_log where action = ${action} order by id`));

  it('enrols: a pending secret, then a code of it turns it on and answers ten recovery codes once', async () => {
    const token = await t.login('user');
    expect((await t.request({ url: '/api/user/two-step', token })).body.data).toEqual({ enabled: false, enrolledAt: null, recoveryCodesLeft: 0, required: false });
    const setup = await post('/api/user/two-step/setup', undefined, token);
    expect(setup.status, setup.text).toBe(200);
    secret = Secret.fromBase32(setup.body.data.secret as string).bytes;
    expect(setup.body.data.otpauthUri).toContain(`secret=${setup.body.data.secret}`);
    // The secret is stored sealed, never as given.
    const [stored] = rowsOf<{ pending_secret: string }>(await t.db.execute(sql`select pending_secret from user_mfa`));
    expect(stored!.pending_secret.startsWith('v1.')).toBe(true);
    expect(stored!.pending_secret).not.toContain(setup.body.data.secret);

    expect(errorOf(await post('/api/user/two-step/enable', { code: String((Number(code()) + 1) % 1_000_000).padStart(6, '0') }, token))).toBe('MFA_CODE_INVALID');
    const enabled = await post('/api/user/two-step/enable', { code: code() }, token);
    expect(enabled.status, enabled.text).toBe(200);
    recoveryCodes = enabled.body.data.recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await t.request({ url: '/api/user/two-step', token })).body.data).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect(errorOf(await post('/api/user/two-step/setup', undefined, token))).toBe('MFA_ALREADY_ENABLED');
    // In the trail, with nothing secret in it.
    const [entry] = await auditActions('user.two-step.enable');
    expect(entry!.result).toBe('success');
    expect(JSON.stringify(entry)).not.toContain(setup.body.data.secret);
  });

  it('signs in in two steps; the step used to enable (or to sign in) is never accepted again', async () => {
    const first = await firstStep();
    expect(first).toMatchObject({ mfaRequired: true });
    expect(first.token).toBeUndefined();
    // The code that turned it on, still inside its window: used already.
    expect(errorOf(await secondStep({ mfaTicket: first.mfaTicket, code: code() }))).toBe('MFA_CODE_INVALID');
    tick();
    const signedIn = await secondStep({ mfaTicket: first.mfaTicket, code: code() });
    expect(signedIn.status, signedIn.text).toBe(200);
    expect((await t.request({ url: '/api/user/menu', token: signedIn.body.data.token })).status).toBe(200);
    // The ticket was used; and the same step again, with a new ticket, is refused.
    expect(errorOf(await secondStep({ mfaTicket: first.mfaTicket, code: code() }))).toBe('MFA_TICKET_INVALID');
    expect(errorOf(await secondStep({ mfaTicket: (await firstStep()).mfaTicket, code: code() }))).toBe('MFA_CODE_INVALID');
    const entries = await auditActions('auth.login-two-step');
    expect(entries.map((e) => e.result)).toEqual(['failed', 'success', 'failed', 'failed']);
    // the reason in words, with the key the answer carried
    const wrongCode = 'wrong two-step code (MFA_CODE_INVALID)';
    expect(entries.map((e) => e.summary)).toEqual([wrongCode, expect.any(String), 'two-step sign-in expired (MFA_TICKET_INVALID)', wrongCode]);
  });

  it('refuses a step used on another server on the same database', async () => {
    tick();
    const second = await buildApp(t.config, { db: t.db, clock: () => now, logger: false });
    try {
      const onSecond = async (body: unknown) => {
        const payload = JSON.stringify(body);
        const headers = await signHeaders(TEST_CREDENTIAL, {
          method: 'POST',
          path: '/api/user/login/two-step',
          query: '',
          headers: { 'X-Fingerprint': TEST_FINGERPRINT, 'Content-Type': 'application/json' },
          body: payload,
          now,
        });
        const res = await second.inject({ method: 'POST', url: '/api/user/login/two-step', headers, payload });
        return { status: res.statusCode, body: res.json() as { data: { error: string; token?: string } } };
      };
      const a = await firstStep();
      const b = await firstStep();
      const [one, other] = await Promise.all([secondStep({ mfaTicket: a.mfaTicket, code: code() }), onSecond({ mfaTicket: b.mfaTicket, code: code() })]);
      expect([one.status, other.status].sort()).toEqual([200, 400]);
      expect([errorOf(one), errorOf(other)].filter(Boolean)).toEqual(['MFA_CODE_INVALID']);
    } finally {
      await second.close();
    }
  });

  it('takes each recovery code once, in any case and with or without its dash', async () => {
    const [first, second] = recoveryCodes;
    const ok = await secondStep({ mfaTicket: (await firstStep()).mfaTicket, recoveryCode: first!.toUpperCase().replace('-', '') });
    expect(ok.status, ok.text).toBe(200);
    expect(errorOf(await secondStep({ mfaTicket: (await firstStep()).mfaTicket, recoveryCode: first! }))).toBe('MFA_CODE_INVALID');
    expect((await secondStep({ mfaTicket: (await firstStep()).mfaTicket, recoveryCode: ` ${second!} ` })).status).toBe(200);
    const token = ok.body.data.token as string;
    expect((await t.request({ url: '/api/user/two-step', token })).body.data.recoveryCodesLeft).toBe(8);
  });

  it('binds the ticket to the device it was given to, and voids it after five wrong codes', async () => {
    const elsewhere = await firstStep();
    tick();
    expect(errorOf(await secondStep({ mfaTicket: elsewhere.mfaTicket, code: code() }, 'another-device-0001'))).toBe('MFA_TICKET_INVALID');
    const ticket = (await firstStep()).mfaTicket;
    const wrong = String((Number(code()) + 500_000) % 1_000_000).padStart(6, '0');
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(errorOf(await secondStep({ mfaTicket: ticket, code: wrong })));
    expect(answers).toEqual(['MFA_CODE_INVALID', 'MFA_CODE_INVALID', 'MFA_CODE_INVALID', 'MFA_CODE_INVALID', 'MFA_TICKET_INVALID']);
    expect(errorOf(await secondStep({ mfaTicket: ticket, code: code() }))).toBe('MFA_TICKET_INVALID');
    // A right code on a fresh ticket clears those failures.
    expect((await secondStep({ mfaTicket: (await firstStep()).mfaTicket, code: code() })).status).toBe(200);
  });

  it('counts wrong codes as failed sign-ins: ten lock the account, and a new first step does not reset them', async () => {
    tick();
    const wrong = String((Number(code()) + 500_000) % 1_000_000).padStart(6, '0');
    for (let round = 0; round < 2; round++) {
      const ticket = (await firstStep()).mfaTicket;
      for (let i = 0; i < 5; i++) await secondStep({ mfaTicket: ticket, code: wrong });
    }
    const locked = await post('/api/user/login', { username: 'user', password: 'user123' });
    expect(locked.status).toBe(429);
    expect(errorOf(locked)).toBe('ACCOUNT_LOCKED');
    await t.db.execute(sql`delete from login_attempts`);
  });

  it('turns off with the password and a code, or answers new recovery codes; a wrong password names the field', async () => {
    tick();
    const signedIn = await secondStep({ mfaTicket: (await firstStep()).mfaTicket, code: code() });
    const token = signedIn.body.data.token as string;
    tick();
    const badPassword = await post('/api/user/two-step/disable', { password: 'nope', code: code() }, token);
    expect(badPassword.status).toBe(400);
    expect(badPassword.body.data).toMatchObject({ error: 'VALIDATION_FAILED', details: [{ path: 'password' }] });
    const renewed = await post('/api/user/two-step/recovery-codes', { password: 'user123', code: code() }, token);
    expect(renewed.status, renewed.text).toBe(200);
    expect(renewed.body.data.recoveryCodes).toHaveLength(10);
    // The earlier codes stop working.
    expect(errorOf(await post('/api/user/two-step/disable', { password: 'user123', code: recoveryCodes[5]! }, token))).toBe('MFA_CODE_INVALID');
    const off = await post('/api/user/two-step/disable', { password: 'user123', code: renewed.body.data.recoveryCodes[0] }, token);
    expect(off.status, off.text).toBe(200);
    expect(await firstStep()).toMatchObject({ token: expect.any(String) });
    expect(rowsOf(await t.db.execute(sql`select 1 from user_mfa`))).toHaveLength(0);
    expect((await auditActions('user.two-step.disable')).map((e) => e.result)).toEqual(['success']);
  });

  it('with a role that requires it, opens only the enrolment until it is on, and refuses to turn it off', async () => {
    const admin = await t.login('admin');
    const roles = (await t.request({ url: '/api/system/roles', token: admin })).body.data.list as Array<{ id: number; code: string }>;
    const userRole = roles.find((r) => r.code === 'user')!;
    // The one field of a built-in role that may change.
    expect(errorOf(await t.request({ method: 'PUT', url: `/api/system/roles/${userRole.id}`, token: admin, body: { name: 'Renamed' } }))).toBe('ROLE_BUILT_IN');
    const required = await t.request({ method: 'PUT', url: `/api/system/roles/${userRole.id}`, token: admin, body: { requireMfa: true } });
    expect(required.status, required.text).toBe(200);
    expect(required.body.data.requireMfa).toBe(true);
    try {
      const token = (await firstStep()).token!;
      expect(token).toBeDefined();
      const menu = await t.request({ url: '/api/user/menu', token });
      expect(menu.status).toBe(403);
      expect(errorOf(menu)).toBe('MFA_ENROLMENT_REQUIRED');
      const info = await post('/api/user/info', undefined, token);
      expect(info.body.data).toMatchObject({ mfaEnabled: false, mfaRequired: true });
      expect((await t.request({ url: '/api/user/two-step', token })).body.data.required).toBe(true);
      const setup = await post('/api/user/two-step/setup', undefined, token);
      secret = Secret.fromBase32(setup.body.data.secret as string).bytes;
      tick();
      expect((await post('/api/user/two-step/enable', { code: code() }, token)).status).toBe(200);
      expect((await t.request({ url: '/api/user/menu', token })).status).toBe(200);
      tick();
      expect(errorOf(await post('/api/user/two-step/disable', { password: 'user123', code: code() }, token))).toBe('MFA_REQUIRED_BY_ROLE');
    } finally {
      await t.request({ method: 'PUT', url: `/api/system/roles/${userRole.id}`, token: admin, body: { requireMfa: false } });
    }
  });

  it("an administrator's reset turns it off and ends the account's sessions", async () => {
    tick();
    const token = (await secondStep({ mfaTicket: (await firstStep()).mfaTicket, code: code() })).body.data.token as string;
    const admin = await t.login('admin');
    const users = (await t.request({ url: '/api/system/users?keyword=user', token: admin })).body.data.list as Array<{ id: number; username: string; mfaEnabled: boolean }>;
    const account = users.find((u) => u.username === 'user')!;
    expect(account.mfaEnabled).toBe(true);
    const reset = await post(`/api/system/users/${account.id}/two-step/reset`, undefined, admin);
    expect(reset.status, reset.text).toBe(200);
    expect(reset.body.data.mfaEnabled).toBe(false);
    expect((await post('/api/user/info', undefined, token)).status).toBe(401);
    expect(await firstStep()).toMatchObject({ token: expect.any(String) });
    const [entry] = await auditActions('system.user.two-step.reset');
    expect(entry).toMatchObject({ result: 'success', changes: [{ field: 'mfaEnabled', before: true, after: false }] });
  });
});
