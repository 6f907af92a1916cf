import { Checkbox, Form, Input, Spin, Tooltip } from '@arco-design/web-react';
import { IconLock, IconUser } from '@arco-design/web-react/icon';
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { api, type ApiError } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import type { LoginConfig } from './login-config';
import styles from './login-page.module.css';
import { matches, PASSWORD_PATTERN, requiredTrimmed } from './login-rules';

export interface AccountValues {
  username: string;
  password: string;
  captchaId?: string;
  captcha?: string;
  rememberMe: boolean;
}

export interface AccountFormHandle {
  validate: () => Promise<AccountValues | null>;
  handleError: (error: ApiError) => void;
}

interface Captcha {
  id: string;
  image: string;
  ttl: number;
}

interface FormShape {
  username?: string;
  password?: string;
  captcha?: string;
  rememberMe?: boolean;
}

type RefLike = { focus?: () => void } | null;

export const AccountForm = forwardRef<AccountFormHandle, { defaults: LoginConfig; onSubmit: () => void }>(function AccountForm(
  { defaults, onSubmit },
  ref,
) {
  const t = useT();
  const [form] = Form.useForm<FormShape>();
  // The captcha row appears when the server first asks for it and stays for the page's life.
  const [captchaShown, setCaptchaShown] = useState(false);
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [captchaLoading, setCaptchaLoading] = useState(false);
  const passwordRef = useRef<RefLike>(null);
  const captchaRef = useRef<RefLike>(null);
  const captchaShownRef = useRef(false);

  const loadCaptcha = useCallback(async () => {
    setCaptchaLoading(true);
    form.setFieldValue('captcha', '');
    try {
      // Never de-duplicated or cached, and sent without a token (pages.md §3.2).
      setCaptcha(await api.get<Captcha>('/auth/captcha', { cache: false, auth: false }));
    } catch {
      setCaptcha(null);
    } finally {
      setCaptchaLoading(false);
    }
  }, [form]);

  // A captcha is fetched again when its ttl runs out.
  useEffect(() => {
    if (!captcha?.ttl) return;
    const timer = setTimeout(() => void loadCaptcha(), captcha.ttl * 1000);
    return () => clearTimeout(timer);
  }, [captcha, loadCaptcha]);

  const showCaptcha = useCallback(async () => {
    captchaShownRef.current = true;
    setCaptchaShown(true);
    await loadCaptcha();
    setTimeout(() => captchaRef.current?.focus?.(), 0);
  }, [loadCaptcha]);

  useImperativeHandle(
    ref,
    () => ({
      validate: async () => {
        try {
          const values = await form.validate();
          const out: AccountValues = {
            username: String(values.username ?? '').trim(),
            password: String(values.password ?? ''),
            rememberMe: values.rememberMe ?? true,
          };
          if (captchaShownRef.current && captcha) {
            out.captchaId = captcha.id;
            out.captcha = String(values.captcha ?? '').trim();
          }
          return out;
        } catch {
          return null;
        }
      },
      handleError: (error) => {
        const key = error.key;
        if (key === 'CAPTCHA_REQUIRED' && !captchaShownRef.current) {
          void showCaptcha();
          return;
        }
        if (key === 'VALIDATION_FAILED') {
          const fields: Record<string, { error: { message: string } }> = {};
          for (const issue of error.fieldIssues) {
            const name = issue.path.split('.')[0] ?? issue.path;
            if (name === 'username' || name === 'password' || name === 'captcha') fields[name] = { error: { message: issue.message } };
          }
          form.setFields(fields);
        }
        if (key === 'INVALID_CREDENTIALS') {
          form.setFieldValue('password', '');
          setTimeout(() => passwordRef.current?.focus?.(), 0);
        }
        if (key === 'CAPTCHA_INVALID') {
          form.setFields({ captcha: { value: '', error: { message: error.message || t('login.error.captchaInvalid') } } });
        }
        // A captcha is single-use: every failed attempt while it is shown gets a new image.
        if (captchaShownRef.current) void loadCaptcha();
        if (key === 'CAPTCHA_INVALID') setTimeout(() => captchaRef.current?.focus?.(), 0);
      },
    }),
    [form, captcha, showCaptcha, loadCaptcha, t],
  );

  const captchaAddon = (
    <Tooltip content={t('login.form.captcha.refresh')}>
      <button type="button" className={styles.captchaButton} onClick={() => void loadCaptcha()} aria-label={t('login.form.captcha.refresh')} data-testid="captcha-image">
        <Spin loading={captchaLoading} size={14}>
          {captcha ? <img src={captcha.image} alt={t('login.form.captcha.alt')} className={styles.captchaImage} /> : <span className={styles.captchaImage} />}
        </Spin>
      </button>
    </Tooltip>
  );

  return (
    <Form form={form} layout="vertical" autoComplete="on" initialValues={{ username: defaults.username, rememberMe: defaults.rememberMe }} className={styles.form}>
      <Form.Item field="username" validateTrigger={['onBlur']} rules={[requiredTrimmed(t('login.form.username.errMsg'))]}>
        <Input
          prefix={<IconUser />}
          placeholder={t('login.form.username.placeholder')}
          autoComplete="username"
          maxLength={64}
          onPressEnter={onSubmit}
          aria-label={t('login.form.username.placeholder')}
          name="username"
        />
      </Form.Item>
      <Form.Item
        field="password"
        validateTrigger={['onBlur']}
        rules={[{ required: true, message: t('login.form.password.errMsg') }, matches(PASSWORD_PATTERN, t('login.form.password.formatErr'), false)]}
      >
        <Input.Password
          ref={(node: RefLike) => {
            passwordRef.current = node;
          }}
          prefix={<IconLock />}
          allowClear
          placeholder={t('login.form.password.placeholder')}
          autoComplete="current-password"
          onPressEnter={onSubmit}
          aria-label={t('login.form.password.placeholder')}
          name="password"
        />
      </Form.Item>
      {captchaShown ? (
        <Form.Item field="captcha" validateTrigger={['onBlur']} rules={[requiredTrimmed(t('login.form.captcha.errMsg'))]}>
          <Input
            ref={(node: RefLike) => {
              captchaRef.current = node;
            }}
            placeholder={t('login.form.captcha.placeholder')}
            maxLength={8}
            allowClear
            autoComplete="off"
            addAfter={captchaAddon}
            onPressEnter={onSubmit}
            aria-label={t('login.form.captcha.placeholder')}
            name="captcha"
            className={styles.captchaInput}
          />
        </Form.Item>
      ) : null}
      <Form.Item field="rememberMe" triggerPropName="checked" className={styles.remember}>
        <Checkbox>{t('login.form.rememberMe')}</Checkbox>
      </Form.Item>
    </Form>
  );
});
