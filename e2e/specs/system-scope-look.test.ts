import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedCall } from '../lib/api';
import { baseUrl, launchBrowser, loginAs, newPage, screenshot, type LaunchOptions } from '../lib/browser';
import { animationsDone, expectNoSeriousViolations, field, open, openDepartments, visibleDrawer, words } from '../lib/page-helpers';
import { expectTreeLooksRight } from '../lib/tree-look';

/**
 * The department trees of the data scope (issue 39) as they are shown open, in both languages: the accounts'
 * department filter on a phone in the dark theme (its popup inside the viewport, every name whole, axe on
 * the whole document with it open, a department chosen filtering the list), and the role editor's custom
 * scope on a desktop in the light theme (its checkable tree, the same look, a department checked and kept).
 * Names long enough to wrap a phone's popup; a department three levels down.
 */
const tag = Date.now().toString(36).slice(-5);
const names = {
  'zh-CN': { region: `E2E 华东区域运营管理中心 ${tag}`, branch: `E2E 上海浦东新区客户服务分部 ${tag}` },
  'en-US': { region: `E2E East Region Operations Centre ${tag}`, branch: `E2E Shanghai Pudong Customer Service Branch ${tag}` },
} as const;

async function withPage(options: LaunchOptions, run: (page: Page & { errors: string[] }) => Promise<void>): Promise<void> {
  const browser = await launchBrowser(options);
  try {
    const page = await newPage(browser.context);
    await loginAs(page, 'admin');
    await run(page);
    expect(page.errors).toEqual([]);
  } finally {
    await browser.close();
  }
}

/** The administrator's calls, from its signed-in page. */
async function calls(page: Page) {
  const [token, fingerprint] = await page.evaluate(() => [localStorage.getItem('token')!, localStorage.getItem('fingerprint')!]);
  return async <T>(method: string, path: string, body?: unknown) => {
    const res = await signedCall<T>(method, path, { token, fingerprint, body });
    expect(res.status, `${method} ${path}`).toBe(200);
    return res.body.data;
  };
}

describe.each(['zh-CN', 'en-US'] as const)('the data scope’s department trees (%s)', (locale) => {
  const zh = locale === 'zh-CN';
  const { region, branch } = names[locale];
  const username = `e2e.scope.${locale.slice(0, 2)}.${tag}`;

  it('filters the accounts by a department from its popup on a 390 px phone, dark', { timeout: 120_000 }, async () => {
    await withPage({ locale, theme: 'dark', width: 390, height: 844, touch: true }, async (page) => {
      const as = await calls(page);
      const regionId = (await as<{ id: number }>('POST', '/api/system/departments', { name: region, parentId: 1 })).id;
      const branchId = (await as<{ id: number }>('POST', '/api/system/departments', { name: branch, parentId: regionId })).id;
      await as('POST', '/api/system/users', { username, name: `E2E ${tag}`, roles: ['user'], password: 'scope12345', departmentId: branchId });

      const users = await open(page, '/system/user');
      await users.locator('tbody .arco-table-tr').first().waitFor();
      const popup = await openDepartments(page, users.locator('[data-testid=user-filter-department]'));
      // the region's row brought into the popup's view: its branch below it, three levels down
      const regionNode = popup.getByRole('treeitem', { name: region, exact: true });
      await popup.getByRole('treeitem', { name: branch, exact: true }).scrollIntoViewIfNeeded();
      expect(await regionNode.getAttribute('aria-level')).toBe('2');
      expect(await popup.getByRole('treeitem', { name: branch, exact: true }).getAttribute('aria-level')).toBe('3');
      await expectTreeLooksRight(page, popup, `scope-accounts-filter-open-${locale}-dark-390`);

      // chosen with a tap on its name: the popup closes, the filter shows it, the list keeps its subtree
      await regionNode.locator('.arco-tree-node-title').click();
      await popup.waitFor({ state: 'hidden' });
      await expect.poll(() => users.locator('[data-testid=user-filter-department] .arco-tree-select-view-value').textContent()).toBe(region);
      await users.getByRole('button', { name: zh ? words('查询') : 'Search' }).click();
      await page.waitForURL(new RegExp(`departmentId=${regionId}`));
      await expect.poll(() => users.locator('tbody .arco-table-tr').count()).toBe(1);
      expect(await users.locator('tbody .arco-table-tr').first().textContent()).toContain(username);
      await expectNoSeriousViolations(page, 'the filtered list');
      // the table scrolled sideways to its department column
      await users.locator('thead th', { hasText: zh ? '部门' : 'Department' }).scrollIntoViewIfNeeded();
      await screenshot(page, `scope-accounts-filtered-${locale}-dark-390`);
    });
  });

  it('shows the role editor’s custom scope as a checkable tree at 1440 px, light, and keeps a department checked by its name', { timeout: 120_000 }, async () => {
    await withPage({ locale, theme: 'light', width: 1440, height: 900 }, async (page) => {
      const as = await calls(page);
      const code = `e2e-scope-${locale.slice(0, 2)}-${tag}`;
      await as('POST', '/api/system/roles', { code, name: `E2E scope ${tag}`, permissions: ['user:read'], dataScope: 'all' });

      const roles = await open(page, '/system/role');
      const row = roles.locator('tbody tr', { hasText: code });
      await row.getByRole('button', { name: zh ? words('编辑') : 'Edit' }).click();
      const drawer = visibleDrawer(page);
      await drawer.locator('[data-testid=role-data-scope] label').filter({ has: page.getByText(zh ? '自定义' : 'Custom', { exact: true }) }).click();
      const tree = drawer.getByTestId('role-scope-departments');
      await tree.getByRole('tree', { name: zh ? '自定义部门' : 'Custom departments' }).waitFor();
      // the top two levels open: the branch shows under the region
      await tree.getByRole('treeitem', { name: branch, exact: true }).scrollIntoViewIfNeeded();
      await tree.getByRole('treeitem', { name: branch, exact: true }).locator('.arco-tree-node-title').click();
      await expect.poll(() => tree.getByRole('checkbox', { name: branch }).isChecked()).toBe(true);
      await tree.scrollIntoViewIfNeeded();
      await expectTreeLooksRight(page, tree, `scope-role-custom-tree-${locale}-light-1440`);
      // the per-resource overrides below it, in view
      await drawer.getByTestId('role-scope-overrides').scrollIntoViewIfNeeded();
      await screenshot(page, `scope-role-overrides-${locale}-light-1440`);

      await drawer.getByRole('button', { name: zh ? words('保存') : 'Save' }).click();
      await drawer.waitFor({ state: 'hidden' });
      await row.getByRole('button', { name: zh ? words('编辑') : 'Edit' }).click();
      const again = visibleDrawer(page).getByTestId('role-scope-departments');
      await expect.poll(() => again.getByRole('checkbox', { name: branch }).isChecked()).toBe(true);
      expect(await field(visibleDrawer(page), zh ? '自定义部门' : 'Custom departments').count()).toBe(1);
    });
  });
});

