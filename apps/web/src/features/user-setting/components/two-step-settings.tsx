import { Alert, Button, Form, Input, Message, Tooltip } from '@arco-design/web-react';
import { twoStepConfirmBodySchema, type TwoStepConfirmBody } from '@atrium/contracts/calls/two-step';
import { errorMessages } from '@atrium/contracts/messages/errors';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../../lib/api';
import { TwoStepEnrolment } from '../../two-step/enrolment';
import { RecoveryCodes } from '../../two-step/recovery-codes';
import { applyServerErrors, zodRule } from '../../../lib/form-rules';
import { useLocale, useT } from '../../../lib/i18n';
import { refreshUserInfo } from '../../../stores/session';
import { disableTwoStep, twoStepStatusKey, twoStepStatusQuery, newRecoveryCodes } from '../api/user-setting-queries';
import styles from '../user-setting.module.css';
import { DialogDrawer } from '../../../components/dialog-drawer';
import { DialogModal } from '../../../components/dialog-modal';

type Dialog = 'enable' | 'disable' | 'newCodes' | null;

/**
 * 两步验证, a row of 安全设置: on or off (with the recovery codes left) from the status call. Off: 开启
 * opens the enrolment in a drawer. On: 重新生成恢复码 and 关闭, each confirmed with the password and a
 * code; 关闭 is disabled while the active role requires it (the server refuses it for any role of the
 * account that does, and the dialog then says so).
 */
export function TwoStepSecurityRow() {
  const t = useT();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const status = useQuery(twoStepStatusQuery());
  const [dialog, setDialog] = useState<Dialog>(null);
  // Once on, the drawer shows the recovery codes and closes only through "I have saved them".
  const [enrolled, setEnrolled] = useState(false);
  // The status row and the profile (its mfaEnabled) follow every change.
  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: twoStepStatusKey });
    void refreshUserInfo();
  };

  const label = t('userSetting.security.twoStep');
  const data = status.data;
  const text = data
    ? t(data.enabled ? 'userSetting.security.twoStep.on' : 'userSetting.security.twoStep.off', { n: data.recoveryCodesLeft })
    : t(status.isError ? 'userSetting.security.twoStep.loadFailed' : 'userSetting.security.twoStep.loading');
  const action = (key: string, onClick: () => void, testId: string) => (
    <Button type="text" size="small" onClick={onClick} aria-label={`${label} ${t(key)}`} data-testid={testId}>
      {t(key)}
    </Button>
  );

  return (
    <>
      <li className={`${styles.securityRow} ${styles.twoStepRow}`} data-testid="security-two-step">
        <span className={styles.securityLabel}>{label}</span>
        <span className={data?.enabled ? styles.securityStatus : styles.securityTip} data-testid="security-two-step-status">
          {text}
        </span>
        <span className={styles.securityActions}>
          {status.isError && !data && action('userSetting.security.twoStep.retry', () => void status.refetch(), 'security-two-step-retry')}
          {data && !data.enabled && action('userSetting.security.twoStep.enable', () => setDialog('enable'), 'security-two-step-enable')}
          {data?.enabled && action('userSetting.security.twoStep.newCodes', () => setDialog('newCodes'), 'security-two-step-new-codes')}
          {data?.enabled &&
            (data.required ? (
              <Tooltip content={errorMessages[locale].MFA_REQUIRED_BY_ROLE}>
                <Button type="text" size="small" disabled aria-label={`${label} ${t('userSetting.security.twoStep.disable')}`} data-testid="security-two-step-disable">
                  {t('userSetting.security.twoStep.disable')}
                </Button>
              </Tooltip>
            ) : (
              action('userSetting.security.twoStep.disable', () => setDialog('disable'), 'security-two-step-disable')
            ))}
        </span>
      </li>
      <DialogDrawer
        width="min(480px, 100vw)"
        title={t('twoStep.enrol.title')}
        visible={dialog === 'enable'}
        footer={null}
        closable={!enrolled}
        maskClosable={!enrolled}
        escToExit={!enrolled}
        onCancel={() => setDialog(null)}
        afterClose={() => setEnrolled(false)}
        unmountOnExit
      >
        <TwoStepEnrolment
          onEnabled={() => {
            setEnrolled(true);
            changed();
          }}
          onDone={() => setDialog(null)}
        />
      </DialogDrawer>
      <TwoStepConfirmDialog kind="disable" visible={dialog === 'disable'} onClose={() => setDialog(null)} onChanged={changed} />
      <TwoStepConfirmDialog kind="newCodes" visible={dialog === 'newCodes'} onClose={() => setDialog(null)} onChanged={changed} />
    </>
  );
}

