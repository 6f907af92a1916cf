import type { Page, Route } from 'playwright-core';
import { expect, it } from 'vitest';
import { baseUrl, launchBrowser, loginAs, newPage } from './browser';
import { watchLayoutShifts } from './layout-shift';
import { landing } from './texts';

/** Holds the console's code (every /assets/*.js) until `release()`; the document and styles pass. */
export async function holdScripts(page: Page): Promise<{ release: () => Promise<void> }> {
  const held: Route[] = [];
  let holding = true;
  await page.route('**/assets/*.js', (route) => (holding ? held.push(route) : route.continue()));
  return {
    release: async () => {
      holding = false;
      await Promise.all(held.map((r) => r.continue()));
    },
  };
}

/**
 * The whole document's cumulative layout shift while the landing page loads, at 1440 and 390 px (on a
 * phone the shell once started in the desktop layout and slid the page 220 px left: 0.2 to 0.25); the
 * page is loaded once `ready` resolves, having had at least `minCalls` calls answered (sent, or answered in
 * the document with a page the server drew). A cookie of the origin
 * (another application's, say) goes with the document but never with a call: the calls carry their own
 * credentials, and on connections of their own they never queue behind the files of the first load.
 * (specs/shell-prerender.test.ts: any landing page; specs/demo/shell-prerender.test.ts: the workplace's,
 * charts included.)
 */
export function landingLoadTests(title: string, ready: (page: Page) => Promise<void>, minCalls: number): void {
  for (const width of [1440, 390]) it(`${title} (${width} px)`, async () => {
    const browser = await launchBrowser({ width, height: 844 });
    try {
      const first = await newPage(browser.context);
      await loginAs(first, 'admin');
      const page = await browser.context.newPage();
      await watchLayoutShifts(page);
      await browser.context.addCookies([{ name: 'other', value: '1', url: baseUrl }]);
      const cookies: Record<'api' | 'document', Promise<boolean>[]> = { api: [], document: [] };
      const paths: string[] = [];
      page.on('request', (r) => {
        paths.push(new URL(r.url()).pathname);
        const kind = r.isNavigationRequest() ? 'document' : new URL(r.url()).pathname.startsWith('/api/') ? 'api' : null;
        if (kind) cookies[kind].push(r.allHeaders().then((h) => /other=1/.test(h.cookie ?? ''), () => false));
      });
      await page.goto(`${baseUrl}${landing.path}`);
      await ready(page);
      await page.waitForTimeout(1000);
      expect(await page.evaluate(() => (window as unknown as { shift: number }).shift)).toBeLessThan(0.05);
      const api = await Promise.all(cookies.api);
      // Answered: sent, or (a page the server drew: decision 049) answered in the document.
      const inDocument = await page.evaluate(() => Object.keys((JSON.parse(document.getElementById('atrium-drawn-answers')?.textContent ?? '{}') as { answers?: object }).answers ?? {}).length);
      expect(api.length + inDocument).toBeGreaterThanOrEqual(minCalls);
      expect(api.filter(Boolean)).toEqual([]);
      // The test sees a cookie where one is sent.
      expect(await Promise.all(cookies.document)).toEqual([true]);
      // The document carries the signing credential (the server writes it in): it is never asked for.
      expect(paths.filter((p) => p === '/api/client-config')).toEqual([]);
    } finally {
      await browser.close();
    }
  });
}

/**
 * The list at `path` opened by its address has the console's own styles over Arco's, as when it is reached
 * from the menu (`group`, then `entry`, in English). index.html links a page's stylesheets before the
 * console runs; Arco's rules and the console's own have the same specificity, so the order decides. The
 * probe is the divider under the list's filters: Arco gives it 20 px above, the console none.
 */
export function stylesByAddressTest(path: string, group: string, entry: string): void {
  it(`has the console's own styles over Arco's on ${path}, as when it is reached from the menu`, async () => {
    const browser = await launchBrowser({ width: 1440, height: 900, locale: 'en-US' });
    try {
      const page = await newPage(browser.context);
      await loginAs(page, 'admin');
      const measure = () =>
        page.evaluate((path) => {
          const pane = document.querySelector(`[data-tab-pane="${path}"]`)!;
          const divider = getComputedStyle(pane.querySelector('.arco-divider-horizontal')!);
          const search = getComputedStyle(document.querySelector('[data-testid=navbar] .arco-autocomplete')!);
          return { dividerMargin: `${divider.marginTop} ${divider.marginBottom}`, searchWidth: search.width, font: getComputedStyle(document.body).fontFamily };
        }, path);
      await page.goto(`${baseUrl}${path}`);
      await page.locator(`[data-tab-pane="${path}"] .arco-divider-horizontal`).waitFor();
      const byAddress = await measure();
      expect(byAddress).toMatchObject({ dividerMargin: '0px 20px', searchWidth: '135px' });
      expect(byAddress.font).toContain('Noto Sans CJK SC');

      await page.goto(`${baseUrl}${landing.path}`);
      await page.locator('[data-testid=side-menu]').getByText(group, { exact: true }).click();
      await page.locator('[data-testid=side-menu]').getByText(entry, { exact: true }).click();
      await page.locator(`[data-tab-pane="${path}"] .arco-divider-horizontal`).waitFor();
      expect(await measure()).toEqual(byAddress);
    } finally {
      await browser.close();
    }
  });
}
