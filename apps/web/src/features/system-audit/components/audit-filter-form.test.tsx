import '@arco-design/web-react/es/_util/react-19-adapter';
import { auditFilterSchema } from '@atrium/contracts/calls/system';
import { hasOffset } from '@atrium/contracts/query-values';
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

  // The contract refuses a time without its offset from UTC: what the pickers hold (local time) is sent as
  // an instant that names it.
  it('searches with times that name their offset from UTC, as the contract asks', async () => {
    const onSearch = vi.fn();
    render(<AuditFilterForm applied={{}} onSearch={onSearch} />);
    for (const [name, local] of [['开始时间', '2026-03-01 00:00:00'], ['结束时间', '2026-03-31 23:59:59']] as const) {
      fireEvent.focus(input(name));
      fireEvent.change(input(name), { target: { value: local } });
      fireEvent.keyDown(input(name), { key: 'Enter', keyCode: 13 });
      await vi.waitFor(() => expect(input(name).value).toBe(local));
    }
    fireEvent.click(screen.getByRole('button', { name: /查询/ }));
    const sent = onSearch.mock.calls[0]![0] as { from: string; to: string };
    expect(sent).toMatchObject({ from: new Date(2026, 2, 1, 0, 0, 0).toISOString(), to: new Date(2026, 2, 31, 23, 59, 59).toISOString() });
    expect([hasOffset(sent.from), hasOffset(sent.to)]).toEqual([true, true]);
    expect(auditFilterSchema.safeParse(sent).success).toBe(true);
  });
});
