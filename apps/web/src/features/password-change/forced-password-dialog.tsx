// Arco's Modal rather than DialogModal: see the comment on the dialog below.
// eslint-disable-next-line no-restricted-syntax -- nothing to give the focus back to
import { Alert, Button, Form, Message, Modal } from '@arco-design/web-react';
import { useState } from 'react';
import { PasswordChangeForm, readPasswordChange, type PasswordChangeValues } from '../../components/password-change-form';
import { useForcedSignOut } from '../../components/use-forced-sign-out';
import { call, endpoints } from '../../lib/api';
import { applyServerErrors } from '../../lib/form-rules';
import { useT } from '../../lib/i18n';
import { useSession } from '../../stores/session';
import styles from './forced-password-dialog.module.css';

/**
 * 修改初始密码: the one-time password (the old one) and a new one. No close button, mask or Esc: the way
 * out is changing the password or signing out. Once changed, the server keeps this session and ends the
 * others; the console then loads the user info and the menu and goes on.
 */
export function ForcedPasswordDialog() {
  const t = useT();
  const [form] = Form.useForm<PasswordChangeValues>();
  const [busy, setBusy] = useState<'save' | 'signOut' | null>(null);
  const forcedSignOut = useForcedSignOut();

  const signOut = async () => {
    setBusy('signOut');
    await forcedSignOut();
  };

  const save = async () => {
    const body = await readPasswordChange(form);
    if (!body) return;
    setBusy('save');
    try {
      await call(endpoints.auth.changePassword, { body });
    } catch (error) {
      // A wrong one-time password or a refused new one lands on its field; anything else was a toast.
      applyServerErrors(form, error);
      setBusy(null);
      return;
    }
    Message.success(t('userSetting.password.success'));
    const outcome = await useSession.getState().passwordChanged();
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
      title={t('login.passwordChange.title')}
      style={{ width: 480, maxWidth: '100%' }}
      closable={false}
      maskClosable={false}
      escToExit={false}
      footer={
        <>
          <Button onClick={() => void signOut()} loading={busy === 'signOut'} disabled={busy === 'save'} data-testid="forced-password-sign-out">
            {t('login.passwordChange.signOut')}
          </Button>
          <Button type="primary" onClick={() => void save()} loading={busy === 'save'} disabled={busy === 'signOut'} data-testid="forced-password-submit">
            {t('login.passwordChange.submit')}
          </Button>
        </>
      }
    >
      <Alert type="warning" className={styles.intro} content={t('login.passwordChange.intro')} />
      <PasswordChangeForm form={form} oldLabel={t('login.passwordChange.old')} />
    </Modal>
  );
}
