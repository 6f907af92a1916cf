import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { startTransition, useState } from 'react';
import type { NavigateFunction } from 'react-router';
import { defineCall } from '@atrium/contracts/call';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

vi.mock('../lib/feedback', () => ({ toastError: vi.fn(), openSessionExpiredModal: vi.fn(), API_TOAST_ID: 'apiTips' }));
vi.mock('../lib/leave', () => ({ leaveTo: vi.fn() }));

const { signOut, useSignOutWaitsForShell } = await import('./sign-out');
const { call, endpointOf, resetApiClient } = await import('../lib/api');
const feedback = await import('../lib/feedback');
const { leaveTo } = await import('../lib/leave');
const { queryClient } = await import('../lib/query-client');
const { useSession } = await import('../stores/session');
const { HOME_TAB, useTabs } = await import('../stores/tabs');

interface Call {
  call: string;
  token: string | null;
}

let calls: Call[];
/** How often the probe query ran, and its latest call (to wait until the client has sent and handled it). */
let probeRuns = 0;
let lastProbe: Promise<unknown> = Promise.resolve();
/** Answers of the probe query: the first one arrives at once; the test may hold a later one. */
let probeAnswer: () => Promise<Response>;
/** The logout's answer: null, or the company identity provider's sign-out address. */
let logoutAnswer: unknown;

const envelope = (data: unknown) => ({ status: 'success', code: 0, message: 'ok', data, traceId: 't' });
const expired = () => new Response(JSON.stringify({ status: 'error', code: 401, message: 'x', data: { error: 'SESSION_EXPIRED' }, traceId: 't' }), { status: 401 });
const user = { name: 'Admin', role: 'admin', roles: ['admin'], avatar: '', permissions: ['user:read'], mustChangePassword: false, source: 'local' } as never;
const probeEndpoint = endpointOf(defineCall({ id: 'test.probe', method: 'GET', path: '/api/probe', access: 'signed', summary: 'A query of the shell', response: z.number() }));

// React's own scheduling, as in the browser: inside act() the transition that unmounts the shell would
// wait for the sign-out, which waits for that unmount.
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
let wasActEnvironment: boolean | undefined;
beforeAll(() => {
  wasActEnvironment = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
});
afterAll(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasActEnvironment;
});

