import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../lib/feedback', () => ({ toastError: vi.fn(), openSessionExpiredModal: vi.fn(), warn: vi.fn(), API_TOAST_ID: 'apiTips' }));
// What the loader starts and does not wait for (the page's code and data, the document cookie) is only
// noted: left to run, it could send its calls during a later test, into that test's record (a loaded CI
// machine saw the accounts page's reads and the cookie's call in the password-change case).
vi.mock('./route-components', () => ({ preloadPage: vi.fn(() => Promise.resolve()) }));
vi.mock('../lib/document-cookie', () => ({ keepDocumentCookie: vi.fn() }));

const { guardLoader } = await import('./guard-loader');
const feedback = await import('../lib/feedback');
const { envelope, signedInFetch } = await import('../test/signed-in-fetch');
const { useSession } = await import('../stores/session');
const { preloadPage } = await import('./route-components');
const { keepDocumentCookie } = await import('../lib/document-cookie');

type Answer = { status: number; body: unknown } | 'network-failure';

let answers: Record<string, Answer>;
let calls: string[];

const user = { name: 'Admin', role: 'admin', roles: ['admin'], avatar: '', permissions: ['user:read', 'audit:read'], mustChangePassword: false, source: 'local' };

beforeEach(() => {
  vi.mocked(feedback.warn).mockClear();
  vi.mocked(preloadPage).mockClear();
  vi.mocked(keepDocumentCookie).mockClear();
  useSession.setState({ user: null, role: '', permissions: [], mustChangePassword: false, serverMenuPaths: null });
  localStorage.clear();
  calls = [];
  answers = { '/api/user/menu': { status: 200, body: envelope([]) }, '/api/user/logout': { status: 200, body: envelope(null) } };
  signedInFetch('guard', async (input) => {
    const path = input.split('?')[0]!;
    calls.push(path);
    const answer = answers[path] ?? { status: 404, body: {} };
    // What fetch does when the browser cancels a request (for instance because the page is being left).
    if (answer === 'network-failure') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function run(url: string): Promise<unknown> {
  return guardLoader({ request: new Request(`http://localhost${url}`), params: {}, context: undefined } as Parameters<typeof guardLoader>[0]).then(
    (value) => ({ value }),
    (thrown: unknown) => ({ thrown }),
  );
}

describe('guard loader, start-up with a token', () => {
  it('loads user info and the menu together (one round trip), then lets the page open', async () => {
    answers['/api/user/info'] = { status: 200, body: envelope(user) };
    answers['/api/user/menu'] = { status: 200, body: envelope([{ path: '/system', children: [{ path: '/system/user' }, { path: '/system/audit' }] }]) };
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const plain = vi.mocked(fetch).getMockImplementation()!;
    // The info answer waits until the menu call has left: the two are in flight at once.
    vi.mocked(fetch).mockImplementation(async (input, init) => {
      if (String(input).startsWith('/api/user/info')) await held;
      if (String(input).startsWith('/api/user/menu')) release();
      return plain(input as string, init);
    });
    expect(await run('/system/user')).toEqual({ value: null });
    expect([...calls].sort()).toEqual(['/api/user/info', '/api/user/menu']);
    expect(useSession.getState().serverMenuPaths).toContain('/system/user');
    expect(useSession.getState().role).toBe('admin');
    expect(useSession.getState().permissions).toEqual(['user:read', 'audit:read']);
    // The page's code and first data are asked for as the shell renders; the document cookie once the profile is read.
    expect(preloadPage).toHaveBeenCalledWith('SystemUser', expect.any(URLSearchParams));
    expect(keepDocumentCookie).toHaveBeenCalled();
  });

  it('sends a role without the page to its first allowed page, by permission', async () => {
    answers['/api/user/info'] = { status: 200, body: envelope({ ...user, role: 'admin', permissions: ['audit:read'] }) };
    const result = (await run('/system/user')) as { thrown: Response };
    expect(result.thrown.status).toBe(302);
    expect(result.thrown.headers.get('Location')).toBe('/system/audit');
    // in the user's language, once its texts are here (lib/feedback's warn waits for them)
    expect(feedback.warn).toHaveBeenCalledWith('noPermission', 'app.noPermission');
  });

  it('takes no menu while the one-time password must be changed (the server refuses it then)', async () => {
    answers['/api/user/info'] = { status: 200, body: envelope({ ...user, mustChangePassword: true }) };
    answers['/api/user/menu'] = { status: 403, body: { status: 'error', code: 403, message: 'change', data: { error: 'PASSWORD_CHANGE_REQUIRED' }, traceId: 't' } };
    expect(await run('/system/user')).toEqual({ value: null });
    // The loader does not wait for the menu here, so its call may leave (it is signed first) after the
    // loader has returned; its refusal must still leave no menu behind.
    await vi.waitFor(() => expect([...calls].sort()).toEqual(['/api/user/info', '/api/user/menu']));
    await new Promise((r) => setTimeout(r, 20));
    expect(useSession.getState().mustChangePassword).toBe(true);
    expect(useSession.getState().serverMenuPaths).toBeNull();
    // Neither the page nor the cookie while the server holds the session to the password change.
    expect(preloadPage).not.toHaveBeenCalled();
    expect(keepDocumentCookie).not.toHaveBeenCalled();
  });

  it('logs out and goes to login when the server refuses the session', async () => {
    answers['/api/user/info'] = { status: 401, body: { status: 'error', code: 401, message: 'expired', data: { error: 'SESSION_EXPIRED' }, traceId: 't' } };
    const result = (await run('/system/user?keyword=ann')) as { thrown: Response };
    expect(result.thrown.status).toBe(302);
    expect(result.thrown.headers.get('Location')).toBe('/login?redirect=SystemUser&keyword=ann');
    expect(calls.filter((c) => c !== '/api/user/menu')).toEqual(['/api/user/info', '/api/user/logout']);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('neither logs out nor drops the token when the info call gets no answer (cancelled by leaving the page)', async () => {
    answers['/api/user/info'] = 'network-failure';
    const result = (await run('/system/user?keyword=ann')) as { thrown: unknown };
    expect(result.thrown).toMatchObject({ httpStatus: 0 });
    expect(calls.filter((c) => c !== '/api/user/menu')).toEqual(['/api/user/info']);
    expect(localStorage.getItem('token')).toBe('tok-guard');
  });

  it('still shows the sign-in page when no answer comes on /login', async () => {
    answers['/api/user/info'] = 'network-failure';
    expect(await run('/login')).toEqual({ value: null });
    expect(calls.filter((c) => c !== '/api/user/menu')).toEqual(['/api/user/info']);
    expect(localStorage.getItem('token')).toBe('tok-guard');
  });
});
