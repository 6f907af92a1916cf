import { Button, Input } from '@arco-design/web-react';
import type { signedInSchema } from '@atrium/contracts/calls/two-step';
import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { call, endpoints, isApiError } from '../../lib/api';
import { applyServerErrors } from '../../lib/form-rules';
import { useT } from '../../lib/i18n';
import { Field } from './field';
import styles from './login-page.module.css';
import { loadFieldSchemas, useFields } from './use-fields';

/** The session a sign-in ends with (the second step's answer; the first step's when no second is asked). */
export type SignedIn = z.output<typeof signedInSchema>;

type Mode = 'code' | 'recovery';
type Focusable = { focus?: () => void } | null;

const FIELDS = ['totp', 'recoveryCode'] as const;
const fieldOf = { code: 'totp', recovery: 'recoveryCode' } as const;
const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, 6);

interface SecondStepProps {
  /** The first step's ticket: good for 5 minutes and a few wrong codes. */
  ticket: string;
  onSignedIn: (session: SignedIn) => void;
  /** Back to the first step: by choice (no message), or because the ticket is void (the server's message). */
  onRestart: (message: string | null) => void;
}

/**
 * The second step of a sign-in with two-step verification: the 6-digit code of the authenticator app,
 * or (使用恢复码) one of the recovery codes. A void ticket (expired, or too many wrong codes) starts the
 * sign-in over; a wrong code stays on its field. The same light form mechanics as the first step.
 */
export function SecondStep({ ticket, onSignedIn, onRestart }: SecondStepProps) {
  const t = useT();
  const [mode, setMode] = useState<Mode>('code');
  const field = fieldOf[mode];
  const fields = useFields(FIELDS, {}, [field]);
  const { values, errors, set, validate, setError, setFields, blur } = fields;
  const [submitting, setSubmitting] = useState(false);
  // Set at once (the state lags a render behind): Enter twice sends one code, which is good only once.
  const busy = useRef(false);
  const input = useRef<Focusable>(null);

  // The field takes the cursor when the step shows and when the kind of code changes; its rules load now.
  useEffect(() => {
    input.current?.focus?.();
    void loadFieldSchemas().catch(() => undefined);
  }, [mode]);

  const switchMode = () => {
    setError(field, undefined);
    setMode(mode === 'code' ? 'recovery' : 'code');
  };

  const submit = async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      if (!(await validate())) return;
      setSubmitting(true);
      const body = mode === 'code' ? { mfaTicket: ticket, code: values.totp.trim() } : { mfaTicket: ticket, recoveryCode: values.recoveryCode.trim() };
      // With the browser's cookies: the answer that opens the session sets its document cookie (lib/document-cookie.ts).
      const session = await call(endpoints.twoStep.loginStep, { body }, { expectedErrors: ['MFA_CODE_INVALID', 'MFA_TICKET_INVALID'], cookies: true });
      onSignedIn(session);
    } catch (error) {
      if (!isApiError(error)) return;
      if (error.key === 'MFA_TICKET_INVALID') {
        onRestart(error.message || t('login.twoStep.error.ticketInvalid'));
        return;
      }
      if (error.key === 'MFA_CODE_INVALID') {
        set(field, '');
        setError(field, error.message || t('login.twoStep.error.codeInvalid'));
        setTimeout(() => input.current?.focus?.(), 0);
        return;
      }
      // The server names the code field `code`; here it is this step's field.
      applyServerErrors({ setFields: (issues) => setFields(Object.fromEntries(Object.entries(issues).map(([path, issue]) => [path === 'code' ? 'totp' : path, issue]))) }, error);
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  };

  const ref = (node: Focusable) => {
    input.current = node;
  };
  const describedBy = `login-two-step-intro${errors[field] ? ` ${field}-error` : ''}`;

  return (
    <form
      noValidate
      aria-labelledby="login-two-step-title"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      data-testid="login-two-step-step"
    >
      <h2 id="login-two-step-title" className={styles.stepTitle}>
        {t('login.twoStep.title')}
      </h2>
      <p id="login-two-step-intro" className={styles.stepIntro}>
        {t(mode === 'code' ? 'login.twoStep.codeIntro' : 'login.twoStep.recoveryIntro')}
      </p>
      <div className={styles.form}>
        {mode === 'code' ? (
          <Field id="totp" error={errors.totp}>
            <Input
              ref={ref}
              placeholder={t('login.twoStep.code.placeholder')}
              // No maxLength: a code pasted as "123 456" would lose its last digit to it; onChange keeps six digits.
              inputMode="numeric"
              autoComplete="one-time-code"
              value={values.totp}
              onChange={(v) => set('totp', digitsOnly(v))}
              onBlur={() => blur('totp')}
              status={errors.totp ? 'error' : undefined}
              aria-label={t('login.twoStep.code.placeholder')}
              aria-invalid={!!errors.totp}
              aria-describedby={describedBy}
              name="code"
            />
          </Field>
        ) : (
          <Field id="recoveryCode" error={errors.recoveryCode}>
            <Input
              ref={ref}
              placeholder={t('login.twoStep.recoveryCode.placeholder')}
              maxLength={32}
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="characters"
              value={values.recoveryCode}
              onChange={(v) => set('recoveryCode', v)}
              onBlur={() => blur('recoveryCode')}
              status={errors.recoveryCode ? 'error' : undefined}
              aria-label={t('login.twoStep.recoveryCode.placeholder')}
              aria-invalid={!!errors.recoveryCode}
              aria-describedby={describedBy}
              name="recoveryCode"
            />
          </Field>
        )}
      </div>
      {/* As on the first step: mousedown would blur the field, and its message would move the button. */}
      <Button type="primary" htmlType="submit" long loading={submitting} onMouseDown={(e) => e.preventDefault()} data-testid="login-two-step-submit">
        {t('login.twoStep.submit')}
      </Button>
      <div className={styles.stepLinks}>
        <button type="button" className={styles.linkButton} onClick={switchMode} data-testid="login-two-step-switch">
          {t(mode === 'code' ? 'login.twoStep.useRecovery' : 'login.twoStep.useCode')}
        </button>
        <button type="button" className={styles.linkButton} onClick={() => onRestart(null)} data-testid="login-two-step-back">
          {t('login.twoStep.back')}
        </button>
      </div>
    </form>
  );
}
