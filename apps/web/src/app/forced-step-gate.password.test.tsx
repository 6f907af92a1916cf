import { defineCall } from '@atrium/contracts/call';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

vi.mock('../lib/feedback', () => ({ toastError: vi.fn(), openSessionExpiredModal: vi.fn(), API_TOAST_ID: 'apiTips' }));

const { renderGatedApp } = await import('./forced-step-gate.fixture');
const { apiHooks, call, endpointOf, resetApiClient } = await import('../lib/api');
const feedback = await import('../lib/feedback');
const { loadArcoLocale, setLocale } = await import('../lib/i18n');
const { refreshUserInfo, useSession } = await import('../stores/session');

type Answer = { status: number; body: unknown };

const envelope = (data: unknown) => ({ status: 'success', code: 0, message: 'ok', data, traceId: 't' });
const failure = (status: number, error: string, details?: unknown) => ({ status, body: { status: 'error', code: status, message: error, data: { error, details }, traceId: 't' } });
const profile = { accountId: '7', name: 'Wang', username: 'wang', avatar: '', role: 'user', roleName: 'User', roles: ['user'], roleNames: { user: 'User' }, permissions: ['audit:read'], source: 'local' };

const probe = endpointOf(defineCall({ id: 'test.probe', method: 'GET', path: '/api/probe', access: 'signed', summary: 'A call of the page', response: z.number() }));
const callProbe = () => void call(probe).catch(() => undefined);

let answers: Record<string, Answer | (() => Answer)>;
let calls: { method: string; path: string; body: unknown }[];

// What the gate loads the first time the dialog shows (its chunk, Arco's texts), loaded once up front.
beforeAll(async () => {
  await Promise.all([import('../features/password-change/forced-password-dialog'), loadArcoLocale('en-US')]);
}, 30_000);

