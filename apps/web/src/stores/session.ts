import type { MenuItem, UserInfo } from '@atrium/contracts/calls/auth';
import { createContext } from 'react';
import { create } from 'zustand';
import { call, endpoints, endSession, isApiError } from '../lib/api';
import { rememberGranted, type FirstCall } from '../lib/api/first-calls';
import { clearToken } from '../lib/token';
import { keepDocumentCookie } from '../lib/document-cookie';
import { landingPath } from '@atrium/contracts/routes';
import { useTabs } from './tabs';

type LoadOutcome = { type: 'loaded' } | { type: 'rejected' } | { type: 'unreachable'; error: unknown };

interface SessionState {
  user: UserInfo | null;
  /** The active role's code (built-in `admin`, `user`, or a custom role); '' until user info arrives. */
  role: string;
  /**
   * The active role's permissions, from the user info: what the menu, the guards and the buttons follow.
   * Hiding is a convenience; the server decides every call.
   */
  permissions: string[];
  /**
   * The account signs in with a one-time password and must change it first (said by the sign-in answer,
   * the user info, or a call answered 403 PASSWORD_CHANGE_REQUIRED): the console then shows only the
   * change-password dialog and asks for no menu.
   */
  mustChangePassword: boolean;
  /**
   * The active role requires two-step verification and the account has not turned it on (said by the user
   * info, or by a call answered 403 MFA_ENROLMENT_REQUIRED): the server then answers only the user info,
   * the sign-out, the password change and the two-step calls, so the console shows only the enrolment
   * and asks for no menu.
   */
  mustEnrolTwoStep: boolean;
  /** Paths the server's menu allows (the menu hides what it lacks); null when unknown or the call failed. */
  serverMenuPaths: Set<string> | null;
  setUser: (user: UserInfo) => void;
  /**
   * Guard step 3: user info, then the server's menu. `rejected`: the server answered the info call
   * with an error (the session is unusable); `unreachable`: no answer arrived (network down, timeout,
   * or the request was cancelled because the document is being left), which says nothing about the
   * session.
   */
  load: () => Promise<LoadOutcome>;
  loadMenu: () => Promise<void>;
  switchRole: (role: string) => Promise<UserInfo>;
  /** The sign-in answer said the one-time password must be changed (before the user info arrives). */
  requirePasswordChange: () => void;
  /** The one-time password was changed: user info and menu, then the console proceeds as after a sign-in. */
  passwordChanged: () => Promise<LoadOutcome>;
  /** The required two-step verification was turned on: user info and menu, then the console proceeds. */
  twoStepEnrolled: () => Promise<LoadOutcome>;
  /** Clears profile and token locally (after logout or an expired session). */
  clear: () => void;
}

function collectMenuPaths(items: MenuItem[], into = new Set<string>()): Set<string> {
  for (const item of items) {
    into.add(item.path);
    if (item.children) collectMenuPaths(item.children, into);
  }
  return into;
}

