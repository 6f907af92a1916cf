import { Badge, Button, Message, Space, Tag, Tooltip, type TableColumnProps } from '@arco-design/web-react';
import type { Account } from '@atrium/contracts/calls/system';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ConfirmButton } from '../../components/confirm-button';
import { ListFrame } from '../../components/list-frame';
import { PageToolbar } from '../../components/page-toolbar';
import { usePermission } from '../../components/permission';
import { formatDateTime } from '../../lib/format';
import { useLocale, useT } from '../../lib/i18n';
import { disableUser, enableUser, resetTwoStep, resetPassword, roleOptionsQuery, unlockUser, userKeys, userListQuery } from './api/user-queries';
import { OneTimePasswordModal, type OneTimePassword } from './components/one-time-password-modal';
import { SessionsDrawer } from './components/sessions-drawer';
import { UserFilterForm } from './components/user-filter-form';
import { UserFormDrawer, type UserFormTarget } from './components/user-form-drawer';
import { isLocked, sourceKey, sourceTagColor, statusBadge, statusKey } from './lib/labels';
import { useListPage } from '../../lib/use-list-page';
import { userUrl, type UserFilters } from './lib/url-state';
import styles from './system-user.module.css';
import { buildTree, departmentOptions as toOptions } from '../system-department/lib/tree';
import { scopeDepartmentsQuery } from '../system-department/api/scope-queries';
import { getLocale } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';

type RowAction = 'disable' | 'enable' | 'unlock' | 'reset' | 'twoStepReset';
const rowActions: Record<RowAction, (id: number) => Promise<unknown>> = { disable: disableUser, enable: enableUser, unlock: unlockUser, reset: resetPassword, twoStepReset: resetTwoStep };

/**
 * 用户管理 (accounts). The applied filters and the page live in the URL; the list follows it. Writing
 * needs `user:write`, the sessions `session:read`: the buttons show only to a role holding them (the
 * server enforces every call anyway).
 */
/** What a visit shows first, asked for ahead of it (the menu, on hover or focus). */
export function prefetch(search: URLSearchParams): Promise<unknown> {
  return Promise.all([queryClient.prefetchQuery(userListQuery(userUrl.parse(search))), queryClient.prefetchQuery(roleOptionsQuery(getLocale()))]);
}

