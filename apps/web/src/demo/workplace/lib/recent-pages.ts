import { defaultRoute, findRouteByPath, isRouteAllowed, routeAncestry, type Granted, type RouteNode } from '@atrium/contracts/routes';
import { onRouteChange, type RouteChange } from '../../../lib/route-events';
import { useSession } from '../../../stores/session';

/**
 * 最近访问 (recently visited): the last 3 distinct pages a user opened, newest first, kept per browser in
 * localStorage `recent-pages:<accountId>` with their full URL (so a search table keeps its filters).
 */
export interface RecentPage {
  path: string;
  url: string;
}

const RECENT_LIMIT = 3;
const storageKey = (accountId: string) => `recent-pages:${accountId}`;

/** A page counts when it is a leaf of the route table other than the workplace. */
export function recordablePage(pathname: string): RouteNode | undefined {
  const route = findRouteByPath(pathname);
  if (!route || route.children || !route.name || route.path === defaultRoute.path) return undefined;
  return route;
}

export function addRecent(list: RecentPage[], entry: RecentPage, limit = RECENT_LIMIT): RecentPage[] {
  return [entry, ...list.filter((item) => item.path !== entry.path)].slice(0, limit);
}

export function readRecent(accountId: string): RecentPage[] {
  try {
    const raw = JSON.parse(localStorage.getItem(storageKey(accountId)) ?? '[]') as unknown;
    if (!Array.isArray(raw)) return [];
    return raw.filter((p): p is RecentPage => typeof p?.path === 'string' && typeof p?.url === 'string' && p.url.startsWith(p.path));
  } catch {
    return [];
  }
}

/** The stored pages the active role's permissions still open, with their route (for the icon and title). */
export function visibleRecent(accountId: string, granted: Granted): { page: RecentPage; route: RouteNode; group?: RouteNode }[] {
  return readRecent(accountId).flatMap((page) => {
    const route = recordablePage(page.path);
    if (!route || !isRouteAllowed(route, granted)) return [];
    return [{ page, route, group: routeAncestry(page.path).find((node) => node.children) }];
  });
}

const listeners = new Set<() => void>();
export function onRecentChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function record(change: RouteChange): void {
  const { user, permissions } = useSession.getState();
  const route = recordablePage(change.pathname);
  // Denied targets are announced too (the guard redirects them): only pages the role may open count.
  if (!user || !route || !isRouteAllowed(route, permissions)) return;
  const url = `${change.pathname}${change.search}`;
  const next = addRecent(readRecent(user.accountId), { path: route.path, url });
  try {
    localStorage.setItem(storageKey(user.accountId), JSON.stringify(next));
  } catch {
    return; // storage blocked: nothing to show either
  }
  for (const listener of [...listeners]) listener();
}

let sessionWatched = false;

const recordCurrent = () => record({ pathname: window.location.pathname, search: window.location.search });

/**
 * Listens to the navigation broadcast. Logout clears route listeners, so the listener is added again
 * whenever a user signs in (a Set makes repeated adds harmless). The page open when this module or a
 * new profile arrives was announced before either, so it is recorded then.
 */
export function installRecentPages(): void {
  onRouteChange(record);
  if (sessionWatched) return;
  sessionWatched = true;
  recordCurrent();
  useSession.subscribe((state, previous) => {
    if (!state.user || state.user.accountId === previous.user?.accountId) return;
    onRouteChange(record);
    recordCurrent();
  });
}
