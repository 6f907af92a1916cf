import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../lib/feedback', () => ({ toastError: vi.fn(), openSessionExpiredModal: vi.fn(), API_TOAST_ID: 'apiTips' }));

const { LoginPage } = await import('./login-page');
const feedback = await import('../../lib/feedback');
const { resetApiClient } = await import('../../lib/api');
const { setLocale } = await import('../../lib/i18n');
const { useSession } = await import('../../stores/session');

const envelope = (data: unknown) => ({ status: 'success', code: 0, message: 'ok', data, traceId: 't' });
let loginAnswer: Record<string, unknown>;
let calls: string[];
/** The second step's answers, in turn, and the bodies it was sent. */
let mfaAnswers: { status: number; body: unknown }[];
let mfaBodies: unknown[];
const mfaFailure = (error: string, message: string) => ({ status: 400, body: { status: 'error', code: 400, message, data: { error }, traceId: 't' } });

beforeEach(() => {
  resetApiClient();
  setLocale('en-US');
  localStorage.clear();
  localStorage.setItem('fingerprint', 'fp-login');
  useSession.setState({ user: null, role: '', permissions: [], mustChangePassword: false, serverMenuPaths: null });
  calls = [];
  mfaAnswers = [];
  mfaBodies = [];
  vi.mocked(feedback.toastError).mockClear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      if (input === '/api/client-config') return new Response(JSON.stringify(envelope({ keyId: 'k', secret: 's' })), { status: 200 });
      calls.push(input.split('?')[0]!);
      if (input === '/api/user/login') return new Response(JSON.stringify(envelope(loginAnswer)), { status: 200 });
      if (input === '/api/user/login/mfa') {
        mfaBodies.push(JSON.parse(String(init?.body)));
        const answer = mfaAnswers.shift() ?? { status: 200, body: envelope({ token: 'tok-mfa', expiresAt: '2030-01-01T00:00:00Z' }) };
        return new Response(JSON.stringify(answer.body), { status: answer.status });
      }
      return new Response('{}', { status: 404 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function signIn() {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/workplace', element: <p>workplace</p> },
    ],
    { initialEntries: ['/login'] },
  );
  render(<RouterProvider router={router} />);
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'wang' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Temp#2024' } });
  fireEvent.click(screen.getByTestId('login-submit'));
  await waitFor(() => expect(router.state.location.pathname).toBe('/workplace'));
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
        { path: '/workplace', element: <p>workplace</p> },
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
    await waitFor(() => expect(router.state.location.pathname).toBe('/workplace'));
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
        { path: '/workplace', element: <p>workplace</p> },
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
    mfaAnswers = [{ status: 200, body: envelope({ token: 'tok-second', expiresAt: '2030-01-01T00:00:00Z', mustChangePassword: true }) }];
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
    fireEvent.click(screen.getByTestId('login-mfa-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workplace'));
    expect(mfaBodies).toEqual([{ mfaTicket: 'ticket-1', code: '123456' }]);
    expect(localStorage.getItem('token')).toBe('tok-second');
    // The answer's mustChangePassword is followed as after a one-step sign-in, and 记住我 kept the username.
    expect(useSession.getState().mustChangePassword).toBe(true);
    expect(JSON.parse(localStorage.getItem('login-config')!)).toEqual({ rememberMe: true, username: 'wang' });
    expect(calls).toEqual(['/api/user/login', '/api/user/login/mfa']);
  });

  it('checks the code before sending it', async () => {
    await firstStep();
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '123' } });
    fireEvent.click(screen.getByTestId('login-mfa-submit'));
    expect(await screen.findByText('The code is 6 digits')).toBeTruthy();
    expect(mfaBodies).toEqual([]);
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
    fireEvent.click(screen.getByTestId('login-mfa-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workplace'));
    expect(mfaBodies).toEqual([{ mfaTicket: 'ticket-1', recoveryCode: 'abcde-12345' }]);
    expect(localStorage.getItem('token')).toBe('tok-mfa');
  });

  it('keeps a wrong code on its field, without a toast, and takes the next one', async () => {
    mfaAnswers = [mfaFailure('MFA_CODE_INVALID', 'The code is not correct.')];
    const router = await firstStep();
    const code = screen.getByLabelText('6-digit code') as HTMLInputElement;
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(screen.getByTestId('login-mfa-submit'));
    expect(await screen.findByText('The code is not correct.')).toBeTruthy();
    expect(code.value).toBe('');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(feedback.toastError).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/login');

    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(screen.getByTestId('login-mfa-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workplace'));
    expect(mfaBodies).toEqual([
      { mfaTicket: 'ticket-1', code: '000000' },
      { mfaTicket: 'ticket-1', code: '654321' },
    ]);
  });

  it('sends the person back to the first step with the message when the ticket is void', async () => {
    mfaAnswers = [mfaFailure('MFA_TICKET_INVALID', 'This sign-in has expired. Sign in again.')];
    const router = await firstStep();
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('login-mfa-submit'));

    expect((await screen.findByTestId('login-restart-reason')).textContent).toContain('This sign-in has expired. Sign in again.');
    expect(screen.queryByTestId('login-mfa-step')).toBeNull();
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
    await waitFor(() => expect(screen.queryByTestId('login-mfa-step')).toBeNull());
    expect(screen.queryByTestId('login-restart-reason')).toBeNull();
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('wang');
    expect(mfaBodies).toEqual([]);
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
