import { Button, Empty, Message, Popconfirm, Table, Tag, type TableColumnProps } from '@arco-design/web-react';
import type { Account, SessionRecord } from '@atrium/contracts/calls/system';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { useKeyboardScroll } from '../../../components/keyboard-scroll';
import { usePermission } from '../../../components/permission';
import { formatDateTime } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { revokeSession, roleOptionsQuery, sessionListQuery, userKeys } from '../api/user-queries';
import { DRAWER_WIDTH } from '../lib/labels';
import styles from '../system-user.module.css';
import { DialogDrawer } from '../../../components/dialog-drawer';

/** An account's live sessions; 下线 (revoke) for a role holding `session:revoke`. */
export function SessionsDrawer({ account, onClose }: { account: Account | null; onClose: () => void }) {
  const t = useT();
  const canRevoke = usePermission('session:revoke');
  // The table scrolls sideways inside the drawer: the keyboard reaches that scroll too (axe, drawer open).
  const tableRoot = useRef<HTMLDivElement>(null);
  const title = account ? t('systemUser.sessions.title', { username: account.username }) : '';
  useKeyboardScroll(tableRoot, title);
  const queryClient = useQueryClient();
  const sessions = useQuery({ ...sessionListQuery(account?.id ?? 0), enabled: account !== null });
  // a session's active role by its name, as the list names the account's roles (the same cached options)
  const roles = useQuery(roleOptionsQuery(useLocale()));
  const roleNames = useMemo(() => new Map((roles.data ?? []).map((r) => [r.code, r.name])), [roles.data]);
  const revoke = useMutation({
    mutationFn: revokeSession,
    onSuccess: () => Message.success(t('systemUser.sessions.revoked')),
    // Revoked or already gone (the transport told which): the list shows what is left.
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.sessions(account?.id ?? 0) }),
  });

  const columns: TableColumnProps<SessionRecord>[] = [
    {
      title: t('systemUser.sessions.device'),
      dataIndex: 'device',
      width: 150,
      render: (device: string, row) => (
        <span className={styles.nowrap}>
          {device} {row.current && <Tag color="green">{t('systemUser.sessions.current')}</Tag>}
        </span>
      ),
    },
    { title: t('systemUser.sessions.role'), dataIndex: 'role', width: 100, render: (code: string) => roleNames.get(code) ?? code },
    { title: t('systemUser.sessions.ip'), dataIndex: 'ip', width: 130 },
    { title: t('systemUser.sessions.userAgent'), dataIndex: 'userAgent', width: 180, ellipsis: true, tooltip: true },
    { title: t('systemUser.sessions.lastSeenAt'), dataIndex: 'lastSeenAt', width: 170, ellipsis: true, render: formatDateTime },
    { title: t('systemUser.sessions.expiresAt'), dataIndex: 'expiresAt', width: 170, ellipsis: true, render: formatDateTime },
  ];
  if (canRevoke) {
    columns.push({
      title: t('systemUser.columns.actions'),
      width: 90,
      fixed: 'right',
      // The caller's own session ends with 退出登录, not here.
      render: (_: unknown, row) =>
        !row.current && (
          <Popconfirm
            title={t('systemUser.sessions.revoke.confirm')}
            okText={t('common.ok')}
            cancelText={t('common.cancel')}
            okButtonProps={{ status: 'danger' }}
            onOk={() => revoke.mutateAsync(row.id).catch(() => undefined)}
          >
            <Button type="text" size="small" status="danger">
              {t('systemUser.sessions.revoke')}
            </Button>
          </Popconfirm>
        ),
    });
  }

  return (
    <DialogDrawer
      width={DRAWER_WIDTH}
      title={title}
      visible={account !== null}
      onCancel={onClose}
      footer={null}
      unmountOnExit
    >
      <div ref={tableRoot}>
        <Table<SessionRecord>
          rowKey="id"
          border={false}
          size="small"
          loading={sessions.isFetching}
          columns={columns}
          data={sessions.data?.list ?? []}
          scroll={{ x: 900 }}
          pagination={false}
          noDataElement={<Empty description={t(sessions.isError ? 'systemUser.loadFailed' : 'systemUser.sessions.empty')} />}
        />
      </div>
    </DialogDrawer>
  );
}
