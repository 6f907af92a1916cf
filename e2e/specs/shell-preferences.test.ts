import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, loginAs, newPage, screenshot, type Browser } from '../lib/browser';
import { browserEachTest } from '../lib/each-test';
import { landing } from '../lib/texts';

let browser: Browser;
let page: Page & { errors: string[] };
browserEachTest((opened) => ({ browser, page } = opened));

describe('theme and locale', () => {
  it('keeps the dark theme across a reload (arco-theme and the body attribute)', async () => {
    await loginAs(page, 'admin');
    await screenshot(page, 'landing-light-zh');
    await page.locator('[data-testid=theme-toggle]').click();
    expect(await page.evaluate(() => document.body.getAttribute('arco-theme'))).toBe('dark');
    await page.reload();
    await page.waitForSelector('[data-testid=navbar]');
    expect(await page.evaluate(() => [localStorage.getItem('arco-theme'), document.body.getAttribute('arco-theme')])).toEqual(['dark', 'dark']);
    await screenshot(page, 'landing-dark-zh');
    await page.locator('[data-testid=theme-toggle]').click();
    expect(await page.evaluate(() => document.body.hasAttribute('arco-theme'))).toBe(false);
  });

  it('ends transitions at once when the system asks for reduced motion, and keeps them otherwise', async () => {
    // The longest transition of the side menu's items, in seconds, as the browser computes it.
    const longest = (p: Page) =>
      p.locator('[data-testid=side-menu] .arco-menu-item').first().evaluate((el) => Math.max(...getComputedStyle(el).transitionDuration.split(',').map((d) => parseFloat(d) * (d.trim().endsWith('ms') ? 0.001 : 1))));
    await loginAs(page, 'admin');
    expect(await longest(page)).toBeGreaterThan(0.05);
    const reduced = await launchBrowser({ reducedMotion: 'reduce' });
    try {
      const calm = await newPage(reduced.context);
      await loginAs(calm, 'admin');
      expect(await longest(calm)).toBeLessThanOrEqual(0.00001);
      expect(calm.errors).toEqual([]);
    } finally {
      await reduced.close();
    }
  });

  it('switches to English with the message in English, reloads, and keeps it', async () => {
    await loginAs(page, 'admin');
    await page.locator('[data-testid=locale-switch]').click();
    const reload = page.waitForEvent('load');
    await page.locator('[data-locale=en-US]').click();
    await expect.poll(() => page.locator('.arco-message').allTextContents()).toContain('Language changed. The page will reload now.');
    await reload;
    await page.waitForSelector('[data-testid=navbar]');
    expect(await page.evaluate(() => [localStorage.getItem('arco-locale'), document.documentElement.lang])).toEqual(['en-US', 'en-US']);
    await expect.poll(() => page.locator('[data-testid=side-menu] .arco-menu-item').first().textContent()).toBe(landing.title('en-US'));
    expect(await page.title()).toBe(`${landing.title('en-US')} - Atrium`);
    await page.goto(`${baseUrl}/system/user`);
    await expect.poll(() => page.locator('.arco-breadcrumb-item').allTextContents()).toEqual(['', 'System', 'Users']);
    await page.locator('[data-testid=theme-toggle]').click();
    await screenshot(page, 'system-user-dark-en');
  });

  it('the sign-in page can switch language before signing in', async () => {
    await page.goto(`${baseUrl}/login`);
    await page.locator('[data-testid=locale-switch]').click();
    const reload = page.waitForEvent('load');
    await page.locator('[data-locale=en-US]').click();
    await reload;
    await page.waitForSelector('text=Sign in to Atrium');
    await screenshot(page, 'login-light-en');
  });
});

