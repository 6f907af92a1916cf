import type { TableColumnProps } from '@arco-design/web-react';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { setLocale } from '../lib/i18n';
import type { ListUrlState } from '../lib/list-url-state';
import { useSettings } from '../stores/settings';
import { ListFrame } from './list-frame';

interface Row {
  id: number;
  name: string;
  note: string;
}

const rows: Row[] = [
  { id: 1, name: 'Alpha', note: 'first' },
  { id: 2, name: 'Beta', note: 'second' },
];
// The note has no width of its own: the frame counts it at `flexWidth` for the table's width.
const columns: TableColumnProps<Row>[] = [
  { title: 'Name', dataIndex: 'name', width: 120 },
  { title: 'Note', dataIndex: 'note' },
  { title: 'Actions', width: 90, fixed: 'right', render: () => <span>…</span> },
];

/** useListPage's answer as the frame reads it: page 2 of 25 matches of a filter, by default. */
function listPage(list: Partial<{ data: { list: Row[]; totalCapped?: boolean }; isError: boolean }> = {}) {
  const state: ListUrlState<{ q?: string }> = { filters: { q: 'a' }, current: 2, pageSize: 10 };
  return { state, list: { data: { list: rows }, isFetching: false, isError: false, refetch: vi.fn(), ...list }, total: 25, go: vi.fn() };
}

const device = useSettings.getState().device;
beforeEach(() => {
  setLocale('zh-CN');
  useSettings.setState({ device: 'desktop' });
});
afterEach(() => {
  useSettings.setState({ device });
  vi.restoreAllMocks();
});

const bodyRows = () => document.querySelectorAll('tbody .arco-table-tr:not(.arco-table-empty-row)');

