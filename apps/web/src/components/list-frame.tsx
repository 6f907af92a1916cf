import { Button, Card, Divider, Empty, Space, type TableColumnProps } from '@arco-design/web-react';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '../lib/i18n';
import { listPageSizes, type ListUrlState } from '../lib/list-url-state';
import { useIsMobile } from '../stores/settings';
import { useKeyboardScroll } from './keyboard-scroll';
import styles from './list-frame.module.css';
import { PagedTable, type PagedTableProps } from './paged-table';

/** How narrow a column that ends its text in an ellipsis may become to fit the card: a share of its width, and never below a floor. */
const SHRINK_TO = 0.6;
const SHRINK_FLOOR = 96;
/** How narrow a column without a width (one that takes what the others leave, a summary) may become before any other gives. */
const FLEX_FLOOR = 120;

/**
 * Columns fitted to the card's width when they can be, and the table's width: a column without a width
 * gives first, down to FLEX_FLOOR (a summary has room to give where a time or an action's id has none:
 * the audit log at 1440 px cut both while its summary stood half empty); then those that end a long
 * value in an ellipsis (and are not fixed) give up to 40 % of their width, in proportion, so the table
 * needs no sideways scroll and the fixed actions column covers nothing (nine columns at 1440 px left the
 * last one under it, cut with no ellipsis). When even that is not enough, the columns keep their widths
 * and the table scrolls.
 */
function fitColumns<R>(columns: TableColumnProps<R>[], available: number | undefined, flexWidth: number): { columns: TableColumnProps<R>[]; width: number } {
  const widthOf = (c: TableColumnProps<R>) => (typeof c.width === 'number' ? c.width : flexWidth);
  const total = columns.reduce((sum, c) => sum + widthOf(c), 0);
  if (available === undefined || total <= available) return { columns, width: total };
  const flexRoom = columns.filter((c) => typeof c.width !== 'number').length * Math.max(0, flexWidth - FLEX_FLOOR);
  const excess = total - available - flexRoom;
  if (excess <= 0) return { columns, width: available };
  const floor = (c: TableColumnProps<R>) => Math.max(SHRINK_FLOOR, Math.round(widthOf(c) * SHRINK_TO));
  const shrinks = (c: TableColumnProps<R>) => Boolean(c.ellipsis) && !c.fixed && typeof c.width === 'number' && c.width > floor(c);
  const room = columns.reduce((sum, c) => sum + (shrinks(c) ? widthOf(c) - floor(c) : 0), 0);
  if (room < excess) return { columns, width: total };
  return { columns: columns.map((c) => (shrinks(c) ? { ...c, width: Math.floor(widthOf(c) - ((widthOf(c) - floor(c)) * excess) / room) } : c)), width: available };
}

/** What the frame reads of a list page: useListPage's answer (its state, list query, total and `go`). */
interface FramedList<F, R> {
  state: ListUrlState<F>;
  list: { data?: { list: R[]; totalCapped?: boolean }; isFetching: boolean; isError: boolean; refetch: () => unknown };
  total: number;
  go: (next: ListUrlState<F>) => void;
}

interface ListFrameProps<F, R> {
  /** The card's title; also the name of the table's sideways scroll for the keyboard. */
  title: string;
  page: FramedList<F, R>;
  columns: TableColumnProps<R>[];
  /** The filter form, above a divider (none: neither). */
  filters?: ReactNode;
  /** The toolbar's two ends, as siblings: the page's actions at the start, its tools at the end. */
  toolbar?: ReactNode;
  /** A word on what the list holds, between the toolbar and the table. */
  notice?: ReactNode;
  /** The row's key (default: its `id`). */
  rowKey?: PagedTableProps<R>['rowKey'];
  /** Checkboxes to pick rows with (a page's bulk actions). */
  rowSelection?: PagedTableProps<R>['rowSelection'];
  /** The table's density. */
  size?: PagedTableProps<R>['size'];
  /** What a column without a width of its own counts for in the table's width (it takes what the others leave). */
  flexWidth?: number;
  /** A column's sorting clicked; the page moves the sort into its URL. */
  onSort?: PagedTableProps<R>['onSort'];
  /** Lets the keyboard scroll the table sideways: for a table whose rows may hold nothing to focus (an empty one always). */
  keyboardScroll?: boolean;
  /** What an empty list says (default: 暂无数据, or 没有符合筛选条件的记录 when a filter is applied). */
  emptyText?: string;
  /** The page's drawers and modals. */
  children?: ReactNode;
}

