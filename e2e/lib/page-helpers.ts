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

/** Opens the department TreeSelect inside `scope` (a form item or the picker itself); answers its popup once its tree is drawn. */
export async function openDepartments(page: Page, scope: Locator): Promise<Locator> {
  await scope.locator('.arco-tree-select-view').click();
  const popup = page.locator('.arco-tree-select-popup:visible');
  await popup.locator('[role=treeitem]').first().waitFor();
  return popup;
}

/**
 * Picks a department by its name in the department TreeSelect inside `scope` (a form item or the picker
 * itself). With `axe`, axe runs on the whole document while the popup shows the match (its tree's levels
 * and names included).
 */
export async function chooseDepartment(page: Page, scope: Locator, name: string, options: { axe?: boolean } = {}): Promise<void> {
  const popup = await openDepartments(page, scope);
  // Typed, the tree keeps the match and its ancestors: the department is shown however deep it sits.
  await page.keyboard.type(name);
  const match = popup.locator('.arco-tree-node-title', { hasText: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).first();
  await match.waitFor();
  if (options.axe) await expectNoSeriousViolations(page, `axe, the department picker open on ${name}`);
  await match.click();
  await popup.waitFor({ state: 'hidden' });
}

/** The form item whose label is exactly `label` (the required mark aside), inside `scope`. */
export function field(scope: Locator, label: string): Locator {
  const exact = new RegExp(`^[\\s*]*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\\s*:：]*$`);
  return scope.locator('.arco-form-item').filter({ has: scope.page().locator('.arco-form-label-item', { hasText: exact }) }).first();
}

/** An Arco button's name: two CJK characters get a space between them. */
export const words = (text: string) => new RegExp(`^\\s*${[...text].join('\\s*')}\\s*$`);

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
  const found = await axeViolations(page, include, exclude);
  if (found.length === 0) return found;
  // A transition under way while axe read the colours (the sign-in's message fading out 3 s after it, over
  // a dialog being checked) is no violation of the page: looked at again at rest, a real one stays.
  await animationsDone(page);
  return axeViolations(page, include, exclude);
}

async function axeViolations(page: Page, include: string | undefined, exclude: string[]): Promise<AxeViolation[]> {
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
  await animationsDone(page);
}

/** No finite animation or transition running (a spinner's endless one may). */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity), null, { timeout: 5_000 });
}

/** A screenshot of the page at rest. */
export async function shot(page: Page, name: string): Promise<void> {
  await settle(page);
  await screenshot(page, name);
}

/** axe on the whole document, at rest. */
export async function expectNoSeriousViolations(page: Page, message?: string): Promise<void> {
  await settle(page);
  expect(await seriousViolations(page), message).toEqual([]);
}

/**
 * Ids the document holds more than once among form controls and labels' targets, each with its count: a
 * `<label for>` names the first element of its id, so a second form with the same ids (a filter panel
 * and a drawer's form) leaves the drawer's fields without a name. Hidden panes never count.
 */
export function duplicateIds(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const counts = new Map<string, number>();
    for (const el of document.querySelectorAll('[id]')) {
      if (el.closest('[data-tab-pane][hidden]')) continue;
      counts.set(el.id, (counts.get(el.id) ?? 0) + 1);
    }
    const targets = new Set([...document.querySelectorAll('label[for]')].map((l) => l.getAttribute('for')!));
    return [...counts].filter(([id, n]) => n > 1 && (targets.has(id) || document.getElementById(id)?.matches('input, textarea, select, [role=combobox]'))).map(([id, n]) => `${id} ×${n}`);
  });
}

/**
 * A drawer or dialog opened by `open` as the accessibility tree has it: role dialog named `name`, modal;
 * the focus moved into it, and kept inside while Tab goes round; axe finding nothing serious in the whole
 * document with it open, and no id twice; Esc closes it (unless `escape` is false; `close` closes it
 * another way: its Cancel, OK or close icon) and gives the focus back to the control that opened it
 * (`opener`). Returns the dialog (closed when `escape` is not false).
 */
export async function expectDialog(
  page: Page,
  name: string | RegExp,
  open: () => Promise<void>,
  options: { escape?: boolean; opener?: Locator; close?: (dialog: Locator) => Promise<void> } = {},
): Promise<Locator> {
  await open();
  const dialog = page.getByRole('dialog', { name, exact: typeof name === 'string' });
  await dialog.waitFor({ state: 'visible' });
  expect(await dialog.getAttribute('aria-modal'), `${String(name)}: aria-modal`).toBe('true');
  const focusInside = () => dialog.evaluate((el) => el.contains(document.activeElement));
  await expect.poll(focusInside, { message: `${String(name)}: the focus moves in` }).toBe(true);
  await settle(page);
  const first = await page.evaluateHandle(() => document.activeElement!);
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInside(), `${String(name)}: Tab ${i + 1} keeps the focus inside`).toBe(true);
  }
  expect(await seriousViolations(page), `${String(name)}: axe with it open`).toEqual([]);
  expect(await duplicateIds(page), `${String(name)}: ids`).toEqual([]);
  if (options.escape === false) return dialog;
  // Esc from where the focus was put (a select Tab reached would take the first Esc for its own list)
  await first.asElement()!.focus();
  if (options.close) await options.close(dialog);
  else await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  if (options.opener) await expectFocusOn(page, options.opener, `${String(name)}: the focus back on its opener`);
  return dialog;
}

/** The focus on `target` (polled: a dialog gives it back once it has gone); the message says where it is otherwise. */
async function expectFocusOn(page: Page, target: Locator, message: string): Promise<void> {
  const focused = () => page.evaluate(() => (document.activeElement ? `${document.activeElement.tagName} ${document.activeElement.textContent?.trim().slice(0, 30)}` : 'none'));
  await expect.poll(() => target.evaluate((el) => el === document.activeElement), { message }).toBe(true).catch(async (error: Error) => {
    throw new Error(`${error.message} (focused: ${await focused()})`);
  });
}

/**
 * A confirmation (Arco's Popconfirm) opened by `open`: axe finding nothing serious in the whole document
 * while it is shown, and no id twice; then dismissed with its cancel button.
 */
export async function expectConfirmation(page: Page, open: () => Promise<void>): Promise<void> {
  await open();
  const popup = page.locator('.arco-popconfirm').filter({ visible: true }).last();
  await popup.waitFor({ state: 'visible' });
  await settle(page);
  const title = (await popup.textContent())?.trim().slice(0, 40);
  expect(await seriousViolations(page), `${title}: axe with it open`).toEqual([]);
  expect(await duplicateIds(page), `${title}: ids`).toEqual([]);
  await popup.locator('button').first().click();
  await popup.waitFor({ state: 'hidden' });
}
