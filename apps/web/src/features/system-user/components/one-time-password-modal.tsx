import { Alert, Button, Message } from '@arco-design/web-react';
import { IconCheck, IconCopy } from '@arco-design/web-react/icon';
import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n';
import styles from '../system-user.module.css';
import { DialogModal } from '../../../components/dialog-modal';

/** A one-time password the server answered once (create without a password, or a reset). */
export interface OneTimePassword {
  username: string;
  password: string;
}

/**
 * Shows a one-time password exactly once: the page drops it when the dialog closes, and nothing else
 * keeps it. The dialog closes only through its button, so a stray click outside cannot lose it.
 */
export function OneTimePasswordModal({ grant, onClose }: { grant: OneTimePassword | null; onClose: () => void }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  useEffect(() => setCopied(false), [grant]);

  const copy = async () => {
    if (!grant) return;
    try {
      await navigator.clipboard.writeText(grant.password);
      setCopied(true);
      Message.success(t('systemUser.password.copied'));
    } catch {
      Message.error(t('systemUser.password.copyFailed'));
    }
  };

  return (
    <DialogModal
      title={t('systemUser.password.title')}
      visible={grant !== null}
      style={{ width: 480, maxWidth: '100%' }}
      maskClosable={false}
      escToExit={false}
      closable={false}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('systemUser.password.done')}
        </Button>
      }
      unmountOnExit
    >
      {grant && (
        <>
          <Alert type="warning" content={t('systemUser.password.warning')} />
          <p className={styles.passwordFor}>{t('systemUser.password.for', { username: grant.username })}</p>
          <div className={styles.passwordRow}>
            <code className={styles.password} data-testid="one-time-password">
              {grant.password}
            </code>
            <Button icon={copied ? <IconCheck /> : <IconCopy />} onClick={() => void copy()}>
              {t(copied ? 'systemUser.password.copiedShort' : 'systemUser.password.copy')}
            </Button>
          </div>
        </>
      )}
    </DialogModal>
  );
}