/** Listeners told when the session ends (tab bar, route listeners); cleared with it. */
const endListeners = new Set<() => void>();
export function onSessionEnd(listener: () => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

/** Whether the session is held to the enrolment (see `mustEnrolTwoStep`). */
const enrolmentRequired = (user: UserInfo) => user.mfaRequired && !user.mfaEnabled;
/** While either holds, the server refuses the menu: it is asked for once the account is through. */
const menuRefused = (user: UserInfo) => user.mustChangePassword || enrolmentRequired(user);

/**
 * What `load` asks for, as the document's boot sends it ahead of the console (src/prerender/first-calls.ts):
 * user info and the menu, without arguments.
 */
export const sessionFirstCalls: FirstCall[] = [endpoints.auth.info, endpoints.auth.menu].map((endpoint) => ({ method: endpoint.method, path: endpoint.path, query: '' }));

const noSession = { user: null, role: '', permissions: [], mustChangePassword: false, mustEnrolTwoStep: false, serverMenuPaths: null } satisfies Partial<SessionState>;

export const useSession = create<SessionState>((set, get) => ({
  ...noSession,
  setUser: (user) => {
    // For the next document's first calls: while the server refuses every page, no page's reads.
    rememberGranted(menuRefused(user) ? [] : user.permissions);
    // The first tab is the role's landing page (a role without the product's has another).
    useTabs.getState().setHome(landingPath(user.permissions));
    set({ user, role: user.role, permissions: user.permissions, mustChangePassword: user.mustChangePassword, mustEnrolTwoStep: enrolmentRequired(user) });
  },
  load: async () => {
    // The menu is asked for beside the profile, not after it: one round trip before the first page. Until
    // the one-time password is changed, or a required two-step verification turned on, the server answers
    // it 403 (silently here), and the menu is asked for again after that. The menu is stored before the
    // profile, so what the profile lets through (the pages) finds the menu there.
    const menu = call(endpoints.auth.menu, {}, { silent: true }).then(collectMenuPaths, () => null);
    let user: UserInfo;
    try {
      user = await call(endpoints.auth.info, {}, { silent: true });
    } catch (error) {
      return isApiError(error) && error.httpStatus === 0 ? { type: 'unreachable', error } : { type: 'rejected' };
    }
    if (!menuRefused(user)) set({ serverMenuPaths: await menu });
    get().setUser(user);
    // Not while the server holds the session to a password change or an enrolment.
    if (!menuRefused(user)) keepDocumentCookie();
    return { type: 'loaded' };
  },
  loadMenu: async () => {
    try {
      const menu = await call(endpoints.auth.menu);
      set({ serverMenuPaths: collectMenuPaths(menu) });
    } catch {
      set({ serverMenuPaths: null });
    }
  },
  switchRole: async (role) => {
    const user = await call(endpoints.auth.switchRole, { body: { role } });
    get().setUser(user);
    // The server refuses a switch to a role that requires two-step verification while it is off; should
    // it ever answer such a profile, the enrolment shows and the menu waits.
    if (!menuRefused(user)) await get().loadMenu();
    return user;
  },
  requirePasswordChange: () => set({ mustChangePassword: true }),
  passwordChanged: async () => {
    const outcome = await get().load();
    // No answer: the server no longer asks for the change either; the next navigation loads the profile.
    if (outcome.type === 'unreachable') set({ mustChangePassword: false });
    return outcome;
  },
  twoStepEnrolled: async () => {
    const outcome = await get().load();
    // As after a password change: without an answer the next navigation loads the profile.
    if (outcome.type === 'unreachable') set({ mustEnrolTwoStep: false });
    return outcome;
  },
  clear: () => {
    clearToken();
    rememberGranted(null);
    set(noSession);
    for (const listener of [...endListeners]) listener();
  },
}));

/** What the caller does around the end of the session (the shell's sign-out: its queries and pages). */
export interface LogoutSteps {
  /** Before the server call: stop what still runs against the session. */
  stop?: () => unknown;
  /** Once the token is gone and before the profile is cleared: leave the signed-in pages. */
  leave?: () => unknown;
}

/** An address the browser may be sent to: http or https only (never a script URL). */
function webAddress(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The one way a session is ended on purpose: the navbar's sign-out (through the shell's signOut) and the
 * guard when the server refuses the profile. Logs out on the server, then always clears locally. From
 * the first step on, a 401 (a call still on its way, or one sent after) is expected and opens no
 * session-expired dialog. The profile is cleared last: clearing it re-renders whatever still shows it.
 * Resolves to the company identity provider's sign-out address when the server names one (a company
 * account with OIDC_LOGOUT=provider), else null.
 */
export async function logout(steps: LogoutSteps = {}): Promise<string | null> {
  endSession();
  await steps.stop?.();
  let endSessionUrl: string | null = null;
  try {
    // With the browser's cookies: the answer removes the document cookie (lib/document-cookie.ts).
    const answer = await call(endpoints.auth.logout, {}, { silent: true, cookies: true });
    endSessionUrl = answer?.endSessionUrl ? webAddress(answer.endSessionUrl) : null;
  } catch {
    // revoked or unreachable: the local session ends anyway
  }
  clearToken();
  await steps.leave?.();
  useSession.getState().clear();
  return endSessionUrl;
}

/**
 * A 403 may mean the role or its permissions changed elsewhere, that the password must be changed
 * (PASSWORD_CHANGE_REQUIRED), or that the role now requires two-step verification
 * (MFA_ENROLMENT_REQUIRED): refresh the profile quietly; it says which, and the console follows.
 */
export async function refreshUserInfo(): Promise<void> {
  try {
    const user = await call(endpoints.auth.info, {}, { silent: true });
    useSession.getState().setUser(user);
    if (!menuRefused(user)) await useSession.getState().loadMenu();
  } catch {
    // the next call will surface any real problem
  }
}

/**
 * The user a server render draws for (prerender/entry-drawn.tsx): a render of its own, where the store
 * cannot hold one person between two requests (and its server snapshot is its initial state anyway). A
 * drawn page's component reads it before the store.
 */
export const FixedUser = createContext<UserInfo | null>(null);
