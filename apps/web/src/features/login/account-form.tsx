import { Input } from '@arco-design/web-react';
import { IconLock, IconUser } from '@arco-design/web-react/icon';
import type { captchaSchema } from '@atrium/contracts/calls/auth';
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { z } from 'zod';
import { call, endpoints, type ApiError } from '../../lib/api';
import { applyServerErrors } from '../../lib/form-rules';
import { useT } from '../../lib/i18n';
import { Field } from './field';
import type { LoginConfig } from './login-config';
import styles from './login-page.module.css';
import { loadFieldSchemas, useFields } from './use-fields';

interface AccountValues {
  username: string;
  password: string;
  captchaId?: string;
  captcha?: string;
  rememberMe: boolean;
}

export interface AccountFormHandle {
  validate: () => Promise<AccountValues | null>;
  handleError: (error: ApiError) => void;
  /** Back from the second step: the password again (and a new captcha, the last one being used). */
  restart: () => void;
}

type Captcha = z.output<typeof captchaSchema>;

type Focusable = { focus?: () => void } | null;

const FIELDS = ['username', 'password', 'captcha'] as const;
const WITHOUT_CAPTCHA = ['username', 'password'] as const;
/** The rules (zod and the contracts) load when the user first reaches a field, not with the page. */
const preloadRules = () => void loadFieldSchemas().catch(() => undefined);

export const AccountForm = forwardRef<AccountFormHandle, { defaults: LoginConfig }>(function AccountForm({ defaults }, ref) {
  const t = useT();
  // The captcha row appears when the server first asks for it and stays for the page's life.
  const [captchaShown, setCaptchaShown] = useState(false);
  const fields = useFields(FIELDS, { username: defaults.username }, captchaShown ? FIELDS : WITHOUT_CAPTCHA);
  const [rememberMe, setRememberMe] = useState(defaults.rememberMe);
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [captchaLoading, setCaptchaLoading] = useState(false);
  const passwordRef = useRef<Focusable>(null);
  const captchaRef = useRef<Focusable>(null);
  const captchaShownRef = useRef(false);
  const { set, setError, validate, values, errors, blur } = fields;

  const loadCaptcha = useCallback(async () => {
    setCaptchaLoading(true);
    set('captcha', '');
    try {
      // Never de-duplicated or cached (each answer is a new captcha), and sent without a token (a public call).
      setCaptcha(await call(endpoints.auth.captcha, {}, { dedupe: false }));
    } catch {
      setCaptcha(null);
    } finally {
      setCaptchaLoading(false);
    }
  }, [set]);

  // A captcha is fetched again when its ttl runs out.
  useEffect(() => {
    if (!captcha?.ttl) return;
    const timer = setTimeout(() => void loadCaptcha(), captcha.ttl * 1000);
    return () => clearTimeout(timer);
  }, [captcha, loadCaptcha]);

  useImperativeHandle(
    ref,
    () => ({
      validate: async () => {
        if (!(await validate())) return null;
        const out: AccountValues = { username: values.username.trim(), password: values.password, rememberMe };
        if (captchaShownRef.current && captcha) {
          out.captchaId = captcha.id;
          out.captcha = values.captcha.trim();
        }
        return out;
      },
      handleError: (error) => {
        const key = error.key;
        if (key === 'CAPTCHA_REQUIRED' && !captchaShownRef.current) {
          captchaShownRef.current = true;
          setCaptchaShown(true);
          void loadCaptcha().then(() => captchaRef.current?.focus?.());
          return;
        }
        applyServerErrors(fields, error);
        if (key === 'INVALID_CREDENTIALS' || key === 'FORBIDDEN') {
          set('password', '');
          setTimeout(() => passwordRef.current?.focus?.(), 0);
        }
        if (key === 'CAPTCHA_INVALID') setError('captcha', error.message || t('login.error.captchaInvalid'));
        // A captcha is single-use: every failed attempt while it is shown gets a new image.
        if (captchaShownRef.current) void loadCaptcha();
        if (key === 'CAPTCHA_INVALID') setTimeout(() => captchaRef.current?.focus?.(), 0);
      },
      restart: () => {
        set('password', '');
        if (captchaShownRef.current) void loadCaptcha();
        setTimeout(() => passwordRef.current?.focus?.(), 0);
      },
    }),
    [validate, values, rememberMe, captcha, loadCaptcha, set, setError, fields, t],
  );

  const describedBy = (name: string) => (errors[name as keyof typeof errors] ? `${name}-error` : undefined);

  return (
    <div className={styles.form} onFocus={preloadRules}>
      <Field id="username" error={errors.username}>
        <Input
          prefix={<IconUser />}
          placeholder={t('login.form.username.placeholder')}
          autoComplete="username"
          maxLength={64}
          value={values.username}
          onChange={(v) => set('username', v)}
          onBlur={() => blur('username')}
          status={errors.username ? 'error' : undefined}
          aria-label={t('login.form.username.placeholder')}
          aria-invalid={!!errors.username}
          aria-describedby={describedBy('username')}
          name="username"
        />
      </Field>
      <Field id="password" error={errors.password}>
        <Input.Password
          ref={(node: Focusable) => {
            passwordRef.current = node;
          }}
          prefix={<IconLock />}
          allowClear
          placeholder={t('login.form.password.placeholder')}
          autoComplete="current-password"
          value={values.password}
          onChange={(v) => set('password', v)}
          onBlur={() => blur('password')}
          status={errors.password ? 'error' : undefined}
          aria-label={t('login.form.password.placeholder')}
          aria-invalid={!!errors.password}
          aria-describedby={describedBy('password')}
          name="password"
        />
      </Field>
      {captchaShown ? (
        <Field id="captcha" error={errors.captcha}>
          <Input
            ref={(node: Focusable) => {
              captchaRef.current = node;
            }}
            placeholder={t('login.form.captcha.placeholder')}
            maxLength={8}
            allowClear
            autoComplete="off"
            value={values.captcha}
            onChange={(v) => set('captcha', v)}
            onBlur={() => blur('captcha')}
              status={errors.captcha ? 'error' : undefined}
            aria-label={t('login.form.captcha.placeholder')}
            aria-invalid={!!errors.captcha}
            aria-describedby={describedBy('captcha')}
            name="captcha"
            className={styles.captchaInput}
            addAfter={
              <button
                type="button"
                className={`${styles.captchaButton} ${captchaLoading ? styles.captchaLoading : ''}`}
                onClick={() => void loadCaptcha()}
                title={t('login.form.captcha.refresh')}
                aria-label={t('login.form.captcha.refresh')}
                aria-busy={captchaLoading}
                data-testid="captcha-image"
              >
                {captcha ? <img src={captcha.image} alt={t('login.form.captcha.alt')} className={styles.captchaImage} /> : <span className={styles.captchaImage} />}
              </button>
            }
          />
        </Field>
      ) : null}
      <label className={styles.remember}>
        <input type="checkbox" checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} name="rememberMe" />
        <span>{t('login.form.rememberMe')}</span>
      </label>
    </div>
  );
});
