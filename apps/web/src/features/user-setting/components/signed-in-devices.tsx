import { Button, Card, Empty, Message, Popconfirm, Table, Tag, Tooltip, type TableColumnProps } from '@arco-design/web-react';
import type { SessionRecord } from '@atrium/contracts/calls/system';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useKeyboardScroll } from '../../../components/keyboard-scroll';
import { formatDateTime } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { mySessionsKey, mySessionsQuery, revokeMyOtherSessions, revokeMySession } from '../api/user-setting-queries';
import { shortUserAgent } from '../lib/user-agent';
import styles from '../user-setting.module.css';

/**
 * 登录设备 (signed-in devices): the caller's live sessions, this one marked. Another device can be signed
 * out one by one or all at once; this one signs out through the user menu.
 */
export function SignedInDevices() {
  const t = useT();
  const queryClient = useQueryClient();
  const sessions = useQuery(mySessionsQuery());
  const refresh = () => queryClient.invalidateQueries({ queryKey: mySessionsKey });
  const revoke = useMutation({
    mutationFn: revokeMySession,
    onSuccess: () => Message.success(t('userSetting.devices.revoke.success')),
    // Gone already (404) or not: the list says what is signed in now.
    onSettled: refresh,
  });
  const revokeOthers = useMutation({
    mutationFn: revokeMyOtherSessions,
    onSuccess: ({ revoked }) =>
      Message.success(revoked > 0 ? t('userSetting.devices.revokeOthers.success', { n: revoked }) : t('userSetting.devices.revokeOthers.none')),
    onSettled: refresh,
  });
  const tableRoot = useRef<HTMLDivElement>(null);
  useKeyboardScroll(tableRoot, t('userSetting.devices.title'));
  const list = sessions.data?.list ?? [];
  const others = list.filter((s) => !s.current).length;

  const columns: TableColumnProps<SessionRecord>[] = [
    {
      title: t('userSetting.devices.columns.device'),
      dataIndex: 'device',
      render: (device: string, session) => (
        <span className={styles.deviceCell}>
          <span>{device || '-'}</span>
          {session.current ? (
            <Tag color="green" size="small" data-testid="current-device">
              {t('userSetting.devices.current')}
            </Tag>
          ) : null}
        </span>
      ),
    },
    { title: t('userSetting.devices.columns.ip'), dataIndex: 'ip', render: (ip: string) => ip || '-' },
    {
      title: t('userSetting.devices.columns.browser'),
      dataIndex: 'userAgent',
      render: (userAgent: string) => (
        <Tooltip content={userAgent || '-'}>
          <span>{shortUserAgent(userAgent)}</span>
        </Tooltip>
      ),
    },
    { title: t('userSetting.devices.columns.lastSeen'), dataIndex: 'lastSeenAt', render: (at: string) => formatDateTime(at) },
    { title: t('userSetting.devices.columns.createdAt'), dataIndex: 'createdAt', render: (at: string) => formatDateTime(at) },
    {
      title: t('userSetting.devices.columns.operation'),
      key: 'operation',
      render: (_: unknown, session) =>
        session.current ? (
          <span className={styles.securityTip}>-</span>
        ) : (
          <Popconfirm
            title={t('userSetting.devices.revoke.confirm')}
            okText={t('common.ok')}
            cancelText={t('common.cancel')}
            onOk={() => revoke.mutateAsync(session.id).catch(() => undefined)}
          >
            <Button type="text" size="small" status="danger" aria-label={`${t('userSetting.devices.revoke')} ${session.device}`}>
              {t('userSetting.devices.revoke')}
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <Card
      className={`${styles.innerCard} ${styles.devices}`}
      title={t('userSetting.devices.title')}
      extra={
        <Popconfirm
          title={t('userSetting.devices.revokeOthers.confirm')}
          okText={t('common.ok')}
          cancelText={t('common.cancel')}
          disabled={others === 0}
          onOk={() => revokeOthers.mutateAsync().catch(() => undefined)}
        >
          <Button size="small" disabled={others === 0} loading={revokeOthers.isPending} data-testid="revoke-other-devices">
            {t('userSetting.devices.revokeOthers')}
          </Button>
        </Popconfirm>
      }
    >
      {sessions.isError ? (
        <Empty
          description={
            <>
              <div>{t('userSetting.devices.error')}</div>
              <Button type="text" onClick={() => void sessions.refetch()}>
                {t('userSetting.devices.retry')}
              </Button>
            </>
          }
        />
      ) : (
        <div ref={tableRoot}>
          <Table<SessionRecord>
            rowKey="id"
            border={false}
            pagination={false}
            loading={sessions.isLoading}
            columns={columns}
            data={list}
            scroll={{ x: 760 }}
            noDataElement={<Empty description={t('userSetting.devices.empty')} />}
          />
        </div>
      )}
    </Card>
  );
}
