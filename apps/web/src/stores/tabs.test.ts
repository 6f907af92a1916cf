import { describe, expect, it } from 'vitest';
import { applyTabCommand, commandEnabled, HOME_TAB, visitTabs, type Tab } from './tabs';

const tab = (path: string, url = path): Tab => ({ path, url, version: 0 });
const paths = (tabs: Tab[]) => tabs.map((t) => t.path);
const five = [HOME_TAB, tab('/list/search-table'), tab('/list/card'), tab('/form/step'), tab('/user/info')];

describe('tab list', () => {
  it('adds a tab per page path and keeps the latest URL', () => {
    let tabs = visitTabs([HOME_TAB], '/list/search-table', '/list/search-table?current=2');
    tabs = visitTabs(tabs, '/list/search-table', '/list/search-table?current=3&status=online');
    expect(tabs).toHaveLength(2);
    expect(tabs[1]!.url).toBe('/list/search-table?current=3&status=online');
  });

  it('never adds tabs for login, redirect, groups or unknown paths', () => {
    for (const p of ['/login', '/redirect/%2Fworkplace', '/list', '/nope']) expect(visitTabs([HOME_TAB], p, p)).toEqual([HOME_TAB]);
  });

  it('closes this tab and activates the left one when it was active', () => {
    expect(applyTabCommand(five, 'closeCurrent', '/list/card', '/list/card')).toEqual({ tabs: [five[0], five[1], five[3], five[4]], navigateTo: '/list/search-table' });
    expect(applyTabCommand(five, 'closeCurrent', '/list/card', '/user/info').navigateTo).toBeUndefined();
    expect(applyTabCommand(five, 'closeCurrent', '/workplace', '/workplace').tabs).toBe(five);
  });

  it('closes left, right, others and all, keeping the workplace', () => {
    expect(paths(applyTabCommand(five, 'closeLeft', '/form/step', '/form/step').tabs)).toEqual(['/workplace', '/form/step', '/user/info']);
    expect(applyTabCommand(five, 'closeLeft', '/form/step', '/list/card').navigateTo).toBe('/form/step');
    expect(paths(applyTabCommand(five, 'closeRight', '/list/card', '/list/card').tabs)).toEqual(['/workplace', '/list/search-table', '/list/card']);
    expect(applyTabCommand(five, 'closeRight', '/list/card', '/user/info').navigateTo).toBe('/list/card');
    expect(paths(applyTabCommand(five, 'closeOthers', '/list/card', '/user/info').tabs)).toEqual(['/workplace', '/list/card']);
    expect(applyTabCommand(five, 'closeAll', '/list/card', '/user/info')).toEqual({ tabs: [HOME_TAB], navigateTo: '/workplace' });
  });

  it('enables each context-menu item only where it acts', () => {
    expect(commandEnabled(five, 'reload', '/list/card', '/list/card')).toBe(true);
    expect(commandEnabled(five, 'reload', '/list/card', '/user/info')).toBe(false);
    expect(commandEnabled(five, 'closeCurrent', '/workplace', '/workplace')).toBe(false);
    expect(commandEnabled(five, 'closeLeft', '/list/search-table', '/workplace')).toBe(false);
    expect(commandEnabled(five, 'closeLeft', '/list/card', '/workplace')).toBe(true);
    expect(commandEnabled(five, 'closeRight', '/user/info', '/workplace')).toBe(false);
    expect(commandEnabled([HOME_TAB, tab('/list/card')], 'closeOthers', '/list/card', '/workplace')).toBe(false);
    expect(commandEnabled([HOME_TAB], 'closeAll', '/workplace', '/workplace')).toBe(false);
  });
});
