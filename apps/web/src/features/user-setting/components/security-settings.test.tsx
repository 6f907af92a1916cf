import '@arco-design/web-react/es/_util/react-19-adapter';
import type { UserInfo } from '@atrium/contracts/calls/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../lib/feedback', () => ({ toastError: vi.fn(), openSessionExpiredModal: vi.fn(), API_TOAST_ID: 'apiTips' }));

const { SecuritySettings } = await import('./security-settings');
const { resetApiClient } = await import('../../../lib/api');
const { loadArcoLocale, setLocale } = await import('../../../lib/i18n');
const { useSession } = await import('../../../stores/session');

const envelope = (data: unknown) => ({ status: 'success', code: 0, message: 'ok', data, traceId: 't' });

/** The user info as the contract has it. */
const profile = (source: UserInfo['source']): UserInfo => ({
  accountId: '7',
  username: 'wang',
  name: 'Wang',
  avatar: '',
  job: '',
  jobName: '',
  organization: '',
  organizationName: '',
  location: '',
  locationName: '',
  email: 'wang@example.com',
  introduction: '',
  personalWebsite: '',
  phone: '',
  registrationDate: '2025-03-01',
  certification: 0,
  countryRegion: '',
  area: [],
  address: '',
  securityQuestionSet: false,
  role: 'user',
  roleName: 'User',
  roles: ['user'],
  roleNames: { user: 'User' },
  permissions: ['audit:read'],
  mustChangePassword: false,
  mfaEnabled: false,
  mfaRequired: false,
  source,
});

let calls: string[];

beforeAll(() => Promise.all([loadArcoLocale('en-US'), loadArcoLocale('zh-CN')]), 30_000);

beforeEach(() => {
  resetApiClient();
  setLocale('en-US');
  localStorage.setItem('fingerprint', 'fp-security');
  localStorage.setItem('token', 'tok-security');
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      if (input === '/api/client-config') return new Response(JSON.stringify(envelope({ keyId: 'k', secret: 's', signIn: { sso: null, password: 'on' } })), { status: 200 });
      const path = input.split('?')[0]!;
      calls.push(path);
      if (path === '/api/user/two-step') return new Response(JSON.stringify(envelope({ enabled: false, enrolledAt: null, recoveryCodesLeft: 0, required: false })), { status: 200 });
      if (path === '/api/user/sessions') return new Response(JSON.stringify(envelope({ list: [], total: 0 })), { status: 200 });
      return new Response('{}', { status: 404 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  useSession.setState({ user: null });
});

function renderSettings(source: UserInfo['source']) {
  useSession.getState().setUser(profile(source));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SecuritySettings onEditEmail={() => undefined} />
    </QueryClientProvider>,
  );
}

/** The labels of the rows of 安全设置, in order. */
const rowLabels = () => [...document.querySelectorAll('ul > li')].map((li) => li.firstElementChild?.textContent);

describe('安全设置 for an account made by company sign-in', () => {
  it('offers neither the password nor two-step verification, and says who manages them', async () => {
    renderSettings('oidc');
    const line = screen.getByTestId('security-company');
    expect(within(line).getByText('Company account')).toBeTruthy();
    expect(within(line).getByText("Sign-in and two-step verification are managed by your company's identity provider.")).toBeTruthy();
    expect(within(line).queryByRole('button')).toBeNull();
    expect(rowLabels()).toEqual(['Company account', 'Security question', 'Security phone', 'Security email']);
    expect(screen.queryByRole('button', { name: /^Password / })).toBeNull();
    expect(screen.queryByTestId('security-two-step')).toBeNull();
    // A phone is a contact here, not a way to sign in.
    expect(screen.getByText('No phone bound yet.')).toBeTruthy();
    expect(screen.queryByText(/sign in with an SMS code/)).toBeNull();
    await waitFor(() => expect(calls).toContain('/api/user/sessions'));
    // Its status is not even asked for.
    expect(calls).not.toContain('/api/user/two-step');
  });

  it('speaks Chinese too', () => {
    setLocale('zh-CN');
    renderSettings('oidc');
    const line = screen.getByTestId('security-company');
    expect(within(line).getByText('企业账号')).toBeTruthy();
    expect(within(line).getByText('登录和两步验证由公司的身份提供方管理。')).toBeTruthy();
    expect(screen.queryByText('登录密码')).toBeNull();
    expect(screen.queryByText('两步验证')).toBeNull();
  });
});

describe('安全设置 for a local account', () => {
  it('offers the password and two-step verification as before, without the company line', async () => {
    renderSettings('local');
    expect(screen.queryByTestId('security-company')).toBeNull();
    expect(screen.getByRole('button', { name: 'Password Change' })).toBeTruthy();
    expect(screen.getByTestId('security-two-step')).toBeTruthy();
    expect(rowLabels()).toEqual(['Password', 'Security question', 'Security phone', 'Security email', 'Two-step verification']);
    expect(screen.getByText('No phone bound yet. Bind one to sign in with an SMS code.')).toBeTruthy();
    await waitFor(() => expect(calls).toContain('/api/user/two-step'));
  });
});
