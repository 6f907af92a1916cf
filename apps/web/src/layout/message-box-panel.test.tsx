import '@arco-design/web-react/es/_util/react-19-adapter';
import type { Message } from '@atrium/contracts/calls/message';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, signedInFetch } from '../test/signed-in-fetch';
import { setLocale } from '../lib/i18n';
import { formatDateTime } from '../lib/format';
import { MessageBoxPanel } from './message-box-panel';

/** The message box's notices: a decision on a record leads to its page, read on the way. */
const notice = (id: number, link: string | null, status: 0 | 1 = 0): Message => ({
  id,
  type: 'notice',
  title: link ? '订单“Desk lamp”已批准' : '新版本上线',
  subTitle: link ? 'Ada' : '',
  avatar: '',
  content: link ? 'Ada批准了你提交的订单' : '功能更新说明',
  time: '2026-03-02T09:30:00.000Z',
  messageType: link ? null : 1,
  status,
  link,
});

let sent: { method: string; path: string; body: unknown }[];

beforeEach(() => {
  setLocale('zh-CN');
  sent = [];
  signedInFetch('message-box', async (url, init) => {
    const path = url.split('?')[0]!;
    sent.push({ method: init.method ?? 'GET', path, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (path === '/api/message/list') return new Response(JSON.stringify(envelope([notice(1, '/sales/orders/7'), notice(2, null)])), { status: 200 });
    if (path === '/api/message/read') return new Response(JSON.stringify(envelope({ updated: 1 })), { status: 200 });
    return new Response('{}', { status: 404 });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderPanel(onLeave: () => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/', element: <MessageBoxPanel active="notice" onActiveChange={() => undefined} onLeave={onLeave} /> },
      { path: '/sales/orders/:id', element: <p>the order</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('the message box', () => {
  it('opens a notice of a decision on its record\'s page, reading it and closing the box; one that leads nowhere is only read', async () => {
    const onLeave = vi.fn();
    const router = renderPanel(onLeave);
    const decided = (await screen.findByText('订单“Desk lamp”已批准')).closest('button')!;
    // when it was decided, as a person's message says when it came
    expect(decided.textContent).toContain(formatDateTime('2026-03-02T09:30:00.000Z').slice(0, 10));
    const plain = screen.getByText('新版本上线').closest('button')!;
    fireEvent.click(plain);
    await waitFor(() => expect(sent.filter((r) => r.path === '/api/message/read').map((r) => r.body)).toEqual([{ ids: [2] }]));
    expect([router.state.location.pathname, onLeave.mock.calls.length]).toEqual(['/', 0]);

    fireEvent.click(decided);
    await waitFor(() => expect(router.state.location.pathname).toBe('/sales/orders/7'));
    expect(onLeave).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(sent.filter((r) => r.path === '/api/message/read').map((r) => r.body)).toEqual([{ ids: [2] }, { ids: [1] }]));
  });
});
