import { Modal } from '@arco-design/web-react';

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
