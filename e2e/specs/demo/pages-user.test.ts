import { describe, expect, it } from 'vitest';
import { launchBrowser, loginAs, newPage } from '../../lib/browser';
import { open } from '../../lib/page-helpers';

// The demo's sample panels on the user centre (the page itself: specs/pages-user.test.ts).
describe('user info with the demo', () => {
  it("shows the user's sample projects and teams", async () => {
    const browser = await launchBrowser();
    try {
      const page = await newPage(browser.context);
      await loginAs(page, 'admin');
      const p = await open(page, '/user/info');
      await expect.poll(() => p.locator('.arco-card').filter({ hasText: '我的项目' }).locator('.arco-card').count()).toBe(6);
      await expect.poll(() => p.locator('.arco-card').filter({ hasText: '我的团队' }).locator('.arco-list-item').count()).toBeGreaterThan(0);
      expect(page.errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
