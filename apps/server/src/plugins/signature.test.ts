import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeSignature, formatXDate, randomNonce, requiredSignedHeaders, signHeaders } from '@atrium/contracts';
import { createTestApp, TEST_CREDENTIAL, TEST_FINGERPRINT, type TestApp } from '../test/harness.ts';

/** Signs like the console, then lets the test tamper with what is actually sent. */
async function signed(
  t: TestApp,
  init: { method: string; url: string; body?: string; token?: string; headers?: Record<string, string>; now?: Date; nonce?: string; credential?: typeof TEST_CREDENTIAL },
) {
  const q = init.url.indexOf('?');
  const headers: Record<string, string> = { 'X-Fingerprint': TEST_FINGERPRINT, ...init.headers };
  if (init.token) headers['Access-Token'] = init.token;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  return signHeaders(init.credential ?? TEST_CREDENTIAL, {
    method: init.method,
    path: q === -1 ? init.url : init.url.slice(0, q),
    query: q === -1 ? '' : init.url.slice(q + 1),
    headers,
    body: init.body ?? '',
    now: init.now,
    nonce: init.nonce,
  });
}

describe('signature check', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({
      config: {
        signingKeys: [TEST_CREDENTIAL, { keyId: 'rotated', secret: 'another-secret-abcdefghijkl' }],
      },
    });
    token = await t.login('user');
  });
  afterAll(() => t?.close());

  const send = (method: string, url: string, headers: Record<string, string>, payload?: string) =>
    t.app.inject({ method: method as 'GET', url, headers, payload });

  const expectKey = (res: { statusCode: number; json: () => unknown }, status: number, key: string) => {
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ status: 'error', code: status, data: { error: key } });
  };

  it('accepts a correctly signed GET and POST', async () => {
    const get = await send('GET', '/api/user/menu?a=1&b=x%20y', await signed(t, { method: 'GET', url: '/api/user/menu?a=1&b=x%20y', token }));
    expect(get.statusCode).toBe(200);
    const body = JSON.stringify({ role: 'user' });
    const post = await send('POST', '/api/user/switch-role', await signed(t, { method: 'POST', url: '/api/user/switch-role', token, body }), body);
    expect(post.statusCode).toBe(200);
  });

  it('accepts every key of the keyring (rotation by key id)', async () => {
    const credential = { keyId: 'rotated', secret: 'another-secret-abcdefghijkl' };
    const res = await send('GET', '/api/user/menu', await signed(t, { method: 'GET', url: '/api/user/menu', token, credential }));
    expect(res.statusCode).toBe(200);
  });

  it('rejects a tampered body', async () => {
    const headers = await signed(t, { method: 'POST', url: '/api/user/switch-role', token, body: JSON.stringify({ role: 'user' }) });
    expectKey(await send('POST', '/api/user/switch-role', headers, JSON.stringify({ role: 'admin' })), 400, 'SIGNATURE_INVALID');
  });

  it('rejects a tampered query', async () => {
    const headers = await signed(t, { method: 'GET', url: '/api/user/menu?page=1', token });
    expectKey(await send('GET', '/api/user/menu?page=2', headers), 400, 'SIGNATURE_INVALID');
  });

  it('rejects a tampered path', async () => {
    const headers = await signed(t, { method: 'GET', url: '/api/user/menu', token });
    expectKey(await send('GET', '/api/user/preferences', headers), 400, 'SIGNATURE_INVALID');
  });

  it('rejects a tampered signed header (token swapped)', async () => {
    const other = await t.login('admin');
    const headers = await signed(t, { method: 'GET', url: '/api/user/menu', token });
    expectKey(await send('GET', '/api/user/menu', { ...headers, 'Access-Token': other }), 400, 'SIGNATURE_INVALID');
  });

  it('rejects a required header left unsigned (access-token, content-type)', async () => {
    // Signed without the token, then the token is added: access-token is required in SignedHeaders.
    const headers = await signed(t, { method: 'GET', url: '/api/user/menu' });
    expectKey(await send('GET', '/api/user/menu', { ...headers, 'Access-Token': token }), 400, 'SIGNATURE_INVALID');

    // A body whose content-type was not signed.
    const body = JSON.stringify({ role: 'user' });
    const now = new Date();
    const lower: Record<string, string> = {
      'x-fingerprint': TEST_FINGERPRINT,
      'access-token': token,
      'content-type': 'application/json',
      'x-date': formatXDate(now),
      'x-nonce': randomNonce(),
    };
    const signedHeaders = requiredSignedHeaders(Object.keys(lower), false); // as if there were no body
    const parts = await computeSignature(TEST_CREDENTIAL, { method: 'POST', path: '/api/user/switch-role', query: '', headers: lower, signedHeaders, body });
    expect(signedHeaders).not.toContain('content-type');
    expectKey(await send('POST', '/api/user/switch-role', { ...lower, authorization: parts.authorization }, body), 400, 'SIGNATURE_INVALID');
  });

  it('rejects a missing Authorization header on /api and /auth', async () => {
    expectKey(await send('GET', '/api/user/menu', { 'X-Fingerprint': TEST_FINGERPRINT, 'Access-Token': token }), 400, 'SIGNATURE_INVALID');
    expectKey(await send('GET', '/auth/captcha', { 'X-Fingerprint': TEST_FINGERPRINT }), 400, 'SIGNATURE_INVALID');
  });

  it('rejects a stale date (more than 300 s away) in both directions', async () => {
    // 30 s past the limit: a loaded machine may take seconds between signing and the check
    const past = await signed(t, { method: 'GET', url: '/api/user/menu', token, now: new Date(Date.now() - 330_000) });
    expectKey(await send('GET', '/api/user/menu', past), 400, 'REQUEST_EXPIRED');
    const future = await signed(t, { method: 'GET', url: '/api/user/menu', token, now: new Date(Date.now() + 330_000) });
    expectKey(await send('GET', '/api/user/menu', future), 400, 'REQUEST_EXPIRED');
    const nearEdge = await signed(t, { method: 'GET', url: '/api/user/menu', token, now: new Date(Date.now() - 270_000) });
    expect((await send('GET', '/api/user/menu', nearEdge)).statusCode).toBe(200);
  });

  it('rejects a replayed nonce, even with a fresh signature', async () => {
    const nonce = randomNonce();
    const first = await signed(t, { method: 'GET', url: '/api/user/menu', token, nonce });
    expect((await send('GET', '/api/user/menu', first)).statusCode).toBe(200);
    expectKey(await send('GET', '/api/user/menu', first), 400, 'REPLAYED');
    const again = await signed(t, { method: 'GET', url: '/api/user/preferences', token, nonce });
    expectKey(await send('GET', '/api/user/preferences', again), 400, 'REPLAYED');
  });

  it('records the nonce before the session is judged, for calls with and without a session', async () => {
    // a signed call with a token nobody holds: the nonce and the (missing) session come from one statement
    const stranger = await signed(t, { method: 'GET', url: '/api/user/menu', token: 'x'.repeat(43) });
    expectKey(await send('GET', '/api/user/menu', stranger), 401, 'SESSION_EXPIRED');
    expectKey(await send('GET', '/api/user/menu', stranger), 400, 'REPLAYED');
    // a replayed nonce answers REPLAYED even when the token is good
    const nonce = randomNonce();
    expect((await send('GET', '/api/user/menu', await signed(t, { method: 'GET', url: '/api/user/menu', token: 'y'.repeat(43), nonce }))).statusCode).toBe(401);
    expectKey(await send('GET', '/api/user/menu', await signed(t, { method: 'GET', url: '/api/user/menu', token, nonce })), 400, 'REPLAYED');
    // a public call (no session read) keeps its own replay check; its token is ignored
    const captcha = await signed(t, { method: 'GET', url: '/auth/captcha', token });
    expect((await send('GET', '/auth/captcha', captcha)).statusCode).toBe(200);
    expectKey(await send('GET', '/auth/captcha', captcha), 400, 'REPLAYED');
  });

  it('checks requests that arrive together in one batch, each with its own answer', async () => {
    // Sent at once, these reach the replay store in the same batch (db/request-batch.ts).
    const good = await Promise.all(Array.from({ length: 12 }, () => signed(t, { method: 'GET', url: '/api/user/menu', token })));
    const stranger = await signed(t, { method: 'GET', url: '/api/user/menu', token: 'z'.repeat(43) });
    const publicCall = await signed(t, { method: 'GET', url: '/auth/captcha' });
    const twice = await signed(t, { method: 'GET', url: '/api/user/menu', token });
    // a second account in the same batch: the sessions are read once per token, and each request gets its own
    const adminToken = await t.login('admin');
    const admin = await Promise.all(Array.from({ length: 3 }, () => signed(t, { method: 'GET', url: '/api/user/menu', token: adminToken })));
    const answers = await Promise.all([
      ...good.map((h) => send('GET', '/api/user/menu', h)),
      send('GET', '/api/user/menu', stranger),
      send('GET', '/auth/captcha', publicCall),
      send('GET', '/api/user/menu', twice),
      send('GET', '/api/user/menu', twice),
      ...admin.map((h) => send('GET', '/api/user/menu', h)),
    ]);
    expect(answers.slice(0, 12).map((a) => a.statusCode)).toEqual(Array(12).fill(200));
    const adminAnswers = answers.slice(16);
    expect(adminAnswers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const menuOf = (a: (typeof answers)[number]) => JSON.stringify(JSON.parse(a.body).data);
    expect(new Set(answers.slice(0, 12).map(menuOf)).size).toBe(1);
    expect(new Set(adminAnswers.map(menuOf)).size).toBe(1);
    expect(menuOf(adminAnswers[0]!)).not.toBe(menuOf(answers[0]!)); // the admin's menu holds the admin pages
    expectKey(answers[12]!, 401, 'SESSION_EXPIRED');
    expect(answers[13]!.statusCode).toBe(200);
    // the same nonce twice in one batch: exactly one passes
    const pair = answers.slice(14, 16).map((a) => a.statusCode).sort();
    expect(pair).toEqual([200, 400]);
    expect(JSON.parse(answers.slice(14, 16).find((a) => a.statusCode === 400)!.body).data.error).toBe('REPLAYED');
    // and every nonce of the batch is remembered
    for (const h of [good[0]!, stranger, publicCall]) expectKey(await send('GET', h === publicCall ? '/auth/captcha' : '/api/user/menu', h), 400, 'REPLAYED');
  });

  it('rejects an unknown key id', async () => {
    const headers = await signed(t, { method: 'GET', url: '/api/user/menu', token, credential: { keyId: 'nobody', secret: TEST_CREDENTIAL.secret } });
    expectKey(await send('GET', '/api/user/menu', headers), 400, 'SIGNATURE_INVALID');
  });

  it('rejects a signature made with the wrong secret', async () => {
    const headers = await signed(t, { method: 'GET', url: '/api/user/menu', token, credential: { keyId: TEST_CREDENTIAL.keyId, secret: 'wrong-secret-0123456789abc' } });
    expectKey(await send('GET', '/api/user/menu', headers), 400, 'SIGNATURE_INVALID');
  });

  it('rejects malformed headers', async () => {
    const good = await signed(t, { method: 'GET', url: '/api/user/menu', token });
    const cases: Array<Record<string, string>> = [
      { ...good, Authorization: 'Bearer abc' },
      { ...good, Authorization: good.Authorization!.replace('Signature=', 'Signature=zz') },
      { ...good, 'X-Date': '2026-11-21T09:30:15Z' },
      { ...good, 'X-Nonce': 'not-hex' },
      { ...good, 'X-Fingerprint': 'another-device' }, // credential scope differs from the header
    ];
    for (const headers of cases) expectKey(await send('GET', '/api/user/menu', headers), 400, 'SIGNATURE_INVALID');
    const noDate = { ...good };
    delete noDate['X-Date'];
    expectKey(await send('GET', '/api/user/menu', noDate), 400, 'SIGNATURE_INVALID');
  });

  it('never answers 401 to a bad signature, even without a session', async () => {
    const res = await send('GET', '/api/user/menu', { 'X-Fingerprint': TEST_FINGERPRINT });
    expect(res.statusCode).toBe(400);
  });

  it('leaves the client-config, health and unknown paths unsigned', async () => {
    expect((await send('GET', '/api/client-config', {})).statusCode).toBe(200);
    expect((await send('GET', '/healthz', {})).statusCode).toBe(200);
    expectKey(await send('GET', '/api/nothing-here', {}), 404, 'NOT_FOUND');
  });

  it('stores nonces in the database, shared by every app on it', async () => {
    const rows = await t.count('nonces');
    expect(rows).toBeGreaterThan(0);
  });
});

describe('SIGNATURE_MODE=off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { signatureMode: 'off' } });
  });
  afterAll(() => t?.close());

  it('accepts unsigned requests but still requires the session', async () => {
    const token = await t.login('user');
    expect((await t.request({ url: '/api/user/menu', token, sign: false })).status).toBe(200);
    expect((await t.request({ url: '/api/user/menu', sign: false })).status).toBe(401);
    // the session read without the batched check (sessions/session-lookup.ts) still sees a revocation
    expect((await t.request({ method: 'POST', url: '/api/user/logout', token, sign: false })).status).toBe(200);
    const after = await t.request({ url: '/api/user/menu', token, sign: false });
    expect(after.status).toBe(401);
    expect(after.body.data.error).toBe('SESSION_EXPIRED');
  });
});
