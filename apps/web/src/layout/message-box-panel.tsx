import { Avatar, Button, Empty, Popconfirm, Spin, Tabs, Tag } from '@arco-design/web-react';
import { IconDelete, IconDesktop } from '@arco-design/web-react/icon';
import type { Message, MessageType } from '@atrium/contracts/calls/message';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { InitialAvatar } from '../components/initial-avatar';
import { useT } from '../lib/i18n';
import { useIsMobile } from '../stores/settings';
import { clearMessages, markRead, messageListKey } from '../lib/messages';
import { useMessages } from './use-messages';
import styles from './message-box.module.css';

const PAGE_SIZE = 5;
const types: MessageType[] = ['message', 'notice', 'todo'];

const tagByType: Record<number, { key: string; color: string }> = {
  0: { key: 'messageBox.type.notStarted', color: 'gray' },
  1: { key: 'messageBox.type.opened', color: 'green' },
  2: { key: 'messageBox.type.processing', color: 'blue' },
  3: { key: 'messageBox.type.expiring', color: 'red' },
};

function formatTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

function MessageList({ items, type, onRead, onLeave }: { items: Message[]; type: MessageType; onRead: (ids: number[]) => void; onLeave: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  // read when opened; one that leads somewhere (a notice of a decision: the record's page) goes there
  const open = (m: Message) => {
    if (m.status === 0) onRead([m.id]);
    if (m.link === null) return;
    onLeave();
    void navigate(m.link);
  };
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? items : items.slice(0, PAGE_SIZE);
  const unread = items.filter((m) => m.status === 0);
  if (items.length === 0) {
    return (
      <div className={styles.empty}>
        <Empty description={t('messageBox.noContent')} />
      </div>
    );
  }
  return (
    <>
      <ul className={styles.list} style={{ minHeight: 3 * 86 }}>
        {shown.map((m) => {
          const tag = m.messageType !== null && type !== 'message' ? tagByType[m.messageType] : undefined;
          return (
            <li key={m.id} className={`${styles.item} ${m.status === 1 ? styles.read : ''}`} data-message-id={m.id} data-status={m.status}>
              <button type="button" className={styles.itemButton} onClick={() => open(m)}>
                {/* A person's message shows the sender's initial (the title is the sender); others the desktop icon. */}
                {type === 'message' ? (
                  <InitialAvatar size={32} className={styles.avatar} name={m.title} src={m.avatar || undefined} aria-hidden />
                ) : (
                  <Avatar size={32} className={styles.avatar}>
                    {m.avatar ? <img src={m.avatar} alt="" /> : <IconDesktop />}
                  </Avatar>
                )}
                <span className={styles.body}>
                  <span className={styles.titleRow}>
                    <span className={styles.title}>{m.title}</span>
                    <span className={styles.subTitle}>{m.subTitle}</span>
                    {tag ? (
                      <Tag size="small" color={tag.color} className={styles.tag}>
                        {t(tag.key)}
                      </Tag>
                    ) : null}
                  </span>
                  <span className={styles.content}>{m.content}</span>
                  {type === 'message' || m.link !== null ? <span className={styles.time}>{formatTime(m.time)}</span> : null}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <div className={styles.footer}>
        <Button type="text" size="small" disabled={unread.length === 0} onClick={() => onRead(unread.map((m) => m.id))} data-testid="message-all-read">
          {t('messageBox.allRead')}
        </Button>
        {!expanded && items.length > PAGE_SIZE ? (
          <Button type="text" size="small" onClick={() => setExpanded(true)}>
            {t('messageBox.viewMore')}
          </Button>
        ) : (
          <span />
        )}
      </div>
    </>
  );
}

/** The message box popover's content, loaded the first time the bell is opened. */
export function MessageBoxPanel({ active, onActiveChange, onLeave }: { active: MessageType; onActiveChange: (type: MessageType) => void; onLeave: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const messages = useMessages();
  const list = messages.data ?? [];
  const refetch = () => queryClient.invalidateQueries({ queryKey: messageListKey });
  const read = useMutation({ mutationFn: markRead, onSuccess: refetch });
  const clear = useMutation({ mutationFn: clearMessages, onSuccess: refetch });
  const byType = (type: MessageType) => list.filter((m) => m.type === type);
  // On a phone the clear button is an icon, leaving the tab titles the width.
  const mobile = useIsMobile();
  const setActive = onActiveChange;

  return (
    <div className={styles.panel}>
      <Spin loading={messages.isFetching || read.isPending || clear.isPending} style={{ display: 'block' }}>
        <Tabs
          type="rounded"
          activeTab={active}
          onChange={(key) => setActive(key as MessageType)}
          destroyOnHide
          extra={
            <Popconfirm title={t('messageBox.clear.confirm')} onOk={() => clear.mutate(active)} okText={t('common.ok')} cancelText={t('common.cancel')}>
              {mobile ? (
                <Button type="text" size="small" icon={<IconDelete />} aria-label={t('messageBox.tab.button')} disabled={byType(active).length === 0} data-testid="message-clear" />
              ) : (
                <Button type="text" size="small" disabled={byType(active).length === 0} data-testid="message-clear">
                  {t('messageBox.tab.button')}
                </Button>
              )}
            </Popconfirm>
          }
        >
          {types.map((type) => {
            const title = t(`messageBox.tab.title.${type}`);
            const unread = byType(type).filter((m) => m.status === 0).length;
            return (
              <Tabs.TabPane key={type} title={unread > 0 ? t('messageBox.tab.count', { title, n: unread }) : title}>
                <MessageList items={byType(type)} type={type} onRead={(ids) => read.mutate(ids)} onLeave={onLeave} />
              </Tabs.TabPane>
            );
          })}
        </Tabs>
      </Spin>
    </div>
  );
}
