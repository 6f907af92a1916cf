import { builtInRoles } from '@atrium/contracts/permissions';
import { resources } from '@atrium/contracts/slices';
import { findRouteByName, flattenRoutes, hasApprovals, routeTable, type Granted } from '@atrium/contracts/routes';
import { describe, expect, it } from 'vitest';
import { buildMenu, searchMenu } from './menu-model';
import { translate } from '../lib/i18n';

// The core's menu, whatever slices the product has: the slices' entries are checked by what the route
// table says of them (a slice checks its own entries beside its pages).
const admin = builtInRoles.admin.permissions;
const user = builtInRoles.user.permissions;
const coreGroups = new Set(['menu.home', 'menu.exception', 'menu.user', 'menu.system']);
/** The core's home page is in the menu when no slice brings a landing page. */
const home = findRouteByName('Home') ? ['menu.home'] : [];
/** 待我审批, which needs no permission, once a resource's life cycle has an approval (routes.ts). */
const approvals = hasApprovals ? ['menu.approvals'] : [];

/** The menu as text; the team's resources (docs/resources.md) are left out: their pages are checked on their own. */
function outline(granted: Granted, server: Set<string> | null = null) {
  return buildMenu(granted, server)
    .filter((n) => !n.titleKey?.startsWith('resource.'))
    .map((n) => (n.children ? `${n.titleKey}>${n.children.filter((c) => !c.titleKey?.startsWith('resource.')).map((c) => c.titleKey).join(',')}` : n.titleKey));
}
const coreOutline = (granted: Granted) => outline(granted).filter((line) => coreGroups.has(line!.split('>')[0]!));

describe('menu generation', () => {
  it('shows admin every resource page under its group', () => {
    const pages = buildMenu(admin, null).flatMap((n) => n.children ?? [n]).map((n) => n.path);
    for (const r of resources) expect(pages).toContain(r.path);
  });

  it('every permission shows every page of the route table, in menu order', () => {
    const pages = buildMenu(admin, null).flatMap((n) => n.children ?? [n]);
    expect(pages.map((n) => n.path)).toEqual(flattenRoutes(routeTable).filter((n) => !n.hideInMenu).map((n) => n.path));
    expect(coreOutline(admin)).toEqual([
      ...home,
      'menu.exception>menu.exception.403,menu.exception.404,menu.exception.500',
      'menu.user>menu.user.info,menu.user.setting',
      'menu.system>menu.system.user,menu.system.role,menu.system.department,menu.system.audit',
    ]);
  });

  it('the user role sees only what its permissions open; empty groups are dropped', () => {
    const menu = buildMenu(user, null);
    for (const page of menu.flatMap((n) => n.children ?? [n])) expect(page.permission === undefined || user.includes(page.permission)).toBe(true);
    expect(menu.every((n) => !n.children || n.children.length > 0)).toBe(true);
    expect(coreOutline(user)).toEqual([...home, 'menu.exception>menu.exception.404,menu.exception.500', 'menu.user>menu.user.info,menu.user.setting']);
  });

  it('a custom role sees the pages of its permissions, one by one', () => {
    expect(outline(['audit:read'])).toEqual([
      ...home,
      ...approvals,
      'menu.exception>menu.exception.404,menu.exception.500',
      'menu.user>menu.user.info,menu.user.setting',
      'menu.system>menu.system.audit',
    ]);
    // Unknown codes open nothing; no permissions leaves only the pages that need none.
    expect(outline(new Set(['admin', 'user:*']))).toEqual([...home, ...approvals, 'menu.exception>menu.exception.404,menu.exception.500', 'menu.user>menu.user.info,menu.user.setting']);
  });

  it('hides items the server tree lacks', () => {
    const server = new Set(['/user', '/user/info', '/system', '/system/audit']);
    expect(outline(['audit:read'], server)).toEqual(['menu.user>menu.user.info', 'menu.system>menu.system.audit']);
  });

  it('searches translated titles case-insensitively', () => {
    const menu = buildMenu(admin, null);
    expect(searchMenu(menu, 'AUDIT', (k) => translate('en-US', k)).map((h) => h.label)).toEqual(['System › Audit log']);
    expect(searchMenu(menu, '系统', (k) => translate('zh-CN', k)).map((h) => h.path)).toEqual(['/system/user', '/system/role', '/system/departments', '/system/audit']);
    expect(searchMenu(buildMenu(user, null), 'audit', (k) => translate('en-US', k))).toEqual([]);
  });
});
