import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../lib/feedback', () => ({ toastError: vi.fn(), openSessionExpiredModal: vi.fn(), API_TOAST_ID: 'apiTips' }));

const { default: UserInfoPage, prefetch } = await import('./user-info-page');
const { loadSlicePanels } = await import('./lib/slice-panels');
const { envelope, signedInFetch } = await import('../../test/signed-in-fetch');
const { setLocale } = await import('../../lib/i18n');
const { queryClient } = await import('../../lib/query-client');
const { useSession } = await import('../../stores/session');

const notice = { id: 1, type: 'notice', title: 'Maintenance tonight', subTitle: '', avatar: '', content: '', time: '2026-03-01 10:00:00', status: 0 };
let paths: string[];

beforeEach(() => {
  queryClient.clear();
  setLocale('en-US');
  useSession.setState({ user: { name: 'Wang Fang', jobName: 'Operations lead' } as never });
  paths = [];
  // The notices answer one notice; whatever a slice's panels ask for answers empty.
  signedInFetch('user-info', async (input) => {
    const path = input.split('?')[0]!;
    paths.push(path);
    return new Response(JSON.stringify(envelope(path === '/api/message/list' ? [notice] : [])), { status: 200 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
  setLocale('zh-CN');
});

describe('用户信息', () => {
  it("shows the account's banner and notices, with what the slices add beside them", async () => {
    const { container } = render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <UserInfoPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Wang Fang' })).toBeTruthy();
    expect(screen.getByText('Operations lead')).toBeTruthy();
    expect(await screen.findByText('Notifications')).toBeTruthy();
    expect(await screen.findByText('Maintenance tonight')).toBeTruthy();
    // Two columns when a slice brings a wide panel, else the notices across the page.
    const parts = await loadSlicePanels();
    const wide = parts.some((part) => (part.main ?? []).length > 0);
    expect(container.querySelectorAll('[class*="left"]').length).toBe(wide ? 1 : 0);
  });

  it('asks ahead for the notices and for what the slices show first', async () => {
    await prefetch();
    expect(paths).toContain('/api/message/list');
    expect(queryClient.getQueryData(['message', 'list'])).toBeDefined();
  });
});
