import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedCall } from '../lib/api';
import { accounts, baseUrl, loginAs, screenshot, waitForSmsCode } from '../lib/browser';
import { browserEachTest } from '../lib/each-test';
import { redirectThroughSignIn } from '../lib/navigation';
import { expectHeldCallRefusedAfterSignOut, expectSignedOut, signOut, token, watchApi } from '../lib/sign-out';
import { landing } from '../lib/texts';

let page: Page & { errors: string[] };
const { relaunch } = browserEachTest((opened) => ({ page } = opened));

/**
 * Submits the account form and waits until the page has handled the answer. The response listener is
 * armed before the click (a fast answer, such as CAPTCHA_REQUIRED, can arrive before click() returns),
 * and the wait ends on the page's own state (button idle; password cleared or captcha row shown), not
 * on the response event: the page handles the answer later, and a field filled before that is wiped.
 */
async function submitAndSettle(p: Page): Promise<void> {
  const answered = p.waitForResponse((r) => r.url().endsWith('/api/user/login') && r.request().method() === 'POST');
  await p.locator('[data-testid=login-submit]').click();
  await answered;
  await p.waitForFunction(() => {
    const button = document.querySelector('[data-testid=login-submit]');
    const password = document.querySelector<HTMLInputElement>('input[name=password]');
    return !!button && !button.classList.contains('arco-btn-loading') && (password?.value === '' || !!document.querySelector('input[name=captcha]'));
  });
}

describe('sign-in', () => {
  it('signs in with the account tab, remembers only the username, and lands on the landing page', async () => {
    await loginAs(page, 'admin');
    await page.waitForURL(`**${landing.path}`);
    expect(await token(page)).toMatch(/.{20,}/);
    const config = await page.evaluate(() => localStorage.getItem('login-config'));
    expect(JSON.parse(config!)).toEqual({ rememberMe: true, username: 'admin' });
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(stored).not.toContain('admin123');
    expect(await page.title()).toBe(`${landing.title()} - Atrium`);
    expect(page.errors).toEqual([]);
  });

  it('shows the field messages and clears the token after a failed sign-in', async () => {
    await page.goto(`${baseUrl}/login`);
    await page.locator('[data-testid=login-submit]').click();
    await expect.poll(() => page.locator('[data-field-error]').allTextContents()).toEqual(['用户名不能为空', '密码不能为空']);
    await page.locator('input[name=username]').fill('admin');
    await page.locator('input[name=password]').fill('abcdef');
    await page.locator('[data-testid=login-submit]').click();
    await expect.poll(() => page.locator('[data-field-error]').allTextContents()).toEqual([expect.stringContaining('密码格式不正确')]);
    await page.evaluate(() => localStorage.setItem('token', 'stale-token'));
    await page.locator('input[name=password]').fill('wrong123');
    await page.locator('[data-testid=login-submit]').click();
    await expect.poll(() => page.locator('.arco-message').allTextContents()).toContain('账号或者密码错误');
    expect(await token(page)).toBeNull();
    expect(await page.locator('input[name=password]').inputValue()).toBe('');
  });

  it('signs in by phone with the code from the SMS outbox, with the 60 s countdown', async () => {
    // The admin's phone: the user's number gets codes in pages-user (phone binding), and the server
    // sends one code per number per 60 s, whatever the file order.
    const phone = accounts.admin.phone;
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('tab', { name: '手机号登录' }).click();
    await page.locator('[data-testid=sms-send]').click();
    await expect.poll(() => page.locator('[data-field-error]').allTextContents()).toEqual(['手机号不能为空']);
    await page.locator('input[name=tel]').fill('12345');
    await page.locator('[data-testid=sms-send]').click();
    await expect.poll(() => page.locator('[data-field-error]').allTextContents()).toEqual(['无效手机号']);
    await page.locator('input[name=tel]').fill(phone);
    const sentFrom = Date.now();
    await page.locator('[data-testid=sms-send]').click();
    await expect.poll(() => page.locator('[data-testid=sms-send]').textContent()).toMatch(/重新获取 (60|59|58) s/);
    expect(await page.locator('[data-testid=sms-send]').isDisabled()).toBe(true);
    const code = await waitForSmsCode(phone, sentFrom);
    // the countdown belongs to the page: it survives switching tabs
    await page.getByRole('tab', { name: '账号登录' }).click();
    await page.getByRole('tab', { name: '手机号登录' }).click();
    expect(await page.locator('[data-testid=sms-send]').textContent()).toMatch(/重新获取 \d+ s/);
    await page.locator('input[name=code]').fill(code);
    await page.locator('input[name=code]').press('Enter');
    await page.waitForURL(`**${landing.path}`);
    await page.waitForSelector('[data-testid=navbar]');
    expect(await token(page)).toBeTruthy();
  });

  it('shows the image captcha after repeated failures and sends captchaId and captcha', async () => {
    await page.goto(`${baseUrl}/login`);
    const username = `ghost-${Date.now()}`;
    await page.locator('input[name=username]').fill(username);
    const logins: Request[] = [];
    page.on('request', (r) => r.url().endsWith('/api/user/login') && logins.push(r));
    for (let i = 0; i < 4 && !(await page.locator('input[name=captcha]').isVisible()); i++) {
      await page.locator('input[name=password]').fill('wrong123');
      await submitAndSettle(page);
    }
    await page.waitForSelector('input[name=captcha]');
    await page.waitForSelector('[data-testid=captcha-image] img');
    const firstImage = await page.locator('[data-testid=captcha-image] img').getAttribute('src');
    expect(firstImage).toMatch(/^data:image\/svg\+xml/);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('captcha');
    await screenshot(page, 'login-captcha');
    await page.locator('input[name=password]').fill('wrong123');
    await page.locator('input[name=captcha]').fill('zzzz');
    await submitAndSettle(page);
    const body = JSON.parse(logins.at(-1)!.postData() ?? '{}') as Record<string, string>;
    expect(body).toMatchObject({ username, captcha: 'zzzz' });
    expect(body.captchaId).toBeTruthy();
    expect(body.password).toBe('wrong123');
    // a captcha is single-use: the image is replaced after the failed attempt
    await expect.poll(() => page.locator('[data-testid=captcha-image] img').getAttribute('src')).not.toBe(firstImage);
  });
});

