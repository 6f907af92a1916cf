import { afterEach, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, loginAs, newPage, type Browser } from '../../lib/browser';
import { watchLayoutShifts } from '../../lib/layout-shift';

// The first load of the demo's pages (the core's: specs/shell-prerender.test.ts).

let browser: Browser | undefined;
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

describe('the workplace', () => {
  // The whole document's cumulative layout shift while the workplace loads, data and charts included.
  // On a phone the shell once started in the desktop layout and slid the page 220 px left (0.2 to 0.25).
  for (const width of [1440, 390]) it(`loads without moving (${width} px)`, async () => {
    browser = await launchBrowser({ width, height: 844 });
    const first = await newPage(browser.context);
    await loginAs(first, 'admin');
    const page = await browser.context.newPage();
    await watchLayoutShifts(page);
    // A cookie of the origin goes with the document but never with a call (specs/shell-prerender.test.ts).
    await browser.context.addCookies([{ name: 'other', value: '1', url: baseUrl }]);
    const cookies: Record<'api' | 'document', Promise<boolean>[]> = { api: [], document: [] };
    page.on('request', (r) => {
      const kind = r.isNavigationRequest() ? 'document' : new URL(r.url()).pathname.startsWith('/api/') ? 'api' : null;
      if (kind) cookies[kind].push(r.allHeaders().then((h) => /other=1/.test(h.cookie ?? ''), () => false));
    });
    await page.goto(`${baseUrl}/workplace`);
    await page.locator('[data-tab-pane="/workplace"] canvas').first().waitFor();
    await page.waitForTimeout(1000);
    expect(await page.evaluate(() => (window as unknown as { shift: number }).shift)).toBeLessThan(0.05);
    const api = await Promise.all(cookies.api);
    expect(api.length).toBeGreaterThan(5);
    expect(api.filter(Boolean)).toEqual([]);
    expect(await Promise.all(cookies.document)).toEqual([true]);
  });
});

// The search table opened by its address has the console's styles over Arco's, as when it is reached from
// the menu (the probe: the divider under its filters; the reason: specs/shell-prerender.test.ts).
describe('the search table opened by its address', () => {
  it("has the console's own styles over Arco's, as when it is reached from the menu", async () => {
    browser = await launchBrowser({ width: 1440, height: 900, locale: 'en-US' });
    const page = await newPage(browser.context);
    await loginAs(page, 'admin');
    const measure = () =>
      page.evaluate(() => {
        const pane = document.querySelector('[data-tab-pane="/list/search-table"]')!;
        const divider = getComputedStyle(pane.querySelector('.arco-divider-horizontal')!);
        const search = getComputedStyle(document.querySelector('[data-testid=navbar] .arco-autocomplete')!);
        return { dividerMargin: `${divider.marginTop} ${divider.marginBottom}`, searchWidth: search.width, font: getComputedStyle(document.body).fontFamily };
      });
    await page.goto(`${baseUrl}/list/search-table`);
    await page.locator('[data-tab-pane="/list/search-table"] .arco-divider-horizontal').waitFor();
    const byAddress = await measure();
    expect(byAddress).toMatchObject({ dividerMargin: '0px 20px', searchWidth: '135px' });
    expect(byAddress.font).toContain('Noto Sans CJK SC');

    await page.goto(`${baseUrl}/workplace`);
    await page.locator('[data-testid=side-menu]').getByText('Lists', { exact: true }).click();
    await page.locator('[data-testid=side-menu]').getByText('Search table', { exact: true }).click();
    await page.locator('[data-tab-pane="/list/search-table"] .arco-divider-horizontal').waitFor();
    expect(await measure()).toEqual(byAddress);
  });
});
