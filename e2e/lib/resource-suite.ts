import type { ResourceDef, ResourceField } from '@atrium/contracts/resource';
import { resourceSample } from '@atrium/contracts/resource-sample';
import { resources } from '@atrium/contracts/resources/index';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { choose, expectToast, field, pane, seriousViolations, visibleDrawer } from './page-helpers';
import { signedCall } from './api';
import { baseUrl, launchBrowser, loginAs, newPage, screenshot, type LaunchOptions } from './browser';

/**
 * The resource kit's browser suite, for any resource: a generated spec (`e2e/specs/resource-<plural>.test.ts`)
 * is `describeResourcePage(product)`. As the administrator: the page opens from the menu; a record made
 * of valid values derived from the definition (contracts' resourceSample) is created through the form,
 * found in the table and through a filter, edited and deleted; the title reads right in both languages;
 * axe finds nothing serious in the whole document (list and form, light and dark); a 390 px phone shows
 * the page and the form without sideways scrolling.
 */
export function describeResourcePage(def: ResourceDef): void {
  describe(`the ${def.pluralLabel['en-US']} page (resource kit)`, () => {
    it('creates a record through the form, finds it, filters by it, edits and deletes it', { timeout: 180_000 }, async () => {
      await withPage({}, async (page) => {
        await loginAs(page, 'admin');
        const p = await openFromMenu(page, def, 'zh-CN');
        await expect.poll(() => p.locator('.arco-card-header-title').textContent()).toBe(def.pluralLabel['zh-CN']);
        await expect.poll(() => page.title()).toBe(`${def.pluralLabel['zh-CN']} - Atrium`);

        // 新建: every field filled with a valid value; a reference with the first record offered.
        const n = Number(Date.now().toString().slice(-6));
        const sample = resourceSample(def, n);
        await p.getByRole('button', { name: words('新建') }).click();
        let form = visibleDrawer(page);
        await expect.poll(() => form.locator('.arco-drawer-header-title').textContent()).toBe(`新建${def.label['zh-CN']}`);
        for (const f of def.fields) await fill(page, form, f, sample[f.name]);
        await settle(p);
        expect(await seriousViolations(page), 'axe, the form').toEqual([]);
        await screenshot(page, `resource-${def.plural}-form`);
        await form.getByRole('button', { name: words('保存') }).click();
        await expectToast(page, '创建成功');
        await form.waitFor({ state: 'hidden' });

        const title = String(sample[def.titleField]);
        const row = (text: string) => p.locator('tbody tr.arco-table-tr').filter({ hasText: text });
        await expect.poll(() => row(title).count()).toBe(1);
        await settle(p);
        expect(await seriousViolations(page), 'axe, the list').toEqual([]);
        await screenshot(page, `resource-${def.plural}-list`);

        // A filter: the applied value goes to the URL, and the table shows what matches it.
        const filter = def.fields.find((f) => f.filter && f.type === 'string' && sample[f.name] !== undefined) ?? def.fields.find((f) => f.filter === 'equals' && (f.type === 'enum' || f.type === 'boolean'));
        if (filter) {
          const panel = p.getByRole('form', { name: '筛选条件' });
          const item = field(panel, filter.label['zh-CN']);
          const value = sample[filter.name];
          if (filter.type === 'string') await item.locator('input').fill(String(value));
          else await choose(page, item, filter.type === 'boolean' ? (value ? '是' : '否') : enumLabel(filter, String(value)));
          await p.getByRole('button', { name: words('查询') }).click();
          await expect.poll(() => new URL(page.url()).searchParams.get(filter.name)).toBe(String(value));
          // (polled: the rows of before the filter stay on screen until the filtered ones arrive)
          if (filter.type === 'string' && !filter.hidden) {
            const matching = async () => (await p.locator('tbody tr.arco-table-tr').allTextContents()).every((text) => text.toLowerCase().includes(String(value).toLowerCase()));
            await expect.poll(matching).toBe(true);
          }
          await expect.poll(() => row(title).count()).toBe(1);
          await p.getByRole('button', { name: words('重置') }).click();
          await expect.poll(() => new URL(page.url()).searchParams.has(filter.name)).toBe(false);
        }

        // 编辑: a new value for an editable string field (the title when it may change).
        const edited = def.fields.find((f) => f.name === def.titleField && !f.readOnly) ?? def.fields.find((f) => f.type === 'string' && !f.readOnly);
        const next = edited ? String(resourceSample(def, n + 1)[edited.name]) : undefined;
        await row(title).getByRole('button', { name: words('编辑') }).click();
        form = visibleDrawer(page);
        await expect.poll(() => form.locator('.arco-drawer-header-title').textContent()).toBe(`编辑${def.label['zh-CN']}`);
        if (edited) await field(form, edited.label['zh-CN']).locator('input').fill(next!);
        await form.getByRole('button', { name: words('保存') }).click();
        await expectToast(page, '保存成功');
        await form.waitFor({ state: 'hidden' });
        const current = edited?.name === def.titleField ? next! : title;
        await expect.poll(() => row(current).count()).toBe(1);
        if (edited && !edited.hidden) expect(await row(current).textContent()).toContain(next);

        // 删除, once confirmed.
        await row(current).getByRole('button', { name: words('删除') }).click();
        await page.locator('.arco-popconfirm:visible').getByRole('button', { name: words('删除') }).click();
        await expectToast(page, '删除成功');
        await expect.poll(() => row(current).count()).toBe(0);
      });
    });

    it('reads in English in the dark theme, axe finding nothing serious', { timeout: 90_000 }, async () => {
      await withPage({ locale: 'en-US', theme: 'dark' }, async (page) => {
        await loginAs(page, 'admin');
        const p = await openFromMenu(page, def, 'en-US');
        await expect.poll(() => p.locator('.arco-card-header-title').textContent()).toBe(def.pluralLabel['en-US']);
        await expect.poll(() => page.title()).toBe(`${def.pluralLabel['en-US']} - Atrium`);
        await expect.poll(() => page.locator('[data-testid=tab-bar] [role=tab][aria-selected=true]').textContent()).toContain(def.pluralLabel['en-US']);
        await expect.poll(() => p.locator('.arco-table-th').first().textContent()).toBe(def.fields.find((f) => !f.hidden && f.type !== 'text')?.label['en-US']);
        await settle(p);
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `resource-${def.plural}-dark-en-US`);
      });
    });

    it('fits a 390 px phone without sideways scrolling, the form too', { timeout: 90_000 }, async () => {
      await withPage({ width: 390, height: 844 }, async (page) => {
        await loginAs(page, 'admin');
        await page.goto(`${baseUrl}${def.path}`);
        const p = pane(page, def.path);
        await p.waitFor({ state: 'visible' });
        await settle(p);
        expect(await sidewaysOverflow(page)).toBeNull();
        await screenshot(page, `resource-${def.plural}-390`, true);
        await p.getByRole('button', { name: words('新建') }).click();
        const form = visibleDrawer(page);
        // in place: the drawer slides in from the right edge
        await expect.poll(() => form.evaluate((el) => el.getBoundingClientRect().left)).toBe(0);
        expect(await sidewaysOverflow(page)).toBeNull();
        await screenshot(page, `resource-${def.plural}-390-form`);
      });
    });
  });
}

