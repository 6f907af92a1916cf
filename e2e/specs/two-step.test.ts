import { builtInRoles } from '@atrium/contracts/permissions';
import { Secret, TOTP } from 'otpauth';
import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { signedCall } from '../lib/api';
import { accounts, baseUrl, launchBrowser, newPage, type Browser, type LaunchOptions } from '../lib/browser';
import { openAllGroups } from '../lib/navigation';
import { expectNoSeriousViolations, expectToast, open, seriousViolations, shot, visibleDrawer } from '../lib/page-helpers';
import { landing } from '../lib/texts';

/**
 * Two-step verification (TOTP, identity.md §2) as people live it, each scenario with accounts of its own
 * (the seeded admin and user never get it): turning it on in 安全设置 and signing in with a code or a
 * recovery code; the second step in English and the dark theme; a role that requires it, where the
 * console shows only the enrolment until it is on (and the server refuses the rest); an administrator's
 * reset. Codes are computed here from the key the page shows, as an authenticator app would. The server
 * takes each 30-second step once per account, so after a code the scenarios go on with a recovery code
 * or with the next step's code (the server accepts one step either side), never with a wait.
 */
const browsers: Browser[] = [];
afterEach(async () => {
  await Promise.all(browsers.splice(0).map((b) => b.close()));
});

type TestPage = Page & { errors: string[] };

async function browserPage(options: LaunchOptions = {}): Promise<TestPage> {
  const browser = await launchBrowser(options);
  browsers.push(browser);
  return newPage(browser.context);
}

const suffix = Date.now().toString(36).slice(-5);
const password = 'TwoStep2026';

/* ---------- codes ---------- */

const PERIOD = 30;
const totp = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')), digits: 6, period: PERIOD, algorithm: 'SHA1' });
const stepAt = (ms: number) => Math.floor(ms / 1000 / PERIOD);

/** The code of the current step, and that step (the server records it as used once it accepts the code). */
function currentCode(secret: string): { code: string; step: number } {
  const now = Date.now();
  return { code: totp(secret).generate({ timestamp: now }), step: stepAt(now) };
}

/** A code of a step after `usedStep`: the current one if it is later, else the next (inside the server's window). */
function freshCode(secret: string, usedStep: number): string {
  const step = Math.max(stepAt(Date.now()), usedStep + 1);
  return totp(secret).generate({ timestamp: step * PERIOD * 1000 });
}

/** Six digits that are none of the codes the server would accept now (nor a moment later). */
function wrongCode(secret: string): string {
  const now = Date.now();
  const near = new Set([-2, -1, 0, 1, 2].map((d) => totp(secret).generate({ timestamp: now + d * PERIOD * 1000 })));
  return ['000000', '123456', '987654', '555555'].find((c) => !near.has(c))!;
}

/* ---------- accounts, through the API as the administrator ---------- */

const adminFingerprint = `e2e-two-step-admin-${suffix}`;
let adminToken: string | null = null;

async function asAdmin<T = any>(method: string, path: string, body?: unknown) {
  if (!adminToken) {
    const login = await signedCall<{ token: string }>('POST', '/api/user/login', { fingerprint: adminFingerprint, body: { username: accounts.admin.username, password: accounts.admin.password } });
    expect(login.status).toBe(200);
    adminToken = login.body.data.token;
  }
  return signedCall<T>(method, path, { token: adminToken, fingerprint: adminFingerprint, body });
}

interface Account {
  id: number;
  username: string;
}

async function createAccount(username: string, roles: string[]): Promise<Account> {
  const created = await asAdmin<{ user: { id: number; username: string } }>('POST', '/api/system/users', { username, name: `E2E ${username}`, roles, password });
  expect([created.status, created.body.data]).toMatchObject([200, { user: { username } }]);
  return { id: created.body.data.user.id, username };
}

