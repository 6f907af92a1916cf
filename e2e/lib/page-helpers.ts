import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl, screenshot } from './browser';

/**
 * Helpers of the page scenarios (specs/pages-*.test.ts, the resource kit's suite). Pages in open tabs
 * stay mounted but hidden, so every lookup is scoped to the visible pane of the page under test.
 */
export function pane(page: Page, path: string): Locator {
  return page.locator(`[data-tab-pane="${path}"]`);
}

/** Opens a page and waits until its pane is shown. */
export async function open(page: Page, url: string): Promise<Locator> {
  const path = new URL(url, baseUrl).pathname;
  await page.goto(`${baseUrl}${url}`);
  const p = pane(page, path);
  await p.waitFor({ state: 'visible' });
  return p;
}

/** The texts of the toasts currently shown. */
function toasts(page: Page): Promise<string[]> {
  return page.locator('.arco-message').allTextContents();
}

export async function expectToast(page: Page, text: string): Promise<void> {
  await expect.poll(() => toasts(page)).toContain(text);
}

/** Picks an option of the Arco Select inside `scope` (a form item or the select itself). */
export async function choose(page: Page, scope: Locator, option: string): Promise<void> {
  await scope.locator('.arco-select-view').click();
  await page.locator('.arco-select-popup:visible').getByRole('option', { name: option, exact: true }).click();
}

/** The form item whose label is exactly `label` (the required mark aside), inside `scope`. */
export function field(scope: Locator, label: string): Locator {
  const exact = new RegExp(`^[\\s*]*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\\s*:：]*$`);
  return scope.locator('.arco-form-item').filter({ has: scope.page().locator('.arco-form-label-item', { hasText: exact }) }).first();
}

export function visibleModal(page: Page): Locator {
  return page.locator('.arco-modal:visible').last();
}

export function visibleDrawer(page: Page): Locator {
  return page.locator('.arco-drawer:visible').last();
}

const require = createRequire(import.meta.url);
let axeSource: string | null = null;

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * Runs axe-core in the page and returns the serious and critical violations, within `include`
 * (a CSS selector; default the whole document) and outside `exclude`. Hidden panes never count.
 */
export async function seriousViolations(page: Page, include?: string, exclude: string[] = []): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    // Evaluated through the DevTools protocol: the console's CSP forbids injected script tags.
    axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
    await page.evaluate(axeSource);
  }
  const violations = await page.evaluate(async ([scope, skip]) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const context = { ...(scope ? { include: [[scope]] } : {}), exclude: [['[data-tab-pane][hidden]'], ...skip.map((s) => [s])] };
    const result = await axe.run(context, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  }, [include ?? null, exclude] as const);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * The page at rest: the pointer off the controls (a hovered button has its hover colour) and no
 * transition under way (a message fading in has not its colour yet).
 */
async function settle(page: Page): Promise<void> {
  await page.mouse.move(0, page.viewportSize()!.height - 1);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity), null, { timeout: 5_000 });
}

/** A screenshot of the page at rest. */
export async function shot(page: Page, name: string): Promise<void> {
  await settle(page);
  await screenshot(page, name);
}

/** axe on the whole document, at rest. */
export async function expectNoSeriousViolations(page: Page): Promise<void> {
  await settle(page);
  expect(await seriousViolations(page)).toEqual([]);
}