describe('settings drawer', () => {
  it('copies the settings JSON and shows the confirmation', async () => {
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await loginAs(page, 'admin');
    await page.locator('[data-testid=settings-open]').click();
    await page.waitForSelector('.arco-drawer');
    await page.locator('.arco-drawer').getByText('应用配置', { exact: true }).waitFor();
    await screenshot(page, 'settings-drawer-light-zh');
    // turning the footer off hides it at once
    await page.locator('[data-field=footer]').click();
    await page.locator('[data-testid=copy-settings]').click();
    await expect.poll(() => page.locator('.arco-message').allTextContents()).toContain('已拷贝配置');
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as Record<string, unknown>;
    expect(Object.keys(copied)).toEqual(['theme', 'colorWeak', 'navbar', 'menu', 'topMenu', 'hideMenu', 'menuCollapse', 'footer', 'themeColor', 'menuWidth', 'globalSettings', 'device', 'tabBar']);
    expect(copied).toMatchObject({ footer: false, globalSettings: false, themeColor: '#165DFF', menuWidth: 220 });
  });

  it('applies a typed hex colour on Enter, and the picker stays inside the window', async () => {
    await loginAs(page, 'admin');
    await page.locator('[data-testid=settings-open]').click();
    await page.locator('.arco-drawer .arco-color-picker').click();
    const hex = page.locator('.arco-color-picker-panel .arco-color-picker-input-hex input');
    await hex.waitFor();
    const panel = await page.locator('.arco-color-picker-panel').evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { top: r.top >= 0, bottom: r.bottom <= window.innerHeight, left: r.left >= 0, right: r.right <= window.innerWidth };
    });
    expect(panel).toEqual({ top: true, bottom: true, left: true, right: true });
    await hex.fill('F53F3F');
    await hex.press('Enter');
    const primary = () => page.evaluate(() => getComputedStyle(document.body).getPropertyValue('--primary-6').replace(/\s/g, ''));
    await expect.poll(primary, { timeout: 5_000 }).toBe('245,63,63');
    await expect.poll(() => page.locator('.arco-drawer .arco-color-picker').textContent()).toContain('F53F3F');
  });

  it('navbar off shows the floating button; colour weak inverts the page', async () => {
    await loginAs(page, 'admin');
    await page.locator('[data-testid=settings-open]').click();
    await page.locator('[data-field=colorWeak]').click();
    expect(await page.evaluate(() => document.body.style.filter)).toBe('invert(80%)');
    await page.locator('[data-field=colorWeak]').click();
    await page.locator('[data-field=navbar]').click();
    await page.locator('.arco-drawer-close-icon').click();
    await page.locator('.arco-drawer').waitFor({ state: 'hidden' });
    await page.waitForSelector('[data-testid=settings-float]');
    expect(await page.locator('[data-testid=navbar]').count()).toBe(0);
    await page.locator('[data-testid=settings-float]').click();
    await page.waitForSelector('.arco-drawer');
  });
});

describe('transport', () => {
  it('signs every API request with the signing headers', async () => {
    const requests: Request[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/') && !r.url().endsWith('/api/client-config')) requests.push(r);
    });
    await loginAs(page, 'admin');
    await page.waitForTimeout(500);
    const info = requests.find((r) => r.url().endsWith('/api/user/info'))!;
    const h = await info.allHeaders();
    expect(h['x-date']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(h['x-nonce']).toMatch(/^[0-9a-f]{32}$/);
    expect(h['x-fingerprint']).toBe(await page.evaluate(() => localStorage.getItem('fingerprint')));
    expect(h['access-token']).toBe(await page.evaluate(() => localStorage.getItem('token')));
    expect(h['accept-language']).toBe('zh-CN');
    expect(h.authorization).toMatch(/^ATRIUM-HMAC-SHA256 Credential=[^/]+\/\d{8}\/[^,]+, SignedHeaders=access-token;x-date;x-fingerprint;x-nonce, Signature=[0-9a-f]{64}$/);
    const login = requests.find((r) => r.url().endsWith('/api/user/login'))!;
    const lh = await login.allHeaders();
    expect(lh['access-token']).toBeUndefined();
    expect(lh.authorization).toContain('SignedHeaders=content-type;x-date;x-fingerprint;x-nonce');
    const nonces = await Promise.all(requests.map(async (r) => (await r.allHeaders())['x-nonce']));
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  it('computes the device id with FingerprintJS when none is stored', async () => {
    const fresh = await launchBrowser({ fingerprint: null });
    try {
      const p = await newPage(fresh.context);
      await p.goto(`${baseUrl}/login`);
      await p.waitForSelector('text=欢迎登录 Atrium');
      await expect.poll(() => p.evaluate(() => localStorage.getItem('fingerprint') ?? '')).toMatch(/^[0-9a-f]{32}$/);
    } finally {
      await fresh.close();
    }
  });
});
