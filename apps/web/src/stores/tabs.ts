import { defaultRoute, findRouteByPath, type RouteNode } from '@atrium/contracts/routes';
import { create } from 'zustand';

/** A tab is identified by its path; `url` is the latest path + query seen in it. */
export interface Tab {
  path: string;
  url: string;
  /** Bumped to discard the page's kept state (reload): the pane re-mounts under a new key. */
  version: number;
}

/** What pages named themselves once they knew (a record's page: the record's title), by path. */
type PageNames = Readonly<Record<string, string>>;

const TAB_STORAGE_KEY = 'tab-bar';
export const HOME_TAB: Tab = { path: defaultRoute.path, url: defaultRoute.path, version: 0 };

/** The first tab, which never closes: the active role's landing page (`useTabs().setHome`). */
let home: Tab = HOME_TAB;

export type TabCommand = 'closeCurrent' | 'closeLeft' | 'closeRight' | 'closeOthers' | 'closeAll';

/** Whether a route opens a tab (pages with `tab: true`; never login, redirect or not-found). */
function routeHasTab(path: string): RouteNode | undefined {
  const route = findRouteByPath(path);
  return route?.tab ? route : undefined;
}

function withHome(tabs: Tab[]): Tab[] {
  const rest = tabs.filter((tab) => tab.path !== home.path);
  return [tabs.find((tab) => tab.path === home.path) ?? home, ...rest];
}

/** Adds a tab for a visited page or updates the stored URL of its tab. */
export function visitTabs(tabs: Tab[], path: string, url: string): Tab[] {
  if (!routeHasTab(path)) return tabs;
  const index = tabs.findIndex((tab) => tab.path === path);
  if (index === -1) return withHome([...tabs, { path, url, version: 0 }]);
  if (tabs[index]!.url === url) return tabs;
  return tabs.map((tab, i) => (i === index ? { ...tab, url } : tab));
}

export interface TabCommandResult {
  tabs: Tab[];
  /** Where to navigate afterwards, when the active tab was closed. */
  navigateTo?: string;
}

/** The tab bar's right-click menu as a pure function; index 0 (the landing page's) never closes. */
export function applyTabCommand(tabs: Tab[], command: TabCommand, targetPath: string, activePath: string): TabCommandResult {
  const index = tabs.findIndex((tab) => tab.path === targetPath);
  if (index === -1) return { tabs };
  const target = tabs[index]!;
  const activeIndex = tabs.findIndex((tab) => tab.path === activePath);
  let next: Tab[];
  switch (command) {
    case 'closeCurrent': {
      if (index === 0) return { tabs };
      next = tabs.filter((_, i) => i !== index);
      if (activeIndex === index) return { tabs: next, navigateTo: tabs[index - 1]!.url };
      return { tabs: next };
    }
    case 'closeLeft':
      next = tabs.filter((_, i) => i === 0 || i >= index);
      break;
    case 'closeRight':
      next = tabs.filter((_, i) => i <= index);
      break;
    case 'closeOthers':
      next = tabs.filter((_, i) => i === 0 || i === index);
      break;
    case 'closeAll':
      return { tabs: [tabs[0]!], navigateTo: activePath === tabs[0]!.path ? undefined : tabs[0]!.url };
  }
  const activeKept = next.some((tab) => tab.path === activePath);
  return { tabs: next, navigateTo: activeKept ? undefined : target.url };
}

export function commandEnabled(tabs: Tab[], command: TabCommand | 'reload', targetPath: string, activePath: string): boolean {
  const index = tabs.findIndex((tab) => tab.path === targetPath);
  if (index === -1) return false;
  switch (command) {
    case 'reload':
      return targetPath === activePath;
    case 'closeCurrent':
      return index > 0;
    case 'closeLeft':
      return index > 1;
    case 'closeRight':
      return index < tabs.length - 1;
    case 'closeOthers':
      return tabs.some((_, i) => i !== 0 && i !== index);
    case 'closeAll':
      return tabs.length > 1;
  }
}

