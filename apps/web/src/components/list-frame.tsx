import { Button, Card, Divider, Empty, Space, type TableColumnProps } from '@arco-design/web-react';
import { useRef, type ReactNode } from 'react';
import { useT } from '../lib/i18n';
import { listPageSizes, type ListUrlState } from '../lib/list-url-state';
import { useIsMobile } from '../stores/settings';
import { useKeyboardScroll } from './keyboard-scroll';
import styles from './list-frame.module.css';
import { PagedTable, type PagedTableProps } from './paged-table';

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
  /** The row's key (default: its `id`). */
  rowKey?: PagedTableProps<R>['rowKey'];
  /** The table's density. */
  size?: PagedTableProps<R>['size'];
  /** What a column without a width of its own counts for in the table's width (it takes what the others leave). */
  flexWidth?: number;
  /** A column's sorting clicked; the page moves the sort into its URL. */
  onSort?: PagedTableProps<R>['onSort'];
  /** Lets the keyboard scroll the table sideways: for a table whose rows may hold nothing to focus. */
  keyboardScroll?: boolean;
  /** The page's drawers and modals. */
  children?: ReactNode;
}

/**
 * The frame every list page shares (the collections, the accounts, the audit log, each resource of the
 * kit): the card, the filter form and toolbar the page brings, the table paged by the URL, and an empty
 * table that says when the list could not be loaded, with a button to load it again.
 */
export function ListFrame<F, R extends object>({ title, page, columns, filters, toolbar, rowKey = 'id', size, flexWidth = 150, onSort, keyboardScroll, children }: ListFrameProps<F, R>) {
  const t = useT();
  const mobile = useIsMobile();
  const { state, list, total, go } = page;
  const tableRoot = useRef<HTMLDivElement>(null);
  useKeyboardScroll(tableRoot, title);

  // On a phone no column stays fixed: the actions scroll with the row instead of covering the table.
  const shown = mobile ? columns.map((c) => ({ ...c, fixed: undefined })) : columns;
  // Columns keep their widths; a narrower card scrolls the table sideways instead of breaking numbers
  // and labels mid-word.
  const width = columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : flexWidth), 0);

  // Rows already shown stay when a reload fails (the transport toasted it); only an empty table says so.
  const failed = list.isError && !list.data;
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
          t('common.noData')
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
      <div ref={keyboardScroll ? tableRoot : undefined}>
        <PagedTable<R>
          rowKey={rowKey}
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
      {children}
    </Card>
  );
}
