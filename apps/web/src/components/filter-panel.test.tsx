import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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
});
