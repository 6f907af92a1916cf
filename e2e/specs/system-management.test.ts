import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, loginAs, newPage, screenshot, type Browser } from '../lib/browser';

/**
 * System management as an administrator and a new operator live it, in two browsers: the administrator
 * creates a role (reading the audit log) and an account; the account signs in with the one-time password,
 * must change it first, then sees only what its role allows; the administrator disables it and its open
 * page learns so on its next action; the audit log shows every step. The same with a role of the demo's
 * pages: demo/system-management.test.ts.
 */
let admin: Browser;
let operator: Browser;
let adminPage: Page & { errors: string[] };
let operatorPage: Page & { errors: string[] };

beforeEach(async () => {
  admin = await launchBrowser();
  operator = await launchBrowser();
  adminPage = await newPage(admin.context);
  operatorPage = await newPage(operator.context);
});
afterEach(async () => {
  await admin.close();
  await operator.close();
});

const suffix = Date.now().toString(36).slice(-5);
const roleCode = `e2e-editor-${suffix}`;
const roleName = `E2E 编辑 ${suffix}`;
const username = `e2e.editor.${suffix}`;

/** The open drawer (Arco keeps closed ones in the document, hidden). */
const drawer = (page: Page) => page.locator('.arco-drawer:visible');

async function createRole(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/system/role`);
  await page.getByRole('button', { name: '新建角色' }).click();
  const form = drawer(page);
  await form.getByPlaceholder('如 auditor').fill(roleCode);
  await form.getByPlaceholder('请输入角色名称').fill(roleName);
  await form.locator('.arco-tree-node-title', { hasText: '查看审计日志' }).first().click();
  await screenshot(page, 'system-role-editor');
  await form.getByRole('button', { name: /确\s*定|保\s*存/ }).click();
  await expect.poll(() => page.locator('.arco-table-tr', { hasText: roleCode }).count()).toBe(1);
}

async function createAccount(page: Page): Promise<string> {
  await page.goto(`${baseUrl}/system/user`);
  await page.getByRole('button', { name: '新建用户' }).click();
  const form = drawer(page);
  await form.getByPlaceholder('3–32 位字母、数字或 _ . -').fill(username);
  await form.getByPlaceholder('请输入姓名').fill('E2E 编辑');
  await form.locator('.arco-select').click();
  await page.locator('.arco-select-option', { hasText: roleName }).click();
  await page.keyboard.press('Escape');
  await form.getByRole('button', { name: /确\s*定|保\s*存/ }).click();
  const code = page.locator('[data-testid=one-time-password]');
  await code.waitFor({ state: 'visible' });
  await expect.poll(() => page.getByText('该密码只显示一次').count()).toBeGreaterThan(0);
  await screenshot(page, 'system-user-one-time-password');
  const password = (await code.textContent())!.trim();
  await page.getByRole('button', { name: '我已复制' }).click();
  return password;
}

describe('system management in the console', () => {
  it('an administrator creates a role and an account, the account changes its password, sees its pages, is disabled; the trail shows it', { timeout: 150_000 }, async () => {
    await loginAs(adminPage, 'admin');
    await createRole(adminPage);
    const oneTime = await createAccount(adminPage);
    expect(oneTime).toMatch(/^[A-Za-z0-9]{12,}$/);

    // the operator signs in with the one-time password: only the change-password dialog shows
    await operatorPage.goto(`${baseUrl}/login`);
    await operatorPage.locator('input[name=username]').fill(username);
    await operatorPage.locator('input[name=password]').fill(oneTime);
    await operatorPage.locator('[data-testid=login-submit]').click();
    const dialog = operatorPage.locator('.arco-modal:visible');
    await operatorPage.locator('[data-testid=forced-password-submit]').waitFor({ state: 'visible' });
    expect(await operatorPage.locator('[data-testid=navbar]').count()).toBe(0);
    await screenshot(operatorPage, 'system-forced-password-change');
    const fields = dialog.locator('input[type=password]');
    await fields.nth(0).fill(oneTime);
    await fields.nth(1).fill('Editor2026');
    if ((await fields.count()) > 2) await fields.nth(2).fill('Editor2026');
    await operatorPage.locator('[data-testid=forced-password-submit]').click();
    await operatorPage.waitForSelector('[data-testid=navbar]');

    // its menu holds exactly what its role opens
    const menu = operatorPage.locator('.arco-menu').first();
    await expect.poll(() => menu.textContent()).toContain('系统管理');
    await operatorPage.goto(`${baseUrl}/system/audit`);
    await operatorPage.locator('[data-tab-pane="/system/audit"] .arco-table').first().waitFor();
    await operatorPage.locator('.arco-menu-inline-header', { hasText: '系统管理' }).first().waitFor();
    await expect.poll(() => menu.textContent()).toContain('审计日志');
    const menuText = (await menu.textContent()) ?? '';
    for (const hidden of ['用户管理', '角色管理']) expect([hidden, menuText.includes(hidden)]).toEqual([hidden, false]);
    // the audit log shows no export button to a role without audit:export
    expect(await operatorPage.locator('[data-tab-pane="/system/audit"]').getByRole('button', { name: '导出' }).count()).toBe(0);
    await screenshot(operatorPage, 'system-operator-audit-log');

    // the administrator disables the account
    await adminPage.goto(`${baseUrl}/system/user?keyword=${encodeURIComponent(username)}`);
    const row = adminPage.locator('.arco-table-tr', { hasText: username });
    await row.getByRole('button', { name: '停用' }).click();
    await adminPage.locator('.arco-popconfirm').getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => row.textContent()).toContain('已停用');

    // the operator's next action (opening the message box, which asks the server what is there now) meets the expired session
    await operatorPage.locator('[data-testid=message-bell]').click();
    await expect.poll(() => operatorPage.getByText('登录信息已过期').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await screenshot(operatorPage, 'system-operator-disabled');

    // the audit log shows each step
    await adminPage.goto(`${baseUrl}/system/audit`);
    await adminPage.locator('.arco-table').first().waitFor();
    const body = adminPage.locator('.arco-table tbody').first();
    for (const action of ['system.role.create', 'system.user.create', 'auth.login', 'user.change-password', 'system.user.disable']) {
      await expect.poll(() => body.textContent()).toContain(action);
    }
    await screenshot(adminPage, 'system-audit-log');
    expect(adminPage.errors).toEqual([]);
    expect(operatorPage.errors).toEqual([]);
  });
});
