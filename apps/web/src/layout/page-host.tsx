import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useLocation, useRoutes, type Location, type RouteObject } from 'react-router';
import { leaveDrawing, setDrawnPane } from '../lib/drawn-pane';
import { useSettings } from '../stores/settings';
import { useTabs, visitTabs, type Tab } from '../stores/tabs';
import styles from './page-host.module.css';
import './page-contrast.css';

/**
 * Renders the page routes for one location; inside, useLocation/useSearchParams see that location. The
 * router renders this again at every navigation (useRoutes reads the router's location too), so the
 * element built for a location is kept and given again while the pane's location is the same object (a
 * hidden tab's, `paneLocation`): React then leaves the page alone. Before, every open page rendered again
 * at each click in the menu (the workplace's figures, rows and charts before the search table could draw).
 */
function RoutePane({ routes, location }: { routes: RouteObject[]; location: Partial<Location> & { pathname: string } }) {
  const element = useRoutes(routes, location);
  const kept = useRef<{ routes: RouteObject[]; location: object; element: typeof element } | null>(null);
  if (kept.current?.routes !== routes || kept.current.location !== location) kept.current = { routes, location, element };
  return kept.current.element;
}

function locationOf(tab: Tab): Location {
  const url = new URL(tab.url, 'http://x');
  return { pathname: url.pathname, search: url.search, hash: url.hash, state: null, key: `tab:${tab.path}` };
}

/**
 * Keep-alive page host (docs/decisions/004-tab-keep-alive.md): every open tab's page stays mounted
 * and hidden while another is shown, each rendered with its own location, so form input, table state
 * and scroll survive tab switches. Closing a tab (or reloading it) discards that state. The pages come from
 * app/ (app/page-routes.tsx), which composes the shell with them.
 */
export function PageHost({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const tabBar = useSettings((s) => s.tabBar);
  const storedTabs = useTabs((s) => s.tabs);
  const url = location.pathname + location.search;
  // Derived during render (pure), so a page renders inside its tab pane from its very first render.
  const tabs = useMemo(() => (tabBar ? visitTabs(storedTabs, location.pathname, url) : storedTabs), [tabBar, storedTabs, location.pathname, url]);
  useEffect(() => {
    if (tabBar) useTabs.getState().visit(location.pathname, url);
  }, [tabBar, location.pathname, url]);

  // Restored tabs mount lazily, on their first activation after a reload.
  const mounted = useRef(new Set<string>());
  const activeTab = tabBar ? tabs.find((tab) => tab.path === location.pathname) : undefined;
  if (activeTab) mounted.current.add(activeTab.path);
  for (const path of [...mounted.current]) if (!tabs.some((tab) => tab.path === path)) mounted.current.delete(path);

  useScrollPerTab(activeTab?.path ?? location.pathname);

  // A tab's location while hidden: the one it was shown with last (the same object, so its pane does not
  // render again as it is left), else one made from its stored URL.
  const inactiveLocations = useRef(new Map<string, Location>());
  if (activeTab) inactiveLocations.current.set(activeTab.path, location);
  const paneLocation = (tab: Tab): Location => {
    const cached = inactiveLocations.current.get(tab.path);
    if (cached && cached.pathname + cached.search === tab.url) return cached;
    const next = locationOf(tab);
    inactiveLocations.current.set(tab.path, next);
    return next;
  };

  useLayoutEffect(() => leaveDrawing(location.pathname), [location.pathname]);

  if (!tabBar) {
    return (
      <>
        <DrawnPane />
        <div key={location.pathname} className={styles.pane}>
          <RoutePane routes={routes} location={location} />
        </div>
      </>
    );
  }
  return (
    <>
      <DrawnPane />
      {tabs.map((tab) =>
        mounted.current.has(tab.path) ? (
          <div key={`${tab.path}#${tab.version}`} className={styles.pane} hidden={tab !== activeTab} data-tab-pane={tab.path}>
            <RoutePane routes={routes} location={tab === activeTab ? location : paneLocation(tab)} />
          </div>
        ) : null,
      )}
      {activeTab ? null : (
        <div key={`untabbed:${location.pathname}`} className={styles.pane}>
          <RoutePane routes={routes} location={location} />
        </div>
      )}
    </>
  );
}

/**
 * Where a page the server drew as the console went to it shows (lib/drawn-navigation.ts, decision 051): its
 * markup is put here by that module, never by React, and while it shows, the panes after it are laid out
 * but not shown (page-host.module.css). Unusable: it is a picture of the page until the page itself comes.
 */
function DrawnPane() {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    ref.current?.setAttribute('inert', '');
    setDrawnPane(ref.current);
    return () => setDrawnPane(null);
  }, []);
  return <div ref={ref} className={`${styles.pane} ${styles.drawn}`} hidden data-drawn-pane="" />;
}

/** Window scroll belongs to the shown page: remember it per tab and restore it on return. */
function useScrollPerTab(key: string) {
  const positions = useRef(new Map<string, number>());
  const current = useRef(key);
  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => positions.current.set(current.current, window.scrollY));
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
  useLayoutEffect(() => {
    current.current = key;
    window.scrollTo(0, positions.current.get(key) ?? 0);
  }, [key]);
}