beforeEach(() => {
  resetApiClient();
  // As app/api-hooks.ts connects them: a 403 refetches the profile, and the dialog is the only reaction
  // to PASSWORD_CHANGE_REQUIRED.
  apiHooks.onForbidden = (error) => {
    void refreshUserInfo();
    return error === 'PASSWORD_CHANGE_REQUIRED';
  };
  setLocale('en-US');
  vi.mocked(feedback.toastError).mockClear();
  localStorage.setItem('fingerprint', 'fp-gate');
  localStorage.setItem('token', 'tok-gate');
  useSession.setState({ user: null, role: '', permissions: [], mustChangePassword: false, serverMenuPaths: null });
  calls = [];
  answers = {
    '/api/user/menu': { status: 200, body: envelope([]) },
    '/api/user/logout': { status: 200, body: envelope(null) },
    '/api/user/change-password': { status: 200, body: envelope(null) },
    '/api/user/info': { status: 200, body: envelope({ ...profile, mustChangePassword: false }) },
    '/api/probe': { status: 200, body: envelope(1) },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      if (input === '/api/client-config') return new Response(JSON.stringify(envelope({ keyId: 'k', secret: 's', signIn: { sso: null, password: 'on' } })), { status: 200 });
      const path = input.split('?')[0]!;
      calls.push({ method: init?.method ?? 'GET', path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const entry = answers[path];
      const answer = typeof entry === 'function' ? entry() : (entry ?? { status: 404, body: {} });
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const dialogTitle = () => screen.findByText('Change your one-time password');
const input = (autocomplete: string, index = 0) => document.querySelectorAll<HTMLInputElement>(`.arco-modal input[autocomplete="${autocomplete}"]`)[index]!;

function fillIn(oneTime: string, next: string) {
  fireEvent.change(input('current-password'), { target: { value: oneTime } });
  fireEvent.change(input('new-password', 0), { target: { value: next } });
  fireEvent.change(input('new-password', 1), { target: { value: next } });
}

describe('forced change of a one-time password', () => {
  it('shows only the dialog while the session must change its password, then the page once changed', async () => {
    useSession.setState({ role: 'user', permissions: ['audit:read'], mustChangePassword: true });
    renderGatedApp(callProbe);
    expect(await dialogTitle()).toBeTruthy();
    expect(screen.getByText('One-time password')).toBeTruthy();
    expect(screen.queryByText('the page')).toBeNull();
    // Nothing of the page ran, and no close button, mask click or Esc dismisses the dialog.
    expect(calls).toEqual([]);
    expect(document.querySelector('.arco-modal-close-icon')).toBeNull();
    fireEvent.keyDown(document.body, { key: 'Escape', keyCode: 27 });
    const mask = document.querySelector('.arco-modal-mask');
    if (mask) fireEvent.click(mask);
    expect(screen.getByText('Change your one-time password')).toBeTruthy();

    fillIn('Temp#2024', 'Fresh#2025');
    fireEvent.click(screen.getByTestId('forced-password-submit'));
    expect(await screen.findByText('the page')).toBeTruthy();
    // The menu is asked for (beside the user info) once the password is changed, and arrives before the page shows.
    expect(calls[0]!.path).toBe('/api/user/change-password');
    expect(calls.slice(1, 3).map((c) => c.path).sort()).toEqual(['/api/user/info', '/api/user/menu']);
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/probe'));
    expect(calls[0]).toMatchObject({ method: 'POST', body: { oldPassword: 'Temp#2024', newPassword: 'Fresh#2025' } });
    expect(useSession.getState()).toMatchObject({ mustChangePassword: false, role: 'user', serverMenuPaths: new Set() });
    expect(localStorage.getItem('token')).toBe('tok-gate');
  });

  it('comes before a required two-step enrolment: one gate, one dialog at a time', async () => {
    useSession.setState({ role: 'user', permissions: ['audit:read'], mustChangePassword: true, mustEnrolTwoStep: true });
    renderGatedApp(callProbe);
    expect(await dialogTitle()).toBeTruthy();
    expect(document.querySelectorAll('.arco-modal')).toHaveLength(1);
    expect(screen.queryByText('the page')).toBeNull();
  });

  it('checks the new password with the contract rules before sending anything', async () => {
    useSession.setState({ mustChangePassword: true });
    renderGatedApp(callProbe);
    await dialogTitle();
    fillIn('Temp#2024', 'short');
    fireEvent.click(screen.getByTestId('forced-password-submit'));
    expect(await screen.findByText(/6–32/)).toBeTruthy();
    fillIn('Temp#2024', 'Temp#2024');
    fireEvent.click(screen.getByTestId('forced-password-submit'));
    expect(await screen.findByText('The new password must differ from the current one')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('puts a wrong one-time password on its field and stays', async () => {
    useSession.setState({ mustChangePassword: true });
    answers['/api/user/change-password'] = failure(400, 'VALIDATION_FAILED', [{ path: 'oldPassword', message: 'The current password is incorrect' }]);
    renderGatedApp(callProbe);
    await dialogTitle();
    fillIn('Wrong#2024', 'Fresh#2025');
    fireEvent.click(screen.getByTestId('forced-password-submit'));
    expect(await screen.findByText('The current password is incorrect')).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(['/api/user/change-password']);
    expect(useSession.getState().mustChangePassword).toBe(true);
  });

  it('signs out from the dialog to the sign-in page', async () => {
    useSession.setState({ role: 'user', permissions: ['audit:read'], mustChangePassword: true });
    const router = renderGatedApp(callProbe);
    await dialogTitle();
    fireEvent.click(screen.getByTestId('forced-password-sign-out'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('the sign-in page')).toBeTruthy();
    expect(screen.queryByText('Change your one-time password')).toBeNull();
    expect(calls.map((c) => c.path)).toEqual(['/api/user/logout']);
    expect(localStorage.getItem('token')).toBeNull();
    expect(useSession.getState()).toMatchObject({ mustChangePassword: false, role: '' });
  });

  it('comes up, without an error toast, when a call answers 403 PASSWORD_CHANGE_REQUIRED', async () => {
    useSession.setState({ role: 'user', permissions: ['audit:read'], mustChangePassword: false });
    answers['/api/probe'] = failure(403, 'PASSWORD_CHANGE_REQUIRED');
    answers['/api/user/info'] = { status: 200, body: envelope({ ...profile, mustChangePassword: true }) };
    renderGatedApp(callProbe);
    expect(await dialogTitle()).toBeTruthy();
    expect(screen.queryByText('the page')).toBeNull();
    // The refetched profile said so; the menu is not asked for until the password is changed.
    expect(calls.map((c) => c.path)).toEqual(['/api/probe', '/api/user/info']);
    expect(feedback.toastError).not.toHaveBeenCalled();
  });

  it('still toasts any other 403', async () => {
    useSession.setState({ role: 'user', permissions: ['audit:read'] });
    answers['/api/probe'] = failure(403, 'FORBIDDEN');
    renderGatedApp(callProbe);
    await waitFor(() => expect(vi.mocked(feedback.toastError).mock.calls.map(([text]) => text())).toEqual(['FORBIDDEN']));
    expect(screen.getByText('the page')).toBeTruthy();
  });

});
