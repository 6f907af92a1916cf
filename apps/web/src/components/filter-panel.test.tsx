import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FilterPanel } from './filter-panel';

describe('filter panel', () => {
  it('shows the filters with 查询 and 重置, each calling its own handler', () => {
    const onSearch = vi.fn();
    const onReset = vi.fn();
    render(
      <FilterPanel searchLabel="查询" resetLabel="重置" onSearch={onSearch} onReset={onReset}>
        <input aria-label="keyword" />
      </FilterPanel>,
    );
    expect(screen.getByLabelText('keyword')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onReset).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    expect(onReset).toHaveBeenCalledTimes(1);
  });

  it('stacks the buttons beside two rows of filters only when asked', () => {
    const { container, rerender } = render(
      <FilterPanel searchLabel="Search" resetLabel="Reset" onSearch={vi.fn()} onReset={vi.fn()}>
        <span />
      </FilterPanel>,
    );
    const buttonsClass = () => screen.getByRole('button', { name: 'Search' }).parentElement!.className;
    const single = buttonsClass();
    rerender(
      <FilterPanel stacked searchLabel="Search" resetLabel="Reset" onSearch={vi.fn()} onReset={vi.fn()}>
        <span />
      </FilterPanel>,
    );
    expect(buttonsClass()).not.toBe(single);
    expect(buttonsClass().startsWith(single)).toBe(true);
    expect(container.firstElementChild!.children).toHaveLength(2);
  });
});