/**
 * The frame every list page shares (the collections, the accounts, the audit log, each resource of the
 * kit): the card, the filter form and toolbar the page brings, the table paged by the URL, and an empty
 * table that says when the list could not be loaded, with a button to load it again.
 */
export function ListFrame<F, R extends object>({ title, page, columns, filters, toolbar, notice, rowKey = 'id', rowSelection, size, flexWidth = 150, onSort, keyboardScroll, emptyText, children }: ListFrameProps<F, R>) {
  const t = useT();
  const mobile = useIsMobile();
  const { state, list, total, go } = page;
  const tableRoot = useRef<HTMLDivElement>(null);
  useKeyboardScroll(tableRoot, title);

  // The card's width for the table, followed as the window (or the side menu) changes it.
  const frame = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState<number>();
  useLayoutEffect(() => {
    const el = frame.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setAvailable(el.clientWidth || undefined));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // The row-picking boxes' column (rowSelection: Arco's own, not one of `columns`) takes its width first.
  const picking = rowSelection ? (rowSelection.columnWidth ?? 40) : 0;
  // On a phone no column stays fixed: the actions scroll with the row instead of covering the table.
  const fit = fitColumns(columns, available === undefined ? undefined : available - picking, flexWidth);
  const shown = mobile ? fit.columns.map((c) => ({ ...c, fixed: undefined })) : fit.columns;
  // Columns keep their widths (beyond what fitting them takes); a narrower card scrolls the table
  // sideways instead of breaking numbers and labels mid-word.
  const width = picking + fit.width;

  // Rows already shown stay when a reload fails (the transport toasted it); only an empty table says so.
  const failed = list.isError && !list.data;
  // an empty page of a filtered list says the filters match nothing, not that there is nothing
  const filtered = Object.values((state.filters ?? {}) as Record<string, unknown>).some((v) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0));
  const empty = (
    <Empty
      description={
        failed ? (
          <Space direction="vertical">
            {t('common.loadFailed')}
            <Button size="small" onClick={() => void list.refetch()}>
              {t('common.retry')}
            </Button>
          </Space>
        ) : (
          (emptyText ?? t(filtered ? 'common.noMatch' : 'common.noData'))
        )
      }
    />
  );

  return (
    <Card title={title} bordered={false}>
      {filters && (
        <>
          {filters}
          <Divider className={styles.formDivider} />
        </>
      )}
      {toolbar && <div className={styles.toolbar}>{toolbar}</div>}
      {notice}
      <div ref={frame}>
        {/* An empty table has nothing to focus in its rows whatever the page: its sideways scroll is reached so too. */}
        <div ref={keyboardScroll || list.data?.list.length === 0 ? tableRoot : undefined}>
          <PagedTable<R>
            rowKey={rowKey}
            rowSelection={rowSelection}
            border={false}
            size={size}
            loading={list.isFetching}
            columns={shown}
            data={list.data?.list ?? []}
            scroll={{ x: width }}
            noDataElement={empty}
            current={state.current}
            pageSize={state.pageSize}
            total={total}
            totalCapped={list.data?.totalCapped}
            pageSizes={listPageSizes}
            // The pager offers only the list's page sizes.
            onPage={(current, pageSize) => go({ ...state, current, pageSize: pageSize as ListUrlState<F>['pageSize'] })}
            onSort={onSort}
          />
        </div>
      </div>
      {children}
    </Card>
  );
}
