// eslint-disable-next-line no-restricted-syntax -- Modal.confirm: nothing to give the focus back to (below)
import { Modal } from '@arco-design/web-react';

/**
 * Not a DialogModal (which gives the focus back to the opener): nothing opened it (a call answered 401),
 * and its only way out, OK, signs out and reloads the document, so there is no page left to return to.
 */
export function showSessionExpiredModal(texts: { title: string; content: string; okText: string; onOk: () => Promise<void> }): void {
  Modal.confirm({
    title: texts.title,
    content: texts.content,
    okText: texts.okText,
    hideCancel: true,
    closable: false,
    maskClosable: false,
    escToExit: false,
    className: 'session-expired-modal',
    onOk: texts.onOk,
  });
}
