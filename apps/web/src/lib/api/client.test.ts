import { defineCall } from '@atrium/contracts/call';
import { systemCalls } from '@atrium/contracts/calls/system';
import { computeSignature, parseAuthorization } from '@atrium/contracts/signing';
import vectorFile from '../../../../../packages/contracts/vectors/signing.json';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

vi.mock('../feedback', () => ({ toastError: vi.fn(), openSessionExpiredModal: vi.fn(), API_TOAST_ID: 'apiTips' }));

const { apiHooks, ApiError, call, DEDUPE_WINDOW_MS, endpointOf, endpoints, endSession, getClockOffset, knownSignInOptions, loadSignInOptions, resetApiClient, toastText } = await import('./index');
const feedback = await import('../feedback');
/** The texts the error toasts were asked to show. */
const toasted = () => vi.mocked(feedback.toastError).mock.calls.map(([text]) => text());
const { setLocale } = await import('../i18n');
const { sendFirstCalls } = await import('../../prerender/first-calls');
const { FIRST_CALLS_GLOBAL } = await import('./first-calls');
const { drawOnNavigation } = await import('../drawn-navigation');
const { leaveDrawing, setDrawnPane, takeOverDrawing } = await import('../drawn-pane');

/** Calls that exist only here: a read with any query, and a write with any body. */
const read = (path: string) => endpointOf(defineCall({ id: 'test.call', method: 'GET', path, access: 'signed', summary: 'test read', query: z.record(z.string(), z.unknown()), response: z.unknown() }));
const write = (path: string) => endpointOf(defineCall({ id: 'test.call', method: 'POST', path, access: 'signed', summary: 'test write', body: z.unknown(), response: z.unknown(), writes: true }));

interface Vector {
  name: string; keyId: string; secret: string; method: string; path: string; query: string;
  headers: Record<string, string>; body: string; authorization: string;
}
const { vectors } = vectorFile as { vectors: Vector[] };
const vector = (name: string) => vectors.find((v) => v.name === name)!;

const KEY = { keyId: 'console-2026', secret: 'atrium-test-secret-do-not-use' };

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  credentials: RequestCredentials | undefined;
}

type Answer = { status?: number; statusText?: string; body?: unknown; headers?: Record<string, string> };
type Responder = (req: Sent) => Answer | Promise<Answer>;

let sent: Sent[] = [];
let responder: Responder;
let serverTime: () => number = () => Date.now();
/** The client configuration's `signIn` (company sign-in off unless a test says otherwise). */
let signIn: unknown;
/** How many times the client configuration was asked for, and whether it answers. */
let clientConfigRequests = 0;
let clientConfigStatus = 200;

function envelope(data: unknown) {
  return { status: 'success', code: 0, message: 'ok', data, traceId: 't-ok' };
}

function errorEnvelope(code: number, error: string, message: string, traceId = 'trace-123') {
  return { status: 'error', code, message, data: { error }, traceId };
}

let clientConfigCredentials: RequestCredentials | undefined;

beforeEach(() => {
  resetApiClient();
  clientConfigCredentials = undefined;
  signIn = { sso: null, password: 'on' };
  clientConfigRequests = 0;
  clientConfigStatus = 200;
  sent = [];
  localStorage.clear();
  localStorage.setItem('fingerprint', 'fp-3f2a9c');
  setLocale('zh-CN');
  vi.mocked(feedback.toastError).mockClear();
  vi.mocked(feedback.openSessionExpiredModal).mockClear();
  responder = () => ({ body: envelope({ ok: true }) });
  serverTime = () => Date.now();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const headers = { ...(init.headers as Record<string, string>) };
      if (input === '/api/client-config') {
        clientConfigCredentials = init.credentials;
        clientConfigRequests += 1;
        if (clientConfigStatus !== 200) return new Response(JSON.stringify(errorEnvelope(clientConfigStatus, 'INTERNAL', 'down')), { status: clientConfigStatus });
        return new Response(JSON.stringify(envelope({ ...KEY, serverTime: new Date(serverTime()).toISOString(), signIn })), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }
      const req: Sent = { url: input, method: init.method ?? 'GET', headers, body: init.body as string | undefined, credentials: init.credentials };
      sent.push(req);
      const answer = await responder(req);
      return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        statusText: answer.statusText ?? '',
        headers: { 'Content-Type': 'application/json', Date: new Date(serverTime()).toUTCString(), ...answer.headers },
      });
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Verifies a sent request the way the server does: recompute from what travelled and compare. */
async function verify(req: Sent): Promise<boolean> {
  const auth = parseAuthorization(req.headers.Authorization);
  if (!auth) return false;
  const lower: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) lower[k.toLowerCase()] = v;
  const [path = '', query = ''] = req.url.split('?');
  const parts = await computeSignature(KEY, { method: req.method, path, query, headers: lower, signedHeaders: auth.signedHeaders, body: req.body ?? '' });
  return parts.signature === auth.signature;
}

