import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signHeaders } from '@atrium/contracts';
import type { AppConfig } from '../config.ts';
import { createTestApp, TEST_FINGERPRINT, type TestApp } from '../test/harness.ts';

// TRUST_PROXY: the client address (per-address rate limits, sign-in counts, the session's address, the
// access log) comes from X-Forwarded-For only through the listed proxies, right-most untrusted entry first.
// The observable here: the per-address sign-in rate limit (RATE_LIMIT_LOGIN=2) and its keys, and the
// address recorded on a new session.

function harness(config: Partial<AppConfig>) {
  const state: { t?: TestApp } = {};
  beforeAll(async () => {
    state.t = await createTestApp({ config: { captcha: 'off', rateLimits: { login: 2, captcha: 10_000, sms: 10_000 }, ...config } });
  });
  afterAll(() => state.t?.close());

  /** One signed sign-in arriving on a socket from `socket`, with an optional X-Forwarded-For. */
  async function signIn(socket: string, forwardedFor?: string, password = 'wrong-password') {
    const t = state.t!;
    const payload = JSON.stringify({ username: 'user', password });
    const signed = await signHeaders(t.config.signingKeys[0]!, {
      method: 'POST',
      path: '/api/user/login',
      query: '',
      headers: { 'X-Fingerprint': TEST_FINGERPRINT, 'Content-Type': 'application/json' },
      body: payload,
      now: t.app.now(),
    });
    const headers: Record<string, string> = { ...signed };
    if (forwardedFor !== undefined) headers['X-Forwarded-For'] = forwardedFor;
    const res = await t.app.inject({ method: 'POST', url: '/api/user/login', headers, payload, remoteAddress: socket });
    return { status: res.statusCode, error: res.json()?.data?.error as string | undefined, body: res.json() };
  }

  const limited = async (socket: string, forwardedFor?: string) => (await signIn(socket, forwardedFor)).error === 'RATE_LIMITED';

  async function loginKeys(): Promise<Record<string, number>> {
    const result = (await state.t!.db.execute(`select key, hits from rate_limits where bucket = 'login'`)) as unknown as { rows: Array<{ key: string; hits: number }> };
    return Object.fromEntries(result.rows.map((r) => [r.key, Number(r.hits)]));
  }

  return { state, signIn, limited, loginKeys };
}

describe('TRUST_PROXY=127.0.0.1', () => {
  const { state, signIn, limited, loginKeys } = harness({ trustProxy: ['127.0.0.1'] });

  it('counts a request from the proxy under the forwarded address: each client has its own budget', async () => {
    expect(await limited('127.0.0.1', '203.0.113.9')).toBe(false);
    expect(await limited('127.0.0.1', '203.0.113.9')).toBe(false);
    expect(await limited('127.0.0.1', '203.0.113.9')).toBe(true);
    // another client behind the same proxy is not limited by the first one's hits
    expect(await limited('127.0.0.1', '198.51.100.7')).toBe(false);
    expect(await loginKeys()).toEqual({ '203.0.113.9': 3, '198.51.100.7': 1 });
  });

  it('takes the right-most untrusted address: a client cannot spoof a fresh one by sending its own header', async () => {
    // the client sent "X-Forwarded-For: 1.2.3.4"; the proxy appended the address it saw, 203.0.113.9
    expect(await limited('127.0.0.1', '1.2.3.4, 203.0.113.9')).toBe(true);
    expect(await limited('127.0.0.1', '5.6.7.8, 198.51.100.7')).toBe(false);
    expect(await limited('127.0.0.1', '9.9.9.9,198.51.100.7')).toBe(true);
    const keys = await loginKeys();
    expect(Object.keys(keys).sort()).toEqual(['198.51.100.7', '203.0.113.9']);
  });

  it('trusts the IPv4-mapped form of the address, and that address only (not its range)', async () => {
    expect(await limited('::ffff:127.0.0.1', '192.0.2.44')).toBe(false);
    // 127.0.0.2 is not the trusted proxy: its header is ignored and it is counted under its own address
    expect(await limited('127.0.0.2', '192.0.2.55')).toBe(false);
    const keys = await loginKeys();
    expect(keys['192.0.2.44']).toBe(1);
    expect(keys['127.0.0.2']).toBe(1);
    expect(keys['192.0.2.55']).toBeUndefined();
  });

  it('records the forwarded address on the new session', async () => {
    const ok = await signIn('127.0.0.1', '192.0.2.77', 'user123');
    expect(ok.status).toBe(200);
    const result = (await state.t!.db.execute(`select ip from sessions order by id desc limit 1`)) as unknown as { rows: Array<{ ip: string }> };
    expect(result.rows[0]?.ip).toBe('192.0.2.77');
  });
});

describe('TRUST_PROXY with CIDR ranges and IPv6', () => {
  const { limited, loginKeys } = harness({ trustProxy: ['10.0.0.0/8', '::1'] });

  it('walks leftwards through trusted hops to the first untrusted address', async () => {
    expect(await limited('10.1.2.3', '203.0.113.10, 10.9.9.9')).toBe(false);
    expect(await limited('::1', '2001:db8::5')).toBe(false);
    expect(await loginKeys()).toEqual({ '203.0.113.10': 1, '2001:db8::5': 1 });
  });
});

describe('without TRUST_PROXY', () => {
  const { limited, loginKeys } = harness({});

  it('ignores X-Forwarded-For: every request is counted under the socket address', async () => {
    expect(await limited('127.0.0.1', '203.0.113.9')).toBe(false);
    expect(await limited('127.0.0.1', '198.51.100.7')).toBe(false);
    expect(await limited('127.0.0.1', '192.0.2.1')).toBe(true);
    expect(await loginKeys()).toEqual({ '127.0.0.1': 3 });
  });
});
