import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { launchBrowser, newPage } from './browser';
import { everyPageTabs, phoneNavbar, reloadThroughRedirect, searchPages, switchRoleAndBack, tabState, tabThroughRegions, type ListPage } from './navigation';

/** The pages a product's navigation is tried with (its menu, two lists of one group, an admin-only page). */
interface NavigationPages {
  /** Every page of admin's menu but the landing page, [group, page], in the menu's order. */
  menuPages: readonly (readonly [string, string])[];
  /** Viewports at which more tabs are open than the bar holds. */
  crowdedViewports: readonly (readonly [number, number])[];
  /** Two list pages of one menu group: a filter typed on the first survives a switch to the second. */
  lists: readonly [ListPage, ListPage];
  /** A page only the admin role may open, the user role's menu, and the admin-only entry back after the switch. */
  adminOnly: { path: string; userMenu: () => readonly string[]; entry: string };
  /** What the page search is asked, and the page it opens. */
  search: { query: string; path: string };
  /** The page the keyboard walk ends in. */
  keyboardPath: string;
}

/**
 * The shell's navigation over a product's pages (specs/shell-navigation.test.ts: the core's;
 * specs/demo/shell-navigation.test.ts: the demo's): the tab bar with more tabs than fit, page state across
 * tab switches and a reload through /redirect, the role switch, the page search, the navbar on a phone and
 * the keyboard. `page` is the running test's page; `name` tells the products' describe blocks apart.
 */
export function navigationTests(page: () => Page & { errors: string[] }, pages: NavigationPages, name = ''): void {
  describe(`tab bar${name}`, () => {
    for (const [width, height] of pages.crowdedViewports) {
      it(`with more tabs than fit at ${width} px, shows the active tab whole however it was opened`, { timeout: 120_000 }, async () => {
        await everyPageTabs(page(), pages.menuPages, width, height);
      });
    }

    it('keeps page state across tab switches, closes with the keyboard menu and survives a reload', async () => {
      await tabState(page(), ...pages.lists);
    });

    it('reloads a page through /redirect with a fresh state', async () => {
      await reloadThroughRedirect(page(), pages.lists[0]);
    });
  });

  describe(`navbar${name}`, () => {
    it('switches the role on the server and back (an admin may view as a user)', async () => {
      await switchRoleAndBack(page(), pages.adminOnly.path, pages.adminOnly.userMenu(), pages.adminOnly.entry);
    });

    it('searches pages by their translated titles and opens the match', async () => {
      await searchPages(page(), pages.search.query, pages.search.path);
    });

    it('keeps every control within reach on a phone: the page search in the menu drawer, reload in the account menu', async () => {
      const phone = await launchBrowser({ width: 390, height: 844 });
      try {
        await phoneNavbar(await newPage(phone.context), pages.search.query, pages.search.path);
      } finally {
        await phone.close();
      }
    });
  });

  describe(`keyboard${name}`, () => {
    it(`reaches the navbar, the menu, the tab bar and the page (${pages.keyboardPath}) with Tab, each with a visible focus`, { timeout: 120_000 }, async () => {
      const keyboard = await launchBrowser({ width: 1440, height: 900, reducedMotion: 'reduce' });
      try {
        await tabThroughRegions(await newPage(keyboard.context), pages.keyboardPath);
      } finally {
        await keyboard.close();
      }
    });
  });
}
