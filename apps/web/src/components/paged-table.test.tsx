import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../lib/i18n';
import { useSettings } from '../stores/settings';
import { PagedTable } from './paged-table';

const device = useSettings.getState().device;
beforeEach(() => setLocale('zh-CN'));
afterEach(() => useSettings.setState({ device }));

/** A page of a list whose server stopped counting at 1,000 (or counted them all). */
function renderTable(totalCapped: boolean) {
  const rows = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, name: `row ${i + 1}` }));
  return render(<PagedTable rowKey="id" columns={[{ title: 'Name', dataIndex: 'name' }]} data={rows} current={1} pageSize={10} total={1000} totalCapped={totalCapped} pageSizes={[10, 20]} onPage={vi.fn()} />);
}

const totalText = () => document.querySelector('.arco-pagination-total-text')?.textContent ?? null;

describe('paged table', () => {
  it('says "more than" in the pager on a wide screen, and nothing under it', () => {
    useSettings.setState({ device: 'desktop' });
    renderTable(true);
    expect(totalText()).toBe('超过 1,000 条');
    expect(screen.getAllByText('超过 1,000 条')).toHaveLength(1);
  });

  it('says "more than" under the table on a phone, whose compact pager has no room for the total', () => {
    useSettings.setState({ device: 'mobile' });
    renderTable(true);
    expect(totalText()).toBeNull();
    const hint = screen.getByText('超过 1,000 条');
    // Under the table, after the pager: the last thing the table's box holds.
    expect(document.querySelector('.arco-pagination')!.compareDocumentPosition(hint) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('adds nothing on a phone when the total is exact (the pager counts the pages)', () => {
    useSettings.setState({ device: 'mobile' });
    const { container } = renderTable(false);
    expect(totalText()).toBeNull();
    expect(screen.queryByText(/超过/)).toBeNull();
    expect(container.firstElementChild!.children).toHaveLength(1);
  });
});
