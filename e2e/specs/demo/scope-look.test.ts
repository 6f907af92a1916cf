import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAs, newPage, screenshot, type Browser } from '../../lib/browser';
import { expectNoSeriousViolations, field, open, openDepartments, visibleModal } from '../../lib/page-helpers';
import { expectTreeLooksRight } from '../../lib/tree-look';

/**
 * The collections (a scoped page, issue 39) on a 390 px phone in the dark theme, in both languages, with
 * the department picker open: in the filters and in the new collection's form, the popup the box's width
 * and inside the viewport, every name whole, nothing wider than the viewport, axe on the whole document
 * with it open; a department chosen from it filters the list to that department and those below it.
 */
const PATH = '/list/search-table';

describe.each([
  { locale: 'zh-CN', label: '所属部门', search: '查询', create: '新建', cancel: '取消', east: '华东区', below: '上海分部', south: '华南区' },
  { locale: 'en-US', label: 'Department', search: 'Search', create: 'New', cancel: 'Cancel', east: 'East region', below: 'Shanghai branch', south: 'South region' },
] as const)('the collections’ department picker ($locale, dark, 390 px)', ({ locale, label, search, create, cancel, east, below, south }) => {
  let browser: Browser;
  let page: Awaited<ReturnType<typeof newPage>>;
  beforeAll(async () => {
    browser = await launchBrowser({ locale, theme: 'dark', width: 390, height: 844, touch: true });
    page = await newPage(browser.context);
    await loginAs(page, 'admin');
  });
  afterAll(async () => {
    await browser.close();
  });

  /** The texts of the department column, found by its header. */
  const departments = async (p: Locator) => {
    const column = (await p.locator('thead th').allTextContents()).findIndex((h) => h.trim() === label);
    return p.locator('tbody .arco-table-tr:not(.arco-table-empty-row)').evaluateAll((trs, c) => trs.map((tr) => tr.querySelectorAll('td')[c]?.textContent?.trim() ?? ''), column);
  };

  /** The popup spans its box, no wider. */
  const alignedWith = async (popup: Locator, box: Locator) => {
    const [a, b] = [await popup.boundingBox(), await box.locator('.arco-tree-select').boundingBox()];
    return [Math.round(a!.x - b!.x), Math.round(a!.width - b!.width)];
  };

  it('filters the list by a department chosen in the open popup', { timeout: 120_000 }, async () => {
    const p = await open(page, PATH);
    await expect.poll(() => p.locator('tbody .arco-table-tr').count()).toBe(10);
    const filter = field(p.getByRole('form', { name: search }), label);
    const popup = await openDepartments(page, filter);
    // measured once it has settled (its place and width may move while it opens)
    await expect.poll(() => alignedWith(popup, filter)).toEqual([0, 0]);
    await expectTreeLooksRight(page, popup, `scope-collections-filter-open-${locale}-dark-390`);
    await popup.getByRole('treeitem', { name: east, exact: true }).locator('.arco-tree-node-title').click();
    await popup.waitFor({ state: 'hidden' });
    await p.getByRole('button', { name: search, exact: true }).click();
    await page.waitForURL(/department=\d+/);
    await expect.poll(async () => new Set(await departments(p))).toEqual(new Set([east, below]));
    await expectNoSeriousViolations(page, 'the filtered list');
    // the table scrolled sideways to its department column
    await p.locator('thead th', { hasText: label }).scrollIntoViewIfNeeded();
    await screenshot(page, `scope-collections-filtered-${locale}-dark-390`);
  });

  it('offers the departments in the new collection’s form, its popup open over the form', { timeout: 120_000 }, async () => {
    const p = await open(page, PATH);
    await p.getByRole('button', { name: create, exact: true }).click();
    const form = visibleModal(page);
    await form.waitFor({ state: 'visible' });
    const item = field(form, label);
    await item.scrollIntoViewIfNeeded();
    const popup = await openDepartments(page, item);
    await expect.poll(() => alignedWith(popup, item)).toEqual([0, 0]);
    await expectTreeLooksRight(page, popup, `scope-collections-form-open-${locale}-dark-390`);
    await popup.getByRole('treeitem', { name: south, exact: true }).locator('.arco-tree-node-title').click();
    await popup.waitFor({ state: 'hidden' });
    await expect.poll(() => item.locator('.arco-tree-select-view-value').textContent()).toBe(south);
    await expectNoSeriousViolations(page, 'the form, a department chosen');
    await form.getByRole('button', { name: cancel, exact: true }).click();
    await form.waitFor({ state: 'hidden' });
    expect(page.errors).toEqual([]);
  });
});
