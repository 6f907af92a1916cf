import { errorMessages } from '@atrium/contracts/messages/errors';
import { defaultRoute } from '@atrium/contracts/routes';
import { computeSignature, parseAuthorization } from '@atrium/contracts/signing';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../lib/feedback', () => ({ toastError: vi.fn(), openSessionExpiredModal: vi.fn(), API_TOAST_ID: 'apiTips' }));
vi.mock('../../lib/leave', () => ({ leaveTo: vi.fn() }));

const { LoginPage } = await import('./login-page');
const feedback = await import('../../lib/feedback');
const { leaveTo } = await import('../../lib/leave');
const { resetApiClient } = await import('../../lib/api');
const { setLocale } = await import('../../lib/i18n');
const { useSession } = await import('../../stores/session');

const envelope = (data: unknown) => ({ status: 'success', code: 0, message: 'ok', data, traceId: 't' });
let loginAnswer: Record<string, unknown>;
/** Set: the sign-in is refused with this envelope and status. */
let loginRefusal: { status: number; body: unknown } | null = null;
let calls: string[];
/** The second step's answers, in turn, and the bodies it was sent. */
let twoStepAnswers: { status: number; body: unknown }[];
let twoStepBodies: unknown[];
const twoStepFailure = (error: string, message: string) => ({ status: 400, body: { status: 'error', code: 400, message, data: { error }, traceId: 't' } });
/** The client configuration's `signIn`, and how often the configuration was asked for. */
let signInOptions: { sso: { label: string | null } | null; password: 'on' | 'admins' };
let clientConfigs: number;
/** The redeem's answer (held until the test lets it go when `held` is set), and what each redeem sent. */
let redeemAnswer: { status: number; body: unknown };
let redeemHeld: Promise<void> | null;
interface Redeem {
  body: unknown;
  credentials: RequestCredentials | undefined;
  headers: Record<string, string>;
  /** The address bar when the call left. */
  href: string;
}
let redeems: Redeem[];

beforeEach(() => {
  resetApiClient();
  setLocale('en-US');
  localStorage.clear();
  localStorage.setItem('fingerprint', 'fp-login');
  useSession.setState({ user: null, role: '', permissions: [], mustChangePassword: false, serverMenuPaths: null });
  calls = [];
  twoStepAnswers = [];
  twoStepBodies = [];
  signInOptions = { sso: null, password: 'on' };
  clientConfigs = 0;
  redeemAnswer = { status: 200, body: envelope({ token: 'tok-company-sign-in', expiresAt: '2030-01-01T00:00:00Z', redirect: '/system/user?keyword=ann' }) };
  redeemHeld = null;
  redeems = [];
  window.history.replaceState(null, '', '/login');
  vi.mocked(feedback.toastError).mockClear();
  vi.mocked(leaveTo).mockClear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      if (input === '/api/client-config') {
        clientConfigs += 1;
        return new Response(JSON.stringify(envelope({ keyId: 'k', secret: 's', serverTime: new Date().toISOString(), signIn: signInOptions })), { status: 200 });
      }
      calls.push(input.split('?')[0]!);
      if (input === '/api/auth/company-sign-in/redeem') {
        redeems.push({ body: JSON.parse(String(init?.body)), credentials: init?.credentials, headers: { ...(init?.headers as Record<string, string>) }, href: window.location.href });
        if (redeemHeld) await redeemHeld;
        return new Response(JSON.stringify(redeemAnswer.body), { status: redeemAnswer.status });
      }
      if (input === '/api/user/login') return loginRefusal ? new Response(JSON.stringify(loginRefusal.body), { status: loginRefusal.status }) : new Response(JSON.stringify(envelope(loginAnswer)), { status: 200 });
      if (input === '/api/user/login/two-step') {
        twoStepBodies.push(JSON.parse(String(init?.body)));
        const answer = twoStepAnswers.shift() ?? { status: 200, body: envelope({ token: 'tok-two-step', expiresAt: '2030-01-01T00:00:00Z' }) };
        return new Response(JSON.stringify(answer.body), { status: answer.status });
      }
      return new Response('{}', { status: 404 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

/** The sign-in page at `/login` (with `search`), as the router shows it; the address bar may hold a fragment too. */
function renderLogin(search = '') {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: defaultRoute.path, element: <p>landing</p> },
      { path: '/system/user', element: <p>accounts</p> },
    ],
    { initialEntries: [`/login${search}`] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** The page has the client configuration's answer (the sign-in options) and has shown it. */
async function optionsLoaded() {
  await waitFor(() => expect(clientConfigs).toBe(1));
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** Verifies a signed request as the server does (the fake configuration's key). */
async function signedAsTheServerChecks(path: string, req: Redeem): Promise<boolean> {
  const auth = parseAuthorization(req.headers.Authorization);
  if (!auth) return false;
  const lower = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), v]));
  const parts = await computeSignature({ keyId: 'k', secret: 's' }, { method: 'POST', path, query: '', headers: lower, signedHeaders: auth.signedHeaders, body: JSON.stringify(req.body) });
  return auth.keyId === 'k' && parts.signature === auth.signature;
}

async function signIn() {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: defaultRoute.path, element: <p>landing</p> },
    ],
    { initialEntries: ['/login'] },
  );
  render(<RouterProvider router={router} />);
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'wang' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Temp#2024' } });
  fireEvent.click(screen.getByTestId('login-submit'));
  await waitFor(() => expect(router.state.location.pathname).toBe(defaultRoute.path));
}

