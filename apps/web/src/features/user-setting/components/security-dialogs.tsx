import { Button, Form, Input, Message, Select } from '@arco-design/web-react';
import { phoneCodeBodySchema, bindPhoneBodySchema, securityQuestionBodySchema, securityQuestions } from '@atrium/contracts/calls/auth';
import { useMutation } from '@tanstack/react-query';
import { PasswordChangeForm, readPasswordChange, type PasswordChangeBody, type PasswordChangeValues } from '../../../components/password-change-form';
import { isApiError } from '../../../lib/api';
import { applyServerErrors, zodRule } from '../../../lib/form-rules';
import { useT } from '../../../lib/i18n';
import { useCountdown } from '../../../lib/use-countdown';
import { refreshUserInfo, useSession } from '../../../stores/session';
import { bindPhone, changePassword, sendPhoneCode, setSecurityQuestion, type SecurityQuestion } from '../api/user-setting-queries';
import styles from '../user-setting.module.css';
import { DialogModal } from '../../../components/dialog-modal';

type QuestionValues = { question: SecurityQuestion; answer: string };
type PhoneValues = { tel: string; code: string };

interface DialogProps {
  visible: boolean;
  onClose: () => void;
}

async function validated<T>(form: { validate: () => Promise<Partial<T>> }): Promise<T | null> {
  try {
    return (await form.validate()) as T;
  } catch {
    return null;
  }
}

/** 修改登录密码: the old password is checked by the server (a field error, never 401); other sessions end. */
export function PasswordDialog({ visible, onClose }: DialogProps) {
  const t = useT();
  const [form] = Form.useForm<PasswordChangeValues>();
  const save = useMutation({
    mutationFn: ({ oldPassword, newPassword }: PasswordChangeBody) => changePassword(oldPassword, newPassword),
    onSuccess: () => {
      Message.success(t('userSetting.password.success'));
      onClose();
    },
    onError: (error) => applyServerErrors(form, error),
  });
  return (
    <DialogModal
      title={t('userSetting.password.title')}
      visible={visible}
      style={{ width: 480, maxWidth: '100%' }}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={async () => {
        const body = await readPasswordChange(form);
        if (body) save.mutate(body);
      }}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      unmountOnExit
    >
      <PasswordChangeForm form={form} />
    </DialogModal>
  );
}

/** 设置密保问题: only a hash of the trimmed, lower-cased answer is stored by the server. */
export function QuestionDialog({ visible, onClose }: DialogProps) {
  const t = useT();
  const [form] = Form.useForm<QuestionValues>();
  const shape = securityQuestionBodySchema.shape;
  const save = useMutation({
    mutationFn: ({ question, answer }: QuestionValues) => setSecurityQuestion(question, answer.trim()),
    onSuccess: async () => {
      Message.success(t('common.saveSuccess'));
      onClose();
      await refreshUserInfo();
    },
    onError: (error) => applyServerErrors(form, error),
  });
  return (
    <DialogModal
      title={t('userSetting.question.title')}
      visible={visible}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={async () => {
        const values = await validated<QuestionValues>(form);
        if (values) save.mutate(values);
      }}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      unmountOnExit
    >
      <Form id="security-question" form={form} layout="vertical" autoComplete="off">
        <Form.Item label={t('userSetting.question.label')} field="question" required rules={[zodRule(shape.question, t)]}>
          <Select placeholder={t('userSetting.question.placeholder')} options={securityQuestions.map((value) => ({ value, label: t(`userSetting.question.option.${value}`) }))} />
        </Form.Item>
        <Form.Item label={t('userSetting.question.answer')} field="answer" required rules={[zodRule(shape.answer, t)]}>
          <Input />
        </Form.Item>
      </Form>
    </DialogModal>
  );
}

/** 修改安全手机: a code sent to the new number proves it; the server's resend countdown, like the login page. */
export function PhoneDialog({ visible, onClose }: DialogProps) {
  const t = useT();
  const current = useSession((s) => s.user?.phone ?? '');
  const [form] = Form.useForm<PhoneValues>();
  const [left, setLeft] = useCountdown();
  const telRules = [
    zodRule(phoneCodeBodySchema.shape.tel, t),
    { validator: (value: unknown, cb: (e?: string) => void) => cb(value && value === current ? t('userSetting.phone.same') : undefined) },
  ];
  const send = useMutation({
    mutationFn: (tel: string) => sendPhoneCode(tel),
    onSuccess: ({ resendAfter }) => {
      setLeft(resendAfter);
      Message.success(t('login.form.codeSent'));
    },
    onError: (error) => applyServerErrors(form, error),
  });
  const bind = useMutation({
    mutationFn: ({ tel, code }: { tel: string; code: string }) => bindPhone(tel, code),
    onSuccess: async (updated) => {
      useSession.getState().setUser(updated);
      Message.success(t('userSetting.phone.success'));
      onClose();
      await refreshUserInfo();
    },
    onError: (error) => {
      if (isApiError(error) && error.key === 'CAPTCHA_INVALID') form.setFields({ code: { error: { message: error.message || t('login.error.captchaInvalid') } } });
      else applyServerErrors(form, error);
    },
  });
  const digits = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);
  return (
    <DialogModal
      title={t('userSetting.phone.title')}
      visible={visible}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={bind.isPending}
      onOk={async () => {
        const values = await validated<PhoneValues>(form);
        if (values) bind.mutate(values);
      }}
      onCancel={onClose}
      afterClose={() => {
        form.resetFields();
        // The server limits codes per number; a new dialog may ask for another number at once.
        setLeft(0);
      }}
      unmountOnExit
    >
      <Form id="security-phone" form={form} layout="vertical" autoComplete="off">
        <Form.Item label={t('userSetting.phone.new')} field="tel" required rules={telRules} normalize={(v?: string) => digits(v ?? '', 11)}>
          <Input addBefore={t('login.form.phone.prefix')} inputMode="numeric" maxLength={11} />
        </Form.Item>
        <Form.Item label={t('userSetting.phone.code')} required>
          <div className={styles.codeRow}>
            <Form.Item field="code" noStyle rules={[zodRule(bindPhoneBodySchema.shape.code, t)]} normalize={(v?: string) => digits(v ?? '', 6)}>
              <Input inputMode="numeric" maxLength={6} autoComplete="one-time-code" aria-label={t('userSetting.phone.code')} />
            </Form.Item>
            <Button
              className={styles.codeButton}
              disabled={left > 0}
              loading={send.isPending}
              onClick={async () => {
                try {
                  const { tel } = await form.validate(['tel']);
                  send.mutate(tel ?? '');
                } catch {
                  // the phone field shows why
                }
              }}
            >
              {left > 0 ? t('login.form.resend', { n: left }) : t('login.form.getCode')}
            </Button>
          </div>
        </Form.Item>
      </Form>
    </DialogModal>
  );
}