/**
 * Delegated administration as the delegate sees it (decision 056): in its reach an administrator's account
 * and a clerk's. The administrator's row offers neither reset, and its drawer keeps the phone and e-mail as
 * they are, saying why; the clerk's row offers the password's reset. Both languages, both themes, a desktop
 * and a phone.
 */
describe('a delegate’s accounts page', () => {
  const cases = [
    { locale: 'zh-CN', theme: 'light', width: 1440, height: 900 },
    { locale: 'en-US', theme: 'dark', width: 390, height: 844 },
  ] as const;
  const delegate = { username: `e2e.delegate.${tag}`, password: 'delegate123' };
  const boss = `e2e.boss.${tag}`;
  const clerk = `e2e.clerk.${tag}`;

  it('offers no reset of an account it could not take over, and keeps its phone and e-mail as they are', { timeout: 120_000 }, async () => {
    await withPage({}, async (page) => {
      const as = await calls(page);
      const code = `e2e-delegate-${tag}`;
      await as('POST', '/api/system/roles', { code, name: `E2E delegate ${tag}`, permissions: ['user:read', 'user:write', 'role:read', 'department:read'], dataScope: 'department-tree' });
      await as('POST', '/api/system/users', { username: delegate.username, name: 'E2E Delegate', roles: [code], password: delegate.password, departmentId: 1 });
      await as('POST', '/api/system/users', { username: boss, name: 'E2E Boss', roles: ['admin'], password: 'boss12345', departmentId: 1, phone: '13711112222', email: `${boss}@example.com` });
      await as('POST', '/api/system/users', { username: clerk, name: 'E2E Clerk', roles: [code], password: 'clerk12345', departmentId: 1 });
    });
    for (const { locale, theme, width, height } of cases) {
      const zh = locale === 'zh-CN';
      const browser = await launchBrowser({ locale, theme, width, height, touch: width < 500 });
      try {
        const page = await newPage(browser.context);
        await page.goto(`${baseUrl}/login`);
        await page.locator('input[name=username]').fill(delegate.username);
        await page.locator('input[name=password]').fill(delegate.password);
        await page.locator('[data-testid=login-submit]').click();
        await page.waitForSelector('[data-testid=navbar]');
        const users = await open(page, `/system/user?keyword=${tag}`);
        const row = (username: string) => users.locator('tbody .arco-table-tr', { hasText: username });
        await row(boss).waitFor();
        const reset = zh ? words('重置密码') : 'Reset password';
        expect(await row(boss).getByRole('button', { name: reset }).count()).toBe(0);
        expect(await row(clerk).getByRole('button', { name: reset }).count()).toBe(1);
        await screenshot(page, `scope-delegate-accounts-${locale}-${theme}-${width}`);
        await expectNoSeriousViolations(page, 'the delegate’s accounts');

        await row(boss).getByRole('button', { name: zh ? words('编辑') : 'Edit' }).click();
        const drawer = visibleDrawer(page);
        await expect.poll(() => drawer.getByTestId('user-contacts-fixed').textContent()).toBe(zh ? '该用户持有您无法授予的角色，手机号和邮箱不可修改' : 'Its phone and e-mail stay as they are: it holds a role you could not give it');
        expect(await drawer.locator('input[value="13711112222"]').isDisabled()).toBe(true);
        await animationsDone(page);
        await screenshot(page, `scope-delegate-account-drawer-${locale}-${theme}-${width}`);
        await expectNoSeriousViolations(page, 'the delegate’s account drawer');
        await drawer.getByRole('button', { name: zh ? words('取消') : 'Cancel' }).click();
        await drawer.waitFor({ state: 'hidden' });
        expect(page.errors).toEqual([]);
      } finally {
        await browser.close();
      }
    }
  });
});