describe('sign-in answer', () => {
  it('with mustChangePassword asks for the change-password dialog at once, before any user info or menu', async () => {
    loginAnswer = { token: 'tok-new', expiresAt: '2030-01-01T00:00:00Z', mustChangePassword: true };
    await signIn();
    expect(useSession.getState().mustChangePassword).toBe(true);
    expect(localStorage.getItem('token')).toBe('tok-new');
    expect(calls).toEqual(['/api/user/login']);
  });

  it('without it signs in as before', async () => {
    loginAnswer = { token: 'tok-new', expiresAt: '2030-01-01T00:00:00Z' };
    await signIn();
    expect(useSession.getState().mustChangePassword).toBe(false);
  });
});

describe('sign-in form', () => {
  it('holds the fields and the button in one form (password managers), and submitting it signs in once', async () => {
    loginAnswer = { token: 'tok-form', expiresAt: '2030-01-01T00:00:00Z' };
    const router = createMemoryRouter(
      [
        { path: '/login', element: <LoginPage /> },
        { path: defaultRoute.path, element: <p>landing</p> },
      ],
      { initialEntries: ['/login'] },
    );
    render(<RouterProvider router={router} />);
    const username = screen.getByLabelText('Username');
    const password = screen.getByLabelText('Password');
    const form = username.closest('form');
    expect(form).not.toBeNull();
    expect(password.closest('form')).toBe(form);
    expect(screen.getByTestId('login-submit').closest('form')).toBe(form);
    expect([username.getAttribute('autocomplete'), password.getAttribute('autocomplete')]).toEqual(['username', 'current-password']);
    fireEvent.change(username, { target: { value: 'wang' } });
    fireEvent.change(password, { target: { value: 'Temp#2024' } });
    // What pressing Enter in a field does: the form's submission.
    fireEvent.submit(form!);
    await waitFor(() => expect(router.state.location.pathname).toBe(defaultRoute.path));
    expect(calls.filter((c) => c === '/api/user/login')).toHaveLength(1);
  });
});

