import { Button, Message, Space, Tag, Tooltip, type TableColumnProps } from '@arco-design/web-react';
import type { RoleRecord } from '@atrium/contracts/calls/system';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmButton } from '../../components/confirm-button';
import { PageToolbar } from '../../components/page-toolbar';
import { usePermission } from '../../components/permission';
import { TableCard } from '../../components/table-card';
import { useLocale, useT } from '../../lib/i18n';
import { useIsMobile } from '../../stores/settings';
import { deleteRole, roleKeys, roleListQuery } from './api/role-queries';
import { RoleEditor, type RoleEditorTarget } from './components/role-editor';
import { formatNumber } from '../../lib/number-format';

/**
 * 角色管理 (roles): every role with its permission and account counts, and whether it requires two-step
 * verification. Creating, editing and deleting need `role:write`; of a built-in role only that
 * requirement may change, and it cannot be deleted. A refused delete (accounts still hold the
 * role, or it is built in) shows the server's message, in the caller's language, as the transport's toast.
 */
export default function SystemRolePage() {
  const t = useT();
  // On a phone the actions scroll with the row (a fixed column would cover the table) and the pager is compact.
  const mobile = useIsMobile();
  const locale = useLocale();
  const canWrite = usePermission('role:write');
  const list = useQuery(roleListQuery());
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<RoleEditorTarget>(null);

  const remove = useMutation({
    mutationFn: (role: RoleRecord) => deleteRole(role.id),
    onSuccess: () => Message.success(t('common.deleteSuccess')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
  });

  const columns: TableColumnProps<RoleRecord>[] = [
    {
      title: t('systemRole.field.code'),
      dataIndex: 'code',
      width: 140,
      ellipsis: true,
      render: (code: string) => <code>{code}</code>,
    },
    {
      title: t('systemRole.field.name'),
      dataIndex: 'name',
      width: 140,
      // A role that requires two-step verification says so beside its name (no column: the table keeps its width).
      render: (name: string, row) => (
        <Space size={4} wrap>
          <span>{name}</span>
          {row.requireMfa && (
            <Tooltip content={t('systemRole.field.requireTwoStep')}>
              <Tag size="small" color="green" data-testid="role-require-two-step-tag">
                {t('systemRole.requireTwoStep.tag')}
              </Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    { title: t('systemRole.field.description'), dataIndex: 'description', ellipsis: true, tooltip: true, render: (text: string) => text || '-' },
    { title: t('systemRole.columns.permissions'), dataIndex: 'permissions', width: 100, align: 'right', render: (codes: string[]) => formatNumber(codes.length, locale) },
    { title: t('systemRole.columns.userCount'), dataIndex: 'userCount', width: 100, align: 'right', render: (n: number) => formatNumber(n, locale) },
    {
      title: t('systemRole.columns.type'),
      dataIndex: 'builtIn',
      width: 90,
      render: (builtIn: boolean) => (builtIn ? <Tag color="arcoblue">{t('systemRole.type.builtIn')}</Tag> : <Tag>{t('systemRole.type.custom')}</Tag>),
    },
    {
      title: t('systemRole.columns.actions'),
      width: canWrite ? 140 : 80,
      fixed: mobile ? undefined : 'right',
      render: (_: unknown, row) => (
        <Space size={0}>
          <Button type="text" size="small" onClick={() => setEditing({ mode: 'open', role: row })}>
            {/* A built-in role opens for editing too: its requireMfa may change. */}
            {t(canWrite ? 'common.edit' : 'systemRole.view')}
          </Button>
          {canWrite &&
            (row.builtIn ? (
              <Tooltip content={t('systemRole.builtIn.noDelete')}>
                <Button type="text" size="small" status="danger" disabled>
                  {t('common.delete')}
                </Button>
              </Tooltip>
            ) : (
              <ConfirmButton title={t('systemRole.delete.confirm', { name: row.name })} onOk={() => remove.mutateAsync(row)} danger>
                {t('common.delete')}
              </ConfirmButton>
            ))}
        </Space>
      ),
    },
  ];
  return (
    <TableCard<RoleRecord>
      title={t('menu.system.role')}
      toolbar={
        <PageToolbar
          createLabel={canWrite ? t('systemRole.create') : undefined}
          onCreate={() => setEditing({ mode: 'create' })}
          refreshLabel={t('systemRole.refresh')}
          onRefresh={() => void list.refetch()}
        />
      }
      loading={list.isFetching}
      columns={columns}
      data={list.data?.list ?? []}
      // Sized so that at 1024 px (the sider collapsed) every column shows without scrolling.
      flexWidth={190}
      pagination={{ pageSize: 20, showTotal: !mobile, hideOnSinglePage: true }}
      // A failed load was toasted by the transport; the refresh button retries.
      emptyText={t(list.isError ? 'systemRole.loadFailed' : 'common.noData')}
    >
      <RoleEditor target={editing} canWrite={canWrite} onClose={() => setEditing(null)} />
    </TableCard>
  );
}
