import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, loginAs, newPage, screenshot, type Browser, type LaunchOptions } from '../../lib/browser';
import { expectNoSeriousViolations } from '../../lib/page-helpers';

// Decision 051: as the console goes to the search table (a click in the menu), the server draws the page
// with its rows as this session; the console shows it until its own page has the same content, then puts
// its page in its place without asking for those rows again.

let browser: Browser | undefined;
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

/** Signed in as the administrator, on the workplace, once the server draws its pages (it loads its renderer when first asked). */
async function onWorkplace(options: LaunchOptions) {
  browser = await launchBrowser(options);
  const page = await newPage(browser.context);
  await loginAs(page, 'admin');
  await expect.poll(() => page.request.get(`${baseUrl}/workplace`).then((r) => r.text()).then((html) => html.includes('id="pre-drawn"')), { timeout: 20_000 }).toBe(true);
  await page.locator('[data-tab-pane="/workplace"] tbody tr').first().waitFor();
  // The search table's code (and its stylesheets) is here once the menu's pages were preloaded when idle.
  await page.waitForTimeout(2500);
  return page;
}

/** Records, frame by frame from now on, where the table's rows first show: in the page the server drew, or in the console's. */
function watchRows(page: Page) {
  return page.evaluate(() => {
    const probes = { title: '.arco-card-header-title', field: '.arco-form-item', header: 'th', row: 'tbody tr', cell: 'tbody td', button: '.arco-btn-primary', pagination: '.arco-pagination' };
    const look = (scope: Element) =>
      Object.fromEntries(
        Object.entries(probes).map(([name, selector]) => {
          const el = scope.querySelector(selector);
          const box = el?.getBoundingClientRect();
          return [name, el && box ? { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height), color: getComputedStyle(el).color, text: el.textContent?.trim().slice(0, 40) } : null];
        }),
      );
    // What Arco Table marks once laid out (its fixed columns, the edge scrolled away: its shadows).
    const marks = (scope: Element | null) => [...(scope?.querySelector('.arco-table')?.classList ?? [])].filter((c) => /has-fixed-col|scroll-position/.test(c)).sort();
    (window as unknown as { tableMarks: typeof marks }).tableMarks = marks;
    const rows = (scope: Element) => [...scope.querySelectorAll('tbody tr')].filter((tr) => tr.getBoundingClientRect().height > 0 && getComputedStyle(tr).visibility !== 'hidden').map((tr) => tr.textContent);
    const seen: { drawn?: { look: unknown; rows: (string | null)[] }; console?: { look: unknown; rows: (string | null)[] }; drawnMarks?: string[]; order: string[] } = { order: [] };
    (window as unknown as { seen: typeof seen }).seen = seen;
    const tick = () => {
      const drawn = document.querySelector('[data-drawn-pane]:not([hidden])');
      if (drawn && !seen.drawn && rows(drawn).length >= 3) {
        seen.drawn = { look: look(drawn), rows: rows(drawn) };
        seen.drawnMarks = marks(drawn);
        seen.order.push('drawn');
      }
      const own = document.querySelector('[data-tab-pane="/list/search-table"]');
      if (own && !seen.console && rows(own).length >= 3) {
        seen.console = { look: look(own), rows: rows(own) };
        seen.order.push('console');
      }
      if (!seen.console) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

const cases = [
  { locale: 'zh-CN', theme: 'light', group: '列表页', item: '查询表格' },
  { locale: 'en-US', theme: 'dark', group: 'Lists', item: 'Search table' },
] as const;

describe('the search table drawn by the server as the console goes to it', () => {
  for (const { locale, theme, group, item } of cases) {
    it(`shows its rows first, then the console's page in its place, the same, without asking again (${locale}, ${theme}, 1440 px)`, async () => {
      const page = await onWorkplace({ locale, theme, width: 1440, height: 900 });
      const sent: string[] = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (url.pathname.startsWith('/api/')) sent.push(`${r.method()} ${url.pathname}`);
      });
      let drawnHtml = '';
      page.on('response', async (r) => {
        if (new URL(r.url()).pathname === '/api/user/drawn-page') drawnHtml = ((await r.json()) as { data: { html: string } | null }).data?.html ?? '';
      });
      await page.locator('.arco-menu-inline-header', { hasText: group }).first().click();
      await page.waitForTimeout(400);
      await watchRows(page);
      // Clicked without hovering first (a hover asks for the page's rows ahead of the click).
      await page.locator('.arco-menu-item', { hasText: item }).first().evaluate((el: HTMLElement) => el.click());
      await page.waitForURL(`${baseUrl}/list/search-table`);
      await expect.poll(() => page.evaluate(() => (window as unknown as { seen: { order: string[] } }).seen.order), { timeout: 10_000 }).toEqual(['drawn', 'console']);
      const seen = await page.evaluate(() => (window as unknown as { seen: { drawn: unknown; console: unknown; drawnMarks: string[] } }).seen);
      // The same page at the same spots, in the same colours, with the same rows.
      expect(seen.console).toEqual(seen.drawn);
      // And the same shadows: the console's table, once Arco has laid it out, marked as the drawn one was (a
      // wide table scrolled to its start, its fixed columns).
      const ownMarks = () => page.evaluate(() => (window as unknown as { tableMarks: (scope: Element | null) => string[] }).tableMarks(document.querySelector('[data-tab-pane="/list/search-table"]')));
      await expect.poll(ownMarks).toContain('arco-table-scroll-position-left');
      expect(seen.drawnMarks).toEqual(await ownMarks());
      // The drawn page gone, nothing left of it; its rows adopted: the console asked the server once, for the drawn page.
      const pane = page.locator('[data-drawn-pane]');
      expect([await pane.getAttribute('hidden'), await pane.innerHTML()]).toEqual(['', '']);
      await page.waitForTimeout(500);
      expect(sent.filter((call) => /\/api\/(list\/policy|user\/drawn-page)$/.test(call))).toEqual(['GET /api/user/drawn-page']);
      expect(await page.locator('.arco-modal:visible, .arco-drawer:visible').count()).toBe(0);
      await screenshot(page, `drawn-search-table-${locale}-${theme}-1440-taken-over`);
      await expectNoSeriousViolations(page, 'axe, the search table taken over');
      // What the drawn page looked like, put back where it showed, for the eye (screenshots of both).
      expect(drawnHtml).toContain('<table');
      await page.evaluate(
        ({ html, marks }) => {
          const drawn = document.querySelector<HTMLElement>('[data-drawn-pane]')!;
          drawn.innerHTML = html;
          drawn.querySelector('.arco-table')?.classList.add(...marks);
          drawn.hidden = false;
        },
        { html: drawnHtml, marks: seen.drawnMarks },
      );
      await page.waitForTimeout(400);
      await screenshot(page, `drawn-search-table-${locale}-${theme}-1440-drawn`);
      // The whole document as it is while the drawn page shows (the console's laid out behind it).
      await expectNoSeriousViolations(page, 'axe, the drawn search table');
      await page.evaluate(() => {
        const drawn = document.querySelector<HTMLElement>('[data-drawn-pane]')!;
        drawn.hidden = true;
        drawn.replaceChildren();
      });
      // Open in a tab now: going back to it shows that page at once, nothing is drawn.
      await page.goBack();
      await page.waitForURL(`${baseUrl}/workplace`);
      await page.locator('.arco-menu-item', { hasText: item }).first().click();
      await page.waitForURL(`${baseUrl}/list/search-table`);
      await page.waitForTimeout(500);
      expect(sent.filter((call) => call === 'GET /api/user/drawn-page')).toHaveLength(1);
      expect(page.errors).toEqual([]);
    });
  }

  it('is not drawn for a phone: the console as before (390 px)', async () => {
    const page = await onWorkplace({ width: 390, height: 844 });
    const sent: string[] = [];
    page.on('request', (r) => sent.push(new URL(r.url()).pathname));
    // The workplace's "view more" link: the console goes to the search table.
    await page.locator('[data-tab-pane="/workplace"] [data-testid=overview-view-more]').click();
    await page.waitForURL(`${baseUrl}/list/search-table`);
    await page.locator('[data-tab-pane="/list/search-table"] tbody tr').first().waitFor();
    expect(sent).not.toContain('/api/user/drawn-page');
    expect(sent).toContain('/api/list/policy');
    expect(await page.locator('[data-drawn-pane]').getAttribute('hidden')).toBe('');
    await screenshot(page, 'drawn-search-table-not-drawn-390');
    expect(page.errors).toEqual([]);
  });
});
