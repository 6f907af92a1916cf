import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '../db/schema/auth.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { hashToken } from './resolve-session.ts';

describe('sessions', () => {
  let t: TestApp;
  let now = new Date('2026-11-21T08:00:00Z');
  const at = (iso: string) => (now = new Date(iso));

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now, config: { sessionIdleSeconds: 3600, sessionAbsoluteSeconds: 4 * 3600 } });
  });
  afterAll(() => t?.close());

  const info = (token: string, fingerprint?: string) => t.request({ method: 'POST', url: '/api/user/info', token, fingerprint });

  it('stores only the SHA-256 of an opaque 32-byte token', async () => {
    at('2026-11-21T08:00:00Z');
    const token = await t.login('user');
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32);
    const rows = await t.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    expect(rows).toHaveLength(1);
    const all = JSON.stringify(await t.db.select().from(sessions));
    expect(all).not.toContain(token);
  });

  it('expires after the idle time, and activity keeps it alive', async () => {
    at('2026-11-21T08:00:00Z');
    const token = await t.login('user');
    at('2026-11-21T08:50:00Z');
    expect((await info(token)).status).toBe(200); // refreshes last_seen_at
    at('2026-11-21T09:45:00Z'); // 55 min after the last request, 105 min after sign-in
    expect((await info(token)).status).toBe(200);
    at('2026-11-21T10:45:01Z'); // 60 min + 1 s idle
    const res = await info(token);
    expect(res.status).toBe(401);
    expect(res.body.data.error).toBe('SESSION_EXPIRED');
  });

  it('expires at the absolute lifetime however active it is', async () => {
    at('2026-11-21T12:00:00Z');
    const token = await t.login('user');
    for (const time of ['12:50', '13:40', '14:30', '15:20', '15:59']) {
      at(`2026-11-21T${time}:00Z`);
      expect((await info(token)).status).toBe(200);
    }
    at('2026-11-21T16:00:00Z');
    expect((await info(token)).body.data.error).toBe('SESSION_EXPIRED');
  });

  it('logout revokes the session for real', async () => {
    at('2026-11-22T08:00:00Z');
    const token = await t.login('admin');
    expect((await t.request({ method: 'POST', url: '/api/user/logout', token })).status).toBe(200);
    const res = await info(token);
    expect(res.status).toBe(401);
    expect(res.body.data.error).toBe('SESSION_EXPIRED');
    // a second logout with the dead token is refused the same way
    expect((await t.request({ method: 'POST', url: '/api/user/logout', token })).status).toBe(401);
  });

  it('is bound to the fingerprint it signed in with', async () => {
    at('2026-11-22T09:00:00Z');
    const token = await t.login('user', { fingerprint: 'device-a' });
    expect((await info(token, 'device-a')).status).toBe(200);
    const res = await info(token, 'device-b');
    expect(res.status).toBe(401);
    expect(res.body.data.error).toBe('SESSION_EXPIRED');
  });

  it('answers AUTH_REQUIRED without a token and SESSION_EXPIRED for an unknown one', async () => {
    at('2026-11-22T10:00:00Z');
    const none = await t.request({ method: 'POST', url: '/api/user/info' });
    expect(none.status).toBe(401);
    expect(none.body.data.error).toBe('AUTH_REQUIRED');
    const unknown = await info('x'.repeat(43));
    expect(unknown.status).toBe(401);
    expect(unknown.body.data.error).toBe('SESSION_EXPIRED');
  });

  it('expiresAt of the login answer is the absolute end of life', async () => {
    at('2026-11-23T00:00:00Z');
    const res = await t.request({ method: 'POST', url: '/api/user/login', body: { username: 'user', password: 'user123' } });
    expect(res.body.data.expiresAt).toBe('2026-11-23T04:00:00.000Z');
  });
});
