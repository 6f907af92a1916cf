import type { MenuItem, UserInfo } from '@atrium/contracts/calls/auth';
import type { Role } from '@atrium/contracts/routes';
import { create } from 'zustand';
import { call, endpoints, endSession, isApiError } from '../lib/api';
import { clearToken } from '../lib/token';

type LoadOutcome = { type: 'loaded' } | { type: 'rejected' } | { type: 'unreachable'; error: unknown };

interface SessionState {
  user: UserInfo | null;
  /** The active role; '' until user info arrives. */
  role: Role | '';
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
  switchRole: (role: Role) => Promise<UserInfo>;
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

export const useSession = create<SessionState>((set, get) => ({
  user: null,
  role: '',
  serverMenuPaths: null,
  setUser: (user) => set({ user, role: user.role }),
  load: async () => {
    try {
      const user = await call(endpoints.auth.info, {}, { silent: true });
      get().setUser(user);
    } catch (error) {
      return isApiError(error) && error.httpStatus === 0 ? { type: 'unreachable', error } : { type: 'rejected' };
    }
    await get().loadMenu();
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
    await get().loadMenu();
    return user;
  },
  clear: () => {
    clearToken();
    set({ user: null, role: '', serverMenuPaths: null });
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

/**
 * The one way a session is ended on purpose: the navbar's sign-out (through the shell's signOut) and the
 * guard when the server refuses the profile. Logs out on the server, then always clears locally. From
 * the first step on, a 401 (a call still on its way, or one sent after) is expected and opens no
 * session-expired dialog. The profile is cleared last: clearing it re-renders whatever still shows it.
 */
export async function logout(steps: LogoutSteps = {}): Promise<void> {
  endSession();
  await steps.stop?.();
  try {
    await call(endpoints.auth.logout, {}, { silent: true });
  } catch {
    // revoked or unreachable: the local session ends anyway
  }
  clearToken();
  await steps.leave?.();
  useSession.getState().clear();
}

/** A 403 may mean the role changed elsewhere: refresh the profile quietly. */
export async function refreshUserInfo(): Promise<void> {
  try {
    const user = await call(endpoints.auth.info, {}, { silent: true });
    useSession.getState().setUser(user);
    await useSession.getState().loadMenu();
  } catch {
    // the next call will surface any real problem
  }
}
