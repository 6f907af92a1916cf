import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, loginAs, newPage, screenshot, type Browser, type LaunchOptions } from '../../lib/browser';
import { watchLayoutShifts } from '../../lib/layout-shift';
import { expectNoSeriousViolations } from '../../lib/page-helpers';
import { holdScripts } from '../../lib/prerender-suite';
import { signOut } from '../../lib/sign-out';

// Decision 049: for a signed-in visitor the server draws the workplace with its data into the document, so
// its content is there before any of the console's code has run; the console then takes its place, at the
// same spot, without asking for that data again. Here every script of the console is held back to look at
// the document alone, then let go.

/**
 * Signed in as the administrator in a new browser, once the server draws its pages: it loads its renderer
 * when a signed-in document first asks (the first ones carry the skeleton alone meanwhile).
 */
async function signedIn(options: LaunchOptions): Promise<Browser> {
  const opened = await launchBrowser(options);
  const first = await newPage(opened.context);
  await loginAs(first, 'admin');
  await expect.poll(() => opened.context.cookies().then((all) => all.some((c) => c.name === 'atrium_document')), { timeout: 10_000 }).toBe(true);
  await expect.poll(() => first.request.get(`${baseUrl}/workplace`).then((r) => r.text()).then((html) => html.includes('id="pre-drawn"')), { timeout: 20_000 }).toBe(true);
  await first.close();
  return opened;
}

let browser: Browser | undefined;
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

/** Where the things a reader looks at first sit, and their colours, in the drawn page or the console's. */
async function landmarks(page: Page, scope: string) {
  const found: Record<string, { x: number; y: number; width: number; height: number; color: string; background: string } | null> = {};
  const probes = { greeting: 'h5', figure: '.arco-statistic-value', chart: '.arco-card', row: 'tbody tr', tabs: '.arco-radio-group', link: '.arco-link', header: 'th' };
  for (const [name, selector] of Object.entries(probes)) {
    const probe = page.locator(`${scope} ${selector}`).first();
    const box = await probe.boundingBox();
    const { color, background } = await probe.evaluate((el) => ({ color: getComputedStyle(el).color, background: getComputedStyle(el).backgroundColor }));
    found[name] = box && { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height), color, background };
  }
  return found;
}

const cases = [
  { locale: 'zh-CN', theme: 'light', greeting: '欢迎回来！Atrium Admin', figureTitle: '投放中内容' },
  { locale: 'en-US', theme: 'dark', greeting: 'Welcome back, Atrium Admin!', figureTitle: 'Content in delivery' },
] as const;

