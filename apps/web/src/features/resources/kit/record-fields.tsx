import { Button, Timeline } from '@arco-design/web-react';
import { kebabCase, type ResourceDef } from '@atrium/contracts/resource';
import { resources } from '@atrium/contracts/slices';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import type { TFunction } from '../../../lib/i18n';
import { displayValue, fieldKey } from './labels';
import { stateFieldOf, stateTag, transitionKey, transitionsOf } from './lifecycle';
import type { HistoryEntry, ReferenceLabels, ResourceRecord, TrailEntry } from './resource-api';
import type { useTransition } from './use-transition';
import styles from './resource-page.module.css';
import { scopeFieldKey, scopeFieldsOf } from './scope-names';

/** The resource a reference field points at, when the console has its page (the registry's). */
const referredBy = (def: ResourceDef, to: string | undefined) => (to === def.name ? def : resources.find((r) => r.name === to));

/**
 * A record's fields as a detail shows them, in the definition's order (a life cycle's state first, as a
 * tag), then a scoped record's department and owner, then its times and authors. With `links`, a reference
 * is a link to the referred record's own page.
 */
export function recordFields(def: ResourceDef, record: ResourceRecord, labels: ReferenceLabels, t: TFunction, links = false): { label: string; value: ReactNode }[] {
  const state = stateFieldOf(def);
  const fields = state ? [state, ...def.fields.filter((f) => f !== state)] : def.fields;
  const by = (actor: ResourceRecord['createdBy']) => (actor ? ` · ${actor.name}` : '');
  return [
    ...fields.map((f) => {
      const value = record[f.name];
      // a referred record beyond the reader's reach comes without a label (decision 057): its id, not a link to a page it cannot open
      const other = f.type === 'reference' && links && value != null && labels[f.name]?.[String(value)] !== undefined ? referredBy(def, f.to) : undefined;
      const text = displayValue(def, f, value, labels, t);
      return {
        label: t(fieldKey(def, f.name)),
        value: f.state ? stateTag(def, value, t) : other ? <Link to={`${other.path}/${String(value)}`} className={styles.recordLink}>{text}</Link> : <span className={styles.detailValue}>{text}</span>,
      };
    }),
    ...scopeFieldsOf(def).map((name) => {
      const value = record[name];
      return { label: t(scopeFieldKey(name)), value: value == null ? '-' : (labels[name]?.[String(value)] ?? `#${String(value)}`) };
    }),
    { label: t('resourcePage.columns.createdAt'), value: `${formatDateTime(record.createdAt)}${links ? by(record.createdBy) : ''}` },
    { label: t('resourcePage.columns.updatedAt'), value: `${formatDateTime(record.updatedAt)}${links ? by(record.updatedBy) : ''}` },
  ];
}

/**
 * Who did what, in the reader's word order (`resourcePage.history.order`: 管理员 提交 / Submit by Atrium
 * Admin): a transition's label is a verb, which English does not put after its actor.
 */
function entryHead(actor: string, action: string, t: TFunction) {
  return (
    <div className={styles.historyHead}>
      {t('resourcePage.history.order')
        .split(' ')
        .map((word, i) => (word === 'actor' ? <span key={i} className={styles.historyActor}>{actor}</span> : <span key={i}>{word === 'action' ? action : word}</span>))}
    </div>
  );
}

/**
 * One row of a life cycle's history: who fired which transition, from which state to which, with the
 * comment. An element, not a component: the timeline draws only its own items among its children.
 */
export function historyItem(def: ResourceDef, entry: HistoryEntry, t: TFunction) {
  return (
    <Timeline.Item key={entry.id} label={<time dateTime={entry.at}>{formatDateTime(entry.at)}</time>}>
      {entryHead(entry.actor?.name ?? t('resourcePage.history.system'), t(transitionKey(def, entry.transition)), t)}
      <div className={styles.historyStates}>
        {stateTag(def, entry.from, t, 'small')}
        <span>→</span>
        {stateTag(def, entry.to, t, 'small')}
      </div>
      {entry.comment && <p className={styles.historyComment}>{entry.comment}</p>}
    </Timeline.Item>
  );
}

/** What an audit entry of the record did: created, edited, edited in bulk, a transition by its label; else the call's id. */
function actionText(def: ResourceDef, action: string, t: TFunction): string {
  const own = action.startsWith(`${def.name}.`) ? action.slice(def.name.length + 1) : undefined;
  if (own === 'create' || own === 'update' || own === 'bulk-update' || own === 'delete') return t(`resourcePage.trail.${own}`);
  const transition = own?.startsWith('transition.') ? def.lifecycle?.transitions.find((x) => `transition.${kebabCase(x.name)}` === own) : undefined;
  return transition ? t(transitionKey(def, transition.name)) : action;
}

/**
 * A value of the trail's before or after, as the record's page reads it. The trail keeps ids: a reference,
 * a department or an owner is named when the record names it now (its labels), else by its id.
 */
function changedValue(def: ResourceDef, field: string, value: unknown, labels: ReferenceLabels, t: TFunction): string {
  // a parent's rows: how many there were and are (the trail keeps each row's values)
  if (def.children.some((c) => c.name === field)) return Array.isArray(value) ? t(value.length === 1 ? 'resourcePage.children.row' : 'resourcePage.children.rows', { n: value.length }) : '-';
  const spec = def.fields.find((f) => f.name === field);
  if (!spec) return value === null || value === undefined || value === '' ? '-' : (labels[field]?.[String(value)] ?? `#${String(value)}`);
  return displayValue(def, spec, value, labels, t);
}

/** One audit entry of the record: when, who, what, and each field from its value before to after. */
export function trailItem(def: ResourceDef, entry: TrailEntry, labels: ReferenceLabels, t: TFunction) {
  const created = entry.action === `${def.name}.create`;
  const label = (field: string) => (def.fields.some((f) => f.name === field) || def.children.some((c) => c.name === field) ? t(fieldKey(def, field)) : field === 'department' || field === 'owner' ? t(scopeFieldKey(field)) : field);
  return (
    <Timeline.Item key={entry.id} label={<time dateTime={entry.at}>{formatDateTime(entry.at)}</time>}>
      {entryHead(entry.actor?.name ?? t('resourcePage.history.system'), actionText(def, entry.action, t), t)}
      {entry.changes.length > 0 && (
        <ul className={styles.trailChanges}>
          {entry.changes.map((change) => (
            <li key={change.field}>
              {/* a new record's values had none before them: each is said as it was set */}
              <span className={styles.trailField}>{label(change.field)}</span> {created ? '' : `${changedValue(def, change.field, change.before, labels, t)} → `}
              {changedValue(def, change.field, change.after, labels, t)}
            </li>
          ))}
        </ul>
      )}
    </Timeline.Item>
  );
}

/**
 * A button per transition the caller may fire on the record now (the server's `transitions`), the first
 * primary where `primaryFirst`; the one firing shows it, the others wait for it.
 */
export function transitionButtons(def: ResourceDef, record: ResourceRecord, { fire, firing }: Pick<ReturnType<typeof useTransition>, 'fire' | 'firing'>, t: TFunction, primaryFirst = false) {
  const title = String(record[def.titleField] ?? `#${record.id}`);
  return transitionsOf(def, record).map((name, i) => (
    <Button
      key={name}
      type={primaryFirst && i === 0 ? 'primary' : 'secondary'}
      loading={firing?.name === name && firing.record.id === record.id}
      disabled={firing !== null && firing.name !== name}
      onClick={() => fire({ def, name, record: { id: record.id, version: record.version, title } })}
    >
      {t(transitionKey(def, name))}
    </Button>
  ));
}
