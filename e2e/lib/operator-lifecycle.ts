import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl, launchBrowser, loginAs, newPage, screenshot } from './browser';
import { chooseDepartment, seriousViolations } from './page-helpers';

/**
 * System management as an administrator and a new operator live it, in two browsers: the administrator
 * creates a role and an account holding it; the account signs in with the one-time password, must
 * change it first, then sees only what its role allows; the administrator disables it and its open page
 * learns so on its next action; the audit log shows every step. The core's case ticks a system
 * permission (specs/system-management.test.ts), the demo's a role of its pages
 * (specs/demo/system-management.test.ts).
 */
export interface OperatorCase {
  /** Makes the role's code, name and the account's username unique to the case (`e2e-<key>-…`). */
  key: string;
  /** The role's name shown in the console (the case's suffix is added). */
  roleName: string;
  /** The permissions to tick in the role editor, by their zh-CN labels. */
  permissions: readonly string[];
  /** Added to each screenshot's name, so two cases keep their own. */
  shots: string;
  /** Once signed in: what the operator's menu and pages show, exactly what the role opens. */
  sees: (page: Page, menu: Locator) => Promise<void>;
  /** The operator's next action once disabled; it must meet the expired session. */
  nextAction: (page: Page) => Promise<void>;
}

/** The open drawer (Arco keeps closed ones in the document, hidden). */
const drawer = (page: Page) => page.locator('.arco-drawer:visible');

export async function operatorLifecycle(c: OperatorCase): Promise<void> {
  const suffix = Date.now().toString(36).slice(-5);
  const roleCode = `e2e-${c.key}-${suffix}`;
  const roleName = `${c.roleName} ${suffix}`;
  const username = `e2e.${c.key.replace(/-/g, '.')}.${suffix}`;
  const admin = await launchBrowser();
  const operator = await launchBrowser();
  try {
    const adminPage = await newPage(admin.context);
    const operatorPage = await newPage(operator.context);
    await loginAs(adminPage, 'admin');

    // the administrator creates the role and an account holding it
    await adminPage.goto(`${baseUrl}/system/role`);
    await adminPage.getByRole('button', { name: '新建角色' }).click();
    const roleForm = drawer(adminPage);
    await roleForm.getByPlaceholder('如 reviewer').fill(roleCode);
    await roleForm.getByPlaceholder('请输入角色名称').fill(roleName);
    for (const label of c.permissions) await roleForm.locator('.arco-tree-node-title', { hasText: label }).first().click();
    await screenshot(adminPage, `system-role-editor${c.shots}`);
    await roleForm.getByRole('button', { name: /确\s*定|保\s*存/ }).click();
    await expect.poll(() => adminPage.locator('.arco-table-tr', { hasText: roleCode }).count()).toBe(1);

    await adminPage.goto(`${baseUrl}/system/user`);
    await adminPage.getByRole('button', { name: '新建用户' }).click();
    const userForm = drawer(adminPage);
    await userForm.getByPlaceholder('3–32 位字母、数字或 _ . -').fill(username);
    await userForm.getByPlaceholder('请输入姓名').fill(c.roleName);
    await userForm.locator('.arco-select').click();
    await adminPage.locator('.arco-select-option', { hasText: roleName }).click();
    await adminPage.keyboard.press('Escape');
    await chooseDepartment(adminPage, userForm.locator('[data-testid=user-department]'), '总部');
    await userForm.getByRole('button', { name: /确\s*定|保\s*存/ }).click();
    const code = adminPage.locator('[data-testid=one-time-password]');
    await code.waitFor({ state: 'visible' });
    await expect.poll(() => adminPage.getByText('该密码只显示一次').count()).toBeGreaterThan(0);
    await screenshot(adminPage, `system-user-one-time-password${c.shots}`);
    const oneTime = (await code.textContent())!.trim();
    expect(oneTime).toMatch(/^[A-Za-z0-9]{12,}$/);
    await adminPage.getByRole('button', { name: '我已复制' }).click();

    // the operator signs in with the one-time password: only the change-password dialog shows
    await operatorPage.goto(`${baseUrl}/login`);
    await operatorPage.locator('input[name=username]').fill(username);
    await operatorPage.locator('input[name=password]').fill(oneTime);
    await operatorPage.locator('[data-testid=login-submit]').click();
    const dialog = operatorPage.locator('.arco-modal:visible');
    await operatorPage.locator('[data-testid=forced-password-submit]').waitFor({ state: 'visible' });
    expect(await operatorPage.locator('[data-testid=navbar]').count()).toBe(0);
    // axe on the whole document with the forced password change open (issue 38, 13)
    expect(await seriousViolations(operatorPage), 'axe, the forced password change').toEqual([]);
    await screenshot(operatorPage, `system-forced-password-change${c.shots}`);
    const fields = dialog.locator('input[type=password]');
    await fields.nth(0).fill(oneTime);
    await fields.nth(1).fill('Editor2026');
    if ((await fields.count()) > 2) await fields.nth(2).fill('Editor2026');
    await operatorPage.locator('[data-testid=forced-password-submit]').click();
    await operatorPage.waitForSelector('[data-testid=navbar]');

    // its menu and pages hold exactly what its role opens
    await c.sees(operatorPage, operatorPage.locator('.arco-menu').first());

    // the administrator disables the account
    await adminPage.goto(`${baseUrl}/system/user?keyword=${encodeURIComponent(username)}`);
    const row = adminPage.locator('.arco-table-tr', { hasText: username });
    await row.getByRole('button', { name: '停用' }).click();
    await adminPage.locator('.arco-popconfirm').getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => row.textContent()).toContain('已停用');

    // the operator's next action meets the expired session
    await c.nextAction(operatorPage);
    await expect.poll(() => operatorPage.getByText('登录信息已过期').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await screenshot(operatorPage, `system-operator-disabled${c.shots}`);

    // the audit log shows each step, by its name (system.role.create, system.user.create, auth.login,
    // user.change-password, system.user.disable)
    await adminPage.goto(`${baseUrl}/system/audit`);
    await adminPage.locator('.arco-table').first().waitFor();
    const body = adminPage.locator('.arco-table tbody').first();
    for (const action of ['新建角色', '新建用户', '登录', '修改密码', '停用用户']) {
      await expect.poll(() => body.textContent()).toContain(action);
    }
    await screenshot(adminPage, `system-audit-log${c.shots}`);
    expect(adminPage.errors).toEqual([]);
    expect(operatorPage.errors).toEqual([]);
  } finally {
    await admin.close();
    await operator.close();
  }
}
