import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot } from './browser';
import { overflowOf } from './look-suite';
import { expectNoSeriousViolations } from './page-helpers';

/**
 * What an open department popup (or a checkable department tree) shows wrong: the box past an edge of the
 * viewport, scrolled sideways inside, a name running past its right edge or cut by its own box, a node
 * Arco left at level 0.
 */
function treeFaults(box: Locator): Promise<string[]> {
  return box.evaluate((el) => {
    const found: string[] = [];
    const outer = el.getBoundingClientRect();
    if (outer.left < 0 || outer.top < 0 || outer.right > window.innerWidth + 0.5 || outer.bottom > window.innerHeight + 0.5) {
      found.push(`the box at ${Math.round(outer.left)},${Math.round(outer.top)}–${Math.round(outer.right)},${Math.round(outer.bottom)} in ${window.innerWidth}×${window.innerHeight}`);
    }
    if (el.scrollWidth > el.clientWidth + 1) found.push(`the box scrolls sideways: ${el.scrollWidth} px in ${el.clientWidth}`);
    const innerRight = outer.left + el.clientLeft + el.clientWidth;
    for (const title of el.querySelectorAll<HTMLElement>('.arco-tree-node-title')) {
      const text = title.textContent?.trim() ?? '';
      if (title.getBoundingClientRect().right > innerRight + 0.5) found.push(`"${text}" past the right edge`);
      if (title.scrollWidth > title.clientWidth + 1) found.push(`"${text}" cut: ${title.scrollWidth} px in ${title.clientWidth}`);
    }
    for (const node of el.querySelectorAll('[role=treeitem]')) {
      if (!(Number(node.getAttribute('aria-level')) >= 1)) found.push(`"${node.textContent?.trim()}" at aria-level ${node.getAttribute('aria-level')}`);
    }
    return found;
  });
}

/**
 * A department tree as it is shown open (a picker's popup, or the role editor's checkable tree): axe finding
 * nothing serious in the whole document with it open, nothing wider than the viewport, the tree itself
 * inside the viewport with every name whole; a screenshot saved as `name`.
 */
export async function expectTreeLooksRight(page: Page, tree: Locator, name: string): Promise<void> {
  await expectNoSeriousViolations(page, `${name}: axe`);
  expect(await overflowOf(page), `${name}: the viewport`).toEqual([]);
  expect(await treeFaults(tree), `${name}: the tree`).toEqual([]);
  await screenshot(page, name);
}
