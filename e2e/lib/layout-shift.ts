import type { Page } from 'playwright-core';

/**
 * Sums the layout shifts the page reports from its start (installed before any script): all of them, and
 * those of the shell's frame (navbar, side menu, tab bar) alone.
 */
export async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { shift: number; frameShift: number };
    w.shift = 0;
    w.frameShift = 0;
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        w.shift += entry.value;
        const inFrame = (entry.sources ?? []).some((s) => s.node instanceof Element && s.node.closest('[data-testid=navbar], [data-testid=side-menu], [role=tablist], .pre-navbar, .pre-sider'));
        if (inFrame) w.frameShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
