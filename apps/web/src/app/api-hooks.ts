import { apiHooks } from '../lib/api';
import { clearRouteListeners } from '../lib/route-events';
import { refreshUserInfo, useSession } from '../stores/session';

/** Connects the request client to the session without the client importing any store. */
export function installApiHooks(): void {
  apiHooks.onForbidden = () => void refreshUserInfo();
  apiHooks.onSessionCleared = () => {
    useSession.getState().clear();
    clearRouteListeners();
  };
}
