import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir, baseUrl, launchBrowser, loginAs, newPage, screenshot, type Browser } from './browser';
import { pane, seriousViolations, type AxeViolation } from './page-helpers';

/**
 * The look of a set of pages (specs/pages-look.test.ts: the core's; specs/demo/pages-look.test.ts: the
 * demo's), in both themes and both languages, on a desktop (1440 px) and a phone (390 px), each pair of
 * those together (`variants`): a screenshot saved as a CI artefact; nothing wider than the viewport (the
 * document does not scroll sideways); every navbar control inside the viewport; and axe-core finding no
 * serious or critical violation in the whole document (the page, the menu, the navbar, the breadcrumb and
 * the tab bar, which holds a tab for every page by the end). Then a tablet and a small laptop: the same
 * pages fit their width too.
 */
interface LookPage {
  name: string;
  url: string;
  /** Waits for what the page draws after its data (charts), before the screenshot. */
  ready?: (pane: Locator) => Promise<void>;
  /**
   * How long what runs on its own clock (count-up statistics, chart animations) takes to come to rest, in
   * ms, once the page's transitions have ended; 300 when it has none.
   */
  settle?: number;
}

/**
 * Every theme, language and width, each pair of them together at least once: four variants cover the eight
 * combinations pairwise (decision 041). A fault of one value (dark, English, a phone) shows in two of them,
 * and one of two values together (dark text at a phone's width) in one.
 */
const variants = [
  { theme: 'light', locale: 'zh-CN', width: 1440, height: 900 },
  { theme: 'dark', locale: 'en-US', width: 1440, height: 900 },
  { theme: 'light', locale: 'en-US', width: 390, height: 844 },
  { theme: 'dark', locale: 'zh-CN', width: 390, height: 844 },
] as const;

/** Opens a page and waits for its data: its pane shown, no skeleton left. */
async function openLoaded(page: Page, url: string) {
  await page.goto(`${baseUrl}${url}`);
  const p = pane(page, new URL(url, baseUrl).pathname);
  await p.waitFor({ state: 'visible' });
  await expect.poll(() => p.locator('.arco-skeleton').count(), { timeout: 40_000 }).toBe(0);
  return p;
}

/**
 * Until the page's transitions and animations with an end (Arco's fades and slides) have ended, so that
 * the screenshot and axe's contrast checks see the page at rest, then `settle` ms for the rest.
 */
async function atRest(page: Page, settle: number) {
  await expect
    .poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity).length), { timeout: 10_000 })
    .toBe(0);
  await page.waitForTimeout(settle);
}

/** What sticks out of the viewport: the document's own sideways scroll, and navbar controls past an edge. */
export async function overflowOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const width = window.innerWidth;
    const doc = document.documentElement;
    if (doc.scrollWidth > width) {
      // Name the outermost elements past the right edge (inside a sideways scroller they do not count).
      const past = [...document.body.querySelectorAll<HTMLElement>('*')].filter((el) => {
        if (el.getBoundingClientRect().right <= width + 0.5) return false;
        for (let up = el.parentElement; up; up = up.parentElement) if (up.scrollWidth > up.clientWidth && getComputedStyle(up).overflowX !== 'visible') return false;
        return !(el.parentElement && el.parentElement.getBoundingClientRect().right > width + 0.5);
      });
      const name = (el: Element) => `${el.tagName.toLowerCase()}${[...el.classList].slice(0, 2).map((c) => `.${c}`).join('')}`;
      found.push(`document ${doc.scrollWidth} px wide: ${past.slice(0, 3).map((el) => `${name(el.parentElement!)} > ${name(el)}`).join(', ')}`);
    }
    for (const control of document.querySelectorAll<HTMLElement>('[data-testid=navbar] :is(a, button, [role=button], input)')) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (box.left < 0 || box.right > width) found.push(`navbar ${control.getAttribute('data-testid') ?? control.getAttribute('aria-label') ?? control.tagName} at ${Math.round(box.left)}–${Math.round(box.right)} px`);
    }
    return found;
  });
}

/** `report`: the name of the axe report saved beside the screenshots (`<report>-<theme>-<locale>-<width>.json`). */
export function describeLook(pages: readonly LookPage[], report: string): void {
  describe.each(variants)('pages in $theme theme, $locale, $width px', ({ theme, locale, width, height }) => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchBrowser({ theme, locale, width, height });
    });
    afterAll(async () => {
      await browser.close();
    });

    it('look right and have no serious or critical accessibility violation', { timeout: 300_000 }, async () => {
      const page = await newPage(browser.context);
      await loginAs(page, 'admin');
      const found: Record<string, AxeViolation[]> = {};
      const overflowing: Record<string, string[]> = {};
      for (const { name, url, ready, settle = 300 } of pages) {
        const p = await openLoaded(page, url);
        await ready?.(p);
        await atRest(page, settle);
        // A phone's screenshot holds the whole page: what lies below the fold is what changes most there.
        await screenshot(page, `pages-${name}-${theme}-${locale}-${width}`, width < 768);
        const overflow = await overflowOf(page);
        if (overflow.length) overflowing[name] = overflow;
        const violations = await seriousViolations(page);
        if (violations.length) found[name] = violations;
      }
      // The full report stays beside the screenshots for whoever fixes a finding.
      writeFileSync(join(artifactsDir, `${report}-${theme}-${locale}-${width}.json`), JSON.stringify(found, null, 2));
      expect(overflowing).toEqual({});
      expect(found).toEqual({});
      expect(page.errors).toEqual([]);
    });
  });

  /** A tablet and a small laptop: the same pages fit their width too (light theme; layout does not change with it). */
  describe.each([
    { locale: 'zh-CN', width: 768 },
    { locale: 'en-US', width: 768 },
    { locale: 'zh-CN', width: 1024 },
    { locale: 'en-US', width: 1024 },
  ] as const)('pages in $locale at $width px', ({ locale, width }) => {
    it('fit the viewport, navbar included', { timeout: 180_000 }, async () => {
      const browser = await launchBrowser({ locale, width, height: 900 });
      try {
        const page = await newPage(browser.context);
        await loginAs(page, 'admin');
        const overflowing: Record<string, string[]> = {};
        for (const { name, url } of pages) {
          await openLoaded(page, url);
          await page.waitForTimeout(300);
          await screenshot(page, `pages-${name}-light-${locale}-${width}`);
          const overflow = await overflowOf(page);
          if (overflow.length) overflowing[name] = overflow;
        }
        expect(overflowing).toEqual({});
        expect(page.errors).toEqual([]);
      } finally {
        await browser.close();
      }
    });
  });
}