/** A fresh browser and page for a scenario; the page must end without errors in its console. */
async function withPage(options: LaunchOptions, run: (page: Page & { errors: string[] }) => Promise<void>): Promise<void> {
  const browser = await launchBrowser(options);
  try {
    const page = await newPage(browser.context);
    await run(page);
    expect(page.errors).toEqual([]);
  } finally {
    await browser.close();
  }
}

/** An Arco button's name: two CJK characters get a space between them. */
const words = (text: string) => new RegExp(`^\\s*${[...text].join('\\s*')}\\s*$`);

const enumLabel = (f: ResourceField, value: string) => f.values!.find((v) => v.value === value)!.label['zh-CN'];

/**
 * Opens the page from the side menu as a person would: its group opened first. A group the resource
 * brings is found by its label; a group of the core (its label is the console's) by trying the closed
 * groups in turn.
 */
async function openFromMenu(page: Page, def: ResourceDef, locale: 'zh-CN' | 'en-US'): Promise<Locator> {
  const menu = page.locator('[data-testid=side-menu]');
  const item = menu.locator(`[data-path="${def.path}"]`);
  const own = def.menu.groupLabel?.[locale];
  if (own && !(await item.isVisible())) await menu.locator('.arco-menu-inline-header').filter({ hasText: new RegExp(`^${own}$`) }).click();
  for (const group of await menu.locator('.arco-menu-inline:not(.arco-menu-inline-open)').all()) {
    if (await item.isVisible()) break;
    await group.locator('.arco-menu-inline-header').click();
    await page.waitForTimeout(300); // the group unfolds
    if (!(await item.isVisible())) await group.locator('.arco-menu-inline-header').click();
  }
  await item.click();
  await page.waitForURL(`${baseUrl}${def.path}`);
  const p = pane(page, def.path);
  await p.waitFor({ state: 'visible' });
  return p;
}

