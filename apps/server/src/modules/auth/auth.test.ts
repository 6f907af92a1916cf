import { createHash } from 'node:crypto';
import { readFileSync, existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { smsCodes, users } from '../../db/schema/auth.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

const CAPTCHA_TEXT = 'AC23';

function outboxLines(t: TestApp): Array<{ tel: string; code: string; sentAt: string }> {
  if (!existsSync(t.config.smsOutbox)) return [];
  return readFileSync(t.config.smsOutbox, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { tel: string; code: string; sentAt: string });
}

describe('password sign-in', () => {
  let t: TestApp;
  let now = new Date('2026-11-21T08:00:00Z');
  const advance = (seconds: number) => (now = new Date(now.getTime() + seconds * 1000));
  beforeAll(async () => {
    t = await createTestApp({ clock: () => now, captchaText: () => CAPTCHA_TEXT });
  });
  afterAll(() => t?.close());

  const login = (body: Record<string, unknown>, opts: { fingerprint?: string; locale?: 'zh-CN' | 'en-US' } = {}) =>
    t.request({ method: 'POST', url: '/api/user/login', body, ...opts });
  const captcha = async () => {
    const res = await t.request({ url: '/auth/captcha' });
    expect(res.status).toBe(200);
    return res;
  };

  it('stores argon2id hashes', async () => {
    const [admin] = await t.db.select().from(users).where(eq(users.username, 'admin'));
    expect(admin!.passwordHash!.startsWith('$argon2id$')).toBe(true);
  });

  it('answers a wrong password with 400 INVALID_CREDENTIALS, never 401, in both languages', async () => {
    const zh = await login({ username: 'admin', password: 'wrong-1' }, { fingerprint: 'fp-wrong-1' });
    expect(zh.status).toBe(400);
    expect(zh.body).toMatchObject({ status: 'error', code: 400, message: '账号或者密码错误', data: { error: 'INVALID_CREDENTIALS' } });
    const en = await login({ username: 'nobody-at-all', password: 'x' }, { fingerprint: 'fp-wrong-2', locale: 'en-US' });
    expect(en.status).toBe(400);
    expect(en.body.message).toBe('Incorrect username or password');
  });

  it('requires the captcha after 3 failures for one username (from any device), then accepts a correct one', async () => {
    advance(3600);
    for (let i = 0; i < 3; i++) expect((await login({ username: 'user', password: 'bad' }, { fingerprint: `fp-u-${i}` })).body.data.error).toBe('INVALID_CREDENTIALS');
    const required = await login({ username: 'user', password: 'user123' }, { fingerprint: 'fp-u-new' });
    expect(required.status).toBe(400);
    expect(required.body.data.error).toBe('CAPTCHA_REQUIRED');

    const first = await captcha();
    const wrong = await login({ username: 'user', password: 'user123', captchaId: first.body.data.id, captcha: 'ZZZZ' }, { fingerprint: 'fp-u-new' });
    expect(wrong.body.data.error).toBe('CAPTCHA_INVALID');
    // single use: the right answer no longer works for that image
    const reused = await login({ username: 'user', password: 'user123', captchaId: first.body.data.id, captcha: CAPTCHA_TEXT }, { fingerprint: 'fp-u-new' });
    expect(reused.body.data.error).toBe('CAPTCHA_INVALID');

    const second = await captcha();
    const ok = await login({ username: 'user', password: 'user123', captchaId: second.body.data.id, captcha: CAPTCHA_TEXT.toLowerCase() }, { fingerprint: 'fp-u-new' });
    expect(ok.status).toBe(200);
    expect(typeof ok.body.data.token).toBe('string');
    // a successful sign-in ends the captcha requirement for that username
    expect((await login({ username: 'user', password: 'user123' }, { fingerprint: 'fp-u-new' })).status).toBe(200);
  });

  it('requires the captcha after 3 failures from one device, for any username (existing or not)', async () => {
    advance(3600);
    for (const username of ['ghost-1', 'ghost-2', 'ghost-3']) await login({ username, password: 'bad' }, { fingerprint: 'fp-device' });
    const res = await login({ username: 'admin', password: 'admin123' }, { fingerprint: 'fp-device' });
    expect(res.body.data.error).toBe('CAPTCHA_REQUIRED');
    // another device is not affected
    expect((await login({ username: 'admin', password: 'admin123' }, { fingerprint: 'fp-other' })).status).toBe(200);
  });

  it('tells the client when the next attempt will need the captcha', async () => {
    advance(3600);
    const r1 = await login({ username: 'ghost-x', password: 'bad' }, { fingerprint: 'fp-hint' });
    expect(r1.body.data.details).toEqual({ captchaRequired: false });
    await login({ username: 'ghost-x', password: 'bad' }, { fingerprint: 'fp-hint' });
    const r3 = await login({ username: 'ghost-x', password: 'bad' }, { fingerprint: 'fp-hint' });
    expect(r3.body.data.details).toEqual({ captchaRequired: true });
  });

  it('counts failures within 15 minutes only', async () => {
    advance(3600);
    for (let i = 0; i < 3; i++) await login({ username: 'user', password: 'bad' }, { fingerprint: `fp-w-${i}` });
    advance(15 * 60 + 1);
    expect((await login({ username: 'user', password: 'user123' }, { fingerprint: 'fp-w-x' })).status).toBe(200);
  });

  it('locks one device out of a username after 10 failures from it (429 ACCOUNT_LOCKED), even with the right password; other devices are not locked', async () => {
    advance(3600);
    for (let i = 0; i < 10; i++) {
      const c = i >= 3 ? (await captcha()).body.data.id : undefined;
      const res = await login({ username: 'admin', password: `bad-${i}`, ...(c ? { captchaId: c, captcha: CAPTCHA_TEXT } : {}) }, { fingerprint: 'fp-l' });
      expect(res.body.data.error).toBe('INVALID_CREDENTIALS');
    }
    const c = (await captcha()).body.data.id;
    const locked = await login({ username: 'admin', password: 'admin123', captchaId: c, captcha: CAPTCHA_TEXT }, { fingerprint: 'fp-l' });
    expect(locked.status).toBe(429);
    expect(locked.body.data.error).toBe('ACCOUNT_LOCKED');
    expect(locked.body.message).toBe('登录失败次数过多，账号已临时锁定，请稍后再试');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // another device is asked for the captcha (the username failed 10 times), not locked out
    expect((await login({ username: 'admin', password: 'admin123' }, { fingerprint: 'fp-l-y' })).body.data.error).toBe('CAPTCHA_REQUIRED');
    const c2 = (await captcha()).body.data.id;
    expect((await login({ username: 'admin', password: 'admin123', captchaId: c2, captcha: CAPTCHA_TEXT }, { fingerprint: 'fp-l-y' })).status).toBe(200);
    // other accounts are not locked (a new device from this address, which failed 10 times, reads a captcha)
    const c3 = (await captcha()).body.data.id;
    expect((await login({ username: 'user', password: 'user123', captchaId: c3, captcha: CAPTCHA_TEXT }, { fingerprint: 'fp-l-z' })).status).toBe(200);
    advance(15 * 60 + 1);
    expect((await login({ username: 'admin', password: 'admin123' }, { fingerprint: 'fp-l' })).status).toBe(200);
  });

  it('validates the fields with the page texts in both languages', async () => {
    const zh = await login({ username: '  ', password: '' });
    expect(zh.status).toBe(400);
    expect(zh.body.data.error).toBe('VALIDATION_FAILED');
    expect(zh.body.data.details).toEqual([
      { path: 'username', message: '用户名不能为空' },
      { path: 'password', message: '密码不能为空' },
    ]);
    const en = await login({}, { locale: 'en-US' });
    expect(en.body.data.details).toEqual([
      { path: 'username', message: 'Username is required' },
      { path: 'password', message: 'Password is required' },
    ]);
  });
});

describe('image captcha', () => {
  let t: TestApp;
  let now = new Date('2026-11-21T08:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ clock: () => now, captchaText: () => CAPTCHA_TEXT, config: { captcha: 'always' } });
  });
  afterAll(() => t?.close());

  it('is an SVG data URL drawn from paths (the answer is not in the markup), not cached, with a ttl', async () => {
    const res = await t.request({ url: '/auth/captcha' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { id, image, ttl } = res.body.data;
    expect(typeof id).toBe('string');
    expect(ttl).toBe(120);
    expect(image.startsWith('data:image/svg+xml;base64,')).toBe(true);
    const svg = Buffer.from(image.split(',')[1], 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).not.toContain('<text');
    expect(svg).not.toContain(CAPTCHA_TEXT);
    // a few alike paths, each holding pieces of characters and noise (see captcha-solver.engine-free.test.ts)
    expect((svg.match(/<path /g) ?? []).length).toBeGreaterThanOrEqual(3);
    // stored hashed
    const stored = JSON.stringify((await t.db.execute(`select * from captchas`)) as unknown);
    expect(stored).not.toContain(CAPTCHA_TEXT);
  });

  it('CAPTCHA=always asks on the first attempt; an expired image is refused', async () => {
    const first = await t.request({ method: 'POST', url: '/api/user/login', body: { username: 'user', password: 'user123' } });
    expect(first.body.data.error).toBe('CAPTCHA_REQUIRED');
    const img = await t.request({ url: '/auth/captcha' });
    now = new Date(now.getTime() + 121_000);
    const late = await t.request({ method: 'POST', url: '/api/user/login', body: { username: 'user', password: 'user123', captchaId: img.body.data.id, captcha: CAPTCHA_TEXT } });
    expect(late.body.data.error).toBe('CAPTCHA_INVALID');
    const fresh = await t.request({ url: '/auth/captcha' });
    const ok = await t.request({ method: 'POST', url: '/api/user/login', body: { username: 'user', password: 'user123', captchaId: fresh.body.data.id, captcha: CAPTCHA_TEXT } });
    expect(ok.status).toBe(200);
  });
});

describe('CAPTCHA=off and per-IP rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { captcha: 'off', rateLimits: { login: 6, captcha: 2, sms: 100 } } });
  });
  afterAll(() => t?.close());

  it('never asks for a captcha when off, and limits sign-in attempts per client IP', async () => {
    for (let i = 0; i < 5; i++) expect((await t.request({ method: 'POST', url: '/api/user/login', body: { username: 'user', password: 'bad' } })).body.data.error).toBe('INVALID_CREDENTIALS');
    expect((await t.request({ method: 'POST', url: '/api/user/login', body: { username: 'user', password: 'user123' } })).status).toBe(200);
    const limited = await t.request({ method: 'POST', url: '/api/user/login', body: { username: 'user', password: 'user123' } });
    expect(limited.status).toBe(429);
    expect(limited.body.data.error).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits captcha images per client IP', async () => {
    expect((await t.request({ url: '/auth/captcha' })).status).toBe(200);
    expect((await t.request({ url: '/auth/captcha' })).status).toBe(200);
    expect((await t.request({ url: '/auth/captcha' })).body.data.error).toBe('RATE_LIMITED');
  });
});

