import type { Page, Request } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedCall } from '../lib/api';
import { accounts, baseUrl, launchBrowser, loginAs, newPage, screenshot, waitForSmsCode, type Browser } from '../lib/browser';

let browser: Browser;
let page: Page & { errors: string[] };

beforeEach(async () => {
  browser = await launchBrowser();
  page = await newPage(browser.context);
});
afterEach(async () => {
  await browser.close();
});

async function token(p: Page): Promise<string | null> {
  return p.evaluate(() => localStorage.getItem('token'));
}

/** The page's calls to the server (not its static files): those still on their way, and each answered 401. */
function watchApi(p: Page): { pending: Set<Request>; refused: string[] } {
  const pending = new Set<Request>();
  const refused: string[] = [];
  p.on('request', (r) => isServerCall(r) && pending.add(r));
  p.on('requestfinished', (r) => pending.delete(r));
  p.on('requestfailed', (r) => pending.delete(r));
  p.on('response', (r) => r.status() === 401 && refused.push(`${r.request().method()} ${new URL(r.url()).pathname}`));
  return { pending, refused };
}

function isServerCall(r: Request): boolean {
  const { pathname } = new URL(r.url());
  return pathname.startsWith('/api/') || pathname.startsWith('/auth/');
}

interface AfterLogout {
  /** Every server call the page made after it sent the logout. */
  calls: string[];
}

/**
 * Signs out through the avatar menu, recording the calls sent after the logout call and counting every
 * dialog that opens from then on, even one that closes again.
 */
async function signOut(p: Page): Promise<AfterLogout> {
  const after: AfterLogout = { calls: [] };
  let loggedOut = false;
  p.on('request', (r) => {
    if (!isServerCall(r)) return;
    const call = `${r.method()} ${new URL(r.url()).pathname}`;
    if (loggedOut) after.calls.push(call);
    else if (call === 'POST /api/user/logout') loggedOut = true;
  });
  await p.evaluate(() => {
    const w = window as unknown as { openedDialogs: number };
    w.openedDialogs = 0;
    const selector = '.arco-modal, [role=dialog], [role=alertdialog]';
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof Element) w.openedDialogs += (node.matches(selector) ? 1 : 0) + node.querySelectorAll(selector).length;
        }
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  await p.locator('[data-testid=avatar]').click();
  await p.locator('[data-testid=logout]').click();
  return after;
}

/**
 * On the login page after a sign-out: the signed-out status is shown, and for two seconds no dialog
 * opens (the session-expired one in particular) and the page sends nothing: the login page needs no
 * call until the user acts, so "no call" is exact, not "no signed-in call".
 */
async function expectSignedOut(p: Page, after: AfterLogout, signedOutText: string, expiredTitle: string): Promise<void> {
  const status = p.getByRole('status').filter({ hasText: signedOutText });
  await status.waitFor({ state: 'visible', timeout: 8_000 });
  await p.waitForTimeout(2000);
  expect(await status.isVisible()).toBe(true);
  expect(await p.locator('.arco-modal, [role=dialog], [role=alertdialog]').filter({ visible: true }).count()).toBe(0);
  expect(await p.evaluate(() => (window as unknown as { openedDialogs: number }).openedDialogs)).toBe(0);
  expect(await p.getByText(expiredTitle).count()).toBe(0);
  expect(after.calls).toEqual([]);
  expect(await token(p)).toBeNull();
}

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
  it('signs in with the account tab, remembers only the username, and lands on the workplace', async () => {
    await loginAs(page, 'admin');
    await page.waitForURL('**/workplace');
    expect(await token(page)).toMatch(/.{20,}/);
    const config = await page.evaluate(() => localStorage.getItem('login-config'));
    expect(JSON.parse(config!)).toEqual({ rememberMe: true, username: 'admin' });
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(stored).not.toContain('admin123');
    expect(await page.title()).toBe('工作台 - Atrium');
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
    await page.waitForURL('**/workplace');
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
    await page.goto(`${baseUrl}/list/card?x=1`);
    await page.waitForURL('**/login?redirect=Card&x=1');
    await page.goto(`${baseUrl}/workplace`);
    await page.waitForURL(`${baseUrl}/login`);
    await page.goto(`${baseUrl}/list/card?x=1`);
    await page.waitForURL('**/login?redirect=Card&x=1');
    await page.locator('input[name=username]').fill('user');
    await page.locator('input[name=password]').fill('user123');
    await page.locator('[data-testid=login-submit]').click();
    await page.waitForURL('**/list/card?x=1');
    // a signed-in user who opens /login goes to the workplace; / and groups redirect too
    await page.goto(`${baseUrl}/login`);
    await page.waitForURL('**/workplace');
    await page.goto(`${baseUrl}/list`);
    await page.waitForURL('**/list/search-table');
  });

  it.each(['admin', 'user'] as const)('signs out as %s: back to login with 已退出登录, no call after the logout, no dialog', async (who) => {
    const watch = watchApi(page);
    await loginAs(page, who);
    await page.waitForURL('**/workplace');
    // The workplace has loaded: no call of its own is still on its way when the user signs out.
    await expect.poll(() => watch.pending.size, { timeout: 20_000 }).toBe(0);
    const after = await signOut(page);
    await page.waitForURL(`${baseUrl}/login`);
    await expectSignedOut(page, after, '已退出登录', '登录信息已过期');
    expect(watch.refused).toEqual([]);
    expect(await page.evaluate(() => sessionStorage.getItem('tab-bar'))).toBe('[{"path":"/workplace","url":"/workplace"}]');
    expect(page.errors).toEqual([]);
    if (who === 'admin') await screenshot(page, 'signed-out-zh-CN');
  });

  it('signs out in en-US: "Signed out", no call after the logout, no dialog', async () => {
    await browser.close();
    browser = await launchBrowser({ locale: 'en-US' });
    page = await newPage(browser.context);
    const watch = watchApi(page);
    await loginAs(page, 'admin');
    await page.waitForURL('**/workplace');
    await expect.poll(() => watch.pending.size, { timeout: 20_000 }).toBe(0);
    const after = await signOut(page);
    await page.waitForURL(`${baseUrl}/login`);
    await expectSignedOut(page, after, 'Signed out', 'Session expired');
    expect(watch.refused).toEqual([]);
    await screenshot(page, 'signed-out-en-US');
  });

  it('a call still on its way at sign-out comes back 401 and opens no dialog', async () => {
    // The workplace's overview is held in the browser until the server has revoked the session.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/workplace/overview', async (route) => {
      await held;
      await route.continue();
    });
    const watch = watchApi(page);
    await loginAs(page, 'admin');
    await expect.poll(() => [...watch.pending].some((r) => r.url().endsWith('/api/workplace/overview'))).toBe(true);
    const after = await signOut(page);
    await page.waitForURL(`${baseUrl}/login`);
    release();
    await expect.poll(() => watch.refused).toContain('GET /api/workplace/overview');
    await expectSignedOut(page, after, '已退出登录', '登录信息已过期');
  });

  it('shows exactly one session-expired dialog when the session is revoked on the server', async () => {
    await loginAs(page, 'admin');
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
    // Several calls fail at once: the reloaded workplace's calls and the message list of the bell.
    // Calls of the workplace still on their way when the session was revoked (a loaded machine) may
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