describe('list frame', () => {
  it('draws the card and its title, the filters above a divider, the toolbar, the rows and the page’s own parts', () => {
    render(
      <ListFrame title="Things" page={listPage()} columns={columns} filters={<input aria-label="keyword" />} toolbar={<button>New</button>}>
        <div data-testid="drawer" />
      </ListFrame>,
    );
    expect(screen.getByText('Things', { selector: '.arco-card-header-title' })).toBeTruthy();
    const divider = document.querySelector('.arco-divider')!;
    expect(screen.getByLabelText('keyword').compareDocumentPosition(divider) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New' })).toBeTruthy();
    expect([...bodyRows()].map((tr) => tr.querySelector('td')!.textContent)).toEqual(['Alpha', 'Beta']);
    expect(screen.getByTestId('drawer')).toBeTruthy();
  });

  it('draws no divider without filters', () => {
    render(<ListFrame title="Things" page={listPage()} columns={columns} />);
    expect(document.querySelector('.arco-divider')).toBeNull();
  });

  it('says when an empty list could not be loaded, and loads it again on request', () => {
    const page = listPage({ data: undefined, isError: true });
    render(<ListFrame title="Things" page={page} columns={columns} />);
    expect(screen.getByText('数据加载失败')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(page.list.refetch).toHaveBeenCalledTimes(1);
  });

  it('keeps the rows shown when a reload fails, and says "no data" for a list that loaded empty, or that its filters match nothing', () => {
    const { rerender } = render(<ListFrame title="Things" page={listPage({ isError: true })} columns={columns} />);
    expect(bodyRows()).toHaveLength(2);
    expect(screen.queryByText('数据加载失败')).toBeNull();
    const empty = { ...listPage({ data: { list: [] } }), state: { filters: { q: '', tags: [] as string[] }, current: 1, pageSize: 10 as const } };
    rerender(<ListFrame title="Things" page={empty} columns={columns} />);
    expect(screen.getByText('暂无数据')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
    // filtered by `q`: the page says so
    rerender(<ListFrame title="Things" page={listPage({ data: { list: [] } })} columns={columns} />);
    expect(screen.getByText('没有符合筛选条件的记录')).toBeTruthy();
    setLocale('en-US');
    rerender(<ListFrame title="Things" page={{ ...listPage({ data: { list: [] } }) }} columns={columns} />);
    expect(screen.getByText('No records match the filters')).toBeTruthy();
  });

  it('pages through the URL state, keeping the filters', () => {
    const page = listPage();
    render(<ListFrame title="Things" page={page} columns={columns} />);
    fireEvent.click(screen.getByText('3', { selector: '.arco-pagination-item' }));
    expect(page.go).toHaveBeenCalledWith({ filters: { q: 'a' }, current: 3, pageSize: 10 });
  });

  it('makes the table as wide as its columns, a column without a width counted at flexWidth', () => {
    const { rerender } = render(<ListFrame title="Things" page={listPage()} columns={columns} />);
    const tableWidth = () => document.querySelector<HTMLElement>('.arco-table table')!.style.width;
    expect(tableWidth()).toBe(`${120 + 150 + 90}px`);
    rerender(<ListFrame title="Things" page={listPage()} columns={columns} flexWidth={240} />);
    expect(tableWidth()).toBe(`${120 + 240 + 90}px`);
  });

  it('fits a card narrower than the columns: the column without a width gives first, then those that end in an ellipsis', () => {
    // a card of `width`, measured when the frame observes it (jsdom lays nothing out)
    let width = 0;
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => width);
    const stub = window.ResizeObserver;
    onTestFinished(() => void (window.ResizeObserver = stub));
    window.ResizeObserver = class {
      constructor(private readonly measured: ResizeObserverCallback) {}
      observe() {
        this.measured([], this as unknown as ResizeObserver);
      }
      unobserve() {}
      disconnect() {}
    };
    const fitting: TableColumnProps<Row>[] = [
      { title: 'At', dataIndex: 'at', width: 176 },
      { title: 'Name', dataIndex: 'name', width: 190, ellipsis: true },
      { title: 'Note', dataIndex: 'note' },
      { title: 'Actions', width: 80, fixed: 'right', render: () => <span>…</span> },
    ];
    const shown = (card: number) => {
      width = card;
      const { unmount } = render(<ListFrame title="Things" page={listPage()} columns={fitting} flexWidth={240} />);
      const table = document.querySelector<HTMLElement>('.arco-table table')!.style.width;
      const cols = [...document.querySelectorAll<HTMLElement>('.arco-table colgroup col')].map((c) => c.style.width);
      unmount();
      return { table, cols };
    };
    // 686 px of columns: in 600 the note alone gives (240 -> 154), nothing else
    expect(shown(600)).toEqual({ table: '600px', cols: ['176px', '190px', '', '80px'] });
    // in 500 the note gives 120 px, down to its floor, and the name the other 66 (to 124, above its 114)
    expect(shown(500)).toEqual({ table: '500px', cols: ['176px', '124px', '', '80px'] });
    // in 400 even that is not enough: every column keeps its width, and the table scrolls
    expect(shown(400)).toEqual({ table: '686px', cols: ['176px', '190px', '', '80px'] });
  });

  it('fixes no column on a phone, where it would cover the table', () => {
    const { rerender } = render(<ListFrame title="Things" page={listPage()} columns={columns} />);
    expect(document.querySelectorAll('.arco-table-col-fixed-right').length).toBeGreaterThan(0);
    useSettings.setState({ device: 'mobile' });
    rerender(<ListFrame title="Things" page={listPage()} columns={columns} />);
    expect(document.querySelectorAll('.arco-table-col-fixed-right')).toHaveLength(0);
  });

  it('lets the keyboard scroll a table wider than its card only when asked, named by the title', () => {
    // jsdom lays nothing out: every element reads as wider than its box.
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
    const regions = () => [...document.querySelectorAll('[role=region]')].map((el) => el.getAttribute('aria-label'));
    const { unmount } = render(<ListFrame title="Things" page={listPage()} columns={columns} />);
    expect(regions()).toEqual([]);
    unmount();
    render(<ListFrame title="Things" page={listPage()} columns={columns} keyboardScroll />);
    expect(regions().length).toBeGreaterThan(0);
    expect(new Set(regions())).toEqual(new Set(['Things']));
  });

  it('lets the keyboard scroll an empty table wider than its card, whose rows hold nothing to focus', () => {
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
    render(<ListFrame title="Things" page={listPage({ data: { list: [] } })} columns={columns} />);
    const regions = [...document.querySelectorAll('[role=region]')];
    expect(regions.length).toBeGreaterThan(0);
    expect(regions.map((el) => [el.getAttribute('aria-label'), el.getAttribute('tabindex')])).toContainEqual(['Things', '0']);
  });
});
