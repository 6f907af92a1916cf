import { Button, Descriptions, Empty, Space, Spin, Timeline } from '@arco-design/web-react';
import type { ResourceDef } from '@atrium/contracts/resource';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DialogDrawer } from '../../../components/dialog-drawer';
import { useT } from '../../../lib/i18n';
import { ChildrenView } from './children-field';
import { fieldKey, labelKey } from './labels';
import { historyItem, recordFields, transitionButtons } from './record-fields';
import { historyQuery, recordQuery, resourceKeys, type ReferenceLabels, type ResourceRecord } from './resource-api';
import styles from './resource-page.module.css';
import { useTransition } from './use-transition';

/**
 * The record a drawer shows, by id; with the list's row and labels, shown until the record's own answer
 * comes (待我审批 has no row of the resource's to show first).
 */
export type RecordDrawerTarget = { id: number; record?: ResourceRecord; labels?: ReferenceLabels } | null;

/** Drawers take the whole width of a phone. */
const DRAWER_WIDTH = 'min(560px, 100vw)';

/**
 * A record of a resource with a life cycle: its state as a tag, its fields, its rows, its history as a timeline
 * (newest first) and one button per transition the caller may fire now (the record's `transitions`, the
 * server's word); a transition that takes a comment asks for it first. After one, the record, its history
 * and the list show what it did.
 */
export function RecordDrawer({ def, target, onClose }: { def: ResourceDef; target: RecordDrawerTarget; onClose: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const id = target?.id ?? 0;
  const open = target !== null;
  const shown = target?.record ? { ...target.record, labels: target.labels ?? {} } : undefined;
  const answer = useQuery({ ...recordQuery(def, id), enabled: open, placeholderData: shown });
  const history = useQuery({ ...historyQuery(def, id), enabled: open && Boolean(def.lifecycle) });
  // the transition's answer is the record as it left it: shown at once, before the refetch
  const { fire, dialog, firing } = useTransition((record) => queryClient.setQueryData(resourceKeys.record(def.name, record.id), record));

  const record = answer.data;
  const labels = record?.labels ?? {};
  const data = record ? recordFields(def, record, labels, t) : [];
  const rows = history.data?.list ?? [];

  return (
    <DialogDrawer
      width={DRAWER_WIDTH}
      title={t('resourcePage.detail.title', { label: t(labelKey(def)) })}
      visible={open}
      onCancel={onClose}
      unmountOnExit
      footer={
        <Space wrap className={styles.detailFooter}>
          <Button onClick={onClose}>{t('common.close')}</Button>
          {record && transitionButtons(def, record, { fire, firing }, t, true)}
        </Space>
      }
    >
      {!record && answer.isFetching && <Spin className={styles.detailLoading} />}
      {record && (
        <>
          <Descriptions column={1} data={data} labelStyle={{ width: 112 }} border={false} />
          {/* its rows (an order's lines): what an approver approves; once the record's own answer brings them */}
          {def.children.map((c) => (
            <section key={c.name} aria-labelledby={`${def.name}-rows-${c.name}`}>
              <h3 id={`${def.name}-rows-${c.name}`} className={styles.sectionTitle}>
                {t(fieldKey(def, c.name))}
              </h3>
              {Array.isArray(record[c.name]) ? <ChildrenView field={c} record={record} labels={labels} t={t} /> : <Spin className={styles.detailLoading} />}
            </section>
          ))}
          {def.lifecycle && (
            <section aria-labelledby={`${def.name}-history`}>
              <h3 id={`${def.name}-history`} className={styles.sectionTitle}>
                {t('resourcePage.history.title')}
              </h3>
              {rows.length > 0 ? (
                <Timeline className={styles.history}>
                  {rows.map((entry) => historyItem(def, entry, t))}
                </Timeline>
              ) : (
                <Empty description={history.isFetching ? t('common.loading') : t('resourcePage.history.empty')} />
              )}
            </section>
          )}
        </>
      )}
      {dialog}
    </DialogDrawer>
  );
}
