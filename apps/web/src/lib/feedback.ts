import { Message } from '@arco-design/web-react';
import { t } from './i18n';

/** The one error toast id: a newer error replaces the older one. */
const API_TOAST_ID = 'apiTips';

export function toastError(content: string): void {
  Message.error({ id: API_TOAST_ID, content, duration: 3000 });
}

/**
 * The session-expired dialog: cannot be dismissed by the mask, Esc or a close button. Modal is
 * loaded on demand: it is rarely needed and would otherwise weigh on every first load.
 */
export function openSessionExpiredModal(onOk: () => Promise<void>): void {
  void import('./session-expired-modal').then(({ showSessionExpiredModal }) =>
    showSessionExpiredModal({
      title: t('app.sessionExpired.title'),
      content: t('app.sessionExpired.content'),
      okText: t('app.sessionExpired.ok'),
      onOk,
    }),
  );
}
