import { Alert, Button, Message, Spin } from '@arco-design/web-react';
import type { ErrorKey } from '@atrium/contracts/envelope';
import { errorMessages } from '@atrium/contracts/messages/errors';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isSignedOutState, postLoginUrl } from '../../lib/guard';
import { AppFooter } from '../../components/app-footer';
import { LocaleSwitch } from '../../components/locale-switch';
import { LogoMark } from '../../components/logo-mark';
import { call, DEFAULT_SIGN_IN_OPTIONS, endpoints, isApiError, knownSignInOptions, loadSignInOptions, type ApiError, type SignInOptions } from '../../lib/api';
import { useLocale, useT } from '../../lib/i18n';
import { leaveTo } from '../../lib/leave';
import { clearToken, setToken } from '../../lib/token';
import { documentCookieGiven } from '../../lib/document-cookie';
import { useCountdown } from '../../lib/use-countdown';
import { useSession } from '../../stores/session';
import { AccountForm, type AccountFormHandle } from './account-form';
import { readLoginConfig, writeLoginConfig, type LoginConfig } from './login-config';
import { LoginTabs } from './login-tabs';
import styles from './login-page.module.css';
import { SecondStep, type SignedIn } from './second-step';
import { PhoneForm, type PhoneFormHandle } from './phone-form';
import { clearFragment, consolePath, initialCompanySignInFragment, companySignInStartUrl } from './company-sign-in';

type TabKey = 'account' | 'phone';

/** Why a company sign-in did not end with a session: its key, and the server's text when it sent one. */
interface CompanySignInFailure {
  key: ErrorKey;
  message?: string;
}

/** A first step passed by an account with two-step verification: the ticket of the second. */
interface SecondStep {
  ticket: string;
  /** What 记住我 keeps once the sign-in completes (account tab only). */
  remember: LoginConfig | null;
}

/**
 * Sign-in page: account (with the adaptive image captcha) and phone (SMS) tabs, then, for an account with
 * two-step verification, the code of its authenticator app in place of the form. With company sign-in
 * configured (the client configuration says so), its button; with PASSWORD_SIGNIN=admins, the forms only
 * behind 管理员登录. The provider's round trip comes back here with a ticket in the fragment, which the
 * page redeems for a session, or with the key of what went wrong.
 */
