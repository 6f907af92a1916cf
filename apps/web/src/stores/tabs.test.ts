import { findRouteByPath, isRouteAllowed, landingPath } from '@atrium/contracts/routes';
import { describe, expect, it } from 'vitest';
import { applyTabCommand, commandEnabled, HOME_TAB, useTabs, visitTabs, type Tab } from './tabs';

const tab = (path: string, url = path): Tab => ({ path, url, version: 0 });
const paths = (tabs: Tab[]) => tabs.map((t) => t.path);
/** The first tab, which never closes: the landing page's (the route table's default). */
const home = HOME_TAB.path;
const five = [HOME_TAB, tab('/system/user'), tab('/system/role'), tab('/system/audit'), tab('/user/info')];

describe('tab list', () => {
  it('adds a tab per page path and keeps the latest URL', () => {
    let tabs = visitTabs([HOME_TAB], '/system/user', '/system/user?current=2');
    tabs = visitTabs(tabs, '/system/user', '/system/user?current=3&status=active');
    expect(tabs).toHaveLength(2);
    expect(tabs[1]!.url).toBe('/system/user?current=3&status=active');
  });

  it('never adds tabs for login, redirect, groups or unknown paths', () => {
    for (const p of ['/login', '/redirect/%2Fuser%2Finfo', '/system', '/nope']) expect(visitTabs([HOME_TAB], p, p)).toEqual([HOME_TAB]);
  });

  it('closes this tab and activates the left one when it was active', () => {
    expect(applyTabCommand(five, 'closeCurrent', '/system/role', '/system/role')).toEqual({ tabs: [five[0], five[1], five[3], five[4]], navigateTo: '/system/user' });
    expect(applyTabCommand(five, 'closeCurrent', '/system/role', '/user/info').navigateTo).toBeUndefined();
    expect(applyTabCommand(five, 'closeCurrent', home, home).tabs).toBe(five);
  });

  it("closes left, right, others and all, keeping the landing page's", () => {
    expect(paths(applyTabCommand(five, 'closeLeft', '/system/audit', '/system/audit').tabs)).toEqual([home, '/system/audit', '/user/info']);
    expect(applyTabCommand(five, 'closeLeft', '/system/audit', '/system/role').navigateTo).toBe('/system/audit');
    expect(paths(applyTabCommand(five, 'closeRight', '/system/role', '/system/role').tabs)).toEqual([home, '/system/user', '/system/role']);
    expect(applyTabCommand(five, 'closeRight', '/system/role', '/user/info').navigateTo).toBe('/system/role');
    expect(paths(applyTabCommand(five, 'closeOthers', '/system/role', '/user/info').tabs)).toEqual([home, '/system/role']);
    expect(applyTabCommand(five, 'closeAll', '/system/role', '/user/info')).toEqual({ tabs: [HOME_TAB], navigateTo: home });
  });

  it('enables each context-menu item only where it acts', () => {
    expect(commandEnabled(five, 'reload', '/system/role', '/system/role')).toBe(true);
    expect(commandEnabled(five, 'reload', '/system/role', '/user/info')).toBe(false);
    expect(commandEnabled(five, 'closeCurrent', home, home)).toBe(false);
    expect(commandEnabled(five, 'closeLeft', '/system/user', home)).toBe(false);
    expect(commandEnabled(five, 'closeLeft', '/system/role', home)).toBe(true);
    expect(commandEnabled(five, 'closeRight', '/user/info', home)).toBe(false);
    expect(commandEnabled([HOME_TAB, tab('/system/role')], 'closeOthers', '/system/role', home)).toBe(false);
    expect(commandEnabled([HOME_TAB], 'closeAll', home, home)).toBe(false);
  });
});

describe('a page that names itself', () => {
  it('names its tab, kept with the tab for the session, and is named before its tab is there', () => {
    const store = useTabs.getState();
    store.reset();
    // a page whose content was at hand names itself before the host adds its tab
    store.name('/system/user', 'Desk lamp');
    store.visit('/system/user', '/system/user');
    expect(useTabs.getState().names).toEqual({ '/system/user': 'Desk lamp' });
    expect(JSON.parse(sessionStorage.getItem('tab-bar')!)).toEqual([{ path: home, url: home }, { path: '/system/user', url: '/system/user', name: 'Desk lamp' }]);
    // a later visit keeps it; the record gone, the name goes
    store.visit('/system/user', '/system/user?current=2');
    expect(useTabs.getState().names['/system/user']).toBe('Desk lamp');
    store.name('/system/user', undefined);
    expect(useTabs.getState().names).toEqual({});
    expect(JSON.parse(sessionStorage.getItem('tab-bar')!)[1]).toEqual({ path: '/system/user', url: '/system/user?current=2' });
    store.reset();
  });

  it('forgets every name when another role keeps the tabs: each page names itself again once shown', () => {
    const store = useTabs.getState();
    store.reset();
    store.visit('/system/user', '/system/user');
    store.name('/system/user', 'Desk lamp');
    store.retain(() => true);
    expect([useTabs.getState().tabs.map((t) => t.path), useTabs.getState().names]).toEqual([[home, '/system/user'], {}]);
    store.reset();
  });
});

describe('the landing tab', () => {
  it('is the product’s landing page, or for a role that may not open it, the first page it may', () => {
    const landing = findRouteByPath(home);
    expect(landingPath(landing?.permission ? [landing.permission] : [])).toBe(home);
    const other = landingPath(['user:read']);
    if (landing?.permission) {
      expect(other).not.toBe(home);
      expect(isRouteAllowed(findRouteByPath(other)!, ['user:read'])).toBe(true);
    }
  });

  it('holds the role’s landing page first and never closes it; the product’s leaves with a role without it', () => {
    const store = useTabs.getState();
    store.reset();
    store.visit('/system/role', '/system/role');
    try {
      store.setHome('/system/user');
      let tabs = useTabs.getState().tabs;
      expect(paths(tabs)).toEqual(['/system/user', '/system/role']);
      expect(commandEnabled(tabs, 'closeCurrent', '/system/user', '/system/user')).toBe(false);
      // a page visited, and the whole list closed: the role's landing page stays
      expect(useTabs.getState().command('closeAll', '/system/role', '/system/role')).toEqual({ tabs: [{ path: '/system/user', url: '/system/user', version: 0 }], navigateTo: '/system/user' });
      // back to a role with the product's landing page: it comes first again, the other stays a tab
      store.setHome(home);
      tabs = useTabs.getState().tabs;
      expect(paths(tabs)).toEqual([home, '/system/user']);
    } finally {
      useTabs.getState().setHome(home);
      useTabs.getState().reset();
    }
  });
});