describe('second step (two-step verification)', () => {
  const ticketAnswer = { mfaRequired: true, mfaTicket: 'ticket-1', expiresAt: '2030-01-01T00:00:00Z' };

  /** Signs in up to the second step; returns the router. */
  async function firstStep() {
    loginAnswer = ticketAnswer;
    const router = createMemoryRouter(
      [
        { path: '/login', element: <LoginPage /> },
        { path: defaultRoute.path, element: <p>landing</p> },
      ],
      { initialEntries: ['/login'] },
    );
    render(<RouterProvider router={router} />);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'wang' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Temp#2024' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await screen.findByRole('heading', { name: 'Two-step verification' });
    return router;
  }

  it('replaces the form with the code of the app, and signs in with the session it answers', async () => {
    twoStepAnswers = [{ status: 200, body: envelope({ token: 'tok-second', expiresAt: '2030-01-01T00:00:00Z', mustChangePassword: true }) }];
    const router = await firstStep();
    // No token yet, the first step's form is gone from view, and the code field is a one-time-code field.
    expect(localStorage.getItem('token')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByLabelText('Username').closest('form')!.hidden).toBe(true);
    expect(screen.queryByRole('textbox', { name: 'Username' })).toBeNull();
    const code = screen.getByLabelText('6-digit code');
    expect([code.getAttribute('autocomplete'), code.getAttribute('inputmode')]).toEqual(['one-time-code', 'numeric']);
    await waitFor(() => expect(document.activeElement).toBe(code));

    // Pasted with a space: only the digits stay.
    fireEvent.change(code, { target: { value: '123 456' } });
    expect((code as HTMLInputElement).value).toBe('123456');
    fireEvent.click(screen.getByTestId('login-two-step-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe(defaultRoute.path));
    expect(twoStepBodies).toEqual([{ mfaTicket: 'ticket-1', code: '123456' }]);
    expect(localStorage.getItem('token')).toBe('tok-second');
    // The answer's mustChangePassword is followed as after a one-step sign-in, and 记住我 kept the username.
    expect(useSession.getState().mustChangePassword).toBe(true);
    expect(JSON.parse(localStorage.getItem('login-config')!)).toEqual({ rememberMe: true, username: 'wang' });
    expect(calls).toEqual(['/api/user/login', '/api/user/login/two-step']);
  });

  it('checks the code before sending it', async () => {
    await firstStep();
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '123' } });
    fireEvent.click(screen.getByTestId('login-two-step-submit'));
    expect(await screen.findByText('The code is 6 digits')).toBeTruthy();
    expect(twoStepBodies).toEqual([]);
  });

  it('switches to a recovery code and back', async () => {
    const router = await firstStep();
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const recovery = await screen.findByLabelText('Recovery code');
    expect(screen.queryByLabelText('6-digit code')).toBeNull();
    expect(screen.getByText('Enter one of your unused recovery codes. Each one works only once.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use the code from your app' }));
    expect(await screen.findByLabelText('6-digit code')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));

    fireEvent.change(await screen.findByLabelText('Recovery code'), { target: { value: ' abcde-12345 ' } });
    expect(recovery).toBeTruthy();
    fireEvent.click(screen.getByTestId('login-two-step-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe(defaultRoute.path));
    expect(twoStepBodies).toEqual([{ mfaTicket: 'ticket-1', recoveryCode: 'abcde-12345' }]);
    expect(localStorage.getItem('token')).toBe('tok-two-step');
  });

  it('keeps a wrong code on its field, without a toast, and takes the next one', async () => {
    twoStepAnswers = [twoStepFailure('MFA_CODE_INVALID', 'The code is not correct.')];
    const router = await firstStep();
    const code = screen.getByLabelText('6-digit code') as HTMLInputElement;
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(screen.getByTestId('login-two-step-submit'));
    expect(await screen.findByText('The code is not correct.')).toBeTruthy();
    expect(code.value).toBe('');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(feedback.toastError).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/login');

    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(screen.getByTestId('login-two-step-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe(defaultRoute.path));
    expect(twoStepBodies).toEqual([
      { mfaTicket: 'ticket-1', code: '000000' },
      { mfaTicket: 'ticket-1', code: '654321' },
    ]);
  });

  it('sends the person back to the first step with the message when the ticket is void', async () => {
    twoStepAnswers = [twoStepFailure('MFA_TICKET_INVALID', 'This sign-in has expired. Sign in again.')];
    const router = await firstStep();
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('login-two-step-submit'));

    expect((await screen.findByTestId('login-restart-reason')).textContent).toContain('This sign-in has expired. Sign in again.');
    expect(screen.queryByTestId('login-two-step-step')).toBeNull();
    // The username stays; the password is asked for again.
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('wang');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
    expect(screen.getByLabelText('Username').closest('form')!.hidden).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
    expect(feedback.toastError).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/login');

    // A new first step clears the message and asks for a code again.
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Temp#2024' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await screen.findByRole('heading', { name: 'Two-step verification' });
    expect(screen.queryByTestId('login-restart-reason')).toBeNull();
  });

  it('goes back to the first step on request, with no message', async () => {
    await firstStep();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByTestId('login-two-step-step')).toBeNull());
    expect(screen.queryByTestId('login-restart-reason')).toBeNull();
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('wang');
    expect(twoStepBodies).toEqual([]);
  });

  it('speaks Chinese too', async () => {
    setLocale('zh-CN');
    loginAnswer = ticketAnswer;
    const router = createMemoryRouter([{ path: '/login', element: <LoginPage /> }], { initialEntries: ['/login'] });
    render(<RouterProvider router={router} />);
    fireEvent.change(screen.getByLabelText('用户名'), { target: { value: 'wang' } });
    fireEvent.change(screen.getByLabelText('请输入密码'), { target: { value: 'Temp#2024' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByRole('heading', { name: '两步验证' })).toBeTruthy();
    expect(screen.getByLabelText('6 位验证码')).toBeTruthy();
    expect(screen.getByRole('button', { name: '使用恢复码' })).toBeTruthy();
  });
});

