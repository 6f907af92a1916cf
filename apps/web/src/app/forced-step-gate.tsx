import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { getLocale, loadArcoLocale, loadLocale } from '../lib/i18n';
import { useSession } from '../stores/session';

/**
 * A dialog the console shows alone, with its code and every text it shows loaded only when an account
 * needs it: the sign-in page carries the core texts alone.
 */
function forcedDialog(load: () => Promise<{ default: ComponentType }>): LazyExoticComponent<ComponentType> {
  return lazy(async () => {
    const locale = getLocale();
    const [dialog] = await Promise.all([load(), loadLocale(locale, 'full'), loadArcoLocale(locale)]);
    return dialog;
  });
}

const ForcedPasswordDialog = forcedDialog(async () => ({ default: (await import('../features/password-change/forced-password-dialog')).ForcedPasswordDialog }));
const ForcedEnrolmentDialog = forcedDialog(async () => ({ default: (await import('../features/two-step/forced-enrolment-dialog')).ForcedEnrolmentDialog }));

/**
 * The one gate of the steps an account must take before any page. While it must change its one-time
 * password (the sign-in answer, the user info, or a call answered 403 PASSWORD_CHANGE_REQUIRED said so),
 * only the change-password dialog; then, while its active role requires two-step verification and it is
 * not on (403 MFA_ENROLMENT_REQUIRED), only the enrolment. In place of the page: no shell, no page and no
 * menu call, whatever the URL. The server refuses every other call meanwhile; the console only follows.
 * The page comes back once the step is taken (or the login page once signed out).
 */
export function ForcedStepGate({ children }: { children: ReactNode }) {
  const mustChange = useSession((s) => s.mustChangePassword);
  const mustEnrol = useSession((s) => s.mustEnrolTwoStep);
  const Dialog = mustChange ? ForcedPasswordDialog : mustEnrol ? ForcedEnrolmentDialog : null;
  if (!Dialog) return <>{children}</>;
  return (
    <Suspense fallback={null}>
      <Dialog />
    </Suspense>
  );
}
