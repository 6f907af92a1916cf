import { Message } from '@arco-design/web-react';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { t } from '../lib/i18n';
import { emitRouteChange } from '../lib/route-events';
import { getToken } from '../lib/token';
import { logout, useSession } from '../stores/session';
import { decide, LOGIN_PATH, loginRedirectUrl, type GuardTarget } from './guard';

function currentState() {
  return { token: getToken(), role: useSession.getState().role };
}

/**
 * Runs before every navigation commits (the root route revalidates on each one), so user info is
 * loaded before any page renders (pages.md §1.2). The progress bar follows the router's state (RootShell).
 */
export async function guardLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const target: GuardTarget = { pathname: url.pathname, search: url.search };
  emitRouteChange(target);
  let decision = decide(target, currentState());
  if (decision.type === 'needUser') {
    const loaded = await useSession.getState().load();
    if (!loaded) {
      await logout();
      if (target.pathname === LOGIN_PATH) return null;
      throw redirect(loginRedirectUrl(target));
    }
    decision = decide(target, currentState());
  }
  if (decision.type === 'redirect') {
    if (decision.reason === 'noPermission') Message.warning({ id: 'noPermission', content: t('app.noPermission') });
    throw redirect(decision.to);
  }
  return null;
}
