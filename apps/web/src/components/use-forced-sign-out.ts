import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LOGIN_PATH, type LoginState } from '../lib/guard';
import { queryClient } from '../lib/query-client';
import { logout } from '../stores/session';
import { useTabs } from '../stores/tabs';

const signedOut: LoginState = { signedOut: true };

/**
 * The sign-out of a dialog the console shows alone (the forced password change, the enrolment a role
 * requires). The profile, whose clearing takes the dialog away, is cleared only once the login page is
 * the router's location: cleared before, the page of the old location would mount for a moment and call.
 */
export function useForcedSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const { key } = useLocation();
  const arrived = useRef<(() => void) | null>(null);
  useEffect(() => arrived.current?.(), [key]);

  return async () => {
    await logout({
      stop: () => queryClient.cancelQueries(),
      leave: () =>
        new Promise<void>((resolve) => {
          arrived.current = resolve;
          void navigate(LOGIN_PATH, { replace: true, state: signedOut });
        }),
    });
    queryClient.clear();
    useTabs.getState().reset();
  };
}