describe('signing', () => {
  it('sends no cookies, with the credential or any call: each carries its own signature and token', async () => {
    localStorage.setItem('token', 'tok-1');
    await call(endpoints.message.list);
    expect(clientConfigCredentials).toBe('omit');
    expect(sent[0]!.credentials).toBe('omit');
  });

  it("sends the browser's cookies only when asked (the company sign-in's redeem and its binding cookie)", async () => {
    await call(endpoints.companySignIn.redeem, { body: { ticket: 't-1' } }, { cookies: true });
    await call(endpoints.message.read, { body: { ids: [1] } });
    expect(sent.map((r) => [r.url, r.credentials])).toEqual([
      ['/api/auth/company-sign-in/redeem', 'same-origin'],
      ['/api/message/read', 'omit'],
    ]);
    // Still a signed call, without a token (a public one).
    expect(await verify(sent[0]!)).toBe(true);
    expect(sent[0]!.headers['Access-Token']).toBeUndefined();
  });

  it('reproduces the contracts vector for a POST with token', async () => {
    const v = vector('POST JSON body with token');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T09:30:15Z'));
    serverTime = () => new Date('2026-11-21T09:30:15Z').getTime();
    localStorage.setItem('token', v.headers['access-token']!);
    const nonceBytes = v.headers['x-nonce']!.match(/../g)!.map((h) => parseInt(h, 16));
    const spy = vi.spyOn(crypto, 'getRandomValues').mockImplementation(<T extends ArrayBufferView | null>(array: T): T => {
      (array as unknown as Uint8Array).set(nonceBytes);
      return array;
    });
    await call(endpoints.message.read, { body: { ids: [1, 2, 3] } });
    spy.mockRestore();
    expect(sent[0]!.body).toBe(v.body);
    expect(sent[0]!.headers.Authorization).toBe(v.authorization);
    expect(sent[0]!.headers['X-Date']).toBe(v.headers['x-date']);
    expect(sent[0]!.headers['X-Nonce']).toBe(v.headers['x-nonce']);
  });

  it('sends the signing headers and a signature the server can verify', async () => {
    localStorage.setItem('token', 'tok-1');
    setLocale('en-US');
    await call(endpointOf(systemCalls.userList), { query: { keyword: 'a b+c', role: ['admin', 'ops'], status: '', source: undefined } });
    const req = sent[0]!;
    expect(req.url).toBe('/api/system/users?keyword=a%20b%2Bc&role=admin&role=ops');
    expect(req.headers['Access-Token']).toBe('tok-1');
    expect(req.headers['X-Fingerprint']).toBe('fp-3f2a9c');
    expect(req.headers['X-Nonce']).toMatch(/^[0-9a-f]{32}$/);
    expect(req.headers['X-Date']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(req.headers['Accept-Language']).toBe('en-US');
    expect(req.headers.Authorization).toMatch(/^ATRIUM-HMAC-SHA256 Credential=console-2026\/\d{8}\/fp-3f2a9c, SignedHeaders=access-token;x-date;x-fingerprint;x-nonce, Signature=[0-9a-f]{64}$/);
    expect(await verify(req)).toBe(true);
  });

  it('signs the content type with a body and omits the token on a public call', async () => {
    localStorage.setItem('token', 'tok-1');
    await call(endpoints.auth.login, { body: { username: '管理员', password: 'secret1' } });
    expect(sent[0]!.headers['Access-Token']).toBeUndefined();
    expect(parseAuthorization(sent[0]!.headers.Authorization)!.signedHeaders).toEqual(['content-type', 'x-date', 'x-fingerprint', 'x-nonce']);
    expect(await verify(sent[0]!)).toBe(true);
  });

  it('a tampered body no longer verifies', async () => {
    await call(endpoints.message.read, { body: { ids: [1] } });
    expect(await verify({ ...sent[0]!, body: '{"ids":[2]}' })).toBe(false);
  });
});

describe('clock skew', () => {
  it('corrects X-Date by the offset seen in the server time', async () => {
    const skew = 3 * 60 * 60 * 1000; // the server is 3 h ahead of this device
    serverTime = () => Date.now() + skew;
    await call(read('/api/one'));
    expect(Math.abs(getClockOffset() - skew)).toBeLessThan(2000);
    const xDate = sent[0]!.headers['X-Date']!;
    const signedAt = Date.UTC(+xDate.slice(0, 4), +xDate.slice(4, 6) - 1, +xDate.slice(6, 8), +xDate.slice(9, 11), +xDate.slice(11, 13), +xDate.slice(13, 15));
    expect(Math.abs(signedAt - (Date.now() + skew))).toBeLessThan(3000);
  });

  it('retries once with the corrected clock after REQUEST_EXPIRED', async () => {
    let calls = 0;
    responder = () => {
      calls += 1;
      if (calls === 1) {
        serverTime = () => Date.now() - 20 * 60 * 1000;
        return { status: 400, body: errorEnvelope(400, 'REQUEST_EXPIRED', '请求已过期') };
      }
      return { body: envelope('fine') };
    };
    await expect(call(read('/api/two'))).resolves.toBe('fine');
    expect(calls).toBe(2);
    expect(feedback.toastError).not.toHaveBeenCalled();
  });
});

describe('de-duplication', () => {
  it('shares identical requests in flight and for 900 ms after, not later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const x = read('/api/x');
    const [a, b] = await Promise.all([call(x, { query: { b: 2, a: 1 } }), call(x, { query: { a: 1, b: 2 } })]);
    expect(a).toEqual(b);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(DEDUPE_WINDOW_MS - 100);
    await call(x, { query: { a: 1, b: 2 } });
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    await call(x, { query: { a: 1, b: 2 } });
    expect(sent).toHaveLength(2);
  });

  it('does not share with dedupe: false, nor writes (same body or not)', async () => {
    await Promise.all([call(read('/api/y'), {}, { dedupe: false }), call(read('/api/y'), {}, { dedupe: false })]);
    expect(sent).toHaveLength(2);
    await Promise.all([call(write('/api/z'), { body: { a: 1 } }), call(write('/api/z'), { body: { a: 2 } })]);
    expect(sent).toHaveLength(4);
    await Promise.all([call(write('/api/z'), { body: { a: 1 } }), call(write('/api/z'), { body: { a: 1 } })]);
    expect(sent).toHaveLength(6);
  });

  it('shares reads sent with POST (user info), and a settled write ends every shared read', async () => {
    await Promise.all([call(endpoints.auth.info), call(endpoints.auth.info)]);
    expect(sent).toHaveLength(1);
    await call(read('/api/list'));
    await call(read('/api/list'));
    expect(sent).toHaveLength(2);
    // a failed write too: the server may have changed something before refusing
    responder = () => ({ status: 409, body: errorEnvelope(409, 'CONFLICT', 'x') });
    await call(write('/api/w'), { body: {} }).catch(() => undefined);
    responder = () => ({ body: envelope({ ok: true }) });
    await Promise.all([call(read('/api/list')), call(endpoints.auth.info)]);
    // the last two went out together, in whichever order their signing finished
    const urls = sent.map((r) => r.url);
    expect(urls.slice(0, 3)).toEqual(['/api/user/info', '/api/list', '/api/w']);
    expect(urls.slice(3).sort()).toEqual(['/api/list', '/api/user/info']);
  });
});

