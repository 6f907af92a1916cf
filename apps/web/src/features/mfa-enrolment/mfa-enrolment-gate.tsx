import { lazy, Suspense, type ReactNode } from 'react';
import { getLocale, loadArcoLocale, loadLocale } from '../../lib/i18n';
import { useSession } from '../../stores/session';

// The dialog (Arco's form, the QR code library, the contract's rules) and its texts load only when an
// account needs it, as the forced password change does.
const ForcedMfaDialog = lazy(async () => {
  const locale = getLocale();
  const [dialog] = await Promise.all([import('./forced-mfa-dialog'), loadLocale(locale, 'full'), loadArcoLocale(locale)]);
  return { default: dialog.ForcedMfaDialog };
});

/**
 * While the active role requires two-step verification and the account has not turned it on (the user
 * info, or a call answered 403 MFA_ENROLMENT_REQUIRED, said so), the console shows only the enrolment in
 * place of the page: no shell, no page and no menu call, whatever the URL. The server refuses every other
 * call meanwhile; the console only follows. The page comes back once it is on (or the login page once
 * signed out).
 */
export function MfaEnrolmentGate({ children }: { children: ReactNode }) {
  const mustEnrol = useSession((s) => s.mustEnrolMfa);
  if (!mustEnrol) return <>{children}</>;
  return (
    <Suspense fallback={null}>
      <ForcedMfaDialog />
    </Suspense>
  );
}