describe('company sign-in button', () => {
  it('is not there while company sign-in is not configured', async () => {
    renderLogin();
    await optionsLoaded();
    expect(screen.queryByTestId('login-company-sign-in')).toBeNull();
    expect(screen.queryByTestId('login-admin')).toBeNull();
    expect(screen.getByLabelText('Username').closest('form')!.hidden).toBe(false);
  });

  it('sends the window to the start with the page the sign-in would go to', async () => {
    signInOptions = { sso: { label: null }, password: 'on' };
    renderLogin('?redirect=SystemUser&status=active');
    const button = await screen.findByRole('button', { name: 'Sign in with your company account' });
    // Both ways in: the forms stay, and their button stays the primary one.
    expect(screen.getByLabelText('Username').closest('form')!.hidden).toBe(false);
    expect(screen.getByTestId('login-submit').className).toContain('arco-btn-primary');
    expect(button.className).toContain('arco-btn-long');
    fireEvent.click(button);
    expect(leaveTo).toHaveBeenCalledWith('/api/auth/company-sign-in/start?redirect=%2Fsystem%2Fuser%3Fstatus%3Dactive');
    // A top-level navigation: nothing is fetched.
    expect(calls).toEqual([]);
  });

  it('goes back to the landing page when the page names no known page, and shows the configured label', async () => {
    signInOptions = { sso: { label: 'ACME Single Sign-On' }, password: 'on' };
    renderLogin('?redirect=https://evil.example');
    fireEvent.click(await screen.findByRole('button', { name: 'ACME Single Sign-On' }));
    expect(leaveTo).toHaveBeenCalledWith(`/api/auth/company-sign-in/start?redirect=${encodeURIComponent(defaultRoute.path)}`);
  });

  it('speaks Chinese too', async () => {
    setLocale('zh-CN');
    signInOptions = { sso: { label: null }, password: 'on' };
    renderLogin();
    expect(await screen.findByRole('button', { name: '企业账号登录' })).toBeTruthy();
  });
});

