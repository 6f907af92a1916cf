import { ConfigProvider } from '@arco-design/web-react';
import { findRouteByPath, routeTable } from '@atrium/contracts/routes';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { getArcoLocale, useLocale, useLocaleStore, useT } from '../lib/i18n';
import { useReleasePrerender } from '../lib/prerender';
import { startProgress, stopProgress } from '../lib/progress';
import { LOGIN_PATH } from '../lib/guard';
import { useTabs } from '../stores/tabs';
import { ForcedStepGate } from './forced-step-gate';

function useNavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  useEffect(() => {
    if (!busy) return;
    startProgress();
    return stopProgress;
  }, [busy]);
}

/** `{page title} - Atrium` from the route's menu key, following the locale; `{name} - {page title} - Atrium` once the page named itself (a record's). */
function useDocumentTitle() {
  const { pathname } = useLocation();
  const t = useT();
  const name = useTabs((s) => s.names[pathname]);
  useEffect(() => {
    const route = pathname === LOGIN_PATH ? { titleKey: 'login.pageTitle' } : findRouteByPath(pathname, routeTable);
    const key = route?.titleKey ?? (pathname.startsWith('/redirect/') ? undefined : 'notFound.pageTitle');
    if (key) document.title = `${name ? `${name} - ` : ''}${t(key)} - Atrium`;
  }, [pathname, t, name]);
}

export function RootShell() {
  const locale = useLocale();
  const { pathname } = useLocation();
  useLocaleStore((s) => s.revision); // re-render when Arco's texts arrive
  useNavigationProgress();
  useDocumentTitle();
  // The first route has committed (its code is loaded before the router renders it): the
  // pre-rendered view of index.html goes now, in the same frame (a page the server drew, once its own has its content).
  useReleasePrerender(pathname);
  return (
    <ConfigProvider locale={getArcoLocale(locale)}>
      {/* A one-time password to change: only the change-password dialog, in place of any page; then, when
          the role requires two-step verification and it is off, only its enrolment. */}
      <ForcedStepGate>
        <Outlet />
      </ForcedStepGate>
    </ConfigProvider>
  );
}

/** Shown while the first guard run (user info) is pending: the progress bar only. */
export function HydrateProgress() {
  useEffect(() => {
    startProgress();
    return stopProgress;
  }, []);
  return null;
}
