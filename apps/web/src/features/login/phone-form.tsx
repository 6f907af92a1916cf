import { Button, Form, Input, Message } from '@arco-design/web-react';
import { forwardRef, useImperativeHandle, useRef, useState } from 'react';
import { api, isApiError, type ApiError } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import styles from './login-page.module.css';
import { digitsOnly, matches, PHONE_PATTERN, requiredTrimmed, SMS_CODE_PATTERN } from './login-rules';

export interface PhoneValues {
  tel: string;
  code: string;
}

export interface PhoneFormHandle {
  validate: () => Promise<PhoneValues | null>;
  handleError: (error: ApiError) => void;
}

interface PhoneFormProps {
  onSubmit: () => void;
  /** Seconds left before another code may be requested (owned by the page). */
  countdown: number;
  onCodeSent: () => void;
}

type RefLike = { focus?: () => void } | null;

export const PhoneForm = forwardRef<PhoneFormHandle, PhoneFormProps>(function PhoneForm({ onSubmit, countdown, onCodeSent }, ref) {
  const t = useT();
  const [form] = Form.useForm<{ tel?: string; code?: string }>();
  const [sending, setSending] = useState(false);
  const codeRef = useRef<RefLike>(null);

  const putFieldErrors = (error: ApiError) => {
    const fields: Record<string, { error: { message: string } }> = {};
    for (const issue of error.fieldIssues) {
      const name = issue.path.split('.')[0] ?? issue.path;
      if (name === 'tel' || name === 'code') fields[name] = { error: { message: issue.message } };
    }
    form.setFields(fields);
  };

  const sendCode = async () => {
    try {
      await form.validate(['tel']);
    } catch {
      return;
    }
    setSending(true);
    try {
      await api.post('/api/login/captcha', { tel: String(form.getFieldValue('tel') ?? '').trim() }, { cache: false, auth: false });
      onCodeSent();
      setTimeout(() => codeRef.current?.focus?.(), 0);
      Message.success({ id: 'smsSent', content: t('login.form.codeSent') });
    } catch (error) {
      // The transport already toasted the server's message; the button is enabled again at once.
      if (isApiError(error) && error.key === 'VALIDATION_FAILED') putFieldErrors(error);
    } finally {
      setSending(false);
    }
  };

  useImperativeHandle(ref, () => ({
    validate: async () => {
      try {
        const values = await form.validate();
        return { tel: String(values.tel ?? '').trim(), code: String(values.code ?? '').trim() };
      } catch {
        return null;
      }
    },
    handleError: (error) => {
      if (error.key === 'VALIDATION_FAILED') putFieldErrors(error);
      if (error.key === 'INVALID_CREDENTIALS' || error.key === 'CAPTCHA_INVALID') {
        form.setFields({ code: { value: '', error: error.key === 'CAPTCHA_INVALID' ? { message: error.message || t('login.error.captchaInvalid') } : undefined } });
        setTimeout(() => codeRef.current?.focus?.(), 0);
      }
    },
  }));

  return (
    <Form form={form} layout="vertical" className={styles.form}>
      <Form.Item
        field="tel"
        validateTrigger={['onBlur']}
        normalize={(value: string | undefined) => digitsOnly(value ?? '', 11)}
        rules={[requiredTrimmed(t('login.form.phone.errMsg')), matches(PHONE_PATTERN, t('login.form.phone.invalid'))]}
      >
        <Input
          addBefore={t('login.form.phone.prefix')}
          placeholder={t('login.form.phone.placeholder')}
          maxLength={11}
          inputMode="numeric"
          autoComplete="tel-national"
          onPressEnter={onSubmit}
          aria-label={t('login.form.phone.placeholder')}
          name="tel"
        />
      </Form.Item>
      <Form.Item noStyle>
        <div className={styles.codeRow}>
          <Form.Item
            field="code"
            validateTrigger={['onBlur']}
            normalize={(value: string | undefined) => digitsOnly(value ?? '', 6)}
            rules={[requiredTrimmed(t('login.form.smsCode.errMsg')), matches(SMS_CODE_PATTERN, t('login.form.smsCode.invalid'))]}
            className={styles.codeField}
          >
            <Input
              ref={(node: RefLike) => {
                codeRef.current = node;
              }}
              placeholder={t('login.form.smsCode.placeholder')}
              maxLength={6}
              inputMode="numeric"
              autoComplete="one-time-code"
              onPressEnter={onSubmit}
              aria-label={t('login.form.smsCode.placeholder')}
              name="code"
            />
          </Form.Item>
          <Button className={styles.codeButton} disabled={countdown > 0} loading={sending} onClick={sendCode} onMouseDown={(e) => e.preventDefault()} data-testid="sms-send">
            {countdown > 0 ? t('login.form.resend', { n: countdown }) : t('login.form.getCode')}
          </Button>
        </div>
      </Form.Item>
    </Form>
  );
});
