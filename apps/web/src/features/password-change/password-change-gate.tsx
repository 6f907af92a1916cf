import { lazy, Suspense, type ReactNode } from 'react';
import { getLocale, loadArcoLocale, loadLocale } from '../../lib/i18n';
import { useSession } from '../../stores/session';

// The dialog (Arco's form, the contract's rules) and every text it shows load only when an account needs
// it: the sign-in page carries the core texts alone.
const ForcedPasswordDialog = lazy(async () => {
  const locale = getLocale();
  const [dialog] = await Promise.all([import('./forced-password-dialog'), loadLocale(locale, 'full'), loadArcoLocale(locale)]);
  return { default: dialog.ForcedPasswordDialog };
});

/**
 * While the account must change its one-time password (the sign-in answer, the user info, or a call
 * answered 403 PASSWORD_CHANGE_REQUIRED said so), the console shows only the change-password dialog in
 * place of the page: no shell, no page and no menu call, whatever the URL. The page comes back once the
 * password is changed (or the login page once signed out).
 */
export function PasswordChangeGate({ children }: { children: ReactNode }) {
  const mustChange = useSession((s) => s.mustChangePassword);
  if (!mustChange) return <>{children}</>;
  return (
    <Suspense fallback={null}>
      <ForcedPasswordDialog />
    </Suspense>
  );
}
