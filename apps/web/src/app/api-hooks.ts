import { apiHooks } from '../lib/api';
import { clearRouteListeners } from '../lib/route-events';
import { refreshUserInfo, useSession } from '../stores/session';

/** Connects the request client to the session without the client importing any store. */
export function installApiHooks(): void {
  apiHooks.onForbidden = (error) => {
    void refreshUserInfo();
    // The refetched profile says the one-time password must be changed, or two-step verification turned
    // on, and the console shows that dialog (features/password-change, features/two-step; app/forced-step-gate.tsx) instead: a
    // toast would only repeat it.
    return error === 'PASSWORD_CHANGE_REQUIRED' || error === 'MFA_ENROLMENT_REQUIRED';
  };
  apiHooks.onSessionCleared = () => {
    useSession.getState().clear();
    clearRouteListeners();
  };
}
