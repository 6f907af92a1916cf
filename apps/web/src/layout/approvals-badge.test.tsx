import '@arco-design/web-react/es/_util/react-19-adapter';
import { focusManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../lib/feedback', () => ({ toastError: vi.fn(), openSessionExpiredModal: vi.fn(), API_TOAST_ID: 'apiTips' }));

const { envelope, signedInFetch } = await import('../test/signed-in-fetch');
const { setLocale } = await import('../lib/i18n');
const { ApprovalsBadge } = await import('./approvals-badge');

let count: number;
let asked: number;

beforeEach(() => {
  setLocale('zh-CN');
  count = 120;
  asked = 0;
  signedInFetch('badge', (url) => {
    if (url.startsWith('/api/approvals/count')) {
      asked += 1;
      return new Response(JSON.stringify(envelope({ count, capped: false })), { status: 200 });
    }
    return new Response('{}', { status: 404 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderBadge() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  const router = createMemoryRouter(
    [
      { path: '/home', element: <ApprovalsBadge /> },
      { path: '/approvals', element: <p>approvals page</p> },
    ],
    { initialEntries: ['/home'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const badge = () => screen.getByTestId('approvals-badge');

describe('the navbar’s count of what awaits approval', () => {
  it('says "99+" past 99, names the count for a screen reader, and leads to 待我审批', async () => {
    const router = renderBadge();
    await waitFor(() => expect(document.querySelector('.arco-badge-number')?.textContent).toBe('99+'));
    expect(badge().getAttribute('aria-label')).toBe('待我审批（99+ 条）');
    fireEvent.click(badge());
    await waitFor(() => expect(router.state.location.pathname).toBe('/approvals'));
  });

  it('shows no number when nothing awaits, and asks again when the window is back in focus', async () => {
    count = 0;
    renderBadge();
    await waitFor(() => expect(asked).toBe(1));
    expect(document.querySelector('.arco-badge-number')).toBeNull();
    expect(badge().getAttribute('aria-label')).toBe('待我审批');
    count = 3;
    // even where the console's queries leave focus alone (lib/query-client.ts), this one asks
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(asked).toBe(2));
    await waitFor(() => expect(document.querySelector('.arco-badge-number')?.textContent).toBe('3'));
    expect(badge().getAttribute('aria-label')).toBe('待我审批（3 条）');
    focusManager.setFocused(undefined);
  });
});
