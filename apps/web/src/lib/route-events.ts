/**
 * Navigation broadcast: the guard announces every navigation once, and the menu,
 * tab bar and breadcrumb (or anyone else) may listen without importing the router.
 */
export interface RouteChange {
  pathname: string;
  search: string;
}

type Listener = (change: RouteChange) => void;
const listeners = new Set<Listener>();

/** @public for the slices' pages (the core's shell follows the router itself). */
export function onRouteChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function emitRouteChange(change: RouteChange): void {
  for (const listener of [...listeners]) listener(change);
}

/** Logout drops every listener registered during the session. */
export function clearRouteListeners(): void {
  listeners.clear();
}
