import { Badge, Descriptions } from '@arco-design/web-react';
import type { AuditEntry } from '@atrium/contracts/calls/system';
import { formatDateTime } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { actionName, resultBadge, resultKey, targetName } from '../lib/labels';
import styles from '../system-audit.module.css';
import { ChangesTable } from './changes-table';
import { DialogDrawer } from '../../../components/dialog-drawer';

/** Every field of one entry, then what it changed. */
export function AuditDetailDrawer({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  const t = useT();
  const locale = useLocale();
  // A named action or target shows its name and, beside it, what the trail holds (an export's and a filter's words).
  const named = (name: string | undefined, raw: string) => (name ? <>{name}<code className={styles.rawName}>{raw}</code></> : <code>{raw}</code>);
  const data = entry
    ? [
        { label: t('systemAudit.columns.at'), value: formatDateTime(entry.at) },
        { label: t('systemAudit.columns.actor'), value: entry.actorId === null ? entry.actorName : `${entry.actorName} (#${entry.actorId})` },
        { label: t('systemAudit.columns.role'), value: entry.role ? named(entry.roleName ?? undefined, entry.role) : '-' },
        { label: t('systemAudit.columns.action'), value: named(actionName(entry.action, locale, t), entry.action) },
        { label: t('systemAudit.detail.targetType'), value: entry.targetType ? named(targetName(entry.targetType, locale, t), entry.targetType) : '-' },
        { label: t('systemAudit.detail.targetId'), value: entry.targetId ?? '-' },
        { label: t('systemAudit.columns.result'), value: <Badge status={resultBadge[entry.result]} text={t(resultKey(entry.result))} /> },
        { label: t('systemAudit.columns.summary'), value: entry.summary || '-' },
        { label: t('systemAudit.columns.ip'), value: entry.ip || '-' },
        { label: t('systemAudit.detail.userAgent'), value: <span className={styles.breakAll}>{entry.userAgent || '-'}</span> },
        { label: t('systemAudit.detail.traceId'), value: <code className={styles.breakAll}>{entry.traceId || '-'}</code> },
      ]
    : [];
  return (
    <DialogDrawer width="min(640px, 100vw)" title={t('systemAudit.detail.title')} visible={entry !== null} onCancel={onClose} footer={null} unmountOnExit>
      {entry && (
        <>
          <Descriptions column={1} data={data} labelStyle={{ width: 120 }} border={false} />
          <h3 className={styles.sectionTitle}>{t('systemAudit.changes.title')}</h3>
          <ChangesTable changes={entry.changes} targetType={entry.targetType} />
        </>
      )}
    </DialogDrawer>
  );
}
