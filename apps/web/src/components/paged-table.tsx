import { Table, type TableProps } from '@arco-design/web-react';
import { useEffect, useRef } from 'react';
import { useLocale, useT } from '../lib/i18n';
import { useIsMobile } from '../stores/settings';
import styles from './paged-table.module.css';
import { formatNumber } from '../lib/number-format';

/** The column whose sorting was clicked and its new order (none: sorting cleared). */
interface SorterInfo {
  field?: string | number;
  direction?: 'ascend' | 'descend';
}

export interface PagedTableProps<T> extends Omit<TableProps<T>, 'pagination' | 'onChange'> {
  current: number;
  pageSize: number;
  total: number;
  pageSizes: readonly number[];
  /** The "N in total" text (default: on, except on a phone, where the pager and the size changer need the width). */
  showTotal?: boolean;
  /**
   * The server stopped counting at `total` (more match): the text says "more than", the pager ends there.
   * Where the text is off (a phone), a line under the table says it: the compact pager alone would read as all.
   */
  totalCapped?: boolean;
  /** A new page or page size; a page-size change starts again at page 1. Not called for the page shown. */
  onPage: (current: number, pageSize: number) => void;
  /** A column's sorting clicked (the columns' `sortOrder` says what is shown: the owner holds it). */
  onSort?: (sorter: SorterInfo) => void;
}

/** An Arco table paged by its owner (the URL, usually), with the page-size changer; on a phone the compact pager (‹ page / pages ›). */
export function PagedTable<T extends object>({ current, pageSize, total, pageSizes, showTotal, totalCapped, onPage, onSort, ...table }: PagedTableProps<T>) {
  const root = useRef<HTMLDivElement>(null);
  const mobile = useIsMobile();
  const t = useT();
  const locale = useLocale();
  const totalShown = showTotal ?? !mobile;
  const capped = totalCapped ? t('common.totalCapped', { n: formatNumber(total, locale) }) : null;

  // Arco labels the page-size changer's wrapper div without giving it a role (a group may carry a label),
  // and leaves the compact pager's page-number box without a label.
  const pageNumber = t('common.pageNumber');
  const pickPage = t('common.pickPage');
  useEffect(() => {
    root.current?.querySelectorAll('.arco-pagination-option[aria-label]:not([role])').forEach((el) => el.setAttribute('role', 'group'));
    root.current?.querySelectorAll('.arco-pagination-jumper-input input, input.arco-pagination-jumper-input').forEach((el) => el.setAttribute('aria-label', pageNumber));
    // A row's checkbox (rowSelection) is named by its `data-pick-label` (checkboxProps), which Arco puts on the
    // box's label element, not on its input; the header's box, which picks the page, by its own words.
    root.current?.querySelectorAll<HTMLInputElement>('label.arco-checkbox[data-pick-label] > input').forEach((el) => el.setAttribute('aria-label', el.parentElement!.dataset.pickLabel!));
    root.current?.querySelectorAll('thead .arco-table-checkbox input').forEach((el) => el.setAttribute('aria-label', pickPage));
  });

  return (
    <div ref={root} className={styles.frame}>
      <Table<T>
        {...table}
        pagination={{
          current,
          pageSize,
          total,
          showTotal: totalShown && (capped ? () => capped : true),
          simple: mobile,
          sizeCanChange: true,
          sizeOptions: [...pageSizes],
        }}
        onChange={(pagination, sorter, _filters, extra) => {
          if (extra?.action === 'sort') {
            onSort?.(Array.isArray(sorter) ? (sorter[0] ?? {}) : sorter);
            return;
          }
          const size = pagination.pageSize ?? pageSize;
          const page = size === pageSize ? (pagination.current ?? 1) : 1;
          if (page !== current || size !== pageSize) onPage(page, size);
        }}
      />
      {capped && mobile && !totalShown && <div className={styles.cappedHint}>{capped}</div>}
    </div>
  );
}