/** Signs the account in through the API (no second step yet) and turns two-step verification on. */
async function enrolThroughApi(username: string): Promise<{ secret: string; usedStep: number; recoveryCodes: string[] }> {
  const fingerprint = `e2e-two-step-api-${username}`;
  const login = await signedCall<{ token: string }>('POST', '/api/user/login', { fingerprint, body: { username, password } });
  expect(login.status).toBe(200);
  const token = login.body.data.token;
  const setup = await signedCall<{ secret: string; otpauthUri: string }>('POST', '/api/user/two-step/setup', { token, fingerprint });
  expect(setup.status).toBe(200);
  const { code, step } = currentCode(setup.body.data.secret);
  const enabled = await signedCall<{ recoveryCodes: string[] }>('POST', '/api/user/two-step/enable', { token, fingerprint, body: { code } });
  expect(enabled.status).toBe(200);
  expect(enabled.body.data.recoveryCodes).toHaveLength(10);
  return { secret: setup.body.data.secret, usedStep: step, recoveryCodes: enabled.body.data.recoveryCodes };
}

/* ---------- the console ---------- */

const secondStep = (page: Page) => page.locator('[data-testid=login-two-step-step]');
const visibleDialogs = (page: Page) => page.locator('.arco-modal, .arco-drawer, [role=dialog], [role=alertdialog]').filter({ visible: true });

/** The account form's first step; the second step (or the console) follows. */
async function firstStep(page: Page, username: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=password]').fill(password);
  await page.locator('[data-testid=login-submit]').click();
}

/** Waits for the second step in place of the form: its field has the cursor, no session yet. */
async function expectSecondStep(page: Page): Promise<Locator> {
  const step = secondStep(page);
  await step.waitFor({ state: 'visible' });
  expect(await page.locator('[data-testid=login-submit]').isVisible()).toBe(false);
  expect(await page.locator('input[name=password]').isVisible()).toBe(false);
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('code');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  return step;
}

/** Types a code (or recovery code) into the second step's field and submits it. */
async function submitSecondStep(page: Page, field: 'code' | 'recoveryCode', value: string): Promise<void> {
  const input = secondStep(page).locator(`input[name=${field}]`);
  await input.fill(value);
  await page.locator('[data-testid=login-two-step-submit]').click();
}

async function expectFieldError(page: Page, field: 'totp' | 'recoveryCode', text: string): Promise<void> {
  await expect.poll(() => secondStep(page).locator('[data-field-error]').allTextContents()).toEqual([text]);
  expect(await secondStep(page).locator(`[data-field-error=${field}]`).count()).toBe(1);
  const input = secondStep(page).locator(`input[name=${field === 'totp' ? 'code' : 'recoveryCode'}]`);
  expect(await input.getAttribute('aria-invalid')).toBe('true');
  expect(await input.inputValue()).toBe('');
  // Still the second step: a wrong code keeps the ticket.
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
}

/** Signed in: on the landing page (the workplace with the demo, the home page without), with a token. */
async function expectLanding(page: Page): Promise<void> {
  await page.waitForURL(`**${landing.path}`, { timeout: 15_000 });
  await page.waitForSelector('[data-testid=navbar]');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/.{20,}/);
}

/** Counts every dialog that opens from now on, even one that closes again. */
async function watchDialogs(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { openedDialogs: number };
    w.openedDialogs = 0;
    const selector = '.arco-modal, .arco-drawer, [role=dialog], [role=alertdialog]';
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof Element) w.openedDialogs += (node.matches(selector) ? 1 : 0) + node.querySelectorAll(selector).length;
        }
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
}

/** On the login page after a sign-out: the status says so, and no dialog is up or opened on the way. */
async function expectSignedOut(page: Page): Promise<void> {
  await page.waitForURL(`${baseUrl}/login`);
  await page.getByRole('status').filter({ hasText: '已退出登录' }).waitFor({ state: 'visible', timeout: 8_000 });
  await page.waitForTimeout(1000);
  expect(await visibleDialogs(page).count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { openedDialogs: number }).openedDialogs)).toBe(0);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
}

async function signOut(page: Page): Promise<void> {
  await watchDialogs(page);
  await page.locator('[data-testid=avatar]').click();
  await page.locator('[data-testid=logout]').click();
  await expectSignedOut(page);
}

/** The key of the enrolment on screen, without the grouping spaces. */
async function readSecret(scope: Locator): Promise<string> {
  const text = (await scope.locator('[data-testid=two-step-secret]').textContent())!.replace(/\s+/g, '');
  expect(text).toMatch(/^[A-Z2-7]{32}$/);
  return text;
}

