import { useEffect } from 'react';
import type { NavigateFunction } from 'react-router';
import { LOGIN_PATH, type LoginState } from '../lib/guard';
import { leaveTo } from '../lib/leave';
import { queryClient } from '../lib/query-client';
import { logout } from '../stores/session';
import { useTabs } from '../stores/tabs';

const signedOut: LoginState = { signedOut: true };

/** Set while a sign-out waits for the shell to unmount. */
let shellGone: (() => void) | null = null;
let pending: Promise<void> | null = null;

/** The shell's part of the sign-out (AppLayout): it says when it has unmounted. */
export function useSignOutWaitsForShell(): void {
  useEffect(() => () => shellGone?.(), []);
}

/**
 * The user signs out (the navbar's user menu), after which the page asks the server nothing more.
 * Queries still on their way are cancelled before the logout call. The cache, the tabs and the profile
 * are cleared only once the shell has unmounted, not as soon as the navigation resolves: the router commits
 * the login page in a transition, later. A mounted query whose cache entry is gone builds a new one and
 * fetches it on its next render, and clearing the tabs or the profile re-renders the shell. Done while it
 * was still there, every page fetched again without a token, and the 401s opened the session-expired
 * dialog on the login page. When the server names the company identity provider's sign-out address, the
 * window goes there last.
 */
export function signOut(navigate: NavigateFunction): Promise<void> {
  pending ??= (async () => {
    try {
      const endSessionUrl = await logout({
        stop: () => queryClient.cancelQueries(),
        leave: () =>
          new Promise<void>((resolve) => {
            shellGone = resolve;
            void navigate(LOGIN_PATH, { replace: true, state: signedOut });
          }),
      });
      queryClient.clear();
      useTabs.getState().reset();
      // A company account whose provider's session ends too (OIDC_LOGOUT=provider): once signed out
      // here, the window goes to the provider's sign-out page.
      if (endSessionUrl) leaveTo(endSessionUrl);
    } finally {
      shellGone = null;
      pending = null;
    }
  })();
  return pending;
}