function readStored(): { tabs: Tab[]; names: PageNames } {
  try {
    const raw = JSON.parse(sessionStorage.getItem(TAB_STORAGE_KEY) ?? '[]') as unknown;
    if (!Array.isArray(raw)) return { tabs: [home], names: {} };
    const kept = raw
      .filter((t): t is { path: string; url: string; name?: unknown } => typeof t?.path === 'string' && typeof t?.url === 'string')
      .filter((t) => routeHasTab(t.path) && t.url.startsWith(t.path));
    const names = Object.fromEntries(kept.flatMap((t) => (typeof t.name === 'string' ? [[t.path, t.name]] : [])));
    return { tabs: withHome(kept.map((t) => ({ path: t.path, url: t.url, version: 0 }))), names };
  } catch {
    return { tabs: [home], names: {} };
  }
}

/** The tabs for the session, each with the name its page gave itself. */
function persist(tabs: Tab[], names: PageNames): void {
  try {
    sessionStorage.setItem(TAB_STORAGE_KEY, JSON.stringify(tabs.map(({ path, url }) => ({ path, url, ...(names[path] ? { name: names[path] } : {}) }))));
  } catch {
    // storage blocked: tabs last for this page only
  }
}

const stored = readStored();

interface TabsState {
  tabs: Tab[];
  /** The names pages gave themselves, shown by their tabs and the window's title. */
  names: PageNames;
  visit: (path: string, url: string) => void;
  command: (command: TabCommand, targetPath: string, activePath: string) => TabCommandResult;
  remount: (path: string) => void;
  /**
   * The page of `path` names itself (its tab, when it has one, and the window's title show it), whether or
   * not its tab is there yet; undefined takes the name back (the record is gone).
   */
  name: (path: string, name: string | undefined) => void;
  /** Keeps only tabs that pass `keep` (role switch drops pages the new role may not open). */
  retain: (keep: (tab: Tab) => boolean) => void;
  /** A fresh list: the landing page's and, optionally, the current page (tab bar turned on again). */
  reset: (current?: { path: string; url: string }) => void;
  /**
   * The active role's landing page (contracts' `landingPath`), which the first tab holds: a role that may not open the
   * product's landing page gets the first page it may instead, and the other's tab leaves.
   */
  setHome: (path: string) => void;
}

export const useTabs = create<TabsState>((set, get) => ({
  tabs: stored.tabs,
  names: stored.names,
  visit: (path, url) => {
    const next = visitTabs(get().tabs, path, url);
    if (next !== get().tabs) {
      set({ tabs: next });
      persist(next, get().names);
    }
  },
  command: (command, targetPath, activePath) => {
    const result = applyTabCommand(get().tabs, command, targetPath, activePath);
    set({ tabs: result.tabs });
    persist(result.tabs, get().names);
    return result;
  },
  remount: (path) => {
    const tabs = get().tabs.map((tab) => (tab.path === path ? { ...tab, version: tab.version + 1 } : tab));
    set({ tabs });
  },
  name: (path, name) => {
    if (get().names[path] === name) return;
    const { [path]: _, ...others } = get().names;
    const names = name === undefined ? others : { ...others, [path]: name };
    set({ names });
    persist(get().tabs, names);
  },
  retain: (keep) => {
    // another role: a page names itself again once shown (a record it no longer reaches is not named)
    const tabs = withHome(get().tabs.filter((tab) => tab.path === home.path || keep(tab)));
    set({ tabs, names: {} });
    persist(tabs, {});
  },
  reset: (current) => {
    const tabs = current ? visitTabs([home], current.path, current.url) : [home];
    set({ tabs, names: {} });
    persist(tabs, {});
  },
  setHome: (path) => {
    if (path === home.path) return;
    const was = home.path;
    home = { path, url: path, version: 0 };
    // The product's landing page goes with a role that may not open it; a page that was the landing one
    // stays as any other tab (a role switch keeps only the pages the new role may open: `retain`).
    const tabs = withHome(get().tabs.filter((tab) => tab.path !== was || was !== defaultRoute.path));
    set({ tabs });
    persist(tabs, get().names);
  },
}));