const titles = { disable: 'userSetting.twoStep.disable.title', newCodes: 'userSetting.twoStep.newCodes.title' } as const;
const intros = { disable: 'userSetting.twoStep.disable.intro', newCodes: 'userSetting.twoStep.newCodes.intro' } as const;
const shape = twoStepConfirmBodySchema.shape;

/**
 * 关闭 or 重新生成恢复码: the current password and a code of the app (or a recovery code). New codes are
 * then shown once in the same dialog, which closes only through "I have saved them".
 */
function TwoStepConfirmDialog({ kind, visible, onClose, onChanged }: { kind: 'disable' | 'newCodes'; visible: boolean; onClose: () => void; onChanged: () => void }) {
  const t = useT();
  const locale = useLocale();
  const [form] = Form.useForm<TwoStepConfirmBody>();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: async (body: TwoStepConfirmBody) => (kind === 'disable' ? (await disableTwoStep(body), null) : (await newRecoveryCodes(body)).recoveryCodes),
    onSuccess: (recoveryCodes) => {
      onChanged();
      if (recoveryCodes) setCodes(recoveryCodes);
      else {
        Message.success(t('userSetting.twoStep.disable.success'));
        onClose();
      }
    },
    onError: (error) => {
      setRefusal(null);
      if (isApiError(error) && error.key === 'MFA_CODE_INVALID') {
        form.setFields({ code: { value: '', error: { message: error.message || errorMessages[locale].MFA_CODE_INVALID } } });
      } else if (isApiError(error) && error.key === 'MFA_REQUIRED_BY_ROLE') {
        // The server's text is in the reader's language already; the contracts' is the same words.
        setRefusal(error.message || errorMessages[locale].MFA_REQUIRED_BY_ROLE);
      } else applyServerErrors(form, error);
    },
  });
  const showingCodes = codes !== null;

  return (
    <DialogModal
      title={t(titles[kind])}
      visible={visible}
      style={{ width: 480, maxWidth: '100%' }}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={kind === 'disable' ? { status: 'danger' } : undefined}
      confirmLoading={save.isPending}
      footer={showingCodes ? null : undefined}
      closable={!showingCodes}
      maskClosable={!showingCodes}
      escToExit={!showingCodes}
      onOk={async () => {
        try {
          const { password = '', code = '' } = await form.validate();
          save.mutate({ password, code: code.trim() });
        } catch {
          // the fields say why
        }
      }}
      onCancel={onClose}
      afterClose={() => {
        form.resetFields();
        setCodes(null);
        setRefusal(null);
      }}
      unmountOnExit
    >
      {showingCodes ? (
        <RecoveryCodes codes={codes} onDone={onClose} />
      ) : (
        <>
          <p className={styles.dialogIntro}>{t(intros[kind])}</p>
          {refusal && <Alert type="error" content={refusal} className={styles.dialogAlert} data-testid="two-step-refusal" />}
          <Form id="two-step-settings" form={form} layout="vertical" autoComplete="off">
            <Form.Item label={t('userSetting.password.old')} field="password" required rules={[zodRule(shape.password, t)]}>
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <Form.Item label={t('userSetting.twoStep.code')} field="code" required rules={[zodRule(shape.code, t)]}>
              <Input autoComplete="one-time-code" maxLength={32} spellCheck={false} placeholder={t('userSetting.twoStep.code.placeholder')} />
            </Form.Item>
          </Form>
        </>
      )}
    </DialogModal>
  );
}
