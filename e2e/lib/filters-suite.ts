import type { Page } from 'playwright-core';
import { afterEach, expect, it } from 'vitest';
import { baseUrl, launchBrowser, loginAs, newPage, type Browser, type LaunchOptions } from './browser';

/**
 * Fresh browsers of any size and language, each signed in as the administrator (who sees every list) and
 * closed after its test; a test also fails on an uncaught error of the page it opened.
 */
export function adminBrowserEachTest(): (options: LaunchOptions) => Promise<Page & { errors: string[] }> {
  let browser: Browser | undefined;
  let errors: string[] = [];
  afterEach(async () => {
    try {
      expect(errors).toEqual([]);
    } finally {
      await browser?.close();
      browser = undefined;
    }
  });
  return async (options) => {
    browser = await launchBrowser(options);
    const page = await newPage(browser.context);
    errors = page.errors;
    await loginAs(page, 'admin');
    return page;
  };
}

/**
 * The filter buttons of the lists at `paths` (specs/pages-filters.test.ts: the core's lists;
 * specs/demo/pages-filters.test.ts: the demo's search table): beside the filters behind a rule on a
 * desktop, under them and clear of the divider that follows on a phone.
 */
export function filterButtonTests(signedIn: ReturnType<typeof adminBrowserEachTest>, paths: readonly string[]): void {
  it(`sets the filter buttons of every list beside the filters, behind a rule as tall as they are, at 1440 px (${paths.join(', ')})`, async () => {
    const page = await signedIn({ width: 1440, height: 900, locale: 'en-US' });
    for (const path of paths) {
      await page.goto(`${baseUrl}${path}`);
      const pane = page.locator(`[data-tab-pane="${path}"]`);
      const search = pane.getByRole('button', { name: 'Search', exact: true });
      await search.waitFor();
      const layout = await search.evaluate((button) => {
        const group = button.parentElement!;
        const form = group.parentElement!.querySelector('form')!.getBoundingClientRect();
        const box = group.getBoundingClientRect();
        const buttons = [...group.querySelectorAll('button')].map((b) => b.getBoundingClientRect());
        return {
          rule: getComputedStyle(group).borderLeftWidth,
          clearOfForm: box.left - form.right,
          ruleSpansButtons: box.top <= buttons[0]!.top && box.bottom >= buttons[buttons.length - 1]!.bottom,
        };
      });
      expect(layout.rule, path).toBe('1px');
      expect(layout.clearOfForm, path).toBeGreaterThanOrEqual(16);
      expect(layout.ruleSpansButtons, path).toBe(true);
    }
  });

  // On a phone the filters stack above their buttons, and a divider follows the buttons. With the
  // console's own rules in force (its divider has no top margin) the buttons keep their own distance.
  it(`keeps the filter buttons of every list clear of the divider below them at 390 px (${paths.join(', ')})`, async () => {
    const page = await signedIn({ width: 390, height: 844, locale: 'en-US' });
    for (const path of paths) {
      await page.goto(`${baseUrl}${path}`);
      const pane = page.locator(`[data-tab-pane="${path}"]`);
      const buttons = await pane.getByRole('button', { name: 'Reset', exact: true }).boundingBox();
      const divider = await pane.locator('.arco-divider-horizontal').first().boundingBox();
      expect(buttons && divider, path).toBeTruthy();
      expect(divider!.y - (buttons!.y + buttons!.height), path).toBeGreaterThanOrEqual(12);
    }
  });
}