describe('envelope and failures', () => {
  it('returns data once (no second unwrapping)', async () => {
    responder = () => ({ body: envelope({ data: 'inner' }) });
    await expect(call(read('/api/nested'))).resolves.toEqual({ data: 'inner' });
  });

  it('rejects with the body and toasts the server message', async () => {
    responder = () => ({ status: 409, body: errorEnvelope(409, 'CONFLICT', '当前状态不允许该操作') });
    const error = await call(write('/api/c'), { body: undefined }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as InstanceType<typeof ApiError>).toJSON()).toEqual(errorEnvelope(409, 'CONFLICT', '当前状态不允许该操作'));
    expect(toasted()).toEqual(['当前状态不允许该操作']);
  });

  it('waits for the caller before the toast of field issues, which a form that shows them all skips', async () => {
    const invalid = { ...errorEnvelope(400, 'VALIDATION_FAILED', '部分提交的数据无效'), data: { error: 'VALIDATION_FAILED', details: [{ path: 'oldPassword', message: '原密码不正确' }] } };
    responder = () => ({ status: 400, body: invalid });
    const shown = (await call(write('/api/v'), { body: undefined }).catch((e: unknown) => e)) as InstanceType<typeof ApiError>;
    expect(feedback.toastError).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(toasted()).toContain('部分提交的数据无效');
    expect(shown.fieldIssues).toEqual([{ path: 'oldPassword', message: '原密码不正确' }]);

    vi.mocked(feedback.toastError).mockClear();
    const skipped = (await call(write('/api/v'), { body: undefined }).catch((e: unknown) => e)) as InstanceType<typeof ApiError>;
    skipped.skipToast();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(feedback.toastError).not.toHaveBeenCalled();

    // Without field issues nothing can take them: the toast shows at once.
    responder = () => ({ status: 400, body: errorEnvelope(400, 'VALIDATION_FAILED', '部分提交的数据无效') });
    await call(write('/api/v'), { body: undefined }).catch(() => undefined);
    expect(toasted()).toContain('部分提交的数据无效');
  });

  it('falls back to the status text, then to app.networkError', async () => {
    responder = () => ({ status: 502, statusText: 'Bad Gateway', body: undefined, headers: { 'Content-Type': 'text/html' } });
    await call(read('/api/a')).catch(() => undefined);
    expect(toasted().at(-1)).toBe('Bad Gateway');
    responder = () => Promise.reject(new TypeError('Failed to fetch'));
    await call(read('/api/b')).catch(() => undefined);
    expect(toasted().at(-1)).toBe('网络错误，请稍后重试');
  });

  it('adds the trace id for 5xx answers', async () => {
    responder = () => ({ status: 500, body: errorEnvelope(500, 'INTERNAL', '服务器内部错误', 'abc-1') });
    await call(read('/api/boom')).catch(() => undefined);
    expect(toasted().at(-1)).toBe('服务器内部错误 追踪号：abc-1');
    expect(toastText(errorEnvelope(400, 'VALIDATION_FAILED', 'x', 'no') as never, 400, '')).toBe('x');
  });

  it('skips the toast for expected errors and keeps rejecting', async () => {
    responder = () => ({ status: 404, body: errorEnvelope(404, 'NOT_FOUND', 'gone') });
    await expect(call(read('/api/n'), {}, { expectedErrors: ['NOT_FOUND'] })).rejects.toMatchObject({ key: 'NOT_FOUND' });
    expect(feedback.toastError).not.toHaveBeenCalled();
  });

  it('times out after the configured delay with the network message', async () => {
    responder = (req) =>
      new Promise<never>((_, reject) => {
        void req;
        setTimeout(() => reject(new DOMException('aborted', 'AbortError')), 50);
      });
    await expect(call(read('/api/slow'), {}, { timeout: 10 })).rejects.toMatchObject({ httpStatus: 0 });
    expect(toasted().at(-1)).toBe('网络错误，请稍后重试');
  });

  it('refetches user info after a 403', async () => {
    const onForbidden = vi.fn();
    apiHooks.onForbidden = onForbidden;
    responder = () => ({ status: 403, body: errorEnvelope(403, 'FORBIDDEN', '没有权限执行该操作') });
    await call(write('/api/admin-only'), { body: undefined }).catch(() => undefined);
    expect(onForbidden).toHaveBeenCalledTimes(1);
    expect(toasted()).toContain('没有权限执行该操作');
    apiHooks.onForbidden = undefined;
  });
});

