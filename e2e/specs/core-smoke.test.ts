import { DRAWN_MARK, DRAWN_RENDERER_MANIFEST, SIGNED_IN_DOCUMENTS } from '@atrium/contracts/client-config';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, loginAs, screenshot } from '../lib/browser';
import { browserEachTest } from '../lib/each-test';
import { chooseDepartment, expectNoSeriousViolations, pane } from '../lib/page-helpers';
import { expectSignedOut, signOut } from '../lib/sign-out';
import { webDist } from '../lib/global-setup';
import { drawsPages, landing } from '../lib/texts';

/**
 * The core's smoke test, in the full product and in the blank one (`npm run demo:remove`, CI's scratch
 * copy): an administrator signs in, creates an account and a role, finds both creations in the audit log
 * and signs out, back on the sign-in page with no dialog on the way.
 */
let page: Page & { errors: string[] };
browserEachTest((opened) => ({ page } = opened));

const suffix = Date.now().toString(36).slice(-5);
const username = `e2e.smoke.${suffix}`;
const roleCode = `e2e-smoke-${suffix}`;
const roleName = `E2E 冒烟 ${suffix}`;

/** The open drawer (Arco keeps closed ones in the document, hidden). */
const drawer = (p: Page) => p.locator('.arco-drawer:visible');
const submit = (p: Page) => drawer(p).getByRole('button', { name: /确\s*定|保\s*存/ });

describe('the core, end to end', () => {
  it('signs in, creates an account and a role, reads both in the audit log, and signs out', { timeout: 120_000 }, async () => {
    await loginAs(page, 'admin');
    await page.waitForURL(`**${landing.path}`);
    expect(await page.title()).toBe(`${landing.title()} - Atrium`);

    // Once the browser holds the document cookie (set by the sign-in's answer), the signed-in document.
    await expect.poll(() => page.context().cookies().then((all) => all.some((c) => c.name === 'atrium_document')), { timeout: 10_000 }).toBe(true);
    const html = await (await page.goto(`${baseUrl}/system/user`))!.text();
    expect(html).toContain('data-signed-in');
    // The signed-in document places a page the server draws only in a product that draws one (the demo's
    // workplace): the blank product's build has no renderer for its server to load, and no placing script.
    expect(existsSync(join(webDist, SIGNED_IN_DOCUMENTS, 'render', DRAWN_RENDERER_MANIFEST))).toBe(drawsPages);
    expect(html.includes(DRAWN_MARK)).toBe(drawsPages);

    // an account, with the built-in user role and a one-time password shown once
    await page.getByRole('button', { name: '新建用户' }).click();
    await drawer(page).getByPlaceholder('3–32 位字母、数字或 _ . -').fill(username);
    await drawer(page).getByPlaceholder('请输入姓名').fill('E2E 冒烟');
    await drawer(page).locator('.arco-select').click();
    await page.locator('.arco-select-option', { hasText: '普通用户' }).click();
    await page.keyboard.press('Escape');
    await chooseDepartment(page, drawer(page).locator('[data-testid=user-department]'), '总部');
    await submit(page).click();
    const oneTime = page.locator('[data-testid=one-time-password]');
    await oneTime.waitFor({ state: 'visible' });
    expect((await oneTime.textContent())!.trim()).toMatch(/^[A-Za-z0-9]{12,}$/);
    await page.getByRole('button', { name: '我已复制' }).click();
    // Accounts are listed by name, so after the other suites' accounts this one may be past the first page:
    // it is looked up by its username, as an administrator would.
    await page.goto(`${baseUrl}/system/user?keyword=${encodeURIComponent(username)}`);
    await expect.poll(() => pane(page, '/system/user').locator('.arco-table-tr', { hasText: username }).count()).toBe(1);

    // a role that reads the audit log
    await page.goto(`${baseUrl}/system/role`);
    await page.getByRole('button', { name: '新建角色' }).click();
    await drawer(page).getByPlaceholder('如 reviewer').fill(roleCode);
    await drawer(page).getByPlaceholder('请输入角色名称').fill(roleName);
    await drawer(page).locator('.arco-tree-node-title', { hasText: '查看审计日志' }).first().click();
    await submit(page).click();
    await expect.poll(() => pane(page, '/system/role').locator('.arco-table-tr', { hasText: roleCode }).count()).toBe(1);

    // the audit log has both creations, by the administrator, with what was created
    await page.goto(`${baseUrl}/system/audit`);
    const rows = pane(page, '/system/audit').locator('tbody .arco-table-tr');
    await rows.first().waitFor();
    // each action by its name (system.user.create, system.role.create)
    const entry = (action: string, summary: string) => rows.filter({ hasText: action }).filter({ hasText: summary });
    await expect.poll(() => entry('新建用户', `新建用户 ${username}`).count()).toBe(1);
    await expect.poll(() => entry('新建角色', `新建角色 ${roleCode}`).count()).toBe(1);
    // by the administrator, acting as 管理员 (the role by its name, not its code)
    for (const action of ['新建用户', '新建角色']) expect(await rows.filter({ hasText: action }).first().locator('td').nth(2).textContent()).toBe('管理员');
    await screenshot(page, 'core-smoke-audit-log');
    await expectNoSeriousViolations(page);
    // an entry's details: its summary and each changed field by name, the trail's id beside it
    await entry('新建用户', username).getByRole('button', { name: '查看' }).click();
    const details = page.locator('.arco-drawer').filter({ hasText: '审计详情' });
    await expect.poll(() => details.textContent()).toContain(`新建用户 ${username}`);
    expect(await details.textContent()).toContain('角色管理员admin');
    const fields = details.locator('.arco-table');
    await expect.poll(() => fields.textContent()).toContain('用户名username');
    // a status by its name too (the account is new: nothing before)
    expect(await fields.textContent()).toContain('状态statusnull启用active');
    await screenshot(page, 'core-smoke-audit-entry');
    await expectNoSeriousViolations(page);
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });

    // signing out: the sign-in page, its signed-out status, no dialog, no call after the logout
    const after = await signOut(page);
    await page.waitForURL(`${baseUrl}/login`);
    await expectSignedOut(page, after, '已退出登录', '登录信息已过期');
    expect(await page.locator('[data-testid=login-submit]').isVisible()).toBe(true);
    expect(page.errors).toEqual([]);
  });
});
