import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser, loginAs, newPage, type Browser } from '../lib/browser';
import { expectConfirmation, expectDialog, open, words } from '../lib/page-helpers';

/**
 * The drawers of the core as the accessibility tree has it (lib/page-helpers.ts expectDialog): a modal
 * dialog named by its title, the focus moved in and kept inside, axe finding nothing serious with it open
 * (not only on the page behind it) and no id twice, Esc closing it and the focus back on its opener (a
 * row's button included, the list fetching again behind it). Then the confirmations (lib/page-helpers.ts
 * expectConfirmation) and the modal dialogs, axe run with each open and the focus back on the opener
 * however they close (Esc, Cancel, OK, the close icon). The resource kit's form and its delete
 * confirmation: lib/resource-suite.ts.
 */

describe.each([
  { locale: 'zh-CN', theme: 'light' },
  { locale: 'en-US', theme: 'dark' },
] as const)('drawers as dialogs ($locale, $theme)', ({ locale, theme }) => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser({ locale, theme, width: 1440, height: 900 });
    page = await newPage(browser.context);
    await loginAs(page, 'admin');
  });
  afterAll(async () => {
    await browser.close();
  });
  const zh = locale === 'zh-CN';

  it('the settings drawer, the account drawers, the sessions and the audit entry', { timeout: 180_000 }, async () => {
    const settings = page.locator('[data-testid=settings-open]');
    await expectDialog(page, zh ? '应用配置' : 'App settings', () => settings.click(), { opener: settings });

    const users = await open(page, '/system/user');
    const create = users.getByRole('button', { name: zh ? '新建用户' : 'New user' });
    await expectDialog(page, zh ? '新建用户' : 'New user', () => create.click(), { opener: create });
    // Opened from a row's button: the list fetches again once the drawer closes, and the focus still
    // comes back to that row's button.
    const row = () => users.locator('tbody tr').first();
    const edit = row().getByRole('button', { name: zh ? words('编辑') : 'Edit' });
    await expectDialog(page, zh ? '编辑用户' : 'Edit user', () => edit.click(), { opener: edit });
    const sessions = row().getByRole('button', { name: zh ? words('会话') : 'Sessions' });
    await expectDialog(page, zh ? /的会话$/ : /^Sessions of/, () => sessions.click(), { opener: sessions });

    // The role editor: its permission tree (levels from 1, each checkbox named by its node).
    const roles = await open(page, '/system/role');
    const editRole = roles.locator('tbody tr').first().getByRole('button', { name: zh ? words('编辑') : 'Edit' });
    await expectDialog(page, zh ? '编辑角色' : 'Edit role', () => editRole.click(), { opener: editRole });

    const audit = await open(page, '/system/audit');
    const view = audit.locator('tbody tr').first().getByRole('button', { name: zh ? words('查看') : 'View' });
    await expectDialog(page, zh ? '审计详情' : 'Audit entry', () => view.click(), { opener: view });
  });

  it('the confirmations and the modal dialogs, axe run on the whole document with each open', { timeout: 180_000 }, async () => {
    // A row's confirmation on the accounts list (resetting a password: the list's destructive one).
    const users = await open(page, '/system/user');
    const reset = users.locator('tbody tr').first().getByRole('button', { name: zh ? '重置密码' : 'Reset password' });
    await expectConfirmation(page, () => reset.click());

    // The role list's delete confirmation, on a role of the team's own (a built-in one cannot be deleted).
    const roles = await open(page, '/system/role');
    const remove = roles.locator('tbody tr button:not([disabled])').filter({ hasText: zh ? words('删除') : 'Delete' }).first();
    await expectConfirmation(page, () => remove.click());

    // The modal dialogs of the account's own settings (components/dialog-modal.tsx): the focus back on
    // the button that opened one whichever way it closes: Esc, Cancel, OK, the close icon.
    const security = await open(page, '/user/setting?tab=security');
    const password = security.getByRole('button', { name: zh ? '登录密码 修改' : 'Password Change' });
    const title = zh ? '修改登录密码' : 'Change password';
    await expectDialog(page, title, () => password.click(), { opener: password });
    const cancel = (dialog: Locator) => dialog.getByRole('button', { name: zh ? words('取消') : 'Cancel' }).click();
    await expectDialog(page, title, () => password.click(), { opener: password, close: cancel });
    await expectDialog(page, title, () => password.click(), { opener: password, close: (dialog) => dialog.getByRole('button', { name: 'Close' }).click() });
    const question = security.getByRole('button', { name: zh ? /^密保问题 (设置|修改)$/ : /^Security question (Set up|Change)$/ });
    // (Cancel: the focus starts on its select, which keeps Esc for its own list)
    await expectDialog(page, zh ? '设置密保问题' : 'Security question', () => question.click(), { opener: question, close: cancel });
    const phone = security.getByRole('button', { name: zh ? /^安全手机 (设置|修改)$/ : /^Security phone (Set up|Change)$/ });
    await expectDialog(page, zh ? '修改安全手机' : 'Security phone', () => phone.click(), { opener: phone, close: cancel });
  });
});

