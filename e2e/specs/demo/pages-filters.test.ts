import { afterEach, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, loginAs, newPage, type Browser, type LaunchOptions } from '../../lib/browser';

// The search table's filters laid out as the core's lists' are (specs/pages-filters.test.ts): the buttons
// beside the filters behind a rule on desktops, under them on phones, clear of the divider below.

let browser: Browser | undefined;
let errors: string[] = [];
afterEach(async () => {
  // No uncaught error on any of the pages a test opened.
  expect(errors).toEqual([]);
  await browser?.close();
  browser = undefined;
});

/** A fresh browser of that size and language, signed in as the administrator (who sees every list). */
async function signedIn(options: LaunchOptions) {
  browser = await launchBrowser(options);
  const page = await newPage(browser.context);
  errors = page.errors;
  await loginAs(page, 'admin');
  return page;
}

const PATH = '/list/search-table';

describe('search table filters', () => {
  it('sets the filter buttons beside the filters, behind a rule as tall as they are, at 1440 px', async () => {
    const page = await signedIn({ width: 1440, height: 900, locale: 'en-US' });
    await page.goto(`${baseUrl}${PATH}`);
    const pane = page.locator(`[data-tab-pane="${PATH}"]`);
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
    expect(layout.rule).toBe('1px');
    expect(layout.clearOfForm).toBeGreaterThanOrEqual(16);
    expect(layout.ruleSpansButtons).toBe(true);
  });

  // On a phone the filters stack above their buttons, and a divider follows the buttons. With the
  // console's own rules in force (its divider has no top margin) the buttons keep their own distance.
  it('keeps the filter buttons clear of the divider below them at 390 px', async () => {
    const page = await signedIn({ width: 390, height: 844, locale: 'en-US' });
    await page.goto(`${baseUrl}${PATH}`);
    const pane = page.locator(`[data-tab-pane="${PATH}"]`);
    const buttons = await pane.getByRole('button', { name: 'Reset', exact: true }).boundingBox();
    const divider = await pane.locator('.arco-divider-horizontal').first().boundingBox();
    expect(buttons && divider).toBeTruthy();
    expect(divider!.y - (buttons!.y + buttons!.height)).toBeGreaterThanOrEqual(12);
  });
});