describe('the workplace drawn by the server', () => {
  for (const { locale, theme, greeting, figureTitle } of cases) {
    it(`shows its content before the console's code has run, then the console's page in its place (${locale}, ${theme}, 1440 px)`, async () => {
      browser = await signedIn({ locale, theme, width: 1440, height: 900 });

      const page = await newPage(browser.context);
      await watchLayoutShifts(page);
      const sent: string[] = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (url.pathname.startsWith('/api/')) sent.push(`${r.method()} ${url.pathname}`);
      });
      const scripts = await holdScripts(page);
      const response = await page.goto(`${baseUrl}/workplace`, { waitUntil: 'commit' });
      expect(response!.headers()['cache-control']).toBe('private, no-store');
      const drawn = page.locator('#prerender #pre-drawn:not([hidden])');
      await drawn.waitFor();
      // The content, with the account's own name and figures, and the console's root still empty.
      expect(await drawn.locator('h5').first().textContent()).toBe(greeting);
      await expect.poll(() => drawn.getByText(figureTitle).count()).toBe(1);
      expect(await drawn.locator('tbody tr').count()).toBeGreaterThan(0);
      // The content chart as the console draws it before its library has come (each test's document is
      // the server's second drawing or later: the renderer's modules are one set, whatever it has loaded since).
      expect(await drawn.locator('[data-chart-sketch] i').count()).toBeGreaterThan(0);
      expect(await drawn.locator('canvas').count()).toBe(0);
      expect(await page.locator('#root').innerHTML()).toBe('');
      expect(await page.evaluate(() => document.body.getAttribute('arco-theme'))).toBe(theme === 'dark' ? 'dark' : null);
      await screenshot(page, `drawn-workplace-${locale}-${theme}-1440`);
      await expectNoSeriousViolations(page, 'axe, the drawn workplace');
      const before = await landmarks(page, '#pre-drawn');
      // The figures as the server drew them: the console's page shows them as they are, not counted up again.
      const figures = await drawn.locator('.arco-statistic-value').allTextContents();

      await scripts.release();
      await page.waitForFunction(() => !document.getElementById('prerender'));
      const pane = '[data-tab-pane="/workplace"]';
      expect(await page.locator(`${pane} h5`).first().textContent()).toBe(greeting);
      expect(await landmarks(page, pane)).toEqual(before);
      expect(await page.locator(`${pane} .arco-statistic-value`).allTextContents()).toEqual(figures);
      await screenshot(page, `drawn-workplace-${locale}-${theme}-1440-taken-over`);
      // Nothing moved as the console took over, and no call of the first view was sent: their answers
      // came with the document.
      expect(await page.evaluate(() => (window as unknown as { shift: number }).shift)).toBeLessThan(0.01);
      await page.waitForTimeout(500);
      expect(sent.filter((call) => /\/api\/(user\/info|user\/menu|workplace\/|content-data|popular\/)/.test(call))).toEqual([]);
      expect(await page.locator('.arco-modal:visible, .arco-drawer:visible').count()).toBe(0);
      await expectNoSeriousViolations(page, 'axe, the workplace taken over');
      expect(page.errors).toEqual([]);
    });
  }

  // The drawn page is on screen before the console runs: a click on one of its controls then is not lost,
  // the console repeats it on its own control as it takes over (lib/prerender.ts, by the control's test id).
  it("repeats a click on the drawn page's controls once the console has taken over", async () => {
    browser = await signedIn({ width: 1440, height: 900 });
    const opened = async () => {
      const page = await newPage(browser!.context);
      const lists: string[] = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (url.pathname === '/api/popular/list') lists.push(url.searchParams.get('type') ?? '');
      });
      const scripts = await holdScripts(page);
      await page.goto(`${baseUrl}/workplace`, { waitUntil: 'commit' });
      await page.locator('#prerender #pre-drawn:not([hidden])').waitFor();
      return { page, lists, scripts };
    };
    // The popular content's type: the console shows the one clicked, and asks for its rows.
    const typed = await opened();
    await typed.page.locator('#pre-drawn [data-testid=popular-type-image]').click();
    await typed.scripts.release();
    await typed.page.waitForFunction(() => !document.getElementById('prerender'));
    const pane = '[data-tab-pane="/workplace"]';
    await expect.poll(() => typed.page.locator(`${pane} [data-testid=popular-type-image]`).getAttribute('class')).toContain('arco-radio-checked');
    await expect.poll(() => typed.lists).toContain('image');
    await typed.page.locator(`${pane} tbody tr`).first().waitFor();
    expect(typed.page.errors).toEqual([]);
    await typed.page.close();
    // "View more": the console goes where the link goes.
    const linked = await opened();
    await linked.page.locator('#pre-drawn [data-testid=overview-view-more]').click();
    await linked.scripts.release();
    await linked.page.waitForURL(`${baseUrl}/list/search-table`);
    await linked.page.locator('[data-tab-pane="/list/search-table"] tbody tr').first().waitFor();
    expect(linked.page.errors).toEqual([]);
  });

  it('is not drawn for a phone: the skeleton, then the console as before (390 px)', async () => {
    browser = await signedIn({ width: 390, height: 844 });
    const page = await newPage(browser.context);
    const scripts = await holdScripts(page);
    const html = await (await page.goto(`${baseUrl}/workplace`, { waitUntil: 'commit' }))!.text();
    // Drawn by the server, which cannot know the width; dropped by the document's own script.
    expect(html).toContain('id="pre-drawn"');
    await page.locator('#prerender [data-view=shell]:not([hidden])').waitFor();
    await expect.poll(() => page.evaluate(() => document.readyState)).not.toBe('loading');
    // Dropped once the skeleton's first frame is shown (the script waits for it), which may follow the parse.
    await expect.poll(() => page.locator('#pre-drawn').count()).toBe(0);
    expect(await page.locator('#prerender .pre-card').count()).toBeGreaterThan(0);
    await screenshot(page, 'drawn-workplace-skeleton-390');
    await scripts.release();
    await page.locator('[data-tab-pane="/workplace"] tbody tr').first().waitFor();
    expect(await page.locator('#prerender').count()).toBe(0);
    expect(page.errors).toEqual([]);
  });

  it("draws nothing from a cookie whose session was signed out: the sign-in page, nothing of the account's", async () => {
    browser = await launchBrowser({ width: 1440, height: 900 });
    const first = await newPage(browser.context);
    await loginAs(first, 'admin');
    await expect.poll(() => browser!.context.cookies().then((all) => all.find((c) => c.name === 'atrium_document')), { timeout: 10_000 }).toBeDefined();
    const kept = (await browser.context.cookies()).find((c) => c.name === 'atrium_document')!;
    await signOut(first);
    await first.waitForURL(`${baseUrl}/login`);
    // The cookie as a copy kept it (another profile, a stolen header): its session is gone on the server.
    await browser.context.addCookies([{ name: kept.name, value: kept.value, url: baseUrl, httpOnly: true, sameSite: 'Lax' }]);
    const page = await newPage(browser.context);
    const response = await page.goto(`${baseUrl}/workplace`);
    const html = await response!.text();
    expect(html).not.toContain('id="pre-drawn"');
    expect(html).not.toContain('Atrium Admin');
    expect(html).not.toContain('data-signed-in');
    await page.waitForURL(`${baseUrl}/login`);
    expect((await browser.context.cookies()).find((c) => c.name === 'atrium_document')).toBeUndefined();
    expect(page.errors).toEqual([]);
  });
});