describe('session expired', () => {
  it('opens one dialog however many requests fail with 401, then logs out and reloads', async () => {
    localStorage.setItem('token', 'stale');
    responder = (req) =>
      req.url === '/api/user/logout' ? { status: 401, body: errorEnvelope(401, 'SESSION_EXPIRED', 'x') } : { status: 401, body: errorEnvelope(401, 'SESSION_EXPIRED', '登录信息已过期') };
    await Promise.all([1, 2, 3, 4].map((i) => call(read(`/api/p${i}`)).catch(() => undefined)));
    // body code 401 with another HTTP status counts too
    responder = () => ({ status: 200, body: { status: 'error', code: 401, message: 'x', data: { error: 'SESSION_EXPIRED' }, traceId: '' } });
    await call(read('/api/p5')).catch(() => undefined);
    expect(feedback.openSessionExpiredModal).toHaveBeenCalledTimes(1);
    expect(feedback.toastError).not.toHaveBeenCalled();

    const reload = vi.fn();
    const cleared = vi.fn();
    apiHooks.reload = reload;
    apiHooks.onSessionCleared = cleared;
    const onOk = vi.mocked(feedback.openSessionExpiredModal).mock.calls[0]![0];
    await onOk();
    expect(sent.some((r) => r.url === '/api/user/logout' && r.method === 'POST')).toBe(true);
    expect(localStorage.getItem('token')).toBeNull();
    expect(cleared).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(feedback.openSessionExpiredModal).toHaveBeenCalledTimes(1);
  });

  it('silent calls never open the dialog', async () => {
    responder = () => ({ status: 401, body: errorEnvelope(401, 'AUTH_REQUIRED', 'x') });
    await call(endpoints.auth.info, {}, { silent: true }).catch(() => undefined);
    expect(feedback.openSessionExpiredModal).not.toHaveBeenCalled();
  });

  it('a session ended on purpose: its 401s open no dialog, until a call carries a new session', async () => {
    localStorage.setItem('token', 'ended');
    let answer!: () => void;
    responder = (req) =>
      req.url === '/api/slow'
        ? new Promise<Answer>((resolve) => (answer = () => resolve({ status: 401, body: errorEnvelope(401, 'SESSION_EXPIRED', 'x') })))
        : { status: 401, body: errorEnvelope(401, 'SESSION_EXPIRED', 'x') };
    const onItsWay = call(read('/api/slow')).catch((error: unknown) => error);
    await vi.waitFor(() => expect(sent.map((r) => r.url)).toContain('/api/slow'));
    endSession();
    localStorage.removeItem('token');
    answer();
    // the call sent before, with the ended session's token, and one sent after, with none
    expect(await onItsWay).toBeInstanceOf(ApiError);
    await call(read('/api/after')).catch(() => undefined);
    expect(feedback.openSessionExpiredModal).not.toHaveBeenCalled();
    expect(feedback.toastError).not.toHaveBeenCalled();

    // signed in again: the new session's 401 is an expiry again
    localStorage.setItem('token', 'new-session');
    await call(read('/api/later')).catch(() => undefined);
    expect(feedback.openSessionExpiredModal).toHaveBeenCalledTimes(1);
  });
});

