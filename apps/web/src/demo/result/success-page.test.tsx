import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadLocale, setLocale, type Locale } from '../../lib/i18n';

let answer: () => Promise<unknown>;
vi.mock('./api/result-queries', () => ({
  channelProgressQuery: (id: number | null) => queryOptions({ queryKey: ['channel-form', id ?? 'latest'], queryFn: () => answer(), retry: false }),
}));
const { default: SuccessPage } = await import('./success-page');

function renderPage(locale: Locale) {
  setLocale(locale);
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/result/success']}>
        <SuccessPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('success page progress', () => {
  beforeAll(async () => {
    await Promise.all([loadLocale('zh-CN'), loadLocale('en-US')]);
  });

  it('before any submission shows an empty state that leads to the step form, in both languages', async () => {
    answer = async () => null;
    const zh = renderPage('zh-CN');
    expect(await screen.findByText('还没有提交过渠道活动，提交后可在这里查看进度')).toBeTruthy();
    expect(screen.getByRole('button', { name: '去创建渠道活动' })).toBeTruthy();
    expect(screen.queryByText('暂无数据')).toBeNull();
    zh.unmount();
    renderPage('en-US');
    expect(await screen.findByText('No channel campaign has been submitted yet; its progress will show here')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create a channel campaign' })).toBeTruthy();
    expect(screen.queryByText('No data')).toBeNull();
  });

  it('says so when the channel asked for is not found', async () => {
    answer = async () => {
      throw new Error('NOT_FOUND');
    };
    renderPage('en-US');
    expect(await screen.findByText('This channel campaign was not found')).toBeTruthy();
  });
});