describe('password sign-in for administrators only (PASSWORD_SIGNIN=admins)', () => {
  it('keeps the forms behind 管理员登录, with the company button as the main action', async () => {
    signInOptions = { sso: { label: null }, password: 'admins' };
    renderLogin();
    const company = await screen.findByRole('button', { name: 'Sign in with your company account' });
    expect(company.className).toContain('arco-btn-primary');
    const form = screen.getByLabelText('Username').closest('form')!;
    expect(form.hidden).toBe(true);
    expect(screen.queryByRole('textbox', { name: 'Username' })).toBeNull();

    const link = screen.getByRole('button', { name: 'Administrator sign-in' });
    expect(link.getAttribute('aria-controls')).toBe(form.id);
    fireEvent.click(link);
    expect(form.hidden).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Username')));
    // The company button stays, first and primary; the form's own is not.
    expect(screen.getByRole('button', { name: 'Sign in with your company account' })).toBe(company);
    expect(screen.getByTestId('login-submit').className).not.toContain('arco-btn-primary');
  });

  it('signs in with the revealed form as usual', async () => {
    signInOptions = { sso: { label: null }, password: 'admins' };
    loginAnswer = { token: 'tok-admin', expiresAt: '2030-01-01T00:00:00Z' };
    const router = renderLogin();
    fireEvent.click(await screen.findByRole('button', { name: 'Administrator sign-in' }));
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Admin#2024' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe(defaultRoute.path));
    expect(localStorage.getItem('token')).toBe('tok-admin');
  });

  it("says in the card, not in a passing toast, that another account's password is refused, and clears it", async () => {
    signInOptions = { sso: { label: null }, password: 'admins' };
    const message = 'Password sign-in is for administrators only. Sign in with your company account.';
    loginRefusal = { status: 403, body: { status: 'error', code: 403, message, data: { error: 'FORBIDDEN' }, traceId: 't' } };
    try {
      renderLogin();
      fireEvent.click(await screen.findByRole('button', { name: 'Administrator sign-in' }));
      fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'user' } });
      fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'User#2024' } });
      fireEvent.click(screen.getByTestId('login-submit'));
      expect((await screen.findByTestId('login-company-sign-in-error')).textContent).toBe(message);
      expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
      // Said once: in the card, with no toast beside it.
      expect(screen.getAllByText(message)).toHaveLength(1);
      expect(localStorage.getItem('token')).toBeNull();
    } finally {
      loginRefusal = null;
    }
  });

  it('speaks Chinese too', async () => {
    setLocale('zh-CN');
    signInOptions = { sso: { label: null }, password: 'admins' };
    renderLogin();
    expect(await screen.findByRole('button', { name: '管理员登录' })).toBeTruthy();
  });
});

describe('back from the company sign-in with a ticket (#sso=)', () => {
  it('removes the fragment first, redeems the ticket with a signed call and the cookie, and goes on as after any sign-in', async () => {
    redeemAnswer = { status: 200, body: envelope({ token: 'tok-company-sign-in', expiresAt: '2030-01-01T00:00:00Z', mustChangePassword: true, redirect: '/system/user?keyword=ann' }) };
    let release!: () => void;
    redeemHeld = new Promise((resolve) => (release = resolve));
    window.history.replaceState(null, '', '/login?x=1#sso=tk-abc_123');
    const router = renderLogin('?x=1');

    // Until the answer: "Signing in…" in the forms' place.
    expect((await screen.findByRole('status')).textContent).toContain('Signing in…');
    expect(screen.getByLabelText('Username').closest('form')!.hidden).toBe(true);
    await waitFor(() => expect(redeems).toHaveLength(1));
    // Gone from the address bar before the call left, path and query kept.
    expect(redeems[0]!.href).toBe('http://localhost:3000/login?x=1');
    expect(window.location.hash).toBe('');
    expect(redeems[0]!.body).toEqual({ ticket: 'tk-abc_123' });
    // The binding cookie travels (same origin); the call is signed and carries no token.
    expect(redeems[0]!.credentials).toBe('same-origin');
    expect(redeems[0]!.headers['Access-Token']).toBeUndefined();
    expect(redeems[0]!.headers['X-Fingerprint']).toBe('fp-login');
    expect(await signedAsTheServerChecks('/api/auth/company-sign-in/redeem', redeems[0]!)).toBe(true);

    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/user'));
    expect(router.state.location.search).toBe('?keyword=ann');
    expect(localStorage.getItem('token')).toBe('tok-company-sign-in');
    expect(useSession.getState().mustChangePassword).toBe(true);
    expect(calls).toEqual(['/api/auth/company-sign-in/redeem']);
  });

  it('goes to the landing page when the answer names no console path', async () => {
    redeemAnswer = { status: 200, body: envelope({ token: 'tok-company-sign-in', expiresAt: '2030-01-01T00:00:00Z', redirect: '//evil.example/x' }) };
    window.history.replaceState(null, '', '/login#sso=tk-1');
    const router = renderLogin();
    await waitFor(() => expect(router.state.location.pathname).toBe(defaultRoute.path));
    expect(useSession.getState().mustChangePassword).toBe(false);
  });

  it("shows a refused ticket's message from the envelope, without a toast, and the forms again", async () => {
    signInOptions = { sso: { label: null }, password: 'on' };
    redeemAnswer = { status: 400, body: { status: 'error', code: 400, message: 'Company sign-in failed. Please try again.', data: { error: 'SSO_FAILED' }, traceId: 't' } };
    window.history.replaceState(null, '', '/login#sso=tk-used');
    const router = renderLogin();
    const alert = await screen.findByTestId('login-company-sign-in-error');
    expect(alert.textContent).toContain('Company sign-in failed. Please try again.');
    expect(alert.className).toContain('arco-alert-error');
    expect(screen.queryByTestId('login-company-sign-in-redeeming')).toBeNull();
    expect(screen.getByLabelText('Username').closest('form')!.hidden).toBe(false);
    expect(screen.getByRole('button', { name: 'Sign in with your company account' })).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
    expect(feedback.toastError).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/login');
    expect(redeems).toHaveLength(1);
    expect(window.location.hash).toBe('');
  });

  it("shows a disabled account's refusal in the reader's language when the envelope has no text", async () => {
    setLocale('zh-CN');
    redeemAnswer = { status: 403, body: { status: 'error', code: 403, message: '', data: { error: 'ACCOUNT_DISABLED' }, traceId: 't' } };
    window.history.replaceState(null, '', '/login#sso=tk-2');
    renderLogin();
    expect((await screen.findByTestId('login-company-sign-in-error')).textContent).toBe(errorMessages['zh-CN'].ACCOUNT_DISABLED);
  });
});

