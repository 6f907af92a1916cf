import '@arco-design/web-react/es/_util/react-19-adapter';
import { Message } from '@arco-design/web-react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../lib/feedback', () => ({ toastError: vi.fn(), openSessionExpiredModal: vi.fn(), API_TOAST_ID: 'apiTips' }));

const { TwoStepSecurityRow } = await import('./two-step-settings');
const { resetApiClient } = await import('../../../lib/api');
const feedback = await import('../../../lib/feedback');
const { loadArcoLocale, setLocale } = await import('../../../lib/i18n');

type Answer = { status: number; body: unknown };

const envelope = (data: unknown) => ({ status: 'success', code: 0, message: 'ok', data, traceId: 't' });
const failure = (status: number, error: string, message: string) => ({ status, body: { status: 'error', code: status, message, data: { error }, traceId: 't' } });
const profile = { accountId: '7', username: 'wang', role: 'user', roles: ['user'], roleNames: {}, permissions: [], mustChangePassword: false, mfaRequired: false, source: 'local' };
const newCodes = Array.from({ length: 10 }, (_, i) => `NEW${i}A-BCDEF`);

let status: { enabled: boolean; enrolledAt: string | null; recoveryCodesLeft: number; required: boolean };
let answers: Record<string, Answer>;
let calls: { method: string; path: string; body: unknown }[];

beforeAll(() => loadArcoLocale('zh-CN'), 30_000);