export function LoginPage() {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const location = useLocation();
  // Known at once after a sign-out (the credential's answer said); else the forms until the answer comes.
  const [options, setOptions] = useState<SignInOptions>(() => knownSignInOptions() ?? DEFAULT_SIGN_IN_OPTIONS);
  // What the provider's round trip left in the address, read once (it is removed at once).
  const [fragment] = useState(initialCompanySignInFragment);
  const fragmentHandled = useRef(false);
  const [redeeming, setRedeeming] = useState(() => fragment !== null && 'ticket' in fragment);
  const [companySignInFailure, setCompanySignInFailure] = useState<CompanySignInFailure | null>(() => (fragment && 'error' in fragment ? { key: fragment.error } : null));
  // The company button was pressed: the window is on its way to the provider.
  const [leaving, setLeaving] = useState(false);
  // PASSWORD_SIGNIN=admins: the forms show once 管理员登录 is chosen.
  const [adminForms, setAdminForms] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
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
      // Password sign-in is for administrators only here: the card says so until the next attempt.
      if (error.key === 'FORBIDDEN') setCompanySignInFailure({ key: error.key, message: error.message || undefined });
      if (which === 'account') account.current?.handleError(error as ApiError);
      else phone.current?.handleError(error as ApiError);
    },
    [],
  );

  /** Either step, or a company sign-in, ended with a session: the console goes on as after any sign-in. */
  const signedIn = useCallback(
    (session: SignedIn, remember: LoginConfig | null, target?: string) => {
      setToken(session.token);
      // Its answer set the session's document cookie: the console need not ask for it.
      documentCookieGiven();
      // A one-time password: the console shows only the change-password dialog, at once and until it is
      // changed (the user info says so too; the menu is asked for after the change).
      if (session.mustChangePassword) useSession.getState().requirePasswordChange();
      // Only the username is kept, never the password.
      if (remember) writeLoginConfig(remember);
      Message.success({ id: 'login', content: t('login.form.login.success') });
      navigate(target ?? postLoginUrl(location.search), { replace: true });
    },
    [t, navigate, location.search],
  );

  useEffect(() => {
    let current = true;
    void loadSignInOptions().then((loaded) => {
      if (!current) return;
      // The forms were in use before the answer came (the pre-rendered page shows them): they stay.
      if (loaded.password === 'admins' && formRef.current?.contains(document.activeElement)) setAdminForms(true);
      setOptions(loaded);
    });
    return () => {
      current = false;
    };
  }, []);

  // Back from the provider: the fragment leaves the address bar before anything else, then the ticket
  // is redeemed (once: it is good only once) with the binding cookie of this browser.
  useEffect(() => {
    if (!fragment || fragmentHandled.current) return;
    fragmentHandled.current = true;
    clearFragment();
    if (!('ticket' in fragment)) return;
    void (async () => {
      try {
        const session = await call(endpoints.companySignIn.redeem, { body: { ticket: fragment.ticket } }, { silent: true, cookies: true });
        signedIn(session, null, consolePath(session.redirect, postLoginUrl('')));
      } catch (error) {
        clearToken();
        setCompanySignInFailure(isApiError(error) ? { key: error.key, message: error.message || undefined } : { key: 'SSO_FAILED' });
        setRedeeming(false);
      }
    })();
  }, [fragment, signedIn]);

  // Back from the provider's page with the browser's back button (a page kept in the back-forward cache).
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const startCompanySignIn = () => {
    setLeaving(true);
    leaveTo(companySignInStartUrl(postLoginUrl(location.search)));
  };

  const showAdminForms = () => {
    setAdminForms(true);
    // The username takes the cursor once the form shows.
    setTimeout(() => formRef.current?.querySelector<HTMLInputElement>('input[name="username"]')?.focus(), 0);
  };

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
    setCompanySignInFailure(null);
    setSubmitting(true);
    try {
      const body = { ...values };
      delete (body as { rememberMe?: boolean }).rememberMe;
      // PASSWORD_SIGNIN=admins refusing the right credentials of another account: said in the card, below.
      // With the browser's cookies: the answer that opens the session sets its document cookie (lib/document-cookie.ts).
      const result = await call(endpoints.auth.login, { body }, { expectedErrors: ['FORBIDDEN'], cookies: true });
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

  const sso = options.sso;
  // Behind 管理员登录 only when there is a company button to use instead.
  const formsBehindLink = sso !== null && options.password === 'admins';
  const formsShown = !redeeming && secondStep === null && (!formsBehindLink || adminForms);
  const companySignInShown = sso !== null && !redeeming && secondStep === null;
  const companySignInFailureText = companySignInFailure ? companySignInFailure.message || errorMessages[locale][companySignInFailure.key] || errorMessages[locale].SSO_FAILED : null;
  const companySignInButton = (primary: boolean) => (
    <Button type={primary ? 'primary' : 'outline'} long loading={leaving} onClick={startCompanySignIn} data-testid="login-company-sign-in">
      {sso?.label ?? t('login.companySignIn.button')}
    </Button>
  );

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
        <section className={styles.card} aria-labelledby="login-title" aria-busy={redeeming || undefined}>
          <h1 id="login-title" className={styles.title}>
            {t('login.title')}
          </h1>
          {/* Alert says role="alert" (assertive) and passes other props on: a finished sign-out is a status. */}
          {signedOut ? <Alert type="success" {...{ role: 'status' }} className={styles.notice} content={t('login.signedOut')} data-testid="signed-out" /> : null}
          {companySignInFailureText && !redeeming ? <Alert type="error" className={styles.notice} content={companySignInFailureText} data-testid="login-company-sign-in-error" /> : null}
          {restartReason && !secondStep ? <Alert type="warning" className={styles.notice} content={restartReason} data-testid="login-restart-reason" /> : null}
          {redeeming ? (
            <div className={styles.redeeming} role="status" data-testid="login-company-sign-in-redeeming">
              <Spin size={24} />
              <span>{t('login.companySignIn.redeeming')}</span>
            </div>
          ) : null}
          {/* PASSWORD_SIGNIN=admins: the company button is the way in; the forms wait behind the link. */}
          {companySignInShown && formsBehindLink ? (
            <div className={styles.companySignIn}>
              {companySignInButton(true)}
              {adminForms ? (
                <div className={styles.divider}>{t('login.companySignIn.admin')}</div>
              ) : (
                <div className={styles.companySignInLinks}>
                  <button type="button" className={styles.linkButton} aria-expanded={false} aria-controls="login-form" onClick={showAdminForms} data-testid="login-admin">
                    {t('login.companySignIn.admin')}
                  </button>
                </div>
              )}
            </div>
          ) : null}
          {/* The second step takes the form's place; the form stays mounted (hidden) so that going back
              finds the username and the tab as they were. */}
          {secondStep ? <SecondStep ticket={secondStep.ticket} onSignedIn={(session) => signedIn(session, secondStep.remember)} onRestart={restart} /> : null}
          {/* One form around both panes and the button: Enter in any field submits it, and password managers
              see a sign-in form to fill and to save. The page checks and sends it itself. */}
          <form
            ref={formRef}
            id="login-form"
            noValidate
            aria-labelledby="login-title"
            hidden={!formsShown}
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
                away before the click lands, so the click is kept and the submit validates everything.
                Behind 管理员登录 the company button stays the main action. */}
            <Button type={formsBehindLink ? 'outline' : 'primary'} htmlType="submit" long loading={submitting} onMouseDown={(e) => e.preventDefault()} data-testid="login-submit">
              {t('login.form.login')}
            </Button>
          </form>
          {/* Both ways in: the forms' button first, the company one under 或. */}
          {companySignInShown && !formsBehindLink ? (
            <div className={styles.companySignIn}>
              <div className={styles.divider}>{t('login.companySignIn.or')}</div>
              {companySignInButton(false)}
            </div>
          ) : null}
        </section>
      </main>
      <AppFooter className={styles.footer} />
    </div>
  );
}
