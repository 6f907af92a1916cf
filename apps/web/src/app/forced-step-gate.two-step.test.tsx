import '@arco-design/web-react/es/_util/react-19-adapter';
import { Message } from '@arco-design/web-react';
import { defineCall } from '@atrium/contracts/call';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
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
const failure = (status: number, error: string) => ({ status, body: { status: 'error', code: status, message: error, data: { error }, traceId: 't' } });
const profile = { accountId: '7', name: 'Wang', username: 'wang', avatar: '', role: 'ops', roleName: 'Ops', roles: ['ops'], roleNames: { ops: 'Ops' }, permissions: ['audit:read'], mustChangePassword: false, source: 'local' };
const recoveryCodes = Array.from({ length: 10 }, (_, i) => `CODE${i}-XXXXX`);

const probe = endpointOf(defineCall({ id: 'test.probe', method: 'GET', path: '/api/probe', access: 'signed', summary: 'A call of the page', response: z.number() }));
const callProbe = () => void call(probe).catch(() => undefined);

let answers: Record<string, Answer>;
let calls: { method: string; path: string; body: unknown }[];

// What the gate loads the first time the dialog shows (its chunk, Arco's texts), loaded once up front.
beforeAll(async () => {
  await Promise.all([import('../features/two-step/forced-enrolment-dialog'), loadArcoLocale('en-US')]);
}, 30_000);

beforeEach(() => {
  resetApiClient();
  // As app/api-hooks.ts connects them: a 403 refetches the profile, and the enrolment is the only reaction
  // to MFA_ENROLMENT_REQUIRED.
  apiHooks.onForbidden = (error) => {
    void refreshUserInfo();
    return error === 'PASSWORD_CHANGE_REQUIRED' || error === 'MFA_ENROLMENT_REQUIRED';
  };
  setLocale('en-US');
  vi.mocked(feedback.toastError).mockClear();
  vi.spyOn(Message, 'success').mockImplementation(() => () => {});
  localStorage.setItem('fingerprint', 'fp-two-step-gate');
  localStorage.setItem('token', 'tok-two-step-gate');
  useSession.setState({ user: null, role: '', permissions: [], mustChangePassword: false, mustEnrolTwoStep: false, serverMenuPaths: null });
  calls = [];
  answers = {
    '/api/user/menu': { status: 200, body: envelope([]) },
    '/api/user/logout': { status: 200, body: envelope(null) },
    '/api/user/two-step/setup': { status: 200, body: envelope({ secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/Atrium:wang?secret=JBSWY3DPEHPK3PXP&issuer=Atrium' }) },
    '/api/user/two-step/enable': { status: 200, body: envelope({ recoveryCodes }) },
    '/api/user/info': { status: 200, body: envelope({ ...profile, mfaRequired: true, mfaEnabled: true }) },
    '/api/probe': { status: 200, body: envelope(1) },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      if (input === '/api/client-config') return new Response(JSON.stringify(envelope({ keyId: 'k', secret: 's', signIn: { sso: null, password: 'on' } })), { status: 200 });
      const path = input.split('?')[0]!;
      calls.push({ method: init?.method ?? 'GET', path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const answer = answers[path] ?? { status: 404, body: {} };
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const dialogIntro = () => screen.findByText('Your role requires two-step verification. Turn it on to go on using the console.');

describe('enrolment required by the role', () => {
  it('follows the user info: required and off holds the session to the enrolment', () => {
    useSession.getState().setUser({ ...profile, mfaRequired: true, mfaEnabled: false } as never);
    expect(useSession.getState().mustEnrolTwoStep).toBe(true);
    useSession.getState().setUser({ ...profile, mfaRequired: true, mfaEnabled: true } as never);
    expect(useSession.getState().mustEnrolTwoStep).toBe(false);
    useSession.getState().setUser({ ...profile, mfaRequired: false, mfaEnabled: false } as never);
    expect(useSession.getState().mustEnrolTwoStep).toBe(false);
  });

  it('shows only the enrolment, then the page once it is on and the codes are saved', async () => {
    useSession.setState({ role: 'ops', permissions: ['audit:read'], mustEnrolTwoStep: true });
    renderGatedApp(callProbe);
    expect(await dialogIntro()).toBeTruthy();
    expect(await screen.findByRole('img', { name: /QR code/ })).toBeTruthy();
    expect(screen.queryByText('the page')).toBeNull();
    // Nothing of the page ran, and no close button, mask click or Esc dismisses the dialog.
    expect(calls.map((c) => c.path)).toEqual(['/api/user/two-step/setup']);
    expect(document.querySelector('.arco-modal-close-icon')).toBeNull();
    fireEvent.keyDown(document.body, { key: 'Escape', keyCode: 27 });
    expect(screen.getByText('Turn on two-step verification')).toBeTruthy();

    fireEvent.change(screen.getByTestId('two-step-enrol-code'), { target: { value: '123456' } });
    await act(async () => fireEvent.click(screen.getByTestId('two-step-enrol-confirm')));
    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toBeTruthy();
    // Still the dialog: the codes are on screen until they are saved, and the profile is not asked yet.
    expect(calls.map((c) => c.path)).toEqual(['/api/user/two-step/setup', '/api/user/two-step/enable']);
    expect(useSession.getState().mustEnrolTwoStep).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText('the page')).toBeTruthy();
    expect(calls.slice(2, 4).map((c) => c.path).sort()).toEqual(['/api/user/info', '/api/user/menu']);
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/probe'));
    expect(useSession.getState()).toMatchObject({ mustEnrolTwoStep: false, serverMenuPaths: new Set() });
  });

  it('comes up, without an error toast, when a call answers 403 MFA_ENROLMENT_REQUIRED', async () => {
    useSession.setState({ role: 'ops', permissions: ['audit:read'] });
    answers['/api/probe'] = failure(403, 'MFA_ENROLMENT_REQUIRED');
    answers['/api/user/info'] = { status: 200, body: envelope({ ...profile, mfaRequired: true, mfaEnabled: false }) };
    renderGatedApp(callProbe);
    expect(await dialogIntro()).toBeTruthy();
    expect(screen.queryByText('the page')).toBeNull();
    // The refetched profile said so; the menu is not asked for until the enrolment is done.
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['/api/probe', '/api/user/info', '/api/user/two-step/setup']));
    expect(feedback.toastError).not.toHaveBeenCalled();
  });

  it('signs out from the dialog to the sign-in page', async () => {
    useSession.setState({ role: 'ops', permissions: ['audit:read'], mustEnrolTwoStep: true });
    const router = renderGatedApp(callProbe);
    await dialogIntro();
    fireEvent.click(screen.getByTestId('forced-two-step-sign-out'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('the sign-in page')).toBeTruthy();
    expect(screen.queryByText('Turn on two-step verification')).toBeNull();
    expect(calls.map((c) => c.path)).toContain('/api/user/logout');
    expect(localStorage.getItem('token')).toBeNull();
    expect(useSession.getState()).toMatchObject({ mustEnrolTwoStep: false, role: '' });
  });
});
