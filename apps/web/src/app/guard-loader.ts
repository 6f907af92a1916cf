import { findRouteByPath, routeTable } from '@atrium/contracts/routes';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { warn } from '../lib/feedback';
import { emitRouteChange } from '../lib/route-events';
import { getToken } from '../lib/token';
import { logout, useSession } from '../stores/session';
import { decide, LOGIN_PATH, loginRedirectUrl, type GuardTarget } from '../lib/guard';
import { drawOnNavigation } from '../lib/drawn-navigation';
import { webSlices } from '../slices';
import { isPageLoaded, preloadPage } from './route-components';

/** How long a navigation waits for the page the server draws before the console renders its own. */
const DRAWN_WAIT_MS = 400;

/** The routes whose page the server draws as the console goes to them (decision 051). */
const drawnOnNavigation = new Set(webSlices.flatMap((slice) => slice.drawnOnNavigation ?? []));

function currentState() {
  const { role, permissions } = useSession.getState();
  return { token: getToken(), role, permissions };
}

/**
 * Runs before every navigation commits (the root route revalidates on each one), so user info is
 * loaded before any page renders. The progress bar follows the router's state (RootShell). While the
 * account must change its one-time password (or turn on a required two-step verification) the menu is
 * not asked for, and the root shows only that dialog (features/password-change, features/two-step; app/forced-step-gate.tsx)
 * whatever the page.
 */
export async function guardLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const target: GuardTarget = { pathname: url.pathname, search: url.search };
  emitRouteChange(target);
  let decision = decide(target, currentState());
  if (decision.type === 'needUser') {
    const outcome = await useSession.getState().load();
    if (outcome.type === 'unreachable') {
      // No answer is not a refused session. In particular, the browser cancels this call when the
      // document is left during start-up (a reload, or another URL opened); logging out here would
      // revoke the session on the server that the next document is about to use.
      if (target.pathname === LOGIN_PATH) return null;
      throw outcome.error;
    }
    if (outcome.type === 'rejected') {
      await logout();
      if (target.pathname === LOGIN_PATH) return null;
      throw redirect(loginRedirectUrl(target));
    }
    decision = decide(target, currentState());
  }
  if (decision.type === 'redirect') {
    // The profile may be here before the texts (its answer left with the document): warn waits for them.
    if (decision.reason === 'noPermission') await warn('noPermission', 'app.noPermission');
    throw redirect(decision.to);
  }
  // The page is allowed: its code and first data are asked for now, while the shell renders, not once
  // the page has mounted.
  const route = target.pathname === LOGIN_PATH ? undefined : findRouteByPath(target.pathname, routeTable);
  const { user, mustChangePassword, mustEnrolTwoStep } = useSession.getState();
  if (route?.name && user && !mustChangePassword && !mustEnrolTwoStep) {
    // A page the server draws as the console goes to it, at its bare address, once its code (and so its
    // stylesheets) is here: asked for first, so the page's data below is adopted from its answers.
    const drawn = drawnOnNavigation.has(route.name) && route.path === target.pathname && !target.search && isPageLoaded(route.name) ? drawOnNavigation(route.path) : null;
    void preloadPage(route.name, new URLSearchParams(target.search));
    // The console renders the page once the drawn one is on screen: rendered meanwhile (a hundred
    // milliseconds of the main thread), it would hold that frame back. A slow drawing is not waited for.
    if (drawn) await Promise.race([drawn, new Promise((resolve) => setTimeout(resolve, DRAWN_WAIT_MS))]);
  }
  return null;
}
