import { builtInRoles } from '@atrium/contracts/permissions';
import { defaultRoute, flattenRoutes, isRouteAllowed, routeTable, type RouteNode } from '@atrium/contracts/routes';
import { describe, expect, it } from 'vitest';
import { homeEntries } from './home-pages';

const paths = (granted: readonly string[], server: Set<string> | null = null) => homeEntries(granted, server).map((e) => e.page.path);

describe('the pages the home page offers', () => {
  it('are the pages of the role in menu order, without the landing page and the exception pages', () => {
    for (const granted of [builtInRoles.admin.permissions, builtInRoles.user.permissions, ['audit:read'], []]) {
      const expected = flattenRoutes(routeTable)
        .filter((page) => !page.hideInMenu && isRouteAllowed(page, granted))
        .map((page) => page.path)
        .filter((path) => path !== defaultRoute.path && !path.startsWith('/exception/'));
      expect(paths(granted)).toEqual(expected);
    }
    expect(paths(['audit:read'])).toEqual(expect.arrayContaining(['/user/info', '/user/setting', '/system/audit']));
    expect(paths(['audit:read'])).not.toContain('/system/user');
  });

  it('name the menu group of a page', () => {
    const audit = homeEntries(['audit:read'], null).find((e) => e.page.path === '/system/audit')!;
    expect(audit.group?.titleKey).toBe('menu.system');
  });

  it("leave out what the server's menu lacks", () => {
    expect(paths(builtInRoles.admin.permissions, new Set(['/user', '/user/info', '/system', '/system/role']))).toEqual(['/user/info', '/system/role']);
  });

  it('leave out hidden pages and groups', () => {
    const tree: RouteNode[] = [
      { path: '/a', name: 'A', titleKey: 'a', order: 1, requiresAuth: true },
      { path: '/b', name: 'B', titleKey: 'b', order: 2, requiresAuth: true, hideInMenu: true },
      { path: '/g', titleKey: 'g', order: 3, requiresAuth: true, hideInMenu: true, children: [{ path: '/g/c', name: 'C', order: 3.1, requiresAuth: true }] },
      { path: '/h', titleKey: 'h', order: 4, requiresAuth: true, children: [{ path: '/h/d', name: 'D', order: 4.1, requiresAuth: true, hideInMenu: true }, { path: '/h/e', name: 'E', order: 4.2, requiresAuth: true }] },
    ];
    expect(homeEntries([], null, tree).map((e) => e.page.path)).toEqual(['/a', '/h/e']);
  });
});
