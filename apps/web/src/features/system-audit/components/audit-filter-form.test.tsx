import '@arco-design/web-react/es/_util/react-19-adapter';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { instantToLocal } from '../../../lib/format';
import { AuditFilterForm } from './audit-filter-form';

const input = (name: string) => screen.getByPlaceholderText(name) as HTMLInputElement;

describe('audit filter form', () => {
  it('shows a range open at its end and keeps it open when searched again', async () => {
    const from = '2026-03-01T00:00:00.000Z';
    const onSearch = vi.fn();
    render(<AuditFilterForm applied={{ from, actor: 'alice' }} onSearch={onSearch} />);
    await vi.waitFor(() => expect(input('开始时间').value).toBe(instantToLocal(from)));
    expect(input('结束时间').value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: /查询/ }));
    expect(onSearch).toHaveBeenCalledWith({ from, to: undefined, actor: 'alice', action: undefined, result: undefined });
  });

  it('shows a range open at its start', async () => {
    const to = '2026-03-31T15:59:59.000Z';
    const onSearch = vi.fn();
    render(<AuditFilterForm applied={{ to }} onSearch={onSearch} />);
    await vi.waitFor(() => expect(input('结束时间').value).toBe(instantToLocal(to)));
    expect(input('开始时间').value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: /查询/ }));
    expect(onSearch.mock.calls[0]![0]).toMatchObject({ from: undefined, to });
  });
});