beforeEach(() => {
  resetApiClient();
  queryClient.clear();
  localStorage.clear();
  localStorage.setItem('fingerprint', 'fp-sign-out');
  localStorage.setItem('token', 'tok-1');
  useSession.setState({ user, role: 'admin', permissions: ['user:read'], serverMenuPaths: null });
  useTabs.setState({ tabs: [HOME_TAB, { path: '/system/user', url: '/system/user', version: 0 }] });
  vi.mocked(feedback.openSessionExpiredModal).mockClear();
  calls = [];
  probeRuns = 0;
  probeAnswer = async () => new Response(JSON.stringify(envelope(1)), { status: 200 });
  logoutAnswer = null;
  vi.mocked(leaveTo).mockReset();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      if (input === '/api/client-config') return new Response(JSON.stringify(envelope({ keyId: 'k', secret: 's', signIn: { sso: null, password: 'on' } })), { status: 200 });
      const token = (init.headers as Record<string, string>)['Access-Token'] ?? null;
      calls.push({ call: `${init.method ?? 'GET'} ${input}`, token });
      if (input === '/api/probe') return probeAnswer();
      // The server revokes the session on logout; after it, every signed-in call is refused.
      if (input === '/api/user/logout') return new Response(JSON.stringify(envelope(logoutAnswer)), { status: 200 });
      return expired();
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A stand-in for the shell: one query (fetched again whenever its cache entry is gone) and the profile. */
function Shell() {
  useSignOutWaitsForShell();
  const name = useSession((s) => s.user?.name ?? '');
  const tabs = useTabs((s) => s.tabs.length);
  const probe = useQuery({
    queryKey: ['probe'],
    queryFn: () => {
      probeRuns += 1;
      const probeCall = call(probeEndpoint, {}, { dedupe: false });
      lastProbe = probeCall.catch(() => undefined);
      return probeCall;
    },
  });
  return (
    <p>
      shell {name} {tabs} {String(probe.data ?? '')}
    </p>
  );
}

/** The router's part: `navigate` resolves at once, and the login page replaces the shell later, in a transition. */
function renderApp() {
  let navigate!: NavigateFunction;
  const navigations: { to: unknown; options: unknown; token: string | null; cached: number }[] = [];
  function App() {
    const [page, setPage] = useState<'shell' | 'login'>('shell');
    navigate = ((to: unknown, options: unknown) => {
      navigations.push({ to, options, token: localStorage.getItem('token'), cached: queryClient.getQueryCache().getAll().length });
      startTransition(() => setPage('login'));
      return Promise.resolve();
    }) as NavigateFunction;
    return page === 'shell' ? (
      <QueryClientProvider client={queryClient}>
        <Shell />
      </QueryClientProvider>
    ) : (
      <p>login</p>
    );
  }
  render(<App />);
  return { navigate: () => navigate, navigations };
}

describe('signOut', () => {
  it('logs out with the token, leaves for the login page, and calls nothing after the logout', async () => {
    const app = renderApp();
    await screen.findByText('shell Admin 2 1');

    await signOut(app.navigate());
    await lastProbe;

    // A query refetched after the logout would have run again (and called after it, without a token).
    expect(probeRuns).toBe(1);
    expect(calls.map((c) => c.call)).toEqual(['GET /api/probe', 'POST /api/user/logout']);
    expect(calls[1]!.token).toBe('tok-1');
    // The login page is opened once the token is gone and while the cache is still whole.
    expect(app.navigations).toEqual([{ to: '/login', options: { replace: true, state: { signedOut: true } }, token: null, cached: 1 }]);
    expect(screen.getByText('login')).toBeTruthy();
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
    expect(useSession.getState()).toMatchObject({ user: null, role: '' });
    expect(useTabs.getState().tabs.map((t) => t.path)).toEqual([HOME_TAB.path]);
    expect(localStorage.getItem('token')).toBeNull();
    expect(feedback.openSessionExpiredModal).not.toHaveBeenCalled();
  });

  it('a call on its way at sign-out that comes back 401 opens no session-expired dialog', async () => {
    const app = renderApp();
    await screen.findByText('shell Admin 2 1');
    let answer!: (res: Response) => void;
    probeAnswer = () => new Promise((resolve) => (answer = resolve));
    void queryClient.refetchQueries({ queryKey: ['probe'] });
    await vi.waitFor(() => expect(calls).toHaveLength(2));

    await signOut(app.navigate());
    answer(expired());
    await lastProbe;

    expect(calls.map((c) => c.call)).toEqual(['GET /api/probe', 'GET /api/probe', 'POST /api/user/logout']);
    expect(feedback.openSessionExpiredModal).not.toHaveBeenCalled();
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });

  it("goes to the provider's sign-out page once signed out here, when the server names one", async () => {
    logoutAnswer = { endSessionUrl: 'https://idp.example.com/logout?id_token_hint=x&post_logout_redirect_uri=https%3A%2F%2Fadmin.example.com%2Flogin' };
    // What the local sign-out had done when the window was sent away.
    let atLeave: { token: string | null; cached: number; user: unknown } | null = null;
    vi.mocked(leaveTo).mockImplementation(() => {
      atLeave = { token: localStorage.getItem('token'), cached: queryClient.getQueryCache().getAll().length, user: useSession.getState().user };
    });
    const app = renderApp();
    await screen.findByText('shell Admin 2 1');
    await signOut(app.navigate());
    expect(leaveTo).toHaveBeenCalledTimes(1);
    expect(leaveTo).toHaveBeenCalledWith('https://idp.example.com/logout?id_token_hint=x&post_logout_redirect_uri=https%3A%2F%2Fadmin.example.com%2Flogin');
    expect(atLeave).toEqual({ token: null, cached: 0, user: null });
    expect(app.navigations).toHaveLength(1);
    expect(calls.filter((c) => c.call === 'POST /api/user/logout')).toHaveLength(1);
  });

  it.each([
    ['no address', null],
    ['an address that is not a web address', { endSessionUrl: 'javascript:alert(1)' }],
  ])('stays on the sign-in page with %s', async (_, answer) => {
    logoutAnswer = answer;
    const app = renderApp();
    await screen.findByText('shell Admin 2 1');
    await signOut(app.navigate());
    expect(calls.filter((c) => c.call === 'POST /api/user/logout')).toHaveLength(1);
    expect(app.navigations).toHaveLength(1);
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('a second click while signing out does not log out twice', async () => {
    const app = renderApp();
    await screen.findByText('shell Admin 2 1');
    await Promise.all([signOut(app.navigate()), signOut(app.navigate())]);
    expect(calls.filter((c) => c.call === 'POST /api/user/logout')).toHaveLength(1);
    expect(app.navigations).toHaveLength(1);
  });
});