/** The ten recovery codes on screen: each shown once, all different. */
async function readRecoveryCodes(scope: Locator): Promise<string[]> {
  const list = scope.locator('[data-testid=two-step-recovery-codes]');
  await list.waitFor({ state: 'visible' });
  const codes = (await list.locator('li code').allTextContents()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  expect(new Set(codes).size).toBe(10);
  for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
  return codes;
}


/* ---------- the scenarios ---------- */

describe('two-step verification', () => {
  it('is turned on in 安全设置 (QR code, key, wrong and right code, ten recovery codes once), then signing in asks for the second step; a recovery code works once', { timeout: 180_000 }, async () => {
    const username = `e2e.two-step.${suffix}`;
    await createAccount(username, ['user']);
    const page = await browserPage({ width: 1440, height: 900 });

    await firstStep(page, username);
    await expectLanding(page);
    const security = await open(page, '/user/setting?tab=security');
    const row = security.locator('[data-testid=security-two-step]');
    await expect.poll(() => row.locator('[data-testid=security-two-step-status]').textContent()).toMatch(/^未开启/);
    expect(await row.textContent()).toContain('两步验证');
    await row.getByRole('button', { name: '两步验证 开启' }).click();

    // the drawer: the QR code with its name, the key to type in, the code field
    const drawer = visibleDrawer(page);
    await drawer.waitFor({ state: 'visible' });
    expect(await drawer.locator('.arco-drawer-header-title').textContent()).toBe('开启两步验证');
    const qr = drawer.getByRole('img', { name: '两步验证二维码，请用身份验证器应用扫描' });
    await qr.waitFor({ state: 'visible' });
    const qrBox = (await qr.boundingBox())!;
    expect(qrBox.width).toBeGreaterThanOrEqual(150);
    expect(await qr.locator('path').getAttribute('d')).toMatch(/^M\d/);
    const secret = await readSecret(drawer);

    // a wrong code: the message on the field, which is emptied for the next
    const codeInput = drawer.locator('[data-testid=two-step-enrol-code]');
    await codeInput.fill(wrongCode(secret));
    await drawer.locator('[data-testid=two-step-enrol-confirm]').click();
    const codeItem = drawer.locator('.arco-form-item').filter({ has: page.locator('[data-testid=two-step-enrol-code]') });
    await expect.poll(() => codeItem.locator('.arco-form-message').textContent()).toBe('验证码错误');
    expect(await codeInput.inputValue()).toBe('');
    await shot(page, 'two-step-enrol-zh-CN');
    await expectNoSeriousViolations(page);

    // the right code: ten recovery codes, once; the drawer stays until they are saved
    await codeInput.fill(currentCode(secret).code);
    await drawer.locator('[data-testid=two-step-enrol-confirm]').click();
    const codes = await readRecoveryCodes(drawer);
    await expectToast(page, '两步验证已开启');
    expect(await drawer.getByText('恢复码只显示这一次').count()).toBe(1);
    await expect.poll(() => row.locator('[data-testid=security-two-step-status]').textContent()).toBe('已开启，剩余 10 个恢复码');
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
    expect(await drawer.locator('[data-testid=two-step-recovery-codes]').isVisible()).toBe(true);
    expect(await drawer.locator('.arco-drawer-close-icon').count()).toBe(0);
    await shot(page, 'two-step-recovery-codes-zh-CN');
    await expectNoSeriousViolations(page);
    await drawer.getByRole('button', { name: '我已保存' }).click();
    await expect.poll(() => visibleDialogs(page).count()).toBe(0);
    expect(await page.getByText(codes[0]!).count()).toBe(0);
    expect(await row.locator('[data-testid=security-two-step-status]').textContent()).toBe('已开启，剩余 10 个恢复码');
    expect(await row.locator('[data-testid=security-two-step-enable]').count()).toBe(0);
    expect(await row.getByRole('button', { name: '两步验证 关闭' }).isEnabled()).toBe(true);

    await signOut(page);

    // signing in again: the second step replaces the form
    await firstStep(page, username);
    const step = await expectSecondStep(page);
    expect(await step.getByRole('heading', { level: 2 }).textContent()).toBe('两步验证');
    expect(await step.textContent()).toContain('打开身份验证器应用，输入其中显示的 6 位验证码。');
    expect(await step.getByRole('textbox', { name: '6 位验证码' }).count()).toBe(1);
    for (const name of ['验证', '使用恢复码', '返回上一步']) expect([name, await step.getByRole('button', { name, exact: true }).count()]).toEqual([name, 1]);
    await shot(page, 'two-step-login-zh-CN-1440');
    await expectNoSeriousViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'two-step-login-zh-CN-390');
    await expectNoSeriousViolations(page);
    await page.setViewportSize({ width: 1440, height: 900 });

    await submitSecondStep(page, 'code', wrongCode(secret));
    await expectFieldError(page, 'totp', '验证码错误');
    await shot(page, 'two-step-login-wrong-code-zh-CN');
    await expectNoSeriousViolations(page);

    // a recovery code signs in
    await step.getByRole('button', { name: '使用恢复码' }).click();
    expect(await step.textContent()).toContain('输入一个未使用过的恢复码，每个恢复码只能使用一次。');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('recoveryCode');
    expect(await step.locator('[data-field-error]').count()).toBe(0);
    await submitSecondStep(page, 'recoveryCode', codes[0]!);
    await expectLanding(page);
    expect(await page.title()).toBe(`${landing.title()} - Atrium`);

    // the same recovery code on a later sign-in is refused; another one still works
    await signOut(page);
    await firstStep(page, username);
    await expectSecondStep(page);
    await secondStep(page).getByRole('button', { name: '使用恢复码' }).click();
    await submitSecondStep(page, 'recoveryCode', codes[0]!);
    await expectFieldError(page, 'recoveryCode', '验证码错误');
    // (typed in capitals and without the dash: it is read the same)
    await submitSecondStep(page, 'recoveryCode', codes[1]!.toUpperCase().replace('-', ''));
    await expectLanding(page);
    const after = await open(page, '/user/setting?tab=security');
    await expect.poll(() => after.locator('[data-testid=security-two-step-status]').textContent()).toBe('已开启，剩余 8 个恢复码');
    expect(page.errors).toEqual([]);
  });

  it('asks for the second step in English and in the dark theme', { timeout: 120_000 }, async () => {
    const username = `e2e.two-step.en.${suffix}`;
    await createAccount(username, ['user']);
    const { secret, usedStep } = await enrolThroughApi(username);
    const page = await browserPage({ width: 1440, height: 900, locale: 'en-US', theme: 'dark' });

    await firstStep(page, username);
    const step = await expectSecondStep(page);
    expect(await page.evaluate(() => [document.documentElement.lang, document.body.getAttribute('arco-theme')])).toEqual(['en-US', 'dark']);
    expect(await step.getByRole('heading', { level: 2 }).textContent()).toBe('Two-step verification');
    expect(await step.textContent()).toContain('Open your authenticator app and enter the 6-digit code it shows.');
    expect(await step.getByRole('textbox', { name: '6-digit code' }).count()).toBe(1);
    for (const name of ['Verify', 'Use a recovery code', 'Back']) expect([name, await step.getByRole('button', { name, exact: true }).count()]).toEqual([name, 1]);
    expect(await step.textContent()).not.toMatch(/[\u4e00-\u9fff]/);
    await expectNoSeriousViolations(page);

    await submitSecondStep(page, 'code', wrongCode(secret));
    await expectFieldError(page, 'totp', 'The code is not correct.');
    await shot(page, 'two-step-login-en-US-dark');
    await expectNoSeriousViolations(page);

    // the recovery-code view, in English too, and back to the code
    await step.getByRole('button', { name: 'Use a recovery code' }).click();
    expect(await step.textContent()).toContain('Enter one of your unused recovery codes. Each one works only once.');
    expect(await step.getByRole('textbox', { name: 'Recovery code' }).count()).toBe(1);
    await step.getByRole('button', { name: 'Use the code from your app' }).click();

    // the code of the authenticator app signs in (a step after the one the enrolment used)
    await submitSecondStep(page, 'code', freshCode(secret, usedStep));
    await expectLanding(page);
    expect(await page.title()).toBe(`${landing.title('en-US')} - Atrium`);
    expect(page.errors).toEqual([]);
  });

  it('is required by a role: the console shows only the enrolment (the server refuses the rest) until it is on', { timeout: 180_000 }, async () => {
    // what the built-in user role reads (the landing page among it), and the audit log
    const roleCode = `e2e-two-step-${suffix}`;
    const role = await asAdmin<{ id: number; requireMfa: boolean }>('POST', '/api/system/roles', { code: roleCode, name: `E2E 两步 ${suffix}`, permissions: [...builtInRoles.user.permissions, 'audit:read'], requireMfa: true });
    expect([role.status, role.body.data?.requireMfa]).toEqual([200, true]);
    let account: Account | null = null;
    try {
      const username = `e2e.two-step.role.${suffix}`;
      account = await createAccount(username, [roleCode]);

      // the server is the authority: a fresh session of the unenrolled account reaches only the enrolment's calls
      const fingerprint = `e2e-two-step-role-${suffix}`;
      const login = await signedCall<{ token: string }>('POST', '/api/user/login', { fingerprint, body: { username, password } });
      expect(login.status).toBe(200);
      const token = login.body.data.token;
      const menu = await signedCall<{ error: string }>('GET', '/api/user/menu', { token, fingerprint });
      expect([menu.status, menu.body.data?.error]).toEqual([403, 'MFA_ENROLMENT_REQUIRED']);
      const audit = await signedCall<{ error: string }>('GET', '/api/system/audit', { token, fingerprint });
      expect([audit.status, audit.body.data?.error]).toEqual([403, 'MFA_ENROLMENT_REQUIRED']);
      const info = await signedCall<{ mfaRequired: boolean; mfaEnabled: boolean }>('POST', '/api/user/info', { token, fingerprint });
      expect([info.status, info.body.data?.mfaRequired, info.body.data?.mfaEnabled]).toEqual([200, true, false]);
      const status = await signedCall<{ enabled: boolean; required: boolean }>('GET', '/api/user/two-step', { token, fingerprint });
      expect([status.status, status.body.data]).toMatchObject([200, { enabled: false, required: true }]);

      // in the console: only the enrolment, no shell; signing out is the other way on
      const page = await browserPage({ width: 1440, height: 900 });
      await firstStep(page, username);
      const dialog = page.locator('.arco-modal:visible');
      await dialog.getByRole('img', { name: '两步验证二维码，请用身份验证器应用扫描' }).waitFor({ state: 'visible', timeout: 15_000 });
      expect(await dialog.locator('.arco-modal-title').textContent()).toBe('开启两步验证');
      expect(await dialog.textContent()).toContain('您的角色要求开启两步验证，开启后才能继续使用控制台。');
      // axe on the whole document with the forced enrolment open (issue 38, 13)
      expect(await seriousViolations(page), 'axe, the forced enrolment').toEqual([]);
      expect(await page.locator('[data-testid=navbar]').count()).toBe(0);
      expect(await page.locator('.arco-menu, [data-testid=side-menu]').count()).toBe(0);
      expect(await dialog.locator('.arco-modal-close-icon').count()).toBe(0);
      await page.keyboard.press('Escape');
      await page.waitForTimeout(300);
      expect(await dialog.isVisible()).toBe(true);
      await shot(page, 'two-step-required-enrolment');
      await expectNoSeriousViolations(page);
      await watchDialogs(page);
      await dialog.getByRole('button', { name: '退出登录' }).click();
      await expectSignedOut(page);

      // again, and this time it is turned on: the console goes on, with the role's menu
      await firstStep(page, username);
      await dialog.getByRole('img', { name: '两步验证二维码，请用身份验证器应用扫描' }).waitFor({ state: 'visible', timeout: 15_000 });
      expect(await page.locator('[data-testid=navbar]').count()).toBe(0);
      const secret = await readSecret(dialog);
      await dialog.locator('[data-testid=two-step-enrol-code]').fill(currentCode(secret).code);
      await dialog.locator('[data-testid=two-step-enrol-confirm]').click();
      await readRecoveryCodes(dialog);
      // the codes stay until they are saved, still with no shell behind them
      expect(await page.locator('[data-testid=navbar]').count()).toBe(0);
      await shot(page, 'two-step-required-recovery-codes');
      await expectNoSeriousViolations(page);
      await dialog.getByRole('button', { name: '我已保存' }).click();
      await page.waitForSelector('[data-testid=navbar]', { timeout: 15_000 });
      await expect.poll(() => visibleDialogs(page).count()).toBe(0);
      const sideMenu = page.locator('[data-testid=side-menu] .arco-menu').first();
      await expect.poll(() => sideMenu.textContent()).toContain('系统管理');
      await openAllGroups(page);
      await expect.poll(() => sideMenu.textContent()).toContain('审计日志');
      const menuText = (await sideMenu.textContent()) ?? '';
      for (const hidden of ['用户管理', '角色管理']) expect([hidden, menuText.includes(hidden)]).toEqual([hidden, false]);
      await shot(page, 'two-step-required-done');
      await expectNoSeriousViolations(page);

      // and the server agrees: the browser's session now gets the menu
      const [browserToken, browserFingerprint] = await page.evaluate(() => [localStorage.getItem('token')!, localStorage.getItem('fingerprint')!]);
      const allowed = await signedCall('GET', '/api/user/menu', { token: browserToken, fingerprint: browserFingerprint });
      expect(allowed.status).toBe(200);
      expect(page.errors).toEqual([]);
    } finally {
      // The role goes again: its account moves to the user role first (a role an account holds cannot be deleted).
      if (account) await asAdmin('PUT', `/api/system/users/${account.id}`, { roles: ['user'] });
      if (role.status === 200) {
        const removed = await asAdmin('DELETE', `/api/system/roles/${role.body.data.id}`);
        expect(removed.status).toBe(200);
      }
    }
  });

  it("is reset by an administrator in 用户管理: the tag goes, and the account signs in with its password alone", { timeout: 120_000 }, async () => {
    const username = `e2e.two-step.reset.${suffix}`;
    await createAccount(username, ['user']);
    await enrolThroughApi(username);
    // the server asks this account for a second step now
    const first = await signedCall<{ mfaRequired?: boolean; token?: string }>('POST', '/api/user/login', { fingerprint: `e2e-two-step-check-${suffix}`, body: { username, password } });
    expect([first.status, first.body.data.mfaRequired, first.body.data.token]).toEqual([200, true, undefined]);

    const adminPage = await browserPage({ width: 1440, height: 900 });
    await adminPage.goto(`${baseUrl}/login`);
    await adminPage.locator('input[name=username]').fill(accounts.admin.username);
    await adminPage.locator('input[name=password]').fill(accounts.admin.password);
    await adminPage.locator('[data-testid=login-submit]').click();
    await adminPage.waitForSelector('[data-testid=navbar]');
    await adminPage.goto(`${baseUrl}/system/user?keyword=${encodeURIComponent(username)}`);
    const row = adminPage.locator('.arco-table-tr', { hasText: username }).first();
    await row.waitFor({ state: 'visible' });
    const tag = row.locator('[data-testid=user-two-step-tag]');
    await expect.poll(() => tag.textContent()).toBe('两步验证');
    await shot(adminPage, 'two-step-system-user-tag');
    // At 1440 px the status column passes under the fixed 操作 column: the table is scrolled sideways, as a
    // person would, and the tag is then the element under its own centre (not hidden under another).
    await tag.evaluate((el) => {
      for (let up = el.parentElement; up; up = up.parentElement) {
        if (up.scrollWidth > up.clientWidth && getComputedStyle(up).overflowX !== 'visible') {
          up.scrollLeft = up.scrollWidth;
          return;
        }
      }
    });
    await expect.poll(() => tag.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
    })).toBe(true);
    await shot(adminPage, 'two-step-system-user-tag-scrolled');
    await row.getByRole('button', { name: '重置两步验证' }).click();
    const confirm = adminPage.locator('.arco-popconfirm:visible');
    await expect.poll(() => confirm.textContent()).toContain(`确定重置账号“${username}”的两步验证吗？`);
    await shot(adminPage, 'two-step-system-user-reset-confirm');
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await expectToast(adminPage, '两步验证已重置');
    await expect.poll(() => tag.count()).toBe(0);
    expect(await row.getByRole('button', { name: '重置两步验证' }).count()).toBe(0);
    expect(adminPage.errors).toEqual([]);

    // the account: its password alone signs it in now
    const page = await browserPage({ width: 1440, height: 900 });
    await firstStep(page, username);
    await expectLanding(page);
    expect(await secondStep(page).count()).toBe(0);
    const security = await open(page, '/user/setting?tab=security');
    await expect.poll(() => security.locator('[data-testid=security-two-step-status]').textContent()).toMatch(/^未开启/);
    expect(page.errors).toEqual([]);
  });
});
