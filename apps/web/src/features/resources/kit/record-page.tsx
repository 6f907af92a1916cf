import { Button, Card, Descriptions, Empty, Space, Spin, Timeline } from '@arco-design/web-react';
import { IconLeft } from '@arco-design/web-react/icon';
import { INT_MAX, type ResourceDef } from '@atrium/contracts/resource';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ExceptionResult } from '../../../components/exception-result';
import { usePermission } from '../../../components/permission';
import { isApiError } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { useIsMobile } from '../../../stores/settings';
import { useTabs } from '../../../stores/tabs';
import { fieldKey, labelKey } from './labels';
import { ChildrenView } from './children-field';
import { historyItem, recordFields, trailItem, transitionButtons } from './record-fields';
import { historyQuery, recordPageQuery, resourceKeys, trailQuery } from './resource-api';
import { ResourceFormDrawer, type ResourceFormTarget } from './resource-form';
import styles from './resource-page.module.css';
import { useTransition } from './use-transition';
import { lockedWhole } from './lifecycle';

/** What a record's page calls it: its title field's value, else its id. */
function titleOf(def: ResourceDef, record: Record<string, unknown>): string {
  const value = record[def.titleField];
  return value === null || value === undefined || value === '' ? `#${String(record.id)}` : String(value);
}

/** A path's id as a record's: a positive whole number (anything else names no record). */
const recordId = (text: string | undefined) => (text && /^[1-9]\d{0,9}$/.test(text) && Number(text) <= INT_MAX ? Number(text) : undefined);

/**
 * A record's own page (`/<group>/<plural>/:id`), shareable by its address and opened from the list: every
 * field (references as links to their records' pages), its department and owner, who made and last changed
 * it; its rows (an order's lines) as tables; 编辑 for a role holding `<name>:write`, a life cycle's transitions and history; and its audit entries
 * (操作记录), newest first. An id that names no record, or one beyond the caller's data scope, is the 404
 * page: the two are alike, as the server answers them.
 */
export function RecordPage({ def }: { def: ResourceDef }) {
  const t = useT();
  const mobile = useIsMobile();
  const queryClient = useQueryClient();
  const id = recordId(useParams().id);
  const canWrite = usePermission(def.permissions.write);
  const [editing, setEditing] = useState<ResourceFormTarget>(null);
  const answer = useQuery({ ...recordPageQuery(def, id ?? 0), enabled: id !== undefined });
  const trail = useQuery({ ...trailQuery(def, id ?? 0), enabled: id !== undefined && answer.isSuccess });
  const history = useQuery({ ...historyQuery(def, id ?? 0), enabled: id !== undefined && answer.isSuccess && Boolean(def.lifecycle) });
  // a transition's answer is the record as it left it: shown at once, its history and trail asked again
  const { fire, dialog, firing } = useTransition((record) => {
    queryClient.setQueryData(resourceKeys.record(def.name, record.id), record);
    void queryClient.invalidateQueries({ queryKey: resourceKeys.all(def.name) });
  });
  // its tab and the window's title name the record, not only its kind (two orders open: two tabs told apart);
  // a record gone (or beyond reach) is named no more
  const { pathname } = useLocation();
  const named = answer.data ? titleOf(def, answer.data) : undefined;
  const gone = id === undefined || (isApiError(answer.error) && answer.error.key === 'NOT_FOUND');
  const nameTab = useTabs((s) => s.name);
  useEffect(() => {
    if (named !== undefined || gone) nameTab(pathname, named);
  }, [named, gone, pathname, nameTab]);

  if (gone) {
    return <ExceptionResult status="404" subtitleKey="resourcePage.record.notFound" backKey="notFound.back" />;
  }
  const record = answer.data;
  if (!record) return <Card bordered={false}>{answer.isFetching && <Spin className={styles.detailLoading} />}</Card>;

  const { labels, ...row } = record;
  const editable = canWrite && !lockedWhole(def, row);
  const transitions = transitionButtons(def, record, { fire, firing }, t);
  const title = titleOf(def, record);
  const section = (key: string, name: string, children: ReactNode) => (
    <section aria-labelledby={`${def.name}-${key}`}>
      <h2 id={`${def.name}-${key}`} className={styles.sectionTitle}>
        {name}
      </h2>
      {children}
    </section>
  );
  return (
    <Card
      bordered={false}
      title={
        <span className={styles.recordTitle}>
          <span className={styles.recordKind}>{t(labelKey(def))}</span>
          <span>{title}</span>
        </span>
      }
      extra={
        <Space wrap>
          <Link to={def.path} className={`${styles.recordLink} ${styles.recordBack}`}>
            <IconLeft /> {t('resourcePage.record.back', { list: t(`resource.${def.name}.pluralLabel`) })}
          </Link>
        </Space>
      }
    >
      {/* a state that locks the whole record (an approved order) leaves nothing to edit, as its row in the list;
          with no transition either, no bar of actions (no gap under the title) */}
      {(editable || transitions.length > 0) && (
        <Space wrap className={styles.recordActions}>
          {editable && (
            <Button type="primary" onClick={() => setEditing({ mode: 'edit', record: row, labels })}>
              {t('common.edit')}
            </Button>
          )}
          {transitions}
        </Space>
      )}
      {section('fields', t('resourcePage.record.fields'), <Descriptions column={mobile ? 1 : 2} data={recordFields(def, row, labels, t, true)} labelStyle={{ width: 112 }} border={false} />)}
      {def.children.map((c) => (
        <Fragment key={c.name}>{section(`rows-${c.name}`, t(fieldKey(def, c.name)), <ChildrenView field={c} record={row} labels={labels} t={t} />)}</Fragment>
      ))}
      {def.lifecycle &&
        section(
          'history',
          t('resourcePage.history.title'),
          (history.data?.list.length ?? 0) > 0 ? <Timeline className={styles.history}>{history.data!.list.map((entry) => historyItem(def, entry, t))}</Timeline> : <Empty description={history.isFetching ? t('common.loading') : t('resourcePage.history.empty')} />,
        )}
      {section(
        'trail',
        t('resourcePage.trail.title'),
        (trail.data?.list.length ?? 0) > 0 ? <Timeline className={styles.history}>{trail.data!.list.map((entry) => trailItem(def, entry, labels, t))}</Timeline> : <Empty description={trail.isFetching ? t('common.loading') : t('resourcePage.trail.empty')} />,
      )}
      {canWrite && <ResourceFormDrawer def={def} target={editing} onClose={() => setEditing(null)} />}
      {dialog}
    </Card>
  );
}
