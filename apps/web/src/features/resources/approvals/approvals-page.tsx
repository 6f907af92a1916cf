import { Alert, Button, Select, Space, Tooltip, type TableColumnProps } from '@arco-design/web-react';
import { IconRefresh } from '@arco-design/web-react/icon';
import type { Approval } from '@atrium/contracts/calls/approvals';
import type { ResourceDef } from '@atrium/contracts/resource';
import { resourceTitleKey } from '@atrium/contracts/routes';
import { useState, type ElementRef } from 'react';
import { ListFrame } from '../../../components/list-frame';
import { useSelectName } from '../../../components/select-name';
import { formatDateTime } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { useListPage } from '../../../lib/use-list-page';
import { useSession } from '../../../stores/session';
import { useIsMobile } from '../../../stores/settings';
import { buttonsWidth, stateTag, transitionKey, transitionsOf } from '../kit/lifecycle';
import { RecordDrawer } from '../kit/record-drawer';
import { useTransition } from '../kit/use-transition';
import { approvalResources, approvalsListQuery, approvalsUrl } from './approvals-api';
import styles from './approvals-page.module.css';

const defOf = (name: string): ResourceDef | undefined => approvalResources.find((r) => r.name === name);

/** The filter by resource: every one whose records may await an approval, by its plural label (a row names its one record's resource by its label). */
function ResourceFilter({ value, onChange }: { value?: string; onChange: (resource: string | undefined) => void }) {
  const t = useT();
  const label = t('approvals.filter.resource');
  const ref = useSelectName<ElementRef<typeof Select>>(label);
  return (
    <Select
      ref={ref}
      className={styles.filter}
      allowClear
      placeholder={t('approvals.filter.all')}
      value={value}
      onChange={(next?: string) => onChange(next || undefined)}
      options={approvalResources.map((r) => ({ value: r.name, label: t(resourceTitleKey(r.name)) }))}
    />
  );
}

/** The roles whose approvals the lists here hold (an approval by role is the acting role's, server side). */
const approvingRoles = [...new Set(approvalResources.flatMap((def) => def.lifecycle!.transitions.flatMap((tr) => (tr.approval?.by === 'role' ? [tr.approval.role] : []))))];

/**
 * The account's other roles that approve records here: what awaits them is listed only while the account
 * acts as one of them, which the page says (the role is switched in the account menu).
 */
function OtherApproverRoles() {
  const t = useT();
  const user = useSession((s) => s.user);
  const others = (user?.roles ?? []).filter((code) => code !== user?.role && approvingRoles.includes(code));
  if (!user || others.length === 0) return null;
  const names = others.map((code) => user.roleNames[code] ?? code).join(t('approvals.otherRoles.separator'));
  return <Alert className={styles.notice} type="info" data-testid="approvals-other-roles" content={t('approvals.otherRoles', { roles: names, role: user.roleName })} />;
}

/**
 * 待我审批 / Awaiting me: the records of every resource that await the caller's approval (GET /api/approvals,
 * the server's word on who approves what), newest request first, paged and filtered by resource in the URL.
 * Each row's transitions (approve, reject) fire in place, a comment asked first where the spec wants one;
 * 详情 opens the record's drawer with its history. Every action refreshes the list and the navbar's count.
 */
