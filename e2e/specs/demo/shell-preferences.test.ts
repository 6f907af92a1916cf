import { describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, loginAs, newPage, screenshot } from '../../lib/browser';

// The demo's pages in English (switching the language itself: specs/shell-preferences.test.ts).
describe('the demo in English', () => {
  it('names the workplace and the search table in English, in the menu, the title and the breadcrumb', async () => {
    const browser = await launchBrowser({ locale: 'en-US' });
    try {
      const page = await newPage(browser.context);
      await loginAs(page, 'admin');
      await page.waitForURL('**/workplace');
      expect(await page.evaluate(() => [localStorage.getItem('arco-locale'), document.documentElement.lang])).toEqual(['en-US', 'en-US']);
      await expect.poll(() => page.locator('[data-testid=side-menu] .arco-menu-item').first().textContent()).toBe('Workplace');
      expect(await page.title()).toBe('Workplace - Atrium');
      await page.goto(`${baseUrl}/list/search-table`);
      await expect.poll(() => page.locator('.arco-breadcrumb-item').allTextContents()).toEqual(['', 'Lists', 'Search table']);
      await page.locator('[data-testid=theme-toggle]').click();
      await screenshot(page, 'search-table-dark-en');
      expect(page.errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
