import { Table, type TableColumnProps } from '@arco-design/web-react';
import type { AuditEntry } from '@atrium/contracts/calls/system';
import { useT } from '../../../lib/i18n';
import { formatChangeValue } from '../lib/labels';
import styles from '../system-audit.module.css';

type Change = AuditEntry['changes'][number];

/** What an audited write changed: one row per field, before and after. */
export function ChangesTable({ changes }: { changes: Change[] }) {
  const t = useT();
  const value = (v: unknown) => <span className={styles.changeValue}>{formatChangeValue(v)}</span>;
  const columns: TableColumnProps<Change>[] = [
    { title: t('systemAudit.changes.field'), dataIndex: 'field', width: 140, render: (field: string) => <code>{field}</code> },
    { title: t('systemAudit.changes.before'), dataIndex: 'before', render: value },
    { title: t('systemAudit.changes.after'), dataIndex: 'after', render: value },
  ];
  return (
    <Table<Change>
      rowKey="field"
      size="small"
      border={{ wrapper: true, cell: true }}
      columns={columns}
      data={changes}
      pagination={false}
      noDataElement={<span className={styles.muted}>{t('systemAudit.changes.none')}</span>}
      aria-label={t('systemAudit.changes.title')}
    />
  );
}