export default function ApprovalsPage() {
  const t = useT();
  const wide = useLocale() !== 'zh-CN';
  const mobile = useIsMobile();
  const page = useListPage(approvalsUrl, approvalsListQuery);
  const { state, list, go } = page;
  const [viewing, setViewing] = useState<{ resource: string; id: number } | null>(null);
  const { fire, dialog, firing } = useTransition();
  const scoped = approvalResources.some((r) => r.scoped);
  // as wide as a row's buttons may be: 详情 and the transitions out of a waiting state
  const actionsWidth = Math.max(
    ...approvalResources.map((def) => {
      const out = def.lifecycle!.transitions.filter((tr) => tr.from.some((s) => def.lifecycle!.awaiting.includes(s)));
      return buttonsWidth([t('resourcePage.detail'), ...out.map((tr) => t(transitionKey(def, tr.name)))]);
    }),
  );

  // On a phone a row is what is asked and its buttons side by side: the title over its kind, state, asker and
  // time (no column of them to scroll to, and no button away from the record it acts on).
  const compact: TableColumnProps<Approval> = {
    key: 'title',
    dataIndex: 'title',
    title: t('approvals.columns.title'),
    render: (title: string, row) => (
      <div className={styles.compact}>
        <span className={styles.compactTitle}>{title}</span>
        <span className={styles.compactMeta}>
          {t(`resource.${row.resource}.label`)}
          {defOf(row.resource) && stateTag(defOf(row.resource)!, row.state, t, 'small')}
          <span>
            {row.requestedBy?.name ?? '-'} · {formatDateTime(row.requestedAt)}
          </span>
        </span>
      </div>
    ),
  };
  const columns: TableColumnProps<Approval>[] = [
    { key: 'resource', dataIndex: 'resource', title: t('approvals.columns.resource'), width: 110, render: (name: string) => t(`resource.${name}.label`) },
    { key: 'title', dataIndex: 'title', title: t('approvals.columns.title'), width: 170, ellipsis: true, tooltip: true },
    { key: 'state', dataIndex: 'state', title: t('approvals.columns.state'), width: wide ? 120 : 100, render: (value: string, row) => (defOf(row.resource) ? stateTag(defOf(row.resource)!, value, t) : value) },
    { key: 'requestedBy', dataIndex: 'requestedBy', title: t('approvals.columns.requestedBy'), width: 150, ellipsis: true, tooltip: true, render: (by: Approval['requestedBy']) => by?.name ?? '-' },
    { key: 'requestedAt', dataIndex: 'requestedAt', title: t('approvals.columns.requestedAt'), width: wide ? 176 : 170, render: (at: string) => formatDateTime(at) },
    ...(scoped ? [{ key: 'department', dataIndex: 'department', title: t('approvals.columns.department'), width: 150, ellipsis: true, tooltip: true, render: (name: string | null) => name ?? '-' }] : []),
    {
      key: 'actions',
      title: t('approvals.columns.actions'),
      width: actionsWidth,
      fixed: 'right',
      render: (_: unknown, row) => {
        const def = defOf(row.resource);
        if (!def) return null;
        const record = { id: row.id, version: row.version, title: row.title };
        return (
          <Space size={0}>
            <Button type="text" size="small" onClick={() => setViewing({ resource: row.resource, id: row.id })}>
              {t('resourcePage.detail')}
            </Button>
            {transitionsOf(def, row).map((name) => (
              <Button
                key={name}
                type="text"
                size="small"
                loading={firing?.name === name && firing.record.id === row.id && firing.def === def}
                onClick={() => fire({ def, name, record })}
              >
                {t(transitionKey(def, name))}
              </Button>
            ))}
          </Space>
        );
      },
    },
  ];

  return (
    <ListFrame
      title={t('menu.approvals')}
      page={page}
      columns={mobile ? [compact, columns.at(-1)!] : columns}
      rowKey={(row) => `${row.resource}:${row.id}`}
      emptyText={t('approvals.empty')}
      notice={<OtherApproverRoles />}
      toolbar={
        <>
          <Space wrap>
            <ResourceFilter value={state.filters.resource} onChange={(resource) => go({ filters: { resource }, current: 1, pageSize: state.pageSize })} />
          </Space>
          <Space>
            <Tooltip content={t('resourcePage.refresh')}>
              <Button icon={<IconRefresh />} aria-label={t('resourcePage.refresh')} onClick={() => void list.refetch()} />
            </Tooltip>
          </Space>
        </>
      }
    >
      {approvalResources.map((def) => (
        <RecordDrawer key={def.name} def={def} target={viewing?.resource === def.name ? { id: viewing.id } : null} onClose={() => setViewing(null)} />
      ))}
      {dialog}
    </ListFrame>
  );
}
