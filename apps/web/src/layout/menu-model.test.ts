import { builtInRoles } from '@atrium/contracts/permissions';
import { resources } from '@atrium/contracts/resources/index';
import type { Granted } from '@atrium/contracts/routes';
import { describe, expect, it } from 'vitest';
import { buildMenu, searchMenu } from './menu-model';
import { translate } from '../lib/i18n';

const admin = builtInRoles.admin.permissions;
const user = builtInRoles.user.permissions;

/** The menu as text; the team's resources (docs/resources.md) are left out: their pages are checked on their own. */
function outline(granted: Granted, server: Set<string> | null = null) {
  return buildMenu(granted, server)
    .filter((n) => !n.titleKey?.startsWith('resource.'))
    .map((n) => (n.children ? `${n.titleKey}>${n.children.filter((c) => !c.titleKey?.startsWith('resource.')).map((c) => c.titleKey).join(',')}` : n.titleKey));
}

describe('menu generation', () => {
  it('shows admin every resource page under its group', () => {
    const pages = buildMenu(admin, null).flatMap((n) => n.children ?? [n]).map((n) => n.path);
    for (const r of resources) expect(pages).toContain(r.path);
  });

  it('every permission shows every group in order', () => {
    expect(outline(admin)).toEqual([
      'menu.dashboard.workplace',
      'menu.list>menu.list.searchTable,menu.list.cardList',
      'menu.form>menu.form.step,menu.form.group',
      'menu.profile>menu.profile.basic',
      'menu.result>menu.result.success,menu.result.error',
      'menu.exception>menu.exception.403,menu.exception.404,menu.exception.500',
      'menu.user>menu.user.info,menu.user.setting',
      'menu.system>menu.system.user,menu.system.role,menu.system.audit',
    ]);
  });

  it('the user role sees only what its permissions open; empty groups are dropped', () => {
    expect(outline(user)).toEqual([
      'menu.dashboard.workplace',
      'menu.list>menu.list.searchTable,menu.list.cardList',
      'menu.exception>menu.exception.404,menu.exception.500',
      'menu.user>menu.user.info,menu.user.setting',
    ]);
  });

  it('a custom role sees the pages of its permissions, one by one', () => {
    expect(outline(['audit:read', 'card:read'])).toEqual([
      'menu.list>menu.list.cardList',
      'menu.exception>menu.exception.404,menu.exception.500',
      'menu.user>menu.user.info,menu.user.setting',
      'menu.system>menu.system.audit',
    ]);
    // Unknown codes open nothing; no permissions leaves only the pages that need none.
    expect(outline(new Set(['admin', 'policy:*']))).toEqual(['menu.exception>menu.exception.404,menu.exception.500', 'menu.user>menu.user.info,menu.user.setting']);
  });

  it('hides items the server tree lacks', () => {
    const server = new Set(['/workplace', '/list', '/list/card', '/user', '/user/info']);
    expect(outline(user, server)).toEqual(['menu.dashboard.workplace', 'menu.list>menu.list.cardList', 'menu.user>menu.user.info']);
  });

  it('searches translated titles case-insensitively', () => {
    const menu = buildMenu(admin, null);
    expect(searchMenu(menu, 'TABLE', (k) => translate('en-US', k)).map((h) => h.label)).toEqual(['Lists › Search table']);
    expect(searchMenu(menu, '表单', (k) => translate('zh-CN', k)).map((h) => h.path)).toEqual(['/form/step', '/form/group']);
    expect(searchMenu(menu, 'audit', (k) => translate('en-US', k)).map((h) => h.label)).toEqual(['System › Audit log']);
    expect(searchMenu(menu, '系统', (k) => translate('zh-CN', k)).map((h) => h.path)).toEqual(['/system/user', '/system/role', '/system/audit']);
    expect(searchMenu(buildMenu(user, null), 'step', (k) => translate('en-US', k))).toEqual([]);
  });
});