describe('call', () => {
  it('fills in and encodes path parameters, and sends no body without one', async () => {
    await call(endpointOf(systemCalls.userDisable), { params: { id: 7 } });
    const byName = endpointOf(defineCall({ id: 'test.call', method: 'DELETE', path: '/api/t/:name/x', access: 'signed', summary: 'test', params: z.object({ name: z.string() }), response: z.null() }));
    await call(byName, { params: { name: 'a/b c' } });
    expect(sent.map((r) => `${r.method} ${r.url} ${r.body ?? '-'}`)).toEqual(['POST /api/system/users/7/disable -', 'DELETE /api/t/a%2Fb%20c/x -']);
    expect(sent[0]!.headers['Content-Type']).toBeUndefined();
  });

  it('types arguments and answers from the contract', () => {
    // Compile-time only: tsc checks these lines, the test never runs them.
    const checks = async () => {
      const user: { role: string } = await call(endpoints.auth.info);
      const menu: unknown[] = await call(endpoints.auth.menu);
      // @ts-expect-error the answer of info is the user, not a string
      const wrong: string = await call(endpoints.auth.info);
      // @ts-expect-error a call with path parameters needs them
      await call(endpoints.userSetting.certificationWithdraw);
      // @ts-expect-error the body is checked against the body schema
      await call(endpoints.message.read, { body: { ids: 'all' } });
      // @ts-expect-error the query keys are the query schema's
      await call(endpointOf(systemCalls.userList), { query: { kind: 'text' } });
      // @ts-expect-error multipart calls go through upload()
      await call(endpoints.userSetting.upload);
      return [user, menu, wrong];
    };
    expect(typeof checks).toBe('function');
  });
});

