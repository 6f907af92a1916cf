import '@arco-design/web-react/es/_util/react-19-adapter';
import { Message } from '@arco-design/web-react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../lib/feedback', () => ({ toastError: vi.fn(), openSessionExpiredModal: vi.fn(), API_TOAST_ID: 'apiTips' }));

const { default: SystemUserPage } = await import('./system-user-page');
const { resetApiClient } = await import('../../lib/api');
const { loadArcoLocale, setLocale } = await import('../../lib/i18n');
const { useSession } = await import('../../stores/session');

const envelope = (data: unknown) => ({ status: 'success', code: 0, message: 'ok', data, traceId: 't' });
const account = (id: number, username: string, mfaEnabled: boolean) => ({
  id,
  username,
  name: username,
  email: null,
  phone: null,
  roles: ['user'],
  status: 'active',
  mustChangePassword: false,
  lockedUntil: null,
  lastLoginAt: null,
  createdAt: '2025-03-01T08:00:00Z',
  mfaEnabled,
});

let accounts: ReturnType<typeof account>[];
let calls: { method: string; path: string }[];

beforeAll(() => loadArcoLocale('en-US'), 30_000);

beforeEach(() => {
  resetApiClient();
  setLocale('en-US');
  localStorage.setItem('fingerprint', 'fp-users');
  localStorage.setItem('token', 'tok-users');
  accounts = [account(1, 'alice', true), account(2, 'bob', false)];
  calls = [];
  vi.spyOn(Message, 'success').mockImplementation(() => () => {});
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      if (input === '/api/client-config') return new Response(JSON.stringify(envelope({ keyId: 'k', secret: 's' })), { status: 200 });
      const method = init?.method ?? 'GET';
      const path = input.split('?')[0]!;
      calls.push({ method, path });
      if (path === '/api/system/users') return new Response(JSON.stringify(envelope({ list: accounts, total: accounts.length })), { status: 200 });
      if (path === '/api/system/role-options') return new Response(JSON.stringify(envelope([{ code: 'user', name: 'User' }])), { status: 200 });
      const reset = /^\/api\/system\/users\/(\d+)\/mfa\/reset$/.exec(path);
      if (reset && method === 'POST') {
        const id = Number(reset[1]);
        accounts = accounts.map((a) => (a.id === id ? { ...a, mfaEnabled: false } : a));
        return new Response(JSON.stringify(envelope(accounts.find((a) => a.id === id))), { status: 200 });
      }
      return new Response('{}', { status: 404 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  useSession.setState({ permissions: [] });
});

function renderPage(permissions: string[]) {
  useSession.setState({ role: 'admin', permissions });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/system/user', element: <SystemUserPage /> }], { initialEntries: ['/system/user'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** The table row of an account (the fixed actions column is part of the same row). */
const row = (username: string) => screen.getAllByText(username, { selector: 'td *' })[0]!.closest('tr')!;

describe('accounts: two-step verification', () => {
  it('tags the accounts that have it, and offers its reset only on those rows to a role holding user:write', async () => {
    renderPage(['user:read', 'user:write']);
    await waitFor(() => expect(row('alice')).toBeTruthy());
    expect(within(row('alice')).getByText('2-step')).toBeTruthy();
    expect(within(row('bob')).queryByText('2-step')).toBeNull();
    expect(within(row('alice')).getByRole('button', { name: 'Reset two-step verification' })).toBeTruthy();
    expect(within(row('bob')).queryByRole('button', { name: 'Reset two-step verification' })).toBeNull();
  });

  it('offers no reset without user:write', async () => {
    renderPage(['user:read']);
    await waitFor(() => expect(row('alice')).toBeTruthy());
    expect(within(row('alice')).getByText('2-step')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reset two-step verification' })).toBeNull();
  });

  it('resets it after a confirmation, and the list follows', async () => {
    renderPage(['user:read', 'user:write']);
    await waitFor(() => expect(row('alice')).toBeTruthy());
    fireEvent.click(within(row('alice')).getByRole('button', { name: 'Reset two-step verification' }));
    // Nothing is sent before the confirmation.
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    const confirm = await screen.findByText('Reset the two-step verification of "alice"? It is turned off and all its sessions end.');
    const popup = confirm.closest('.arco-popconfirm') as HTMLElement;
    await act(async () => fireEvent.click(within(popup).getByRole('button', { name: 'OK' })));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', path: '/api/system/users/1/mfa/reset' }]));
    await waitFor(() => expect(within(row('alice')).queryByText('2-step')).toBeNull());
    expect(within(row('alice')).queryByRole('button', { name: 'Reset two-step verification' })).toBeNull();
    expect(Message.success).toHaveBeenCalledWith('Two-step verification reset');
  });
});
