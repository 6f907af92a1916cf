import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../lib/feedback', () => ({ toastError: vi.fn(), openSessionExpiredModal: vi.fn(), API_TOAST_ID: 'apiTips' }));

const { LoginPage } = await import('./login-page');
const { resetApiClient } = await import('../../lib/api');
const { setLocale } = await import('../../lib/i18n');
const { useSession } = await import('../../stores/session');

const envelope = (data: unknown) => ({ status: 'success', code: 0, message: 'ok', data, traceId: 't' });
let loginAnswer: Record<string, unknown>;
let calls: string[];

beforeEach(() => {
  resetApiClient();
  setLocale('en-US');
  localStorage.clear();
  localStorage.setItem('fingerprint', 'fp-login');
  useSession.setState({ user: null, role: '', permissions: [], mustChangePassword: false, serverMenuPaths: null });
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      if (input === '/api/client-config') return new Response(JSON.stringify(envelope({ keyId: 'k', secret: 's' })), { status: 200 });
      calls.push(input.split('?')[0]!);
      if (input === '/api/user/login') return new Response(JSON.stringify(envelope(loginAnswer)), { status: 200 });
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
