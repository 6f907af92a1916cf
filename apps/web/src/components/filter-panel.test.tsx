import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSettings } from '../stores/settings';
import { FilterPanel } from './filter-panel';

describe('filter panel', () => {
  it('shows the filters with 查询 and 重置; 重置 clears the form first, then calls its handler', () => {
    const onSearch = vi.fn();
    const order: string[] = [];
    const form = { resetFields: vi.fn(() => order.push('clear')) };
    const onReset = vi.fn(() => order.push('reset'));
    render(
      <FilterPanel form={form} searchLabel="查询" resetLabel="重置" onSearch={onSearch} onReset={onReset}>
        <input aria-label="keyword" />
      </FilterPanel>,
    );
    expect(screen.getByLabelText('keyword')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onReset).not.toHaveBeenCalled();
    expect(form.resetFields).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    expect(order).toEqual(['clear', 'reset']);
  });

  it('stacks the buttons beside two rows of filters only when asked', () => {
    const { container, rerender } = render(
      <FilterPanel form={{ resetFields: vi.fn() }} searchLabel="Search" resetLabel="Reset" onSearch={vi.fn()} onReset={vi.fn()}>
        <span />
      </FilterPanel>,
    );
    const buttonsClass = () => screen.getByRole('button', { name: 'Search' }).parentElement!.className;
    const single = buttonsClass();
    rerender(
      <FilterPanel form={{ resetFields: vi.fn() }} stacked searchLabel="Search" resetLabel="Reset" onSearch={vi.fn()} onReset={vi.fn()}>
        <span />
      </FilterPanel>,
    );
    expect(buttonsClass()).not.toBe(single);
    expect(buttonsClass().startsWith(single)).toBe(true);
    expect(container.firstElementChild!.children).toHaveLength(2);
  });

  it('folds the filters behind one button on a phone, saying how many are applied', () => {
    const device = useSettings.getState().device;
    const panel = (phoneToggle?: string) => (
      <FilterPanel form={{ resetFields: vi.fn() }} searchLabel="查询" resetLabel="重置" onSearch={vi.fn()} onReset={vi.fn()} phoneToggle={phoneToggle}>
        <input aria-label="keyword" />
      </FilterPanel>
    );
    try {
      useSettings.setState({ device: 'mobile' });
      const { rerender } = render(panel('筛选（2）'));
      const toggle = screen.getByRole('button', { name: '筛选（2）' });
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      // folded: neither the filters nor 查询 are on the screen (nor in the accessibility tree)
      expect(screen.queryByRole('textbox', { name: 'keyword' })).toBeNull();
      expect(screen.queryByRole('button', { name: '查询' })).toBeNull();
      fireEvent.click(toggle);
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
      expect(screen.getByRole('textbox', { name: 'keyword' })).toBeTruthy();
      expect(document.getElementById(toggle.getAttribute('aria-controls')!)?.contains(screen.getByRole('button', { name: '查询' }))).toBe(true);

      // a wide screen shows them as they are, with no button
      act(() => useSettings.setState({ device: 'desktop' }));
      rerender(panel('筛选（2）'));
      expect(screen.queryByRole('button', { name: '筛选（2）' })).toBeNull();
      expect(screen.getByRole('textbox', { name: 'keyword' })).toBeTruthy();
    } finally {
      useSettings.setState({ device });
    }
  });
});
