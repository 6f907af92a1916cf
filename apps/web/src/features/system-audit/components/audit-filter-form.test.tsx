import '@arco-design/web-react/es/_util/react-19-adapter';
import { auditFilterSchema } from '@atrium/contracts/calls/system';
import { hasOffset } from '@atrium/contracts/query-values';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { instantToLocal } from '../../../lib/format';
import { setLocale } from '../../../lib/i18n';
import { AuditFilterForm } from './audit-filter-form';

const input = (name: string) => screen.getByPlaceholderText(name) as HTMLInputElement;

afterEach(() => setLocale('zh-CN'));

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

  it('shows an applied action by its name, and offers the actions by name: one picked is searched by its id', async () => {
    const onSearch = vi.fn();
    const { container } = render(<AuditFilterForm applied={{ action: 'system.user.create' }} onSearch={onSearch} />);
    const select = container.querySelector<HTMLElement>('.arco-select')!;
    await vi.waitFor(() => expect(select.textContent).toContain('新建用户'));
    // typed as a person reads it: the names that hold it
    await act(async () => fireEvent.click(select));
    const search = select.querySelector('input')!;
    await act(async () => fireEvent.change(search, { target: { value: '停用' } }));
    const popup = await vi.waitFor(() => document.querySelector<HTMLElement>('.arco-select-popup')!);
    const offered = () => within(popup).queryAllByRole('option').map((o) => o.textContent);
    await vi.waitFor(() => expect(offered()).toContain('停用用户'));
    expect(offered()).not.toContain('新建用户');
    // what was typed is no action of its own
    expect(offered()).not.toContain('停用');
    await act(async () => fireEvent.click(within(popup).getAllByRole('option').find((o) => o.textContent === '停用用户')!));
    fireEvent.click(screen.getByRole('button', { name: /查询/ }));
    expect(onSearch.mock.calls[0]![0]).toMatchObject({ action: 'system.user.disable' });
  });

  it('matches a word by the names, and what reads as an id by the ids', async () => {
    setLocale('en-US');
    const { container } = render(<AuditFilterForm applied={{}} onSearch={vi.fn()} />);
    const select = container.querySelector<HTMLElement>('.arco-select')!;
    await act(async () => fireEvent.click(select));
    const popup = await vi.waitFor(() => document.querySelector<HTMLElement>('.arco-select-popup')!);
    const offered = () => within(popup).queryAllByRole('option').map((o) => o.textContent);
    await act(async () => fireEvent.change(select.querySelector('input')!, { target: { value: 'user' } }));
    await vi.waitFor(() => expect(offered()).toContain('Create user'));
    // user.logout holds the word in its id only
    expect(offered()).not.toContain('Sign out');
    await act(async () => fireEvent.change(select.querySelector('input')!, { target: { value: 'user.logout' } }));
    await vi.waitFor(() => expect(offered()).toEqual(['Sign out']));
  });

  it('offers an action without a name (a refused read) when its id is typed, and searches by it', async () => {
    const onSearch = vi.fn();
    const { container } = render(<AuditFilterForm applied={{}} onSearch={onSearch} />);
    const select = container.querySelector<HTMLElement>('.arco-select')!;
    await act(async () => fireEvent.click(select));
    await act(async () => fireEvent.change(select.querySelector('input')!, { target: { value: 'system.audit.list' } }));
    const popup = await vi.waitFor(() => document.querySelector<HTMLElement>('.arco-select-popup')!);
    const option = await vi.waitFor(() => within(popup).getAllByRole('option').find((o) => o.textContent === 'system.audit.list')!);
    await act(async () => fireEvent.click(option));
    fireEvent.click(screen.getByRole('button', { name: /查询/ }));
    expect(onSearch.mock.calls[0]![0]).toMatchObject({ action: 'system.audit.list' });
  });

  it('keeps an action without a name as its id (a refused read), and searches by it', async () => {
    const onSearch = vi.fn();
    const { container } = render(<AuditFilterForm applied={{ action: 'system.audit.list' }} onSearch={onSearch} />);
    await vi.waitFor(() => expect(container.querySelector('.arco-select')!.textContent).toContain('system.audit.list'));
    fireEvent.click(screen.getByRole('button', { name: /查询/ }));
    expect(onSearch.mock.calls[0]![0]).toMatchObject({ action: 'system.audit.list' });
  });
});