export default function SystemUserPage() {
  const t = useT();
  const canWrite = usePermission('user:write');
  const canReadSessions = usePermission('session:read');
  const page = useListPage(userUrl, userListQuery);
  const { state, list, go } = page;
  const locale = useLocale();
  const roles = useQuery(roleOptionsQuery(locale));
  // The departments only for a role that may read them: without it, no department column, filter or field.
  // Those offered are the ones whose accounts the caller manages (its data scope of the accounts, `user`:
  // delegated administration), from the pickers every scoped page uses.
  const canReadDepartments = usePermission('department:read');
  const departments = useQuery({ ...scopeDepartmentsQuery('user', locale), enabled: canReadDepartments });
  const queryClient = useQueryClient();
  const [formTarget, setFormTarget] = useState<UserFormTarget>(null);
  const [sessionsOf, setSessionsOf] = useState<Account | null>(null);
  const [grant, setGrant] = useState<OneTimePassword | null>(null);

  const roleNames = useMemo(() => new Map((roles.data ?? []).map((r) => [r.code, r.name])), [roles.data]);
  const departmentNames = useMemo(() => new Map((departments.data?.list ?? []).map((d) => [d.id, d.name])), [departments.data]);
  const filterDepartments = useMemo(() => (canReadDepartments ? toOptions(buildTree(departments.data?.list ?? [])) : null), [canReadDepartments, departments.data]);
  const formDepartments = useMemo(() => (canReadDepartments ? toOptions(buildTree(departments.data?.list ?? []), { activeOnly: true }) : null), [canReadDepartments, departments.data]);
  const roleOptions = useMemo(() => (roles.data ?? []).map((r) => ({ value: r.code, label: `${r.name} (${r.code})` })), [roles.data]);

  const rowAction = useMutation({
    mutationFn: ({ action, row }: { action: RowAction; row: Account }) => rowActions[action](row.id),
    onSuccess: (answer, { action, row }) => {
      void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
      if (action === 'reset') setGrant({ username: row.username, password: (answer as Awaited<ReturnType<typeof resetPassword>>).initialPassword });
      else Message.success(t(`systemUser.action.${action}.success`));
    },
  });
  const run = (action: RowAction, row: Account) => rowAction.mutateAsync({ action, row }).catch(() => undefined);

  const confirmed = (action: RowAction, row: Account, danger = false) => (
    <ConfirmButton title={t(`systemUser.action.${action}.confirm`, { username: row.username })} onOk={() => run(action, row)} danger={danger}>
      {t(`systemUser.action.${action}`)}
    </ConfirmButton>
  );

  const columns: TableColumnProps<Account>[] = [
    { title: t('systemUser.field.username'), dataIndex: 'username', width: 140 },
    { title: t('systemUser.field.name'), dataIndex: 'name', width: 120 },
    {
      title: t('systemUser.field.roles'),
      dataIndex: 'roles',
      width: 200,
      render: (codes: string[]) => (
        <Space size={4} wrap>
          {codes.map((code) => (
            <Tag key={code} size="small">
              {roleNames.get(code) ?? code}
            </Tag>
          ))}
        </Space>
      ),
    },
    ...(canReadDepartments
      ? [{ title: t('systemUser.field.department'), dataIndex: 'departmentId', width: 140, ellipsis: true, tooltip: true, render: (id: number) => departmentNames.get(id) ?? '-' }]
      : []),
    {
      title: t('systemUser.columns.source'),
      dataIndex: 'source',
      width: 110,
      render: (value: Account['source']) => (
        <Tag size="small" color={sourceTagColor[value]} data-testid="user-source-tag">
          {t(sourceKey(value))}
        </Tag>
      ),
    },
    { title: t('systemUser.field.phone'), dataIndex: 'phone', width: 130, render: (v: string | null) => v ?? '-' },
    { title: t('systemUser.field.email'), dataIndex: 'email', width: 200, ellipsis: true, tooltip: true, render: (v: string | null) => v ?? '-' },
    {
      title: t('systemUser.columns.status'),
      dataIndex: 'status',
      width: 180,
      render: (value: Account['status'], row) => (
        <span className={styles.nowrap}>
          <Badge status={statusBadge[value]} text={t(statusKey(value))} />
          {isLocked(row) && (
            <Tooltip content={t('systemUser.status.lockedUntil', { time: formatDateTime(row.lockedUntil) })}>
              <Tag size="small" color="orange" className={styles.lockTag}>
                {t('systemUser.status.locked')}
              </Tag>
            </Tooltip>
          )}
          {row.mfaEnabled && (
            <Tooltip content={t('systemUser.twoStep.tip')}>
              <Tag size="small" color="green" className={styles.lockTag} data-testid="user-two-step-tag">
                {t('systemUser.twoStep.tag')}
              </Tag>
            </Tooltip>
          )}
        </span>
      ),
    },
    { title: t('systemUser.columns.lastLoginAt'), dataIndex: 'lastLoginAt', width: 170, ellipsis: true, render: formatDateTime },
    { title: t('systemUser.columns.createdAt'), dataIndex: 'createdAt', width: 170, ellipsis: true, render: formatDateTime },
  ];
  if (canWrite || canReadSessions) {
    columns.push({
      title: t('systemUser.columns.actions'),
      width: canWrite ? 300 : 90,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Space size={0} wrap>
          {canWrite && (
            <Button type="text" size="small" onClick={() => setFormTarget({ mode: 'edit', user: row })}>
              {t('common.edit')}
            </Button>
          )}
          {canReadSessions && (
            <Button type="text" size="small" onClick={() => setSessionsOf(row)}>
              {t('systemUser.action.sessions')}
            </Button>
          )}
          {canWrite && (row.status === 'active' ? confirmed('disable', row, true) : confirmed('enable', row))}
          {canWrite && isLocked(row) && confirmed('unlock', row)}
          {/* Neither reset of an account holding a role the caller could not give it (`recoverable`: the server
              refuses both), nor a password for a company account, which has none here (SSO_ACCOUNT). */}
          {canWrite && row.recoverable && row.source !== 'oidc' && confirmed('reset', row, true)}
          {/* Only where it is on: the account's next sign-in then needs no code (and its sessions end). */}
          {canWrite && row.recoverable && row.mfaEnabled && confirmed('twoStepReset', row, true)}
        </Space>
      ),
    });
  }

  const search = (filters: UserFilters) => {
    go({ filters, current: 1, pageSize: state.pageSize });
    // 查询 and 重置 always fetch, even when the URL does not change.
    void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
  };

  return (
    <ListFrame
      title={t('menu.system.user')}
      page={page}
      columns={columns}
      filters={<UserFilterForm applied={state.filters} roleOptions={roleOptions} departmentOptions={filterDepartments} onSearch={search} />}
      toolbar={
        <PageToolbar
          createLabel={canWrite ? t('systemUser.create') : undefined}
          onCreate={() => setFormTarget({ mode: 'create' })}
          refreshLabel={t('systemUser.refresh')}
          onRefresh={() => void list.refetch()}
        />
      }
    >
      {canWrite && <UserFormDrawer target={formTarget} roleOptions={roleOptions} departmentOptions={formDepartments} onClose={() => setFormTarget(null)} onPassword={setGrant} />}
      {canReadSessions && <SessionsDrawer account={sessionsOf} onClose={() => setSessionsOf(null)} />}
      <OneTimePasswordModal grant={grant} onClose={() => setGrant(null)} />
    </ListFrame>
  );
}
