import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir, baseUrl, launchBrowser, loginAs, newPage, screenshot, type Browser } from '../lib/browser';
import { pane, seriousViolations, type AxeViolation } from './pages-support';

/**
 * Every page from the workplace to the system pages, in both themes and both languages: a screenshot saved as a CI
 * artefact, and axe-core finding no serious or critical violation in the whole document (the page, the
 * menu, the navbar, the breadcrumb and the tab bar, which holds a tab for every page by the end).
 */
const pages: { name: string; url: string }[] = [
  { name: 'workplace', url: '/workplace' },
  { name: 'search-table', url: '/list/search-table' },
  { name: 'card', url: '/list/card' },
  { name: 'step-form', url: '/form/step' },
  { name: 'group-form', url: '/form/group' },
  { name: 'profile-basic', url: '/profile/basic' },
  { name: 'result-success', url: '/result/success' },
  { name: 'result-error', url: '/result/error' },
  { name: 'user-info', url: '/user/info' },
  { name: 'user-setting', url: '/user/setting' },
  { name: 'user-setting-security', url: '/user/setting?tab=security' },
  { name: 'user-setting-certification', url: '/user/setting?tab=certification' },
  { name: 'system-user', url: '/system/user' },
  { name: 'system-role', url: '/system/role' },
  { name: 'system-audit', url: '/system/audit' },
];

const variants = [
  { theme: 'light', locale: 'zh-CN' },
  { theme: 'dark', locale: 'zh-CN' },
  { theme: 'light', locale: 'en-US' },
  { theme: 'dark', locale: 'en-US' },
] as const;

describe.each(variants)('pages in $theme theme, $locale', ({ theme, locale }) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser({ theme, locale, width: 1440, height: 900 });
  });
  afterAll(async () => {
    await browser.close();
  });

  it('look right and have no serious or critical accessibility violation', { timeout: 300_000 }, async () => {
    const page = await newPage(browser.context);
    await loginAs(page, 'admin');
    const found: Record<string, AxeViolation[]> = {};
    for (const { name, url } of pages) {
      await page.goto(`${baseUrl}${url}`);
      const p = pane(page, new URL(url, baseUrl).pathname);
      await p.waitFor({ state: 'visible' });
      // Data arrived: no skeleton left (the workplace also waits for its lazily loaded charts).
      await expect.poll(() => p.locator('.arco-skeleton').count(), { timeout: 40_000 }).toBe(0);
      if (name === 'workplace') await expect.poll(() => p.locator('canvas').count(), { timeout: 40_000 }).toBeGreaterThanOrEqual(2);
      await page.waitForTimeout(1700); // count-up statistics and chart animations settle
      await screenshot(page, `pages-${name}-${theme}-${locale}`);
      const violations = await seriousViolations(page);
      if (violations.length) found[name] = violations;
    }
    // The full report stays beside the screenshots for whoever fixes a finding.
    writeFileSync(join(artifactsDir, `pages-axe-${theme}-${locale}.json`), JSON.stringify(found, null, 2));
    expect(found).toEqual({});
    expect(page.errors).toEqual([]);
  });
});
