import '@arco-design/web-react/es/_util/react-19-adapter';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render as renderNode, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FilterForm } from './filter-form';

// The department and owner pickers ask the server for their options: here they stay empty.
const render = (node: ReactNode) => renderNode(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { enabled: false } } })}>{node}</QueryClientProvider>);

const input = (name: string) => screen.getByPlaceholderText(name) as HTMLInputElement;

describe('the search table filters', () => {
  it('shows a created-time range open at its start and keeps it open when searched again', async () => {
    const onSearch = vi.fn();
    render(<FilterForm applied={{ createdTime: ['', '2026-03-31'], status: 'online' }} onSearch={onSearch} onReset={() => undefined} />);
    await vi.waitFor(() => expect(input('结束日期').value).toBe('2026-03-31'));
    expect(input('开始日期').value).toBe('');
    expect(screen.getByRole('textbox', { name: '创建时间 开始日期' })).toBe(input('开始日期'));
    fireEvent.click(screen.getByRole('button', { name: /查询/ }));
    expect(onSearch).toHaveBeenCalledWith({ createdTime: ['', '2026-03-31'], status: 'online' });
  });

  it('reads a link\'s key once as a start', async () => {
    const onSearch = vi.fn();
    render(<FilterForm applied={{ createdTime: '2026-03-01' }} onSearch={onSearch} onReset={() => undefined} />);
    await vi.waitFor(() => expect(input('开始日期').value).toBe('2026-03-01'));
    expect(input('结束日期').value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: /查询/ }));
    expect(onSearch).toHaveBeenCalledWith({ createdTime: ['2026-03-01', ''] });
  });
});