describe('sign-in options', () => {
  it('come with the credential, from one request that the signed calls then use too', async () => {
    signIn = { sso: { label: 'ACME SSO' }, password: 'admins' };
    expect(knownSignInOptions()).toBeNull();
    const [options] = await Promise.all([loadSignInOptions(), call(endpoints.message.list)]);
    expect(options).toEqual({ sso: { label: 'ACME SSO' }, password: 'admins' });
    expect(knownSignInOptions()).toEqual(options);
    expect(await loadSignInOptions()).toEqual(options);
    expect(clientConfigRequests).toBe(1);
    expect(await verify(sent[0]!)).toBe(true);
  });

  it("take the console's own label when the server names none", async () => {
    signIn = { sso: { label: null }, password: 'on' };
    expect(await loadSignInOptions()).toEqual({ sso: { label: null }, password: 'on' });
  });

  it('fall back to the forms alone when the configuration fails or says nothing usable', async () => {
    clientConfigStatus = 500;
    expect(await loadSignInOptions()).toEqual({ sso: null, password: 'on' });
    clientConfigStatus = 200;
    for (const value of [undefined, 'on', { sso: 'yes', password: 'maybe' }]) {
      resetApiClient();
      signIn = value;
      expect(await loadSignInOptions()).toEqual({ sso: null, password: 'on' });
    }
  });
});

describe('the credential the document carries', () => {
  function carry(text: string): HTMLElement {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = 'atrium-client-config';
    element.textContent = text;
    document.head.appendChild(element);
    return element;
  }

  it('signs the first calls with it, asking the server nothing, and is read once', async () => {
    const element = carry(JSON.stringify({ ...KEY, signIn: { sso: { label: 'Document SSO' }, password: 'admins' } }));
    await call(endpoints.message.list);
    expect(clientConfigRequests).toBe(0);
    expect(await verify(sent[0]!)).toBe(true);
    expect(element.isConnected).toBe(false);
    expect(knownSignInOptions()).toEqual({ sso: { label: 'Document SSO' }, password: 'admins' });
    // forgotten (a rotated key answers SIGNATURE_INVALID): asked of the server, never read again
    resetApiClient();
    await call(endpoints.message.list);
    expect(clientConfigRequests).toBe(1);
  });

  it('asks the server when what the document carries is not a credential', async () => {
    for (const text of ['{not json', JSON.stringify({ keyId: 'k' }), '[]']) {
      resetApiClient();
      clientConfigRequests = 0;
      carry(text);
      await call(endpoints.message.list);
      expect([text, clientConfigRequests]).toEqual([text, 1]);
      expect(document.getElementById('atrium-client-config')).toBeNull();
    }
  });
});

