import { afterEach, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, loginAs, newPage, type Browser, type LaunchOptions } from '../lib/browser';

// The lists' filters (components/filter-panel.tsx and each list's form) at the widths and in the
// languages where their layout changes: the buttons beside the filters behind a rule on desktops, under
// them on phones; labels of one width so fields line up; room for the fields that need it. The core's
// lists here; the demo's search table in demo/pages-filters.test.ts.

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

describe('list filters', () => {
  it('sets the filter buttons of every list beside the filters, behind a rule as tall as they are, at 1440 px', async () => {
    const page = await signedIn({ width: 1440, height: 900, locale: 'en-US' });
    for (const path of ['/system/user', '/system/audit']) {
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

  // On a tablet the audit log's time range takes the whole row and the other filters half of it: the
  // fields start where the time range's does, in both languages.
  for (const locale of ['zh-CN', 'en-US'] as const) it(`lines up the audit log's filter fields at 768 px (${locale})`, async () => {
    const page = await signedIn({ width: 768, height: 900, locale });
    await page.goto(`${baseUrl}/system/audit`);
    const form = page.locator('[data-tab-pane="/system/audit"] form').first();
    await form.locator('.arco-picker').first().waitFor();
    const lefts = await form.evaluate((f) => [...f.querySelectorAll('.arco-form-item')].filter((item) => item.querySelector('.arco-form-label-item')).map((item) => {
      const control = item.querySelector('.arco-form-item-wrapper')!.getBoundingClientRect();
      return { left: Math.round(item.getBoundingClientRect().left), control: Math.round(control.left) };
    }));
    // The items in the first column (the time range, the actor, the result) start their fields together.
    const firstColumn = lefts.filter((l) => l.left === lefts[0]!.left);
    expect(firstColumn.length).toBeGreaterThanOrEqual(3);
    expect(new Set(firstColumn.map((l) => l.control)).size).toBe(1);
  });

  // The users' keyword names four fields in its placeholder: at 1280 px in English it had 155 px.
  for (const [locale, width] of [['en-US', 1280], ['zh-CN', 1440], ['zh-CN', 768]] as const) it(`gives the users' keyword room and every filter label one line (${locale}, ${width} px)`, async () => {
    const page = await signedIn({ width, height: 900, locale });
    await page.goto(`${baseUrl}/system/user`);
    const form = page.locator('[data-tab-pane="/system/user"] form').first();
    await form.locator('input').first().waitFor();
    const labels = await form.locator('.arco-form-label-item').evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().height)));
    // keyword, role, status, source
    expect(labels).toHaveLength(4);
    // One line is 32 px (the field's height), two 64.
    expect(Math.max(...labels)).toBeLessThan(40);
    const keyword = await form.locator('.arco-form-item-wrapper').first().boundingBox();
    expect(keyword!.width).toBeGreaterThanOrEqual(200);
  });

  // On a phone the filters stack above their buttons, and a divider follows the buttons. With the
  // console's own rules in force (its divider has no top margin) the buttons keep their own distance.
  it('keeps the filter buttons of every list clear of the divider below them at 390 px', async () => {
    const page = await signedIn({ width: 390, height: 844, locale: 'en-US' });
    for (const path of ['/system/user', '/system/audit']) {
      await page.goto(`${baseUrl}${path}`);
      const pane = page.locator(`[data-tab-pane="${path}"]`);
      const buttons = await pane.getByRole('button', { name: 'Reset', exact: true }).boundingBox();
      const divider = await pane.locator('.arco-divider-horizontal').first().boundingBox();
      expect(buttons && divider, path).toBeTruthy();
      expect(divider!.y - (buttons!.y + buttons!.height), path).toBeGreaterThanOrEqual(12);
    }
  });
});
