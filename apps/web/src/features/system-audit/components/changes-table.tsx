import { Table, type TableColumnProps } from '@arco-design/web-react';
import type { AuditEntry } from '@atrium/contracts/calls/system';
import { useLocale, useT } from '../../../lib/i18n';
import { fieldName, formatChangeValue, valueName } from '../lib/labels';
import styles from '../system-audit.module.css';

type Change = AuditEntry['changes'][number];

/**
 * What an audited write changed: one row per field, before and after. A field, and a value of a named set
 * (a state, a status), shows its name in the reader's language with what the trail holds beside it.
 */
export function ChangesTable({ changes, targetType }: { changes: Change[]; targetType: string | null }) {
  const t = useT();
  const locale = useLocale();
  const value = (field: string) => (v: unknown) => {
    const name = valueName(targetType, field, v, locale, t);
    if (!name) return <span className={styles.changeValue}>{formatChangeValue(v)}</span>;
    return (
      <>
        {name}
        <code className={`${styles.rawName} ${styles.changeValue}`}>{formatChangeValue(v)}</code>
      </>
    );
  };
  const columns: TableColumnProps<Change>[] = [
    {
      title: t('systemAudit.changes.field'),
      dataIndex: 'field',
      width: 160,
      render: (field: string) => {
        const name = fieldName(targetType, field, locale, t);
        return name ? <>{name}<code className={styles.rawName}>{field}</code></> : <code>{field}</code>;
      },
    },
    { title: t('systemAudit.changes.before'), dataIndex: 'before', render: (v: unknown, row) => value(row.field)(v) },
    { title: t('systemAudit.changes.after'), dataIndex: 'after', render: (v: unknown, row) => value(row.field)(v) },
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