describe("the first view's calls the document sent", () => {
  const session = [
    { method: 'POST', path: '/api/user/info', query: '' },
    { method: 'GET', path: '/api/user/menu', query: '' },
  ];
  let element: HTMLElement;

  beforeEach(() => {
    localStorage.setItem('token', 'tok-1');
    element = document.createElement('script');
    element.setAttribute('type', 'application/json');
    element.id = 'atrium-client-config';
    element.textContent = JSON.stringify(KEY);
    document.head.appendChild(element);
    responder = (req) => ({ body: envelope({ url: req.url }) });
  });
  afterEach(() => {
    element.remove();
    delete (window as unknown as Record<string, unknown>)[FIRST_CALLS_GLOBAL];
  });

  /** What the boot script does at the top of the head: the module sends, the window holds the promise. */
  async function bootSends(calls: { method: string; path: string; query: string }[], locale = 'zh-CN'): Promise<unknown> {
    // As each document carries it (the console takes it out once it signs a call of its own).
    document.head.appendChild(element);
    const pending = sendFirstCalls(calls, 'atrium-client-config', locale);
    (window as unknown as Record<string, unknown>)[FIRST_CALLS_GLOBAL] = pending;
    // Until every request has left (signing takes a few turns).
    const sentCalls = await pending;
    await Promise.allSettled(sentCalls ? [...sentCalls.answers.values()] : []);
    return sentCalls;
  }

  it('adopts each answer once, whatever the order of the query, and sends nothing twice', async () => {
    await bootSends([...session, { method: 'GET', path: '/api/list', query: 'pageSize=5&current=1' }]);
    expect(sent.map((r) => `${r.method} ${r.url}`).sort()).toEqual(['GET /api/list?pageSize=5&current=1', 'GET /api/user/menu', 'POST /api/user/info']);
    for (const req of sent) expect(await verify(req)).toBe(true);
    const answers = await Promise.all([call(endpoints.auth.info, {}, { silent: true }), call(endpoints.auth.menu), call(read('/api/list'), { query: { current: 1, pageSize: 5 } })]);
    expect(answers).toEqual([{ url: '/api/user/info' }, { url: '/api/user/menu' }, { url: '/api/list?pageSize=5&current=1' }]);
    expect(sent).toHaveLength(3);
    // Taken once: the same call later goes to the server.
    await call(endpoints.auth.menu, {}, { dedupe: false });
    expect(sent.map((r) => r.url).filter((url) => url === '/api/user/menu')).toHaveLength(2);
    expect(clientConfigRequests).toBe(0);
  });

  it('hands an error answer over as it came (an expired session: 401, as if the console had asked)', async () => {
    responder = () => ({ status: 401, body: errorEnvelope(401, 'TOKEN_EXPIRED', 'expired') });
    await bootSends(session);
    const error = await call(endpoints.auth.info, {}, { silent: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as InstanceType<typeof ApiError>).httpStatus).toBe(401);
    expect(sent).toHaveLength(2);
    expect(feedback.openSessionExpiredModal).not.toHaveBeenCalled();
  });

  it('asks again itself when the early answer was a server failure (a database restarting)', async () => {
    responder = () => ({ status: 503, body: errorEnvelope(503, 'SERVICE_UNAVAILABLE', 'unavailable') });
    await bootSends(session);
    responder = (req) => ({ body: envelope({ url: req.url }) });
    expect(await call(endpoints.auth.menu)).toEqual({ url: '/api/user/menu' });
    expect(sent.filter((r) => r.url === '/api/user/menu')).toHaveLength(2);
    expect(feedback.toastError).not.toHaveBeenCalled();
  });

  it('adopts nothing sent with another token or language, after a write, or that found no answer', async () => {
    await bootSends(session, 'en-US');
    await call(endpoints.auth.menu);
    expect(sent.filter((r) => r.url === '/api/user/menu')).toHaveLength(2);

    resetApiClient();
    sent = [];
    await bootSends(session);
    localStorage.setItem('token', 'tok-2');
    await call(endpoints.auth.menu);
    expect(sent.filter((r) => r.url === '/api/user/menu')).toHaveLength(2);

    resetApiClient();
    sent = [];
    localStorage.setItem('token', 'tok-1');
    await bootSends(session);
    await call(write('/api/message/read'), { body: { ids: [1] } });
    await call(endpoints.auth.menu);
    expect(sent.filter((r) => r.url === '/api/user/menu')).toHaveLength(2);

    resetApiClient();
    sent = [];
    const online = globalThis.fetch;
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    await bootSends(session);
    vi.stubGlobal('fetch', online);
    expect(await call(endpoints.auth.menu)).toEqual({ url: '/api/user/menu' });
    expect(sent.map((r) => r.url)).toEqual(['/api/user/menu']);
  });

  it("sends a page's reads only when the role held the page's permission at the last visit", async () => {
    const page = { method: 'GET', path: '/api/list', query: '', permission: 'list:read' };
    await bootSends([...session, page]);
    expect(sent.map((r) => r.url).sort()).toEqual(['/api/user/info', '/api/user/menu']);
    sent = [];
    localStorage.setItem('first-calls-granted', JSON.stringify(['other:read']));
    await bootSends([page]);
    expect(sent).toHaveLength(0);
    localStorage.setItem('first-calls-granted', JSON.stringify(['other:read', 'list:read']));
    await bootSends([page]);
    expect(sent.map((r) => r.url)).toEqual(['/api/list']);
  });

  it('sends nothing without a stored device id or token', async () => {
    localStorage.removeItem('fingerprint');
    expect(await bootSends(session)).toBeNull();
    localStorage.setItem('fingerprint', 'fp-3f2a9c');
    localStorage.removeItem('token');
    expect(await bootSends(session)).toBeNull();
    expect(sent).toHaveLength(0);
  });
});

