import { Card, Empty, Skeleton } from '@arco-design/web-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { markRead, messageListKey, messagesQuery } from '../../../lib/messages';
import styles from '../user-info.module.css';

/** 站内通知 (notices): the three newest notices; reading one also lowers the navbar badge. */
export function Notices() {
  const t = useT();
  const queryClient = useQueryClient();
  const messages = useQuery(messagesQuery());
  const notices = (messages.data ?? [])
    .filter((m) => m.type === 'notice')
    .sort((a, b) => b.time.localeCompare(a.time))
    .slice(0, 3);
  const read = useMutation({
    mutationFn: (id: number) => markRead([id]),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageListKey }),
  });
  return (
    <Card bordered={false} title={t('userInfo.title.latestNotification')}>
      {messages.isLoading ? (
        <Skeleton text={{ rows: 3 }} animation />
      ) : notices.length === 0 ? (
        <Empty description={t('userInfo.nodata')} />
      ) : (
        <ul className={styles.notices}>
          {notices.map((notice) => (
            <li key={notice.id}>
              <button
                type="button"
                className={styles.notice}
                disabled={notice.status === 1 || read.isPending}
                onClick={() => read.mutate(notice.id)}
              >
                <span className={styles.noticeTitle}>
                  {notice.status === 0 && <span className={styles.dot} aria-hidden />}
                  {notice.title}
                </span>
                <span className={styles.muted}>{formatDateTime(notice.time)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