describe('back from the company sign-in with an error (#sso_error=)', () => {
  it.each([
    ['en-US', 'Your company account has no role here. Ask an administrator.'],
    ['zh-CN', '你的企业账号没有可用的角色，请联系管理员'],
  ] as const)('shows SSO_NO_ROLE in %s above the forms, and removes the fragment', async (locale, text) => {
    setLocale(locale);
    window.history.replaceState(null, '', '/login?redirect=SystemUser#sso_error=SSO_NO_ROLE');
    renderLogin('?redirect=SystemUser');
    const alert = await screen.findByTestId('login-company-sign-in-error');
    expect(alert.textContent).toBe(text);
    expect(text).toBe(errorMessages[locale].SSO_NO_ROLE);
    expect(alert.className).toContain('arco-alert-error');
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/login?redirect=SystemUser');
    // Above the forms.
    const form = screen.getByTestId('login-submit').closest('form')!;
    expect(alert.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(redeems).toEqual([]);
  });

  it('shows the generic failure for a key it does not know', async () => {
    window.history.replaceState(null, '', '/login#sso_error=SOMETHING_ELSE');
    renderLogin();
    expect((await screen.findByTestId('login-company-sign-in-error')).textContent).toBe(errorMessages['en-US'].SSO_FAILED);
  });

  it('follows a change of language', async () => {
    window.history.replaceState(null, '', '/login#sso_error=SSO_DENIED');
    renderLogin();
    expect((await screen.findByTestId('login-company-sign-in-error')).textContent).toBe(errorMessages['en-US'].SSO_DENIED);
    act(() => setLocale('zh-CN'));
    expect(screen.getByTestId('login-company-sign-in-error').textContent).toBe(errorMessages['zh-CN'].SSO_DENIED);
  });

  it('is cleared by the next sign-in attempt', async () => {
    loginAnswer = { token: 'tok-new', expiresAt: '2030-01-01T00:00:00Z' };
    window.history.replaceState(null, '', '/login#sso_error=SSO_UNAVAILABLE');
    const router = renderLogin();
    await screen.findByTestId('login-company-sign-in-error');
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'wang' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Temp#2024' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe(defaultRoute.path));
  });
});
