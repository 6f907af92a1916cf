import { Button, Input, Message } from '@arco-design/web-react';
import { forwardRef, useImperativeHandle, useRef, useState } from 'react';
import { call, endpoints, type ApiError } from '../../lib/api';
import { applyServerErrors } from '../../lib/form-rules';
import { useT } from '../../lib/i18n';
import { Field } from './field';
import styles from './login-page.module.css';
import { loadFieldSchemas, useFields } from './use-fields';

interface PhoneValues {
  tel: string;
  code: string;
}

export interface PhoneFormHandle {
  validate: () => Promise<PhoneValues | null>;
  handleError: (error: ApiError) => void;
  /** Back from the second step: the SMS code was used, so a new one is needed. */
  restart: () => void;
}

interface PhoneFormProps {
  /** Seconds left before another code may be requested (owned by the page). */
  countdown: number;
  /** With the answer's `resendAfter`. */
  onCodeSent: (resendAfter: number) => void;
}

type Focusable = { focus?: () => void } | null;

const FIELDS = ['tel', 'code'] as const;
const preloadRules = () => void loadFieldSchemas().catch(() => undefined);

/** Keeps digits only (the phone and code inputs). */
const digitsOnly = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

export const PhoneForm = forwardRef<PhoneFormHandle, PhoneFormProps>(function PhoneForm({ countdown, onCodeSent }, ref) {
  const t = useT();
  const fields = useFields(FIELDS);
  const { values, errors, set, validate, setError, blur } = fields;
  const [sending, setSending] = useState(false);
  const codeRef = useRef<Focusable>(null);

  const sendCode = async () => {
    if (!(await validate(['tel']))) return;
    setSending(true);
    try {
      const { resendAfter } = await call(endpoints.auth.smsCode, { body: { tel: values.tel.trim() } });
      onCodeSent(resendAfter);
      Message.success({ id: 'smsSent', content: t('login.form.codeSent') });
      setTimeout(() => codeRef.current?.focus?.(), 0);
    } catch (error) {
      // The transport already toasted the server's message; the button is enabled again at once.
      applyServerErrors(fields, error);
    } finally {
      setSending(false);
    }
  };

  useImperativeHandle(ref, () => ({
    validate: async () => ((await validate()) ? { tel: values.tel.trim(), code: values.code.trim() } : null),
    handleError: (error) => {
      applyServerErrors(fields, error);
      if (error.key === 'INVALID_CREDENTIALS' || error.key === 'CAPTCHA_INVALID') {
        set('code', '');
        if (error.key === 'CAPTCHA_INVALID') setError('code', error.message || t('login.error.captchaInvalid'));
        setTimeout(() => codeRef.current?.focus?.(), 0);
      }
    },
    restart: () => {
      set('code', '');
      setTimeout(() => codeRef.current?.focus?.(), 0);
    },
  }));

  return (
    <div className={styles.form} onFocus={preloadRules}>
      <Field id="tel" error={errors.tel}>
        <Input
          addBefore={t('login.form.phone.prefix')}
          placeholder={t('login.form.phone.placeholder')}
          maxLength={11}
          inputMode="numeric"
          autoComplete="tel-national"
          value={values.tel}
          onChange={(v) => set('tel', digitsOnly(v, 11))}
          onBlur={() => blur('tel')}
          status={errors.tel ? 'error' : undefined}
          aria-label={t('login.form.phone.placeholder')}
          aria-invalid={!!errors.tel}
          name="tel"
        />
      </Field>
      <div className={styles.codeRow}>
        <div className={styles.codeField}>
          <Field id="code" error={errors.code}>
            <Input
              ref={(node: Focusable) => {
                codeRef.current = node;
              }}
              placeholder={t('login.form.smsCode.placeholder')}
              maxLength={6}
              inputMode="numeric"
              autoComplete="one-time-code"
              value={values.code}
              onChange={(v) => set('code', digitsOnly(v, 6))}
              onBlur={() => blur('code')}
                  status={errors.code ? 'error' : undefined}
              aria-label={t('login.form.smsCode.placeholder')}
              aria-invalid={!!errors.code}
              name="code"
            />
          </Field>
        </div>
        {/* mousedown would blur the phone field first and its message would move this button away. */}
        <Button className={styles.codeButton} disabled={countdown > 0} loading={sending} onClick={sendCode} onMouseDown={(e) => e.preventDefault()} data-testid="sms-send">
          {countdown > 0 ? t('login.form.resend', { n: countdown }) : t('login.form.getCode')}
        </Button>
      </div>
    </div>
  );
});
