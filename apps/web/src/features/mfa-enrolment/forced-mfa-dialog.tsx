import { Alert, Button, Modal } from '@arco-design/web-react';
import { useState } from 'react';
import { MfaEnrolment } from '../../components/mfa-enrolment';
import { useForcedSignOut } from '../../components/use-forced-sign-out';
import { useT } from '../../lib/i18n';
import { useSession } from '../../stores/session';
import styles from './forced-mfa-dialog.module.css';

/**
 * 开启两步验证, required by the active role: the QR code, the key, a code, then the recovery codes once.
 * No close button, mask or Esc: the way out is turning it on or signing out. Once the codes are saved,
 * the console loads the user info and the menu and goes on.
 */
export function ForcedMfaDialog() {
  const t = useT();
  const [busy, setBusy] = useState<'finish' | 'signOut' | null>(null);
  const forcedSignOut = useForcedSignOut();

  const signOut = async () => {
    setBusy('signOut');
    await forcedSignOut();
  };

  // Only once the codes are saved: the user info would say "on" at once and take the codes away with the dialog.
  const finish = async () => {
    setBusy('finish');
    const outcome = await useSession.getState().mfaEnrolled();
    if (outcome.type === 'rejected') await signOut();
    else setBusy(null);
  };

  return (
    <Modal
      visible
      title={t('mfa.enrol.title')}
      style={{ width: 520, maxWidth: '100%' }}
      closable={false}
      maskClosable={false}
      escToExit={false}
      footer={
        <Button onClick={() => void signOut()} loading={busy === 'signOut'} disabled={busy === 'finish'} data-testid="forced-mfa-sign-out">
          {t('mfa.required.signOut')}
        </Button>
      }
    >
      <Alert type="warning" className={styles.intro} content={t('mfa.required.intro')} />
      <MfaEnrolment onDone={() => void finish()} />
    </Modal>
  );
}
