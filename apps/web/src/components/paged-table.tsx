import { Table, type TableProps } from '@arco-design/web-react';
import { useEffect, useRef } from 'react';

interface PagedTableProps<T> extends Omit<TableProps<T>, 'pagination' | 'onChange'> {
  current: number;
  pageSize: number;
  total: number;
  pageSizes: readonly number[];
  showTotal?: boolean;
  /** A new page or page size; a page-size change starts again at page 1. Not called for the page shown. */
  onPage: (current: number, pageSize: number) => void;
}

/** An Arco table paged by its owner (the URL, usually), with the page-size changer. */
export function PagedTable<T extends object>({ current, pageSize, total, pageSizes, showTotal = true, onPage, ...table }: PagedTableProps<T>) {
  const root = useRef<HTMLDivElement>(null);

  // Arco labels the page-size changer's wrapper div without giving it a role; a group may carry a label.
  useEffect(() => {
    root.current?.querySelectorAll('.arco-pagination-option[aria-label]:not([role])').forEach((el) => el.setAttribute('role', 'group'));
  });

  return (
    <div ref={root}>
      <Table<T>
        {...table}
        pagination={{ current, pageSize, total, showTotal, sizeCanChange: true, sizeOptions: [...pageSizes] }}
        onChange={(pagination) => {
          const size = pagination.pageSize ?? pageSize;
          const page = size === pageSize ? (pagination.current ?? 1) : 1;
          if (page !== current || size !== pageSize) onPage(page, size);
        }}
      />
    </div>
  );
}
