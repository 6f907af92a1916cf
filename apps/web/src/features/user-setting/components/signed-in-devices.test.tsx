import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../lib/feedback', () => ({ toastError: vi.fn(), openSessionExpiredModal: vi.fn(), API_TOAST_ID: 'apiTips' }));

const { SignedInDevices } = await import('./signed-in-devices');
const { envelope, signedInFetch } = await import('../../../test/signed-in-fetch');
const { setLocale } = await import('../../../lib/i18n');

type Answer = { status: number; body: unknown };

const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const safari = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const session = (id: number, device: string, ip: string, userAgent: string, current = false) => ({
  id,
  userId: 7,
  username: 'wang',
  role: 'user',
  device,
  ip,
  userAgent,
  createdAt: '2025-03-01T08:00:00Z',
  lastSeenAt: '2025-03-02T09:30:00Z',
  expiresAt: '2025-03-09T08:00:00Z',
  current,
});

let sessions: ReturnType<typeof session>[];
let answers: Record<string, Answer | undefined>;
let calls: { method: string; path: string }[];

beforeEach(() => {
  setLocale('en-US');
  sessions = [session(11, 'fp-this', '10.0.0.1', chrome, true), session(12, 'fp-phone', '10.0.0.2', safari), session(13, 'fp-laptop', '10.0.0.3', chrome)];
  answers = {};
  calls = [];
  signedInFetch('devices', async (input, init) => {
    const method = init.method ?? 'GET';
    const path = input.split('?')[0]!;
    calls.push({ method, path });
    const fixed = answers[path];
    if (fixed) return new Response(JSON.stringify(fixed.body), { status: fixed.status });
    if (path === '/api/user/sessions') return new Response(JSON.stringify(envelope({ list: sessions, total: sessions.length })), { status: 200 });
    const one = /^\/api\/user\/sessions\/(\d+)$/.exec(path);
    if (one && method === 'DELETE') {
      sessions = sessions.filter((s) => s.id !== Number(one[1]));
      return new Response(JSON.stringify(envelope({ id: Number(one[1]) })), { status: 200 });
    }
    if (path === '/api/user/sessions/revoke-others' && method === 'POST') {
      const revoked = sessions.filter((s) => !s.current).length;
      sessions = sessions.filter((s) => s.current);
      return new Response(JSON.stringify(envelope({ revoked })), { status: 200 });
    }
    return new Response('{}', { status: 404 });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderDevices() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SignedInDevices />
    </QueryClientProvider>,
  );
}

const row = (device: string) => screen.getByText(device).closest('tr')!;
/** The Popconfirm's OK button (rendered in a popup outside the row). */
const confirm = async () => fireEvent.click(await screen.findByRole('button', { name: 'OK' }));

describe('signed-in devices', () => {
  it('lists the sessions and marks this device, which cannot be revoked here', async () => {
    renderDevices();
    expect(await screen.findByText('fp-phone')).toBeTruthy();
    expect(within(row('fp-this')).getByTestId('current-device').textContent).toBe('This device');
    expect(within(row('fp-phone')).queryByTestId('current-device')).toBeNull();
    expect(within(row('fp-this')).queryByRole('button', { name: /Sign out/ })).toBeNull();
    expect(within(row('fp-phone')).getByRole('button', { name: 'Sign out fp-phone' })).toBeTruthy();
    // IP, the user agent shortened, last seen and signed in.
    expect(within(row('fp-phone')).getByText('10.0.0.2')).toBeTruthy();
    expect(within(row('fp-phone')).getByText('Safari 17 · iOS')).toBeTruthy();
    expect(within(row('fp-this')).getByText('Chrome 126 · Windows')).toBeTruthy();
    expect(screen.getAllByText(/^2025-03-0\d \d\d:\d\d:\d\d$/)).toHaveLength(6);
  });

  it('revokes one device after the confirmation and lists again', async () => {
    renderDevices();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out fp-phone' }));
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    await confirm();
    await waitFor(() => expect(screen.queryByText('fp-phone')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([{ method: 'DELETE', path: '/api/user/sessions/12' }]);
    expect(screen.getByText('fp-laptop')).toBeTruthy();
    expect(screen.getByText('fp-this')).toBeTruthy();
  });

  it('signs out every other device after the confirmation and says how many', async () => {
    renderDevices();
    await screen.findByText('fp-laptop');
    fireEvent.click(screen.getByTestId('revoke-other-devices'));
    await confirm();
    expect(await screen.findByText('Signed out 2 other device(s)')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('fp-laptop')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', path: '/api/user/sessions/revoke-others' }]);
    expect(screen.getByText('fp-this')).toBeTruthy();
    // Nothing left to sign out.
    expect((screen.getByTestId('revoke-other-devices') as HTMLButtonElement).disabled).toBe(true);
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    answers['/api/user/sessions'] = { status: 500, body: { status: 'error', code: 500, message: 'boom', data: { error: 'INTERNAL' }, traceId: 't' } };
    renderDevices();
    expect(await screen.findByText('The signed-in devices could not be loaded')).toBeTruthy();
    answers['/api/user/sessions'] = undefined;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('fp-this')).toBeTruthy();
  });

  it('says when there is none', async () => {
    sessions = [];
    renderDevices();
    expect(await screen.findByText('No signed-in devices')).toBeTruthy();
  });
});
