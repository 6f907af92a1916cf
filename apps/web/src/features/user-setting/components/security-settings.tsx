import { Button } from '@arco-design/web-react';
import { useState } from 'react';
import { useT } from '../../../lib/i18n';
import { useSession } from '../../../stores/session';
import { maskEmail, maskPhone } from '../lib/mask';
import styles from '../user-setting.module.css';
import { TwoStepSecurityRow } from './two-step-settings';
import { PasswordDialog, PhoneDialog, QuestionDialog } from './security-dialogs';
import { SignedInDevices } from './signed-in-devices';

type Dialog = 'password' | 'question' | 'phone' | null;

/**
 * 安全设置 (security settings): four rows whose states come from the profile (every link acts), the
 * two-step verification row (its own status call), then 登录设备. An account made by company sign-in has
 * no password here and its provider owns the second factor: one line says so in place of those two rows.
 */
export function SecuritySettings({ onEditEmail }: { onEditEmail: () => void }) {
  const t = useT();
  const user = useSession((s) => s.user);
  const [dialog, setDialog] = useState<Dialog>(null);
  const company = user?.source === 'oidc';
  const rows = [
    ...(company
      ? []
      : [
          {
            key: 'password',
            label: t('userSetting.security.password'),
            status: t('userSetting.security.password.description'),
            set: true,
            action: () => setDialog('password'),
          },
        ]),
    {
      key: 'question',
      label: t('userSetting.security.question'),
      status: t(user?.securityQuestionSet ? 'userSetting.security.question.set' : 'userSetting.security.question.unset'),
      set: !!user?.securityQuestionSet,
      action: () => setDialog('question'),
    },
    {
      key: 'phone',
      label: t('userSetting.security.phone'),
      // A company account signs in at its provider only: the number is a contact, not a way in.
      status: user?.phone ? t('userSetting.security.phone.bound', { phone: maskPhone(user.phone) }) : t(company ? 'userSetting.security.phone.unboundCompany' : 'userSetting.security.phone.unbound'),
      set: !!user?.phone,
      action: () => setDialog('phone'),
    },
    {
      key: 'email',
      label: t('userSetting.security.email'),
      status: user?.email ? t('userSetting.security.email.bound', { email: maskEmail(user.email) }) : t('userSetting.security.email.unset'),
      set: !!user?.email,
      action: onEditEmail,
    },
  ];
  return (
    <>
      <ul className={styles.securityList}>
        {company ? (
          <li className={styles.securityRow} data-testid="security-company">
            <span className={styles.securityLabel}>{t('userSetting.security.company')}</span>
            <span className={styles.securityStatus}>{t('userSetting.security.company.description')}</span>
          </li>
        ) : null}
        {rows.map((row) => (
          <li key={row.key} className={styles.securityRow}>
            <span className={styles.securityLabel}>{row.label}</span>
            <span className={row.set ? styles.securityStatus : styles.securityTip}>{row.status}</span>
            <Button type="text" size="small" className={styles.securityLink} onClick={row.action} aria-label={`${row.label} ${t(row.set ? 'userSetting.security.button.update' : 'userSetting.security.button.settings')}`}>
              {t(row.set ? 'userSetting.security.button.update' : 'userSetting.security.button.settings')}
            </Button>
          </li>
        ))}
        {company ? null : <TwoStepSecurityRow />}
      </ul>
      <SignedInDevices />
      {company ? null : <PasswordDialog visible={dialog === 'password'} onClose={() => setDialog(null)} />}
      <QuestionDialog visible={dialog === 'question'} onClose={() => setDialog(null)} />
      <PhoneDialog visible={dialog === 'phone'} onClose={() => setDialog(null)} />
    </>
  );
}