/** The table has its data (no loading mask), and no transition is under way (axe would read colours mid-way). */
async function settle(p: Locator): Promise<void> {
  await expect.poll(() => p.locator('.arco-spin-loading').count(), { timeout: 20_000 }).toBe(0);
  const running = () => p.page().evaluate(() => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity).length);
  await expect.poll(running, { timeout: 10_000 }).toBe(0);
}

/** What sticks out of the viewport sideways (the document's own scroll), or null. */
function sidewaysOverflow(page: Page): Promise<string | null> {
  return page.evaluate(() => (document.documentElement.scrollWidth > window.innerWidth ? `document ${document.documentElement.scrollWidth} px wide in ${window.innerWidth} px` : null));
}

/** `YYYY-MM-DD HH:mm:ss` in this machine's (and the browser's) time zone. */
function localTime(iso: string): string {
  const d = new Date(iso);
  const pad = (v: number) => String(v).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Fills one field of the form with its sample value, as a person would with that input. */
async function fill(page: Page & { errors: string[] }, form: Locator, f: ResourceField, value: unknown): Promise<void> {
  const item = field(form, f.label['zh-CN']);
  switch (f.type) {
    case 'boolean': {
      const toggle = item.locator('button[role=switch]');
      if ((await toggle.getAttribute('aria-checked')) !== String(value)) await toggle.click();
      return;
    }
    case 'enum':
      return choose(page, item, enumLabel(f, String(value)));
    case 'reference':
      return pickFirst(page, item, f);
    case 'date':
    case 'datetime': {
      const text = f.type === 'date' ? String(value) : localTime(String(value));
      const input = item.locator('input');
      await input.click();
      await input.fill(text);
      await input.press('Enter');
      // A picker with a time panel may wait for its OK button (once a closing one has gone).
      await page.waitForTimeout(400);
      const ok = page.locator('.arco-picker-container:visible .arco-picker-footer button.arco-btn-primary');
      if (await ok.isVisible()) await ok.click();
      await expect.poll(() => input.inputValue()).toBe(text);
      return;
    }
    default:
      if (value !== undefined) await item.locator('input, textarea').first().fill(String(value));
  }
}

/** A reference: the first record its picker offers; a required one with none to offer gets one made through the API. */
async function pickFirst(page: Page, item: Locator, f: ResourceField): Promise<void> {
  const offered = async () => {
    // another select's pop-up still closing would be taken for this one's
    await expect.poll(() => page.locator('.arco-select-popup:visible').count()).toBe(0);
    await item.locator('.arco-select-view').click();
    const popup = page.locator('.arco-select-popup:visible');
    await expect.poll(async () => (await popup.getByRole('option').count()) > 0 || (await popup.locator('.arco-select-popup-inner').textContent())?.includes('暂无数据'), { timeout: 10_000 }).toBe(true);
    return popup.getByRole('option');
  };
  let options = await offered();
  if ((await options.count()) === 0) {
    await page.keyboard.press('Escape');
    if (!f.required) return;
    const target = resources.find((r) => r.name === f.to);
    if (!target || target.fields.some((o) => o.type === 'reference' && o.required)) throw new Error(`${f.name}: no ${f.to} record to refer to; create one first`);
    const [token, fingerprint] = await page.evaluate(() => [localStorage.getItem('token')!, localStorage.getItem('fingerprint')!]);
    const made = await signedCall('POST', target.apiPath, { token, fingerprint, body: resourceSample(target, Date.now() % 100_000) });
    expect(made.status, `a ${f.to} to refer to`).toBe(200);
    // Made outside the page: past the client's 900 ms sharing of an identical read, it asks again.
    await page.waitForTimeout(1000);
    options = await offered();
    await expect.poll(() => options.count()).toBeGreaterThan(0);
  }
  await options.first().click();
  await expect.poll(() => page.locator('.arco-select-popup:visible').count()).toBe(0);
  await expect.poll(() => item.locator('.arco-select-view-value').textContent()).not.toBe('');
}
