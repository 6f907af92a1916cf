import {
  defaultRoute,
  findRouteByName,
  findRouteByPath,
  routeParams,
  firstAllowedRoute,
  isRouteAllowed,
  landingPath,
  routeTable,
  type Granted,
  type RouteNode,
} from '@atrium/contracts/routes';

export const LOGIN_PATH = '/login';
const REDIRECT_PREFIX = '/redirect/';

/** The login page's history state after a sign-out: the page says the user is signed out. */
export interface LoginState {
  signedOut?: boolean;
}

/** The reload route for a page (app/redirect-page.tsx): it mounts the page afresh. */
export function redirectUrl(fullPath: string): string {
  return `${REDIRECT_PREFIX}${encodeURIComponent(fullPath)}`;
}

export function isSignedOutState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as LoginState).signedOut === true;
}

export interface GuardTarget {
  pathname: string;
  /** Query string with or without the leading `?`. */
  search: string;
}

export type GuardDecision =
  | { type: 'allow' }
  | { type: 'redirect'; to: string; reason?: 'noPermission' }
  /** A token is present but no user info yet: the caller loads it and asks again. */
  | { type: 'needUser' };

export interface GuardState {
  token: string;
  /** The active role; '' until user info arrives. */
  role: string;
  /** The active role's permissions (pages follow these, not the role's name). */
  permissions: Granted;
}

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** `/login?redirect=<name>&<target query>` for a visitor without a token; no redirect for the landing page. */
export function loginRedirectUrl(target: GuardTarget): string {
  const route = findRouteByPath(normalise(target.pathname));
  const leaf = route && !route.children ? route : undefined;
  if (!leaf?.name || leaf.name === defaultRoute.name) return LOGIN_PATH;
  const params = new URLSearchParams(target.search);
  params.delete('redirect');
  // a page of one record (`/catalog/products/:id`): its parameters travel as query entries, put back after
  for (const [name, value] of Object.entries(routeParams(leaf.path, normalise(target.pathname)))) params.set(name, value);
  const rest = params.toString();
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(leaf.name)}${rest ? `&${rest}` : ''}`;
}

/** A parameter's value that stays one segment of a path of this console: letters, digits, `-` and `_`. */
const SEGMENT = /^[\w-]{1,64}$/;

/**
 * Where to go after signing in: the route named by `redirect` with the other query parameters, or
 * the landing page when there is none or it names no known page (so no other site can be reached).
 */
export function postLoginUrl(search: string): string {
  const params = new URLSearchParams(search);
  const name = params.get('redirect');
  params.delete('redirect');
  const route = name ? findRouteByName(name) : undefined;
  if (!route || route.children || !route.path.startsWith('/') || route === findRouteByPath(LOGIN_PATH)) {
    return defaultRoute.path;
  }
  // a page of one record: each parameter from its query entry, one plain segment (no other path, no other site)
  const segments = route.path.split('/').map((segment) => {
    if (!segment.startsWith(':')) return segment;
    const value = params.get(segment.slice(1));
    params.delete(segment.slice(1));
    return value !== null && SEGMENT.test(value) ? value : undefined;
  });
  if (segments.includes(undefined)) return defaultRoute.path;
  const path = segments.join('/');
  const rest = params.toString();
  return rest ? `${path}?${rest}` : path;
}

/** The page to open instead of a denied one: first allowed in menu order, else null (not-found). */
function fallbackPath(granted: Granted): string | null {
  return firstAllowedRoute(granted, routeTable)?.path ?? null;
}

function isGroup(node: RouteNode): boolean {
  return !!node.children;
}

/** The route guard, as a pure decision over the target and the session state. */
export function decide(target: GuardTarget, state: GuardState): GuardDecision {
  const pathname = normalise(target.pathname);
  if (pathname === LOGIN_PATH) {
    if (!state.token) return { type: 'allow' };
    if (!state.role) return { type: 'needUser' };
    return { type: 'redirect', to: defaultRoute.path };
  }
  if (!state.token) return { type: 'redirect', to: loginRedirectUrl(target) };
  if (!state.role) return { type: 'needUser' };
  if (pathname === '/' || pathname === '') return { type: 'redirect', to: defaultRoute.path };
  if (pathname.startsWith(REDIRECT_PREFIX)) return { type: 'allow' };
  const route = findRouteByPath(pathname);
  if (!route) return { type: 'allow' }; // unmatched: the not-found page inside the shell
  if (isGroup(route)) {
    const child = firstAllowedRoute(state.permissions, route.children);
    return child ? { type: 'redirect', to: child.path } : { type: 'allow' };
  }
  if (isRouteAllowed(route, state.permissions)) return { type: 'allow' };
  const fallback = fallbackPath(state.permissions);
  // The landing page, where a sign-in and `/` send everyone: a role without it goes on to its own
  // (`landingPath`) unwarned, for it asked for no page.
  if (route.path === defaultRoute.path && fallback) return { type: 'redirect', to: landingPath(state.permissions) };
  return { type: 'redirect', to: fallback ?? '/not-found', reason: 'noPermission' };
}
