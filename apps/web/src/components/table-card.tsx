import { Card, Empty, Table, type TableColumnProps, type TableProps } from '@arco-design/web-react';
import type { ReactNode } from 'react';
import styles from './list-frame.module.css';

interface TableCardProps<R> extends Omit<TableProps<R>, 'title' | 'columns' | 'data' | 'scroll' | 'noDataElement' | 'border'> {
  /** The card's title: the page's name. */
  title: string;
  /** The toolbar row's two ends (PageToolbar). */
  toolbar: ReactNode;
  columns: TableColumnProps<R>[];
  data: R[];
  /** What a column without a width of its own counts for in the table's least width. */
  flexWidth: number;
  /** The empty table's text: no data, nothing matching, or the list could not be loaded. */
  emptyText: string;
  /** The page's drawers. */
  children?: ReactNode;
}

/**
 * The frame of a management page whose whole list comes in one answer (the roles, the departments): the
 * card, the toolbar row, and the table, at least as wide as its columns (a narrower card scrolls it
 * sideways), saying why it is empty. Paged lists use ListFrame.
 */
export function TableCard<R extends object>({ title, toolbar, columns, data, flexWidth, emptyText, children, ...table }: TableCardProps<R>) {
  const minWidth = columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : flexWidth), 0);
  return (
    <Card title={title} bordered={false}>
      <div className={styles.toolbar}>{toolbar}</div>
      <Table<R> rowKey="id" {...table} border={false} columns={columns} data={data} scroll={{ x: minWidth }} noDataElement={<Empty description={emptyText} />} />
      {children}
    </Card>
  );
}
