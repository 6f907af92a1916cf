import { builtInRoles } from '@atrium/contracts/permissions';
import { defaultRoute, filterRoutes, routeTable, type RouteNode } from '@atrium/contracts/routes';
import { describe, expect, it } from 'vitest';
import { decide, postLoginUrl } from '../lib/guard';
import { translate } from '../lib/i18n';

// The demo's pages in the core's shell: its landing page, menu groups, guard decisions and titles (the
// core's own cases are in lib/guard.test.ts and layout/menu-model.test.ts, which the menu is built by).
const admin = { token: 't', role: 'admin', permissions: builtInRoles.admin.permissions };
const user = { token: 't', role: 'user', permissions: builtInRoles.user.permissions };
const anon = { token: '', role: '', permissions: [] };

/** The route table as the menu shows it to a role (layout/menu-model.ts), as text, without the team's resources. */
function outline(granted: readonly string[], server: Set<string> | null = null) {
  const shown = (n: RouteNode) => !n.titleKey?.startsWith('resource.') && (!server || server.has(n.path));
  return filterRoutes(routeTable, granted)
    .filter(shown)
    .map((n) => (n.children ? `${n.titleKey}>${n.children.filter(shown).map((c) => c.titleKey).join(',')}` : n.titleKey));
}

describe('the demo in the shell', () => {
  it('lands on the workplace', () => {
    expect(defaultRoute).toEqual({ name: 'Workplace', path: '/workplace', titleKey: 'menu.dashboard.workplace' });
    expect(decide({ pathname: '/', search: '' }, admin)).toEqual({ type: 'redirect', to: '/workplace' });
    expect(decide({ pathname: '/workplace', search: '?x=1' }, anon)).toEqual({ type: 'redirect', to: '/login' });
    expect(postLoginUrl('')).toBe('/workplace');
    expect(postLoginUrl('?redirect=SearchTable&status=online&current=2')).toBe('/list/search-table?status=online&current=2');
  });

  it('sends groups to their first allowed child, and a group with none to the not-found page', () => {
    expect(decide({ pathname: '/form', search: '' }, admin)).toEqual({ type: 'redirect', to: '/form/step' });
    expect(decide({ pathname: '/list/', search: '' }, user)).toEqual({ type: 'redirect', to: '/list/search-table' });
    expect(decide({ pathname: '/form', search: '' }, user)).toEqual({ type: 'allow' });
    expect(decide({ pathname: '/result', search: '' }, user)).toEqual({ type: 'allow' });
  });

  it('follows the permissions of the role: a card reader without the search table is sent to its first page', () => {
    const cards = { token: 't', role: 'cards', permissions: ['workplace:view', 'card:read'] };
    expect(decide({ pathname: '/list', search: '' }, cards)).toEqual({ type: 'redirect', to: '/list/card' });
    expect(decide({ pathname: '/list/search-table', search: '' }, cards)).toEqual({ type: 'redirect', to: '/workplace', reason: 'noPermission' });
    expect(decide({ pathname: '/list/card', search: '' }, cards)).toEqual({ type: 'allow' });
    // Without the workplace: its first allowed page, not the workplace, and unwarned (sign-in and / send
    // everyone to the workplace: the role asked for no page).
    const noWorkplace = { token: 't', role: 'cards', permissions: ['card:read'] };
    expect(decide({ pathname: '/workplace', search: '' }, noWorkplace)).toEqual({ type: 'redirect', to: '/list/card' });
  });

  it('sends a user away from the forms, the profile and the results to the workplace', () => {
    for (const path of ['/form/step', '/form/group', '/profile/basic', '/result/success', '/result/error']) {
      expect(decide({ pathname: path, search: '' }, user)).toEqual({ type: 'redirect', to: '/workplace', reason: 'noPermission' });
      expect(decide({ pathname: path, search: '' }, admin)).toEqual({ type: 'allow' });
    }
  });

  it("shows the demo's groups in order, before the core's", () => {
    expect(outline(admin.permissions)).toEqual([
      'menu.dashboard.workplace',
      'menu.list>menu.list.searchTable,menu.list.cardList',
      'menu.form>menu.form.step,menu.form.group',
      'menu.profile>menu.profile.basic',
      'menu.result>menu.result.success,menu.result.error',
      'menu.exception>menu.exception.403,menu.exception.404,menu.exception.500',
      'menu.user>menu.user.info,menu.user.setting',
      'menu.system>menu.system.user,menu.system.role,menu.system.department,menu.system.audit',
    ]);
    expect(outline(user.permissions)).toEqual([
      'menu.dashboard.workplace',
      'menu.list>menu.list.searchTable,menu.list.cardList',
      'menu.exception>menu.exception.404,menu.exception.500',
      'menu.user>menu.user.info,menu.user.setting',
    ]);
    expect(outline(['audit:read', 'card:read'])).toEqual([
      'menu.list>menu.list.cardList',
      'menu.exception>menu.exception.404,menu.exception.500',
      'menu.user>menu.user.info,menu.user.setting',
      'menu.system>menu.system.audit',
    ]);
    const server = new Set(['/workplace', '/list', '/list/card', '/user', '/user/info']);
    expect(outline(user.permissions, server)).toEqual(['menu.dashboard.workplace', 'menu.list>menu.list.cardList', 'menu.user>menu.user.info']);
  });

  it('titles its menu entries in both languages', () => {
    expect(translate('en-US', 'menu.list.searchTable')).toBe('Search table');
    expect(translate('zh-CN', 'menu.form.step')).toBe('分步表单');
    expect(translate('zh-CN', 'menu.dashboard.workplace')).toBe('工作台');
    expect(translate('en-US', 'menu.result.error')).toBe('Failure');
  });
});
