import { Button, Form, Input, Message, Spin } from '@arco-design/web-react';
import { IconCopy } from '@arco-design/web-react/icon';
import { twoStepEnableBodySchema, type TwoStepSetup } from '@atrium/contracts/calls/two-step';
import { errorMessages } from '@atrium/contracts/messages/errors';
import { useCallback, useEffect, useRef, useState } from 'react';
import { call, endpoints, isApiError } from '../../lib/api';
import { applyServerErrors, zodRule } from '../../lib/form-rules';
import { useLocale, useT } from '../../lib/i18n';
import { TwoStepQrCode } from './qr-code';
import { RecoveryCodes } from './recovery-codes';
import styles from './two-step.module.css';

type Step = { kind: 'loading' } | { kind: 'failed' } | { kind: 'scan'; setup: TwoStepSetup } | { kind: 'codes'; codes: string[] };

/** A base32 secret in groups of four, as people type it into an app (the apps ignore the spaces). */
export const groupSecret = (secret: string) => secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');

/** Six digits at most, whatever is typed or pasted ("123 456" too: hence no maxLength on the field). */
const digits = (value?: string) => (value ?? '').replace(/\D/g, '').slice(0, 6);

interface TwoStepEnrolmentProps {
  /** Turned on: the recovery codes are on screen now (what shows the status may refresh). */
  onEnabled?: () => void;
  /** The recovery codes are saved: the caller closes or goes on. */
  onDone: () => void;
}

/**
 * Turning two-step verification on: a pending secret from the server, drawn as a QR code here from its
 * otpauth URI and written out for typing in, then a code of the app to prove it, then the ten recovery
 * codes, once. Used by 安全设置 and by the enrolment a role requires (no query cache there: plain calls).
 */
export function TwoStepEnrolment({ onEnabled, onDone }: TwoStepEnrolmentProps) {
  const t = useT();
  const locale = useLocale();
  const [form] = Form.useForm<{ code: string }>();
  const [step, setStep] = useState<Step>({ kind: 'loading' });
  const [confirming, setConfirming] = useState(false);
  const started = useRef(false);

  const start = useCallback(async () => {
    setStep({ kind: 'loading' });
    try {
      setStep({ kind: 'scan', setup: await call(endpoints.twoStep.setup) });
    } catch {
      // The transport toasted why (MFA_ALREADY_ENABLED among others); the step offers to try again.
      setStep({ kind: 'failed' });
    }
  }, []);

  // Once per opening: each setup replaces the pending secret, so a second one (StrictMode runs effects
  // twice; the ref survives that) would make the code drawn first useless.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void start();
  }, [start]);

  const confirm = async ({ code }: { code: string }) => {
    setConfirming(true);
    try {
      const { recoveryCodes } = await call(endpoints.twoStep.enable, { body: { code: code.trim() } }, { expectedErrors: ['MFA_CODE_INVALID'] });
      setStep({ kind: 'codes', codes: recoveryCodes });
      Message.success(t('twoStep.enrol.enabled'));
      onEnabled?.();
    } catch (error) {
      // A wrong code (or one the app made before its clock was right) goes on the field, emptied for the next.
      if (isApiError(error) && error.key === 'MFA_CODE_INVALID') {
        form.setFields({ code: { value: '', error: { message: error.message || errorMessages[locale].MFA_CODE_INVALID } } });
      } else applyServerErrors(form, error);
    } finally {
      setConfirming(false);
    }
  };

  const copySecret = async (secret: string) => {
    try {
      await navigator.clipboard.writeText(secret);
      Message.success(t('twoStep.enrol.secretCopied'));
    } catch {
      Message.error(t('twoStep.copyFailed'));
    }
  };

  if (step.kind === 'loading') {
    return (
      <div className={styles.center} role="status">
        <Spin tip={t('twoStep.enrol.loading')} />
      </div>
    );
  }
  if (step.kind === 'failed') {
    return (
      <div className={styles.center}>
        <p className={styles.muted}>{t('twoStep.enrol.setupFailed')}</p>
        <Button onClick={() => void start()}>{t('twoStep.enrol.retry')}</Button>
      </div>
    );
  }
  if (step.kind === 'codes') return <RecoveryCodes codes={step.codes} onDone={onDone} />;

  const { secret, otpauthUri } = step.setup;
  return (
    <div className={styles.step}>
      <p className={styles.text}>{t('twoStep.enrol.scan')}</p>
      <div className={styles.qrFrame}>
        <TwoStepQrCode value={otpauthUri} label={t('twoStep.enrol.qrLabel')} />
      </div>
      <p className={styles.text}>{t('twoStep.enrol.manual')}</p>
      <div className={styles.secretRow}>
        {/* Selecting the key selects all of it (a copy by hand); the button copies it without the spaces. */}
        <code className={styles.secret} data-testid="two-step-secret">
          {groupSecret(secret)}
        </code>
        <Button icon={<IconCopy />} onClick={() => void copySecret(secret.replace(/\s+/g, ''))}>
          {t('twoStep.enrol.copySecret')}
        </Button>
      </div>
      <Form id="two-step-enrolment" form={form} layout="vertical" autoComplete="off" onSubmit={(values) => void confirm(values)} className={styles.codeForm}>
        <Form.Item label={t('twoStep.enrol.enterCode')} field="code" required rules={[zodRule(twoStepEnableBodySchema.shape.code, t)]} normalize={digits}>
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder={t('twoStep.enrol.code')}
            aria-label={t('twoStep.enrol.code')}
            className={styles.codeInput}
            data-testid="two-step-enrol-code"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={confirming} data-testid="two-step-enrol-confirm">
          {t('twoStep.enrol.confirm')}
        </Button>
      </Form>
    </div>
  );
}
