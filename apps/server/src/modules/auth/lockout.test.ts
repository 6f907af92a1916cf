import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signHeaders } from '@atrium/contracts';
import type { AppConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

// Sign-in failures are counted per (username, device), per device, per username and per client address;
// a device that signed in to the account before answers only to its own failures. These tests play an
// attacker who can read the captcha (the test knows its text) and comes from many devices and addresses.
const CAPTCHA_TEXT = 'AC23';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  error: string | undefined;
  body: any;
}

function harness(config: Partial<AppConfig> = {}) {
  const state: { t?: TestApp; now: Date } = { now: new Date('2026-11-24T08:00:00Z') };
  beforeAll(async () => {
    state.t = await createTestApp({ clock: () => state.now, captchaText: () => CAPTCHA_TEXT, config });
  });
  afterAll(() => state.t?.close());

  const advance = (seconds: number) => (state.now = new Date(state.now.getTime() + seconds * 1000));

  /** One signed sign-in from a given device and client address; `captcha` answers a fresh image first. */
  async function signIn(username: string, password: string, from: { fp: string; ip: string; captcha?: boolean }): Promise<Reply> {
    const t = state.t!;
    const body: Record<string, string> = { username, password };
    if (from.captcha) {
      const img = await t.request({ url: '/auth/captcha' });
      expect(img.status).toBe(200);
      Object.assign(body, { captchaId: img.body.data.id, captcha: CAPTCHA_TEXT });
    }
    const payload = JSON.stringify(body);
    const headers = await signHeaders(t.config.signingKeys[0]!, {
      method: 'POST',
      path: '/api/user/login',
      query: '',
      headers: { 'X-Fingerprint': from.fp, 'Content-Type': 'application/json' },
      body: payload,
      now: state.now,
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/user/login', headers, payload, remoteAddress: from.ip });
    const json = res.json();
    return { status: res.statusCode, headers: res.headers, error: json?.data?.error, body: json };
  }

  const failuresOf = async (username: string) => {
    const result = (await state.t!.db.execute(`select count(*)::int as n from login_attempts where username = '${username}'`)) as unknown as { rows: Array<{ n: number }> };
    return Number(result.rows[0]?.n ?? 0);
  };

  return { state, advance, signIn, failuresOf };
}

describe('sign-in failures from other devices (CAPTCHA=adaptive)', () => {
  const { advance, signIn, failuresOf } = harness();
  const owner = { fp: 'fp-owner-laptop', ip: '10.0.0.1' };

  beforeAll(async () => {
    // the owner has signed in from this device before
    expect((await signIn('admin', 'admin123', owner)).status).toBe(200);
  });

  it('an attack from many devices and addresses neither locks out nor challenges the owner’s known device; a new device gets the captcha, not a lockout', async () => {
    advance(60);
    const errors = new Set<string | undefined>();
    // 40 wrong passwords for admin (the old rule locked the username after 10), from 8 devices and 4
    // addresses, each with a correctly read captcha
    for (let i = 0; i < 40; i++) {
      const res = await signIn('admin', `guess-${i}`, { fp: `fp-attacker-${i % 8}`, ip: `203.0.113.${1 + (i % 4)}`, captcha: true });
      errors.add(res.error);
    }
    expect([...errors]).toEqual(['INVALID_CREDENTIALS']);
    expect(await failuresOf('admin')).toBe(40);

    // the owner's device: right password, no captcha, from home or even from an attacker's address
    const home = await signIn('admin', 'admin123', owner);
    expect(home.status).toBe(200);
    expect(typeof home.body.data.token).toBe('string');
    expect((await signIn('admin', 'admin123', { fp: owner.fp, ip: '203.0.113.1' })).status).toBe(200);

    // a device the account does not know: asked for the captcha, then signed in
    const fresh = await signIn('admin', 'admin123', { fp: 'fp-owner-new-phone', ip: '10.0.0.1' });
    expect(fresh.status).toBe(400);
    expect(fresh.error).toBe('CAPTCHA_REQUIRED');
    expect((await signIn('admin', 'admin123', { fp: 'fp-owner-new-phone', ip: '10.0.0.1', captcha: true })).status).toBe(200);
    // the attackers' failures stay: they concern the attackers' devices
    expect(await failuresOf('admin')).toBe(40);
  });

  it('one device that keeps failing for a username is locked out of it (429 ACCOUNT_LOCKED with Retry-After), even with the right password', async () => {
    advance(3600);
    const hammer = { fp: 'fp-hammer', ip: '198.51.100.1' };
    for (let i = 0; i < 10; i++) expect((await signIn('admin', `guess-${i}`, { ...hammer, captcha: i >= 3 })).error).toBe('INVALID_CREDENTIALS');
    advance(60);
    const locked = await signIn('admin', 'admin123', { ...hammer, captcha: true });
    expect(locked.status).toBe(429);
    expect(locked.error).toBe('ACCOUNT_LOCKED');
    expect(Number(locked.headers['retry-after'])).toBe(15 * 60 - 60);
    // a new address does not help that device; the owner is not concerned
    expect((await signIn('admin', 'admin123', { fp: hammer.fp, ip: '198.51.100.2', captcha: true })).error).toBe('ACCOUNT_LOCKED');
    expect((await signIn('admin', 'admin123', owner)).status).toBe(200);
    advance(15 * 60);
    expect((await signIn('admin', 'admin123', { ...hammer, captcha: true })).status).toBe(200);
  });

  it('a known device answers to its own failures: the captcha after 3, locked out after 10', async () => {
    advance(3600);
    for (let i = 0; i < 3; i++) expect((await signIn('admin', `typo-${i}`, owner)).error).toBe('INVALID_CREDENTIALS');
    expect((await signIn('admin', 'admin123', owner)).error).toBe('CAPTCHA_REQUIRED');
    for (let i = 3; i < 10; i++) expect((await signIn('admin', `typo-${i}`, { ...owner, captcha: true })).error).toBe('INVALID_CREDENTIALS');
    expect((await signIn('admin', 'admin123', { ...owner, captcha: true })).error).toBe('ACCOUNT_LOCKED');
  });

  it('one address spraying usernames from fresh devices gets the captcha after 10 failures and is throttled after 30 (429 RATE_LIMITED); the owner’s known device there is not', async () => {
    advance(3600);
    const ip = '192.0.2.66';
    for (let i = 0; i < 30; i++) {
      if (i === 10) expect((await signIn(`ghost-${i}`, 'Spring2026!', { fp: `fp-spray-${i}`, ip })).error).toBe('CAPTCHA_REQUIRED');
      const res = await signIn(`ghost-${i}`, 'Spring2026!', { fp: `fp-spray-${i}`, ip, captcha: i >= 10 });
      expect(res.error).toBe('INVALID_CREDENTIALS');
    }
    // fresh device, fresh username, right password, a read captcha: still throttled
    const throttled = await signIn('user', 'user123', { fp: 'fp-spray-y', ip, captcha: true });
    expect(throttled.status).toBe(429);
    expect(throttled.error).toBe('RATE_LIMITED');
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(throttled.body.data.details.retryAfter).toBe(Number(throttled.headers['retry-after']));
    // the owner of admin signs in from that address with the device admin knows
    expect((await signIn('admin', 'admin123', { fp: owner.fp, ip })).status).toBe(200);
    // and the address is not throttled for anyone elsewhere
    expect((await signIn('user', 'user123', { fp: 'fp-spray-y', ip: '192.0.2.67' })).status).toBe(200);
  });

  it('a burst of concurrent wrong passwords from one device gets at most 3 password checks before the captcha', async () => {
    advance(3600);
    const from = { fp: 'fp-burst', ip: '10.9.9.9' };
    const replies = await Promise.all(Array.from({ length: 8 }, (_, i) => signIn('user', `burst-${i}`, from)));
    // each attempt is written before it is judged, so the attempts in flight count each other (when all
    // are written before any is judged, every one is refused)
    const checked = replies.filter((r) => r.error === 'INVALID_CREDENTIALS').length;
    expect(checked).toBeLessThanOrEqual(3);
    expect(replies.filter((r) => r.error === 'CAPTCHA_REQUIRED')).toHaveLength(8 - checked);
    // the refused attempts left no failure behind, and nothing is locked
    expect(await failuresOf('user')).toBe(checked);
    expect((await signIn('user', 'user123', { ...from, captcha: true })).status).toBe(200);
  });
});

describe('sign-in failures from other devices (CAPTCHA=off)', () => {
  const { signIn } = harness({ captcha: 'off' });

  it('without a captcha to ask, unknown devices are refused after 10 failures of the username; the owner’s known device is not', async () => {
    const owner = { fp: 'fp-owner', ip: '10.0.0.1' };
    expect((await signIn('user', 'user123', owner)).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await signIn('user', `guess-${i}`, { fp: `fp-attacker-${i}`, ip: `203.0.113.${i}` })).error).toBe('INVALID_CREDENTIALS');
    const stranger = await signIn('user', 'user123', { fp: 'fp-stranger', ip: '10.0.0.1' });
    expect(stranger.status).toBe(429);
    expect(stranger.error).toBe('ACCOUNT_LOCKED');
    expect((await signIn('user', 'user123', owner)).status).toBe(200);
  });
});