describe('redirects and logout', () => {
  it('sends a signed-out visitor to login with the route name and query, and back after sign-in', async () => {
    await redirectThroughSignIn(page, { path: '/user/setting', name: 'Setting', group: '/user', groupFirst: '/user/info' });
  });

  /**
   * Signs in as `who` and, once the landing page has loaded (no call of its own still on its way), out:
   * back on the sign-in page with `signedOut` and no `expired` dialog, no call after the logout, none refused.
   */
  async function signInAndOut(who: 'admin' | 'user', signedOut: string, expired: string) {
    const watch = watchApi(page);
    await loginAs(page, who);
    await page.waitForURL(`**${landing.path}`);
    await expect.poll(() => watch.pending.size, { timeout: 20_000 }).toBe(0);
    const after = await signOut(page);
    await page.waitForURL(`${baseUrl}/login`);
    await expectSignedOut(page, after, signedOut, expired);
    expect(watch.refused).toEqual([]);
  }

  it.each(['admin', 'user'] as const)('signs out as %s: back to login with 已退出登录, no call after the logout, no dialog', async (who) => {
    await signInAndOut(who, '已退出登录', '登录信息已过期');
    expect(await page.evaluate(() => sessionStorage.getItem('tab-bar'))).toBe(JSON.stringify([{ path: landing.path, url: landing.path }]));
    expect(page.errors).toEqual([]);
    if (who === 'admin') await screenshot(page, 'signed-out-zh-CN');
  });

  it('signs out in en-US: "Signed out", no call after the logout, no dialog', async () => {
    await relaunch({ locale: 'en-US' });
    await signInAndOut('admin', 'Signed out', 'Session expired');
    await screenshot(page, 'signed-out-en-US');
  });

  it('a call still on its way at sign-out comes back 401 and opens no dialog', async () => {
    // The shell's message list (the bell's badge) is held in the browser until the server has revoked the session.
    await expectHeldCallRefusedAfterSignOut(page, '/api/message/list');
  });

  it('shows exactly one session-expired dialog when the session is revoked on the server', async () => {
    await loginAs(page, 'admin');
    // a page whose reload asks the server for its data (the accounts and the role picker's options)
    await page.goto(`${baseUrl}/system/user`);
    await page.locator('[data-tab-pane="/system/user"] tbody .arco-table-tr').first().waitFor();
    // Every dialog ever opened is counted, not only those still open at the end.
    await page.evaluate(() => {
      const w = window as unknown as { openedDialogs: number };
      w.openedDialogs = 0;
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.addedNodes) {
            if (node instanceof Element) w.openedDialogs += (node.matches('.arco-modal') ? 1 : 0) + node.querySelectorAll('.arco-modal').length;
          }
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
    const pending = new Set<Request>();
    const rejected: string[] = [];
    page.on('request', (r) => r.url().includes('/api/') && pending.add(r));
    page.on('requestfinished', (r) => pending.delete(r));
    page.on('requestfailed', (r) => pending.delete(r));
    page.on('response', (r) => r.status() === 401 && rejected.push(new URL(r.url()).pathname));
    const [tok, fingerprint] = await page.evaluate(() => [localStorage.getItem('token')!, localStorage.getItem('fingerprint')!]);
    const revoked = await signedCall('POST', '/api/user/logout', { token: tok, fingerprint });
    expect(revoked.status).toBe(200);
    // Several calls fail at once: the reloaded page's calls and the message list of the bell.
    // Calls of the page still on their way when the session was revoked (a loaded machine) may
    // already have opened the dialog, whose mask covers the navbar: the two buttons are therefore
    // clicked through DOM events, so the burst happens whether or not the dialog is up.
    await page.locator('[data-testid=navbar-reload]').dispatchEvent('click');
    await page.locator('[data-testid=message-bell]').dispatchEvent('click');
    await page.waitForSelector('.session-expired-modal');
    // At least two calls were refused, so the single dialog is the client's doing, not a single failure.
    await expect.poll(() => rejected.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    await expect.poll(() => pending.size, { timeout: 20_000 }).toBe(0);
    // The page handles each answer a moment after it arrives: look again once that has surely happened.
    await page.waitForTimeout(1000);
    expect(await page.locator('.session-expired-modal').count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { openedDialogs: number }).openedDialogs)).toBe(1);
    expect(await page.locator('.session-expired-modal .arco-modal-title').textContent()).toBe('登录信息已过期');
    await screenshot(page, 'session-expired');
    // not closable by Esc
    await page.keyboard.press('Escape');
    expect(await page.locator('.session-expired-modal').isVisible()).toBe(true);
    await page.getByRole('button', { name: '重新登录' }).click();
    await page.waitForURL('**/login**');
    expect(await token(page)).toBeNull();
  });
});
