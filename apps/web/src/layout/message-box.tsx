import { Badge, Button, Trigger } from '@arco-design/web-react';
import { IconNotification } from '@arco-design/web-react/icon';
import type { MessageType } from '@atrium/contracts/calls/message';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useT } from '../lib/i18n';
import { messageListKey } from '../lib/messages';
import styles from './message-box.module.css';
import { navbarPopupContainer } from './navbar-popups';
import { useMessages } from './use-messages';
import { HoverTip } from '../components/hover-tip';

// The popover's tabs, list and confirm dialog load on first open; the bell and its count stay light.
const MessageBoxPanel = lazy(() => import('./message-box-panel').then((m) => ({ default: m.MessageBoxPanel })));

/** The navbar bell with its unread badge and the message box. */
export function MessageBox() {
  const t = useT();
  const queryClient = useQueryClient();
  const messages = useMessages();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState<MessageType>('message');
  const unreadTotal = (messages.data ?? []).filter((m) => m.status === 0).length;

  const popup = (
    <div className={styles.box} data-testid="message-box">
      <Suspense fallback={<div className={styles.empty} />}>
        <MessageBoxPanel active={active} onActiveChange={setActive} onLeave={() => setOpen(false)} />
      </Suspense>
    </div>
  );

  return (
    <Trigger
      trigger="click"
      escToClose
      getPopupContainer={navbarPopupContainer}
      popup={() => popup}
      position="br"
      popupVisible={open}
      onVisibleChange={(visible) => {
        setOpen(visible);
        if (visible) {
          setActive('message');
          void queryClient.invalidateQueries({ queryKey: messageListKey });
        }
      }}
      popupAlign={{ bottom: 4 }}
    >
      <span className={styles.bell}>
        <HoverTip content={t('settings.navbar.alerts')} position="bottom">
          <Badge count={unreadTotal} maxCount={99} dot={false}>
            <Button shape="circle" type="secondary" icon={<IconNotification />} aria-label={t('settings.navbar.alerts')} data-testid="message-bell" />
          </Badge>
        </HoverTip>
      </span>
    </Trigger>
  );
}
