import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, loginAs } from '../../lib/browser';
import { browserEachTest } from '../../lib/each-test';
import { manyTabs, menuOutline, openAllGroups } from '../../lib/navigation';
import { navigationTests } from '../../lib/navigation-suite';

// The shell's navigation over the demo's pages (the core's: specs/shell-navigation.test.ts): the full
// product's menus, and the tab bar, the page search and the keyboard with every page of it.

let page: Page & { errors: string[] };
browserEachTest((opened) => ({ page } = opened));

const userMenu = ['工作台', '列表页', '查询表格', '卡片列表', '异常页', '404', '500', '个人中心', '用户信息', '用户设置'];

/** Every page of admin's menu but the workplace (open from the start), in the menu's order, with its group. */
const menuPages = [
  ['列表页', '查询表格'], ['列表页', '卡片列表'], ['表单页', '分步表单'], ['表单页', '分组表单'], ['详情页', '基础详情页'],
  ['结果页', '成功页'], ['结果页', '失败页'], ['异常页', '403'], ['异常页', '404'], ['异常页', '500'],
  ['个人中心', '用户信息'], ['个人中心', '用户设置'], ['系统管理', '用户管理'], ['系统管理', '角色管理'], ['系统管理', '部门管理'], ['系统管理', '审计日志'],
] as const;

describe('menu per role with the demo', () => {
  it('admin sees every group in order', async () => {
    await loginAs(page, 'admin');
    await openAllGroups(page);
    await expect.poll(() => menuOutline(page)).toEqual([
      '工作台', '列表页', '查询表格', '卡片列表', '表单页', '分步表单', '分组表单', '详情页', '基础详情页',
      '结果页', '成功页', '失败页', '异常页', '403', '404', '500', '个人中心', '用户信息', '用户设置',
      '系统管理', '用户管理', '角色管理', '部门管理', '审计日志',
    ]);
  });

  it('user sees only the pages the role may open and is sent away from admin pages', async () => {
    await loginAs(page, 'user');
    await openAllGroups(page);
    await expect.poll(() => menuOutline(page)).toEqual(userMenu);
    await page.goto(`${baseUrl}/form/step`);
    await page.waitForURL('**/workplace');
    await expect.poll(() => page.locator('.arco-message').allTextContents()).toContain('您没有访问该页面的权限');
    await page.goto(`${baseUrl}/exception/403`);
    await page.waitForURL('**/workplace');
  });

  it('the not-found page leads back to the workplace', async () => {
    await loginAs(page, 'admin');
    await page.goto(`${baseUrl}/no/such/page`);
    await page.getByRole('button', { name: '返回工作台' }).click();
    await page.waitForURL('**/workplace');
  });
});

describe('tab bar with the demo', () => {
  it('with 12 open tabs keeps the active one in view, scrolls with its buttons and reaches every tab by keyboard', async () => {
    await page.setViewportSize({ width: 1024, height: 800 });
    await manyTabs(page, ['/list/search-table', '/list/card', '/form/step', '/form/group', '/profile/basic', '/result/success', '/result/error', '/exception/403', '/user/info', '/user/setting', '/system/user', '/system/role'], 'tab-bar-12-tabs-1024');
  });
});

navigationTests(
  () => page,
  {
    menuPages,
    crowdedViewports: [
      [1440, 900],
      [1024, 768],
      [390, 844],
    ],
    lists: [
      { path: '/list/search-table', url: '/list/search-table?current=1', group: '列表页' },
      { path: '/list/card', url: '/list/card', group: '列表页' },
    ],
    adminOnly: { path: '/form/step', userMenu: () => userMenu, entry: '分步表单' },
    search: { query: '卡片', path: '/list/card' },
    keyboardPath: '/list/search-table',
  },
  ' with the demo',
);
