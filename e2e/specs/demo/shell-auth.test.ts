import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, loginAs, newPage, type Browser } from '../../lib/browser';
import { expectSignedOut, signOut, watchApi } from '../../lib/sign-out';

// Signing in and out with the demo's pages: the workplace as the landing page, the card list and the
// search table as the pages a redirect leads to (the core's cases: specs/shell-auth.test.ts).

let browser: Browser;
let page: Page & { errors: string[] };

beforeEach(async () => {
  browser = await launchBrowser();
  page = await newPage(browser.context);
});
afterEach(async () => {
  await browser.close();
});

describe('sign-in with the demo', () => {
  it('lands on the workplace, titled 工作台', async () => {
    await loginAs(page, 'admin');
    await page.waitForURL('**/workplace');
    expect(await page.title()).toBe('工作台 - Atrium');
    expect(page.errors).toEqual([]);
  });

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

  it("a workplace call still on its way at sign-out comes back 401 and opens no dialog", async () => {
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
});
