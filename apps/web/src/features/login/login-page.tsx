import { Alert, Button, Message } from '@arco-design/web-react';
import { useCallback, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isSignedOutState, postLoginUrl } from '../../lib/guard';
import { AppFooter } from '../../components/app-footer';
import { LocaleSwitch } from '../../components/locale-switch';
import { LogoMark } from '../../components/logo-mark';
import { call, endpoints, isApiError, type ApiError } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { clearToken, setToken } from '../../lib/token';
import { useCountdown } from '../../lib/use-countdown';
import { useSession } from '../../stores/session';
import { AccountForm, type AccountFormHandle } from './account-form';
import { readLoginConfig, writeLoginConfig, type LoginConfig } from './login-config';
import { LoginTabs } from './login-tabs';
import styles from './login-page.module.css';
import { MfaStep, type SignedIn } from './mfa-step';
import { PhoneForm, type PhoneFormHandle } from './phone-form';

type TabKey = 'account' | 'phone';

/** A first step passed by an account with two-step verification: the ticket of the second. */
interface SecondStep {
  ticket: string;
  /** What 记住我 keeps once the sign-in completes (account tab only). */
  remember: LoginConfig | null;
}

/**
 * Sign-in page: account (with the adaptive image captcha) and phone (SMS) tabs, then, for an account with
 * two-step verification, the code of its authenticator app in place of the form.
 */
export function LoginPage() {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const [tab, setTab] = useState<TabKey>('account');
  const [submitting, setSubmitting] = useState(false);
  // Set at once (the state lags a render behind): Enter twice while the rules load signs in once.
  const busy = useRef(false);
  const account = useRef<AccountFormHandle>(null);
  const phone = useRef<PhoneFormHandle>(null);
  const [rememberDefaults] = useState(readLoginConfig);
  // Set by the sign-out; gone once the user signs in again (or tries to).
  const [signedOut, setSignedOut] = useState(() => isSignedOutState(location.state));
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);
  // Why the sign-in starts over (the second step's ticket is void); gone with the next attempt.
  const [restartReason, setRestartReason] = useState<string | null>(null);

  const onFailure = useCallback(
    (error: unknown, which: TabKey) => {
      clearToken();
      if (!isApiError(error)) return;
      if (which === 'account') account.current?.handleError(error as ApiError);
      else phone.current?.handleError(error as ApiError);
    },
    [],
  );

  /** Either step ended with a session: the console goes on as after any sign-in. */
  const signedIn = useCallback(
    (session: SignedIn, remember: LoginConfig | null) => {
      setToken(session.token);
      // A one-time password: the console shows only the change-password dialog, at once and until it is
      // changed (the user info says so too; the menu is asked for after the change).
      if (session.mustChangePassword) useSession.getState().requirePasswordChange();
      // Only the username is kept, never the password.
      if (remember) writeLoginConfig(remember);
      Message.success({ id: 'login', content: t('login.form.login.success') });
      navigate(postLoginUrl(location.search), { replace: true });
    },
    [t, navigate, location.search],
  );

  const restart = useCallback(
    (reason: string | null) => {
      setSecondStep(null);
      setRestartReason(reason);
      // The password (or SMS code) is asked for again: the ticket it earned is spent.
      (tab === 'account' ? account.current : phone.current)?.restart();
    },
    [tab],
  );

  const submit = useCallback(async () => {
    if (busy.current) return;
    const which = tab;
    const handle = which === 'account' ? account.current : phone.current;
    busy.current = true;
    const values = await handle?.validate();
    if (!values) {
      busy.current = false;
      return;
    }
    setSignedOut(false);
    setRestartReason(null);
    setSubmitting(true);
    try {
      const body = { ...values };
      delete (body as { rememberMe?: boolean }).rememberMe;
      const result = await call(endpoints.auth.login, { body });
      let remember: LoginConfig | null = null;
      if (which === 'account') {
        const rememberMe = (values as { rememberMe?: boolean }).rememberMe ?? true;
        remember = { rememberMe, username: rememberMe ? String((values as { username?: string }).username ?? '').trim() : '' };
      }
      if ('mfaRequired' in result) setSecondStep({ ticket: result.mfaTicket, remember });
      else signedIn(result, remember);
    } catch (error) {
      onFailure(error, which);
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  }, [tab, signedIn, onFailure]);

  // The SMS countdown belongs to the page, so it survives switching tabs.
  const [countdown, setCountdown] = useCountdown();

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={styles.brand}>
          <LogoMark size={32} />
          <span className={styles.brandName}>Atrium</span>
        </div>
        <LocaleSwitch />
      </header>
      <main className={styles.main}>
        <section className={styles.card} aria-labelledby="login-title">
          <h1 id="login-title" className={styles.title}>
            {t('login.title')}
          </h1>
          {/* Alert says role="alert" (assertive) and passes other props on: a finished sign-out is a status. */}
          {signedOut ? <Alert type="success" {...{ role: 'status' }} className={styles.notice} content={t('login.signedOut')} data-testid="signed-out" /> : null}
          {restartReason && !secondStep ? <Alert type="warning" className={styles.notice} content={restartReason} data-testid="login-restart-reason" /> : null}
          {/* The second step takes the form's place; the form stays mounted (hidden) so that going back
              finds the username and the tab as they were. */}
          {secondStep ? <MfaStep ticket={secondStep.ticket} onSignedIn={(session) => signedIn(session, secondStep.remember)} onRestart={restart} /> : null}
          {/* One form around both panes and the button: Enter in any field submits it, and password managers
              see a sign-in form to fill and to save. The page checks and sends it itself. */}
          <form
            noValidate
            aria-labelledby="login-title"
            hidden={secondStep !== null}
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <LoginTabs
              active={tab}
              onChange={setTab}
              tabs={[
                { key: 'account', title: t('login.tab.account') },
                { key: 'phone', title: t('login.tab.phone') },
              ]}
            />
            {/* Both panes stay mounted, so typed values survive switching tabs. */}
            <div role="tabpanel" id="login-pane-account" aria-labelledby="login-tab-account" hidden={tab !== 'account'} className={styles.pane}>
              <AccountForm ref={account} defaults={rememberDefaults} />
            </div>
            <div role="tabpanel" id="login-pane-phone" aria-labelledby="login-tab-phone" hidden={tab !== 'phone'} className={styles.pane}>
              <PhoneForm ref={phone} countdown={countdown} onCodeSent={setCountdown} />
            </div>
            {/* mousedown would blur the focused field first; its on-blur message would move the button
                away before the click lands, so the click is kept and the submit validates everything. */}
            <Button type="primary" htmlType="submit" long loading={submitting} onMouseDown={(e) => e.preventDefault()} data-testid="login-submit">
              {t('login.form.login')}
            </Button>
          </form>
        </section>
      </main>
      <AppFooter className={styles.footer} />
    </div>
  );
}