describe('per-IP rate limit window', () => {
  let t: TestApp;
  let now = new Date('2026-11-21T08:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ clock: () => now, config: { rateLimits: { login: 10_000, captcha: 2, sms: 10_000 } } });
  });
  afterAll(() => t?.close());

  it('refuses until the window ends, says how long in Retry-After, and counts again from one after it', async () => {
    expect((await t.request({ url: '/auth/captcha' })).status).toBe(200);
    expect((await t.request({ url: '/auth/captcha' })).status).toBe(200);
    const first = await t.request({ url: '/auth/captcha' });
    expect(first.status).toBe(429);
    expect(first.headers['retry-after']).toBe('60');
    expect(first.body.data.details).toEqual({ retryAfter: 60 });
    now = new Date(now.getTime() + 45_000);
    const later = await t.request({ url: '/auth/captcha' });
    expect(later.status).toBe(429);
    expect(later.headers['retry-after']).toBe('15');
    now = new Date(now.getTime() + 15_000);
    expect((await t.request({ url: '/auth/captcha' })).status).toBe(200);
    expect((await t.request({ url: '/auth/captcha' })).status).toBe(200);
    expect((await t.request({ url: '/auth/captcha' })).status).toBe(429);
  });
});

describe('SMS sign-in (end to end through the outbox file)', () => {
  let t: TestApp;
  let now = new Date('2026-11-21T08:00:00Z');
  const advance = (seconds: number) => (now = new Date(now.getTime() + seconds * 1000));
  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
  });
  afterAll(() => t?.close());

  const send = (tel: unknown, locale?: 'zh-CN' | 'en-US') => t.request({ method: 'POST', url: '/api/login/captcha', body: { tel }, locale });
  const phoneLogin = (tel: string, code: string) => t.request({ method: 'POST', url: '/api/user/login', body: { tel, code } });

  it('sends a 6-digit code to the outbox and signs in with it once', async () => {
    const res = await send('13900000000');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ ttl: 300, resendAfter: 60 });
    const lines = outboxLines(t);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ tel: '13900000000', sentAt: now.toISOString() });
    expect(lines[0]!.code).toMatch(/^\d{6}$/);

    const ok = await phoneLogin('13900000000', lines[0]!.code);
    expect(ok.status).toBe(200);
    const info = await t.request({ method: 'POST', url: '/api/user/info', token: ok.body.data.token });
    expect(info.body.data.username).toBe('user');
    // one use
    expect((await phoneLogin('13900000000', lines[0]!.code)).body.data.error).toBe('CAPTCHA_INVALID');
  });

  it('allows one code per phone per 60 s (RATE_LIMITED)', async () => {
    advance(30);
    const again = await send('13900000000', 'en-US');
    expect(again.status).toBe(429);
    expect(again.body.data.error).toBe('RATE_LIMITED');
    expect(again.body.message).toBe('Too many requests. Please try again later.');
    advance(31);
    expect((await send('13900000000')).status).toBe(200);
  });

  it('gives a wrong code CAPTCHA_INVALID, and a code dies after 5 wrong attempts', async () => {
    advance(61);
    await send('13800000000');
    const code = outboxLines(t).at(-1)!.code;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await phoneLogin('13800000000', wrong);
      expect(res.status).toBe(400);
      expect(res.body.data.error).toBe('CAPTCHA_INVALID');
      expect(res.body.message).toBe('验证码错误或已过期');
    }
    expect((await phoneLogin('13800000000', code)).body.data.error).toBe('CAPTCHA_INVALID');
  });

  it('expires a code after 5 minutes', async () => {
    advance(61);
    await send('13800000000');
    const code = outboxLines(t).at(-1)!.code;
    advance(301);
    expect((await phoneLogin('13800000000', code)).body.data.error).toBe('CAPTCHA_INVALID');
  });

  it('answers 503 when the provider fails, and the number may ask again at once', async () => {
    advance(61);
    const failing = await createTestApp({ clock: () => now, sms: { send: () => Promise.reject(new Error('gateway down')) } });
    try {
      const res = await failing.request({ method: 'POST', url: '/api/login/captcha', body: { tel: '13900000000' } });
      expect(res.status).toBe(503);
      expect(res.body.data.error).toBe('UNAVAILABLE');
      expect(res.text).not.toContain('gateway down');
      expect((await failing.request({ method: 'POST', url: '/api/login/captcha', body: { tel: '13900000000' } })).status).toBe(503);
    } finally {
      await failing.close();
    }
  });

  it('answers the same for a phone no account holds, but sends nothing', async () => {
    const before = outboxLines(t).length;
    const res = await send('13600000000');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ ttl: 300, resendAfter: 60 });
    expect(outboxLines(t)).toHaveLength(before);
    expect((await phoneLogin('13600000000', '123456')).body.data.error).toBe('CAPTCHA_INVALID');
    // and it is rate limited like any number, so the answer reveals nothing
    expect((await send('13600000000')).status).toBe(429);
  });

  it('stores the code keyed: a copy of the database alone cannot try the million codes against it', async () => {
    expect((await send('13800000000')).status).toBe(200);
    const { code } = outboxLines(t).at(-1)!;
    const [row] = await t.db.select({ codeHash: smsCodes.codeHash }).from(smsCodes).where(eq(smsCodes.tel, '13800000000'));
    expect(row!.codeHash).not.toBe(createHash('sha256').update(`login:13800000000\u0000${code}`).digest('hex'));
    expect(row!.codeHash).not.toBe(createHash('sha256').update(code).digest('hex'));
    expect((await phoneLogin('13800000000', code)).status).toBe(200);
  });

  it('explains an empty or invalid phone in both languages', async () => {
    const cases: Array<[unknown, 'zh-CN' | 'en-US', string]> = [
      ['', 'zh-CN', '手机号不能为空'],
      ['', 'en-US', 'Phone number is required'],
      ['12345', 'zh-CN', '无效手机号'],
      ['23800000000', 'en-US', 'Invalid phone number'],
      [undefined, 'zh-CN', '手机号不能为空'],
    ];
    for (const [tel, locale, message] of cases) {
      const res = await send(tel, locale);
      expect(res.status).toBe(400);
      expect(res.body.data.error).toBe('VALIDATION_FAILED');
      expect(res.body.data.details).toEqual([{ path: 'tel', message }]);
    }
    const login = await t.request({ method: 'POST', url: '/api/user/login', body: { tel: '', code: '' }, locale: 'en-US' });
    expect(login.body.data.details).toEqual([
      { path: 'tel', message: 'Phone number is required' },
      { path: 'code', message: 'Please enter the SMS code' },
    ]);
  });
});