// Decision 051: the page the console goes to, drawn by the server (lib/drawn-navigation.ts): shown in the
// page host's drawn pane, its answers adopted by the page's calls, until the page takes its place.
describe('a page drawn by the server as the console goes to it', () => {
  const LIST = { current: 1, pageSize: 10 };
  const listKey = 'GET /api/list?current=1&pageSize=10';
  let host: HTMLElement;
  let pane: HTMLElement;
  let drawn: () => unknown;

  beforeEach(() => {
    localStorage.setItem('token', 'tok-1');
    host = document.createElement('div');
    host.innerHTML = '<div data-drawn-pane hidden></div><div data-tab-pane="/workplace"></div>';
    document.body.appendChild(host);
    pane = host.querySelector<HTMLElement>('[data-drawn-pane]')!;
    setDrawnPane(pane);
    drawn = () => ({ path: '/list/x', html: '<table><tbody><tr><td>Drawn row</td></tr></tbody></table>', answers: { [listKey]: { status: 200, body: envelope({ rows: ['drawn'] }) } } });
    responder = (req) => ({ body: envelope(req.url.startsWith('/api/user/drawn-page') ? drawn() : { url: req.url }) });
  });
  afterEach(() => {
    setDrawnPane(null);
    host.remove();
  });
  const asked = () => sent.map((r) => r.url);

  it("shows the drawn page in the pane, hands its answers to the page's calls instead of sending them, and goes when the page takes its place", async () => {
    const shown = drawOnNavigation('/list/x');
    // The page's read, asked for as the navigation starts: it waits for the drawn page's answers.
    const list = call(read('/api/list'), { query: LIST });
    await shown;
    expect([pane.hidden, pane.textContent]).toEqual([false, 'Drawn row']);
    expect(await list).toEqual({ rows: ['drawn'] });
    expect(asked()).toEqual(['/api/user/drawn-page?path=%2Flist%2Fx']);
    expect(await verify(sent[0]!)).toBe(true);
    // The console's page has its content: the drawn one goes, and what was not adopted is dropped.
    takeOverDrawing('/list/x');
    expect([pane.hidden, pane.innerHTML]).toEqual([true, '']);
    expect(await call(read('/api/list'), { query: LIST }, { dedupe: false })).toEqual({ url: '/api/list?current=1&pageSize=10' });
  });

  it('hands the answers over when no frame comes (a tab in the background produces none)', async () => {
    const frame = window.requestAnimationFrame;
    window.requestAnimationFrame = () => 0;
    try {
      const shown = drawOnNavigation('/list/x');
      const list = call(read('/api/list'), { query: LIST });
      await shown;
      expect(await list).toEqual({ rows: ['drawn'] });
    } finally {
      window.requestAnimationFrame = frame;
    }
    expect(asked()).toEqual(['/api/user/drawn-page?path=%2Flist%2Fx']);
  });

  it('shows nothing, and the page asks itself, when the server draws nothing or fails', async () => {
    drawn = () => null;
    await drawOnNavigation('/list/x');
    expect(pane.hidden).toBe(true);
    expect(await call(read('/api/list'), { query: LIST })).toEqual({ url: '/api/list?current=1&pageSize=10' });
    sent = [];
    responder = (req) => (req.url.startsWith('/api/user/drawn-page') ? { status: 503, body: errorEnvelope(503, 'SERVICE_UNAVAILABLE', 'unavailable') } : { body: envelope({ url: req.url }) });
    await drawOnNavigation('/list/x');
    expect(pane.hidden).toBe(true);
    expect(await call(read('/api/list'), { query: LIST }, { dedupe: false })).toEqual({ url: '/api/list?current=1&pageSize=10' });
    expect(feedback.toastError).not.toHaveBeenCalled();
  });

  it('asks nothing for a page open in a tab or in a narrow window, and shows nothing once the page has its content or the reader left', async () => {
    await drawOnNavigation('/workplace');
    const width = window.innerWidth;
    Object.defineProperty(window, 'innerWidth', { value: 800, configurable: true });
    try {
      await drawOnNavigation('/list/x');
    } finally {
      Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
    }
    expect(asked()).toEqual([]);
    // The page took over before the drawing came, then the reader went elsewhere during another.
    const late = drawOnNavigation('/list/x');
    takeOverDrawing('/list/x');
    await late;
    expect(pane.hidden).toBe(true);
    const left = drawOnNavigation('/list/x');
    leaveDrawing('/workplace');
    await left;
    expect([pane.hidden, pane.innerHTML]).toEqual([true, '']);
    expect(asked()).toEqual(['/api/user/drawn-page?path=%2Flist%2Fx', '/api/user/drawn-page?path=%2Flist%2Fx']);
  });
});
