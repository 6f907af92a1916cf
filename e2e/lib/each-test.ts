import type { Page } from 'playwright-core';
import { afterEach, beforeEach, expect } from 'vitest';
import { launchBrowser, newPage, type Browser, type LaunchOptions } from './browser';

interface Opened {
  browser: Browser;
  page: Page & { errors: string[] };
}

/**
 * A browser of its own for every test (of the file, or of the describe it is called in): launched with a
 * fresh page before the test, handed to `opened`, and closed after the test. With `errorFree`, a test
 * also fails on an uncaught error of its page. `relaunch` swaps the running test's browser for one launched
 * with other options (handed to `opened` in turn, and closed after the test in its place).
 */
export function browserEachTest(opened: (fresh: Opened) => void, options: { errorFree?: boolean } = {}): { relaunch: (launch: LaunchOptions) => Promise<void> } {
  let current: Opened | undefined;
  const open = async (launch: LaunchOptions = {}) => {
    const browser = await launchBrowser(launch);
    current = { browser, page: await newPage(browser.context) };
    opened(current);
  };
  beforeEach(() => open());
  afterEach(async () => {
    const { browser, page } = current!;
    current = undefined;
    try {
      if (options.errorFree) expect(page.errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
  return {
    relaunch: async (launch) => {
      await current!.browser.close();
      await open(launch);
    },
  };
}
