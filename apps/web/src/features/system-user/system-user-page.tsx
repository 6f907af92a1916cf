import { Badge, Button, Message, Popconfirm, Space, Tag, Tooltip, type TableColumnProps } from '@arco-design/web-react';
import { IconPlus, IconRefresh } from '@arco-design/web-react/icon';
import type { Account } from '@atrium/contracts/calls/system';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ListFrame } from '../../components/list-frame';
import { usePermission } from '../../components/permission';
import { formatDateTime } from '../../lib/format';
import { useLocale, useT } from '../../lib/i18n';
import { disableUser, enableUser, resetMfa, resetPassword, roleOptionsQuery, unlockUser, userKeys, userListQuery } from './api/user-queries';
import { OneTimePasswordModal, type OneTimePassword } from './components/one-time-password-modal';
import { SessionsDrawer } from './components/sessions-drawer';
import { UserFilterForm } from './components/user-filter-form';
import { UserFormDrawer, type UserFormTarget } from './components/user-form-drawer';
import { isLocked, sourceKey, sourceTagColor, statusBadge, statusKey } from './lib/labels';
import { useListPage } from '../../lib/use-list-page';
import { userUrl, type UserFilters } from './lib/url-state';
import styles from './system-user.module.css';
import { getLocale } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';

type RowAction = 'disable' | 'enable' | 'unlock' | 'reset' | 'mfaReset';
const rowActions: Record<RowAction, (id: number) => Promise<unknown>> = { disable: disableUser, enable: enableUser, unlock: unlockUser, reset: resetPassword, mfaReset: resetMfa };

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
  const roles = useQuery(roleOptionsQuery(useLocale()));
  const queryClient = useQueryClient();
  const [formTarget, setFormTarget] = useState<UserFormTarget>(null);
  const [sessionsOf, setSessionsOf] = useState<Account | null>(null);
  const [grant, setGrant] = useState<OneTimePassword | null>(null);

  const roleNames = useMemo(() => new Map((roles.data ?? []).map((r) => [r.code, r.name])), [roles.data]);
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
    <Popconfirm
      title={t(`systemUser.action.${action}.confirm`, { username: row.username })}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={danger ? { status: 'danger' } : undefined}
      onOk={() => run(action, row)}
    >
      <Button type="text" size="small" status={danger ? 'danger' : undefined}>
        {t(`systemUser.action.${action}`)}
      </Button>
    </Popconfirm>
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
            <Tooltip content={t('systemUser.mfa.tip')}>
              <Tag size="small" color="green" className={styles.lockTag} data-testid="user-mfa-tag">
                {t('systemUser.mfa.tag')}
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
          {/* A company account has no password here (the server refuses its reset: SSO_ACCOUNT). */}
          {canWrite && row.source !== 'oidc' && confirmed('reset', row, true)}
          {/* Only where it is on: the account's next sign-in then needs no code (and its sessions end). */}
          {canWrite && row.mfaEnabled && confirmed('mfaReset', row, true)}
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
      filters={<UserFilterForm applied={state.filters} roleOptions={roleOptions} onSearch={search} />}
      toolbar={
        <>
          <Space wrap>
            {canWrite && (
              <Button type="primary" icon={<IconPlus />} onClick={() => setFormTarget({ mode: 'create' })}>
                {t('systemUser.create')}
              </Button>
            )}
          </Space>
          <Tooltip content={t('systemUser.refresh')}>
            <Button icon={<IconRefresh />} aria-label={t('systemUser.refresh')} onClick={() => void list.refetch()} />
          </Tooltip>
        </>
      }
    >
      {canWrite && <UserFormDrawer target={formTarget} roleOptions={roleOptions} onClose={() => setFormTarget(null)} onPassword={setGrant} />}
      {canReadSessions && <SessionsDrawer account={sessionsOf} onClose={() => setSessionsOf(null)} />}
      <OneTimePasswordModal grant={grant} onClose={() => setGrant(null)} />
    </ListFrame>
  );
}
