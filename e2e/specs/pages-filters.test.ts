import { describe, expect, it } from 'vitest';
import { baseUrl } from '../lib/browser';
import { adminBrowserEachTest, filterButtonTests } from '../lib/filters-suite';

// The lists' filters (components/filter-panel.tsx and each list's form) at the widths and in the
// languages where their layout changes: the buttons beside the filters behind a rule on desktops, under
// them on phones; labels of one width so fields line up; room for the fields that need it. The core's
// lists here; the demo's search table in demo/pages-filters.test.ts.

const signedIn = adminBrowserEachTest();

describe('list filters', () => {
  filterButtonTests(signedIn, ['/system/user', '/system/audit']);

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
  for (const [locale, width] of [['en-US', 1280], ['zh-CN', 1440], ['zh-CN', 768]] as const) it(`gives the users' keyword room, every filter label one line and the department filter its label's name (${locale}, ${width} px)`, async () => {
    const page = await signedIn({ width, height: 900, locale });
    await page.goto(`${baseUrl}/system/user`);
    const form = page.locator('[data-tab-pane="/system/user"] form').first();
    await form.locator('input').first().waitFor();
    const labels = await form.locator('.arco-form-label-item').evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().height)));
    // keyword, role, department, status, source
    expect(labels).toHaveLength(5);
    // One line is 32 px (the field's height), two 64.
    expect(Math.max(...labels)).toBeLessThan(40);
    const keyword = await form.locator('.arco-form-item-wrapper').first().boundingBox();
    expect(keyword!.width).toBeGreaterThanOrEqual(200);
    // The department filter is a tree select: its label points at a div, which a label cannot name, and
    // Tab lands on the search input inside. Both carry the label's text.
    const department = locale === 'zh-CN' ? '部门' : 'Department';
    await expect.poll(() => form.getByRole('combobox', { name: department, exact: true }).count()).toBe(1);
    await expect.poll(() => form.getByRole('textbox', { name: department, exact: true }).count()).toBe(1);
  });
});
