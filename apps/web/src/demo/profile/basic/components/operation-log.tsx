import { Badge, Button, Card, Descriptions, Table, type TableColumnProps } from '@arco-design/web-react';
import type { OperationLogRow } from '@atrium/contracts/demo/profile/calls';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../../../lib/format';
import { useLocale, useT } from '../../../../lib/i18n';
import { operationLogQuery } from '../api/basic-queries';
import { changedRows, formatParam } from '../lib/params';
import styles from '../profile-basic.module.css';
import { DialogDrawer } from '../../../../components/dialog-drawer';

export const OPERATION_LOG_PAGE_SIZE = 10;
const statusView = {
  0: { badge: 'default', key: 'basicProfile.cell.auditing' },
  1: { badge: 'success', key: 'basicProfile.cell.pass' },
  2: { badge: 'error', key: 'basicProfile.cell.cancelled' },
} as const;

function StatusCell({ status }: { status: OperationLogRow['status'] }) {
  const t = useT();
  const view = statusView[status];
  return <Badge status={view.badge} text={t(view.key)} />;
}

/** 参数调整记录 (the parameter change log): paged, newest first; 查看 shows the changed parameters of a row. */
export function OperationLog() {
  const t = useT();
  const locale = useLocale();
  const [current, setCurrent] = useState(1);
  const [open, setOpen] = useState<OperationLogRow | null>(null);
  const log = useQuery(operationLogQuery(current, OPERATION_LOG_PAGE_SIZE));
  const separator = locale === 'zh-CN' ? '；' : '; ';

  const columns: TableColumnProps<OperationLogRow>[] = [
    { title: t('basicProfile.column.contentNumber'), dataIndex: 'contentNumber' },
    { title: t('basicProfile.column.updateContent'), dataIndex: 'changes', render: (changes: OperationLogRow['changes']) => changes.map((c) => t(`basicProfile.change.${c}`)).join(separator) },
    { title: t('basicProfile.column.status'), dataIndex: 'status', render: (status: OperationLogRow['status']) => <StatusCell status={status} /> },
    { title: t('basicProfile.column.updateTime'), dataIndex: 'updateTime', render: (time: string) => formatDateTime(time) },
    {
      title: t('basicProfile.column.operation'),
      render: (_: unknown, row: OperationLogRow) => (
        <Button type="text" size="small" onClick={() => setOpen(row)}>
          {t('basicProfile.cell.view')}
        </Button>
      ),
    },
  ];

  const changed = open ? changedRows(open.before, open.after) : [];
  return (
    <Card bordered={false} title={t('basicProfile.title.operationLog')} data-testid="operation-log">
      <Table<OperationLogRow>
        rowKey="key"
        border={false}
        loading={log.isFetching}
        data={log.data?.list ?? []}
        columns={columns}
        // Narrower than this (a phone), the log scrolls sideways inside its card instead of stacking letters.
        scroll={{ x: 640 }}
        pagination={{ current, pageSize: OPERATION_LOG_PAGE_SIZE, total: log.data?.total ?? 0, onChange: setCurrent }}
      />
      <DialogDrawer width={520} title={t('basicProfile.log.title')} visible={open !== null} onCancel={() => setOpen(null)} footer={null} unmountOnExit>
        {open && (
          <>
            <Descriptions
              column={1}
              labelStyle={{ width: 120 }}
              data={[
                { label: t('basicProfile.column.contentNumber'), value: open.contentNumber },
                { label: t('basicProfile.log.operator'), value: open.operator || '-' },
                { label: t('basicProfile.column.updateTime'), value: formatDateTime(open.updateTime) },
                { label: t('basicProfile.column.status'), value: <StatusCell status={open.status} /> },
                { label: t('basicProfile.log.description'), value: open.description || '-' },
              ]}
            />
            <Table
              className={styles.changes}
              size="small"
              rowKey="path"
              pagination={false}
              data={changed.map((row) => ({
                path: row.path,
                param: t(row.labelKey),
                before: formatParam(row, open.before[row.path], t),
                after: formatParam(row, open.after[row.path], t),
              }))}
              columns={[
                { title: t('basicProfile.log.param'), dataIndex: 'param' },
                { title: t('basicProfile.log.before'), dataIndex: 'before' },
                { title: t('basicProfile.log.after'), dataIndex: 'after' },
              ]}
            />
          </>
        )}
      </DialogDrawer>
    </Card>
  );
}
