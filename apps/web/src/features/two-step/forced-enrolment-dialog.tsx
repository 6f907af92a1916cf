// Arco's Modal rather than DialogModal: see the comment on the dialog below.
// eslint-disable-next-line no-restricted-syntax -- nothing to give the focus back to
import { Alert, Button, Modal } from '@arco-design/web-react';
import { useState } from 'react';
import { TwoStepEnrolment } from './enrolment';
import { useForcedSignOut } from '../../components/use-forced-sign-out';
import { useT } from '../../lib/i18n';
import { useSession } from '../../stores/session';
import styles from './forced-enrolment-dialog.module.css';

/**
 * 开启两步验证, required by the active role: the QR code, the key, a code, then the recovery codes once.
 * No close button, mask or Esc: the way out is turning it on or signing out. Once the codes are saved,
 * the console loads the user info and the menu and goes on.
 */
export function ForcedEnrolmentDialog() {
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
    const outcome = await useSession.getState().twoStepEnrolled();
    if (outcome.type === 'rejected') await signOut();
    else setBusy(null);
  };

  // Not a DialogModal: there is no opener to give the focus back to. It comes up in place of the console
  // (the forced-step gate renders it before the layout and the page exist) and goes away with the gate once
  // the step is done, the page then being drawn for the first time; signing out instead leaves for the
  // sign-in page.
  return (
    <Modal
      visible
      title={t('twoStep.enrol.title')}
      style={{ width: 520, maxWidth: '100%' }}
      closable={false}
      maskClosable={false}
      escToExit={false}
      footer={
        <Button onClick={() => void signOut()} loading={busy === 'signOut'} disabled={busy === 'finish'} data-testid="forced-two-step-sign-out">
          {t('twoStep.required.signOut')}
        </Button>
      }
    >
      <Alert type="warning" className={styles.intro} content={t('twoStep.required.intro')} />
      <TwoStepEnrolment onDone={() => void finish()} />
    </Modal>
  );
}