beforeEach(() => {
  resetApiClient();
  setLocale('en-US');
  localStorage.setItem('fingerprint', 'fp-two-step-row');
  localStorage.setItem('token', 'tok-two-step-row');
  vi.mocked(feedback.toastError).mockClear();
  vi.spyOn(Message, 'success').mockImplementation(() => () => {});
  status = { enabled: true, enrolledAt: '2025-03-01T08:00:00Z', recoveryCodesLeft: 7, required: false };
  answers = {};
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      if (input === '/api/client-config') return new Response(JSON.stringify(envelope({ keyId: 'k', secret: 's', signIn: { sso: null, password: 'on' } })), { status: 200 });
      const path = input.split('?')[0]!;
      calls.push({ method: init?.method ?? 'GET', path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const fixed = answers[path];
      if (fixed) return new Response(JSON.stringify(fixed.body), { status: fixed.status });
      if (path === '/api/user/two-step') return new Response(JSON.stringify(envelope(status)), { status: 200 });
      if (path === '/api/user/info') return new Response(JSON.stringify(envelope({ ...profile, mfaEnabled: status.enabled })), { status: 200 });
      // A change refreshes the profile and then the menu: answered, or its 404 would be toasted (late, in
      // whichever test runs then).
      if (path === '/api/user/menu') return new Response(JSON.stringify(envelope([])), { status: 200 });
      if (path === '/api/user/two-step/recovery-codes') return new Response(JSON.stringify(envelope({ recoveryCodes: newCodes })), { status: 200 });
      if (path === '/api/user/two-step/setup') return new Response(JSON.stringify(envelope({ secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/Atrium:wang?secret=JBSWY3DPEHPK3PXP' })), { status: 200 });
      if (path === '/api/user/two-step/disable') {
        status = { enabled: false, enrolledAt: null, recoveryCodesLeft: 0, required: false };
        return new Response(JSON.stringify(envelope({ enabled: false })), { status: 200 });
      }
      return new Response('{}', { status: 404 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});
// The fetch stub stays between tests (each test installs its own): a refresh a test started just before
// its end then meets the next test's stub, not jsdom's network, whose failure would toast in that test.
afterAll(() => vi.unstubAllGlobals());

function renderRow() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ul>
        <TwoStepSecurityRow />
      </ul>
    </QueryClientProvider>,
  );
}

const rowStatus = () => screen.getByTestId('security-two-step-status');

/** Fills the confirm dialog and presses its OK button. */
async function confirmWith(password: string, code: string) {
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(dialog.querySelector('input[autocomplete="current-password"]')!, { target: { value: password } });
  fireEvent.change(dialog.querySelector('input[autocomplete="one-time-code"]')!, { target: { value: code } });
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: /OK|确定/ })));
  return dialog;
}

describe('two-step verification in 安全设置', () => {
  it('says when it is off and opens the enrolment from 开启', async () => {
    status = { enabled: false, enrolledAt: null, recoveryCodesLeft: 0, required: false };
    renderRow();
    await waitFor(() => expect(rowStatus().textContent).toBe('Off. When on, signing in also asks for a code from your authenticator app.'));
    expect(screen.queryByTestId('security-two-step-disable')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Two-step verification Turn on' }));
    expect(await screen.findByRole('img', { name: /QR code/ })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/user/two-step/setup']);
  });

  it('counts the recovery codes left, and shows new ones once after the password and a code', async () => {
    renderRow();
    await waitFor(() => expect(rowStatus().textContent).toBe('On. 7 recovery codes left'));
    expect(screen.queryByTestId('security-two-step-enable')).toBeNull();
    fireEvent.click(screen.getByTestId('security-two-step-new-codes'));
    const dialog = await confirmWith('Secret#1', '123456');
    const list = await within(dialog).findByRole('list', { name: 'Recovery codes' });
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual(newCodes);
    expect(calls.find((c) => c.path === '/api/user/two-step/recovery-codes')!.body).toEqual({ password: 'Secret#1', code: '123456' });
    expect(within(dialog).getByRole('button', { name: 'Download' })).toBeTruthy();
    // Only "I have saved them" closes it: no close icon, no OK or Cancel.
    expect(dialog.parentElement!.querySelector('.arco-modal-close-icon')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull());
  });

  it('turns it off with the password and a code, and the row follows', async () => {
    renderRow();
    await waitFor(() => expect(rowStatus().textContent).toBe('On. 7 recovery codes left'));
    fireEvent.click(screen.getByTestId('security-two-step-disable'));
    await confirmWith('Secret#1', 'abcde-12345');
    await waitFor(() => expect(rowStatus().textContent).toMatch(/^Off\./));
    expect(calls.find((c) => c.path === '/api/user/two-step/disable')!.body).toEqual({ password: 'Secret#1', code: 'abcde-12345' });
    // The profile (its mfaEnabled) is refreshed too.
    expect(calls.map((c) => c.path)).toContain('/api/user/info');
  });

  it("shows a role's refusal in the reader's language, and a wrong code on its field, without toasts", async () => {
    setLocale('zh-CN');
    answers['/api/user/two-step/disable'] = failure(409, 'MFA_REQUIRED_BY_ROLE', '你的角色要求开启两步验证，不能关闭');
    renderRow();
    await waitFor(() => expect(rowStatus().textContent).toBe('已开启，剩余 7 个恢复码'));
    fireEvent.click(screen.getByRole('button', { name: '两步验证 关闭' }));
    const dialog = await confirmWith('Secret#1', '123456');
    expect((await within(dialog).findByTestId('two-step-refusal')).textContent).toContain('你的角色要求开启两步验证，不能关闭');

    answers['/api/user/two-step/disable'] = failure(400, 'MFA_CODE_INVALID', '验证码错误');
    await confirmWith('Secret#1', '654321');
    expect(await within(dialog).findByText('验证码错误')).toBeTruthy();
    expect((dialog.querySelector('input[autocomplete="one-time-code"]') as HTMLInputElement).value).toBe('');
    expect(feedback.toastError).not.toHaveBeenCalled();
    expect(rowStatus().textContent).toBe('已开启，剩余 7 个恢复码');
  });

  it('offers no 关闭 while the active role requires it', async () => {
    status = { ...status, required: true };
    renderRow();
    await waitFor(() => expect(rowStatus().textContent).toBe('On. 7 recovery codes left'));
    expect((screen.getByTestId('security-two-step-disable') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('security-two-step-new-codes') as HTMLButtonElement).disabled).toBe(false);
  });
});
