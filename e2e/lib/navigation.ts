import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl, loginAs, screenshot } from './browser';
import { seriousViolations } from './page-helpers';
import { landing } from './texts';

/**
 * The shell's navigation scenarios (menu, tab bar, page search, keyboard), written once and run over
 * the core's pages (specs/shell-navigation.test.ts, in both products) and over the demo's
 * (specs/demo/shell-navigation.test.ts).
 */

export async function menuOutline(p: Page): Promise<string[]> {
  return p.locator('[data-testid=side-menu] .arco-menu-inline-header, [data-testid=side-menu] .arco-menu-item').allTextContents();
}

export async function openAllGroups(p: Page) {
  for (const header of await p.locator('[data-testid=side-menu] .arco-menu-inline-header').all()) {
    if (!(await header.locator('xpath=..').getAttribute('class'))?.includes('arco-menu-inline-open')) await header.click();
  }
}

/** The tab paths in the bar, in order. */
const tabPaths = (p: Page) => p.locator('[data-tab]').evaluateAll((els) => els.map((e) => e.getAttribute('data-tab')));

/**
 * `paths` opened one after another by their address, more than the bar shows at once (the viewport set
 * by the caller): the active tab stays in view, the scroll buttons move the bar, and the keyboard reaches
 * the landing page's tab at the far left.
 */
export async function manyTabs(page: Page & { errors: string[] }, paths: readonly string[], shotName: string): Promise<void> {
  await loginAs(page, 'admin');
  for (const path of paths) {
    await page.goto(`${baseUrl}${path}`);
    await page.locator(`[data-tab="${path}"]`).waitFor();
  }
  const last = paths.at(-1)!;
  const scroller = page.locator('[data-testid=tab-bar] [role=tablist]');
  await expect.poll(() => page.locator('[data-testid=tab-bar] [role=tab]').count()).toBe(paths.length + 1);
  // Whether a tab lies wholly inside the visible part of the bar.
  const inView = async (path: string) => {
    const [tab, bar] = await Promise.all([page.locator(`[data-tab-item="${path}"]`).boundingBox(), scroller.boundingBox()]);
    return tab!.x >= bar!.x - 0.5 && tab!.x + tab!.width <= bar!.x + bar!.width + 0.5;
  };
  expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await expect.poll(() => inView(last)).toBe(true);
  expect(await inView(landing.path)).toBe(false);

  // The buttons: left scrolls towards the landing page, right back to the end.
  await expect(page.locator('[data-testid=tab-scroll-right]').count()).resolves.toBe(0);
  await page.locator('[data-testid=tab-scroll-left]').click();
  await expect.poll(() => page.locator('[data-testid=tab-scroll-right]').count()).toBe(1);
  const leftAfterClick = await scroller.evaluate((el) => el.scrollLeft);
  await screenshot(page, shotName);
  await page.locator('[data-testid=tab-scroll-right]').click();
  await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(leftAfterClick);

  // The keyboard: from the active tab, arrow left to the first one, which comes into view, and open it.
  await page.locator(`[data-tab="${last}"]`).focus();
  for (let i = 0; i < paths.length; i++) await page.keyboard.press('ArrowLeft');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-tab'))).toBe(landing.path);
  await expect.poll(() => inView(landing.path)).toBe(true);
  await page.keyboard.press('Enter');
  await page.waitForURL(`${baseUrl}${landing.path}`);
  await expect.poll(() => page.locator(`[data-tab="${landing.path}"]`).getAttribute('aria-selected')).toBe('true');
  expect(page.errors).toEqual([]);
}

/**
 * Whether the tab of `path`, its label and its ×, lies wholly inside the bar and clear of the scroll
 * buttons drawn over the bar's ends; otherwise where it is.
 */
const tabClear = (p: Page, path: string) =>
  p.evaluate((path) => {
    const tab = document.querySelector(`[data-tab-item="${path}"]`)?.getBoundingClientRect();
    const bar = document.querySelector('[data-testid=tab-bar] [role=tablist]')?.getBoundingClientRect();
    if (!tab || !bar) return `no tab ${path}`;
    const at = `${path} at x ${Math.round(tab.left)}–${Math.round(tab.right)}, bar ${Math.round(bar.left)}–${Math.round(bar.right)}`;
    if (tab.left < bar.left - 0.5 || tab.right > bar.right + 0.5) return at;
    for (const button of document.querySelectorAll<HTMLElement>('[data-testid^=tab-scroll-]')) {
      const r = button.getBoundingClientRect();
      if (r.right > tab.left && r.left < tab.right) return `${at}, under ${button.dataset.testid}`;
    }
    return 'clear';
  }, path);
const activeTab = (p: Page) => p.locator('[data-testid=tab-bar] [role=tab][aria-selected=true]').getAttribute('data-tab');
const focusedTab = (p: Page) => p.evaluate(() => document.activeElement?.getAttribute('data-tab') ?? null);

/**
 * Opens a page through the side menu as a person would: its group opened inline, or on a collapsed menu
 * (1024 px) hovered for its pop-up; on a phone through the menu drawer.
 */
async function openFromMenu(p: Page, group: string, label: string) {
  const exactly = (text: string) => new RegExp(`^${text}$`);
  const drawerButton = p.locator('[data-testid=menu-drawer-open]');
  const phone = (await drawerButton.count()) > 0;
  if (phone) await drawerButton.click();
  const menu = p.locator(phone ? '[data-testid=drawer-menu]' : '[data-testid=side-menu]');
  const popHeader = menu.locator('.arco-menu-pop-header').filter({ hasText: exactly(group) });
  if ((await popHeader.count()) > 0) {
    const offMenu = () => p.mouse.move(p.viewportSize()!.width - 10, p.viewportSize()!.height - 10); // its pop-up closes
    const entry = p.locator('.arco-menu-pop-trigger [role=menuitem]').filter({ hasText: exactly(label) });
    await clickInHoverPopup(() => popHeader.hover(), entry, async () => {
      await offMenu();
      await entry.waitFor({ state: 'hidden' });
    });
    await offMenu();
    return;
  }
  const item = menu.locator('.arco-menu-item').filter({ hasText: exactly(label) });
  if (!(await item.isVisible())) await menu.locator('.arco-menu-inline-header').filter({ hasText: exactly(group) }).click();
  await item.click();
  if (phone) await p.locator('.arco-drawer').waitFor({ state: 'hidden' });
}

/**
 * Every page of `menuPages` ([group, label], in the menu's order, the landing page left out: it is open
 * from the start) opened from the side menu at `width`, more tabs than fit: the active tab is shown whole
 * however it was opened (menu, keyboard, address bar, the tab menu's reload through /redirect).
 */
export async function everyPageTabs(page: Page & { errors: string[] }, menuPages: readonly (readonly [string, string])[], width: number, height: number): Promise<void> {
  await page.setViewportSize({ width, height });
  await loginAs(page, 'admin');
  // the side menu (the drawer on a phone), one page after another
  const opened: string[] = [];
  for (const [group, label] of menuPages) {
    const before = await activeTab(page);
    await openFromMenu(page, group, label);
    await expect.poll(() => activeTab(page), { message: label }).not.toBe(before);
    const path = (await activeTab(page))!;
    opened.push(path);
    await expect.poll(() => tabClear(page, path), { message: `${label} at ${width} px` }).toBe('clear');
  }
  const scroller = page.locator('[data-testid=tab-bar] [role=tablist]');
  expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  expect(await page.locator('[data-testid=tab-bar] [role=tab]').count()).toBe(menuPages.length + 1);
  await screenshot(page, `tab-bar-every-page-${menuPages.length}-${width}`);

  // the keyboard: each tab it moves to is shown whole, to the first one and back to the last; Enter opens it
  await page.locator(`[data-tab="${opened.at(-1)}"]`).focus();
  for (const path of [...opened.slice(0, -1).reverse(), landing.path]) {
    await page.keyboard.press('ArrowLeft');
    expect(await focusedTab(page)).toBe(path);
    await expect.poll(() => tabClear(page, path), { message: `ArrowLeft to ${path}` }).toBe('clear');
  }
  await page.keyboard.press('Enter');
  await expect.poll(() => activeTab(page)).toBe(landing.path);
  for (const path of opened) {
    await page.keyboard.press('ArrowRight');
    expect(await focusedTab(page)).toBe(path);
    await expect.poll(() => tabClear(page, path), { message: `ArrowRight to ${path}` }).toBe('clear');
  }
  await page.keyboard.press('Enter');
  await expect.poll(() => activeTab(page)).toBe(opened.at(-1));
  await expect.poll(() => tabClear(page, opened.at(-1)!)).toBe('clear');

  // the address bar: a page far to the left, loaded afresh (the tabs come back from the last visit)
  await page.goto(`${baseUrl}${opened[1]}`);
  await expect.poll(() => activeTab(page)).toBe(opened[1]);
  await expect.poll(() => tabClear(page, opened[1]!)).toBe('clear');
  await page.goto(`${baseUrl}${opened.at(-2)}`);
  await expect.poll(() => tabClear(page, opened.at(-2)!)).toBe('clear');

  // a redirect: the tab menu's reload passes through /redirect and comes back to the tab
  await page.locator(`[data-tab="${opened[2]}"]`).click();
  await expect.poll(() => tabClear(page, opened[2]!)).toBe('clear');
  await page.locator(`[data-tab="${opened[2]}"]`).click({ button: 'right' });
  await page.locator('[data-testid=tab-menu] [data-command=reload]').click();
  await page.waitForURL(`**${opened[2]}`);
  await expect.poll(() => tabClear(page, opened[2]!)).toBe('clear');
  expect(page.errors).toEqual([]);
}

/** A list page and how to reach it: its address (with a query), and its entry in the side menu. */
export interface ListPage {
  path: string;
  url: string;
  group: string;
}

/**
 * A filter typed on `list` survives a switch to `other` (through the menu) and back (through the tab),
 * the tab list survives a reload, tabs close with the mouse, the keyboard's tab menu and "close all".
 */
export async function tabState(page: Page, list: ListPage, other: ListPage): Promise<void> {
  await loginAs(page, 'admin');
  await page.goto(`${baseUrl}${list.url}`);
  const pane = page.locator(`[data-tab-pane="${list.path}"]`);
  const input = pane.locator('input[type=text], input:not([type])').first();
  await input.waitFor();
  // typed once the page has its rows, as a user would
  await pane.locator('tbody .arco-table-tr:not(.arco-table-empty-row)').first().waitFor();
  await input.fill('kept while hidden');
  // switch away through the menu and come back through the tab
  await page.locator(`[data-path="${other.path}"]`).click().catch(async () => {
    await page.getByText(other.group, { exact: true }).click();
    await page.locator(`[data-path="${other.path}"]`).click();
  });
  await page.waitForURL(`**${other.path}`);
  await expect.poll(() => pane.isHidden()).toBe(true);
  await page.locator(`[data-tab="${list.path}"]`).click();
  await page.waitForURL(`**${list.path}**`);
  expect(await input.inputValue()).toBe('kept while hidden');
  expect(await tabPaths(page)).toEqual([landing.path, list.path, other.path]);
  await screenshot(page, `tabs-${list.path.replace(/\//g, '-').slice(1)}-light-zh`);

  // after a browser reload the tab list comes back (URL state included)
  await page.reload();
  await page.waitForSelector(`[data-tab="${other.path}"]`);
  expect(await tabPaths(page)).toEqual([landing.path, list.path, other.path]);
  expect(page.url()).toContain(`${baseUrl}${list.path}`);
  // every tab but the first has a close button for the mouse, beside the tab and hidden from assistive
  // technology (the keyboard closes with Delete or the tab menu); axe finds nothing serious in the tab
  // bar or the navbar
  expect(await page.locator('[data-tab-item] button').count()).toBe(2);
  expect(await page.locator('[role=tab] button').count()).toBe(0);
  expect(await seriousViolations(page, '[data-testid=tab-bar]')).toEqual([]);
  expect(await seriousViolations(page, '[data-testid=navbar]')).toEqual([]);
  await page.locator(`[data-tab-item="${other.path}"] button`).click();
  await expect.poll(() => page.locator('[data-tab]').count()).toBe(2);
  expect(page.url()).toContain(`${baseUrl}${list.path}`);
  // open it again from the menu, and come back to the list
  await page.locator(`.arco-menu [data-path="${other.path}"]`).click();
  await expect.poll(() => page.locator(`[data-tab="${other.path}"]`).getAttribute('aria-selected')).toBe('true');
  await page.locator(`[data-tab="${list.path}"]`).click();
  await expect.poll(() => page.locator(`[data-tab="${list.path}"]`).getAttribute('aria-selected')).toBe('true');
  expect(page.url()).toContain(`${baseUrl}${list.path}`);

  // keyboard: focus the other tab, open its menu with Shift+F10, close it
  await page.locator(`[data-tab="${other.path}"]`).focus();
  await page.keyboard.press('Shift+F10');
  await page.waitForSelector('[data-testid=tab-menu]');
  expect(await page.locator('[data-testid=tab-menu] [data-command=reload]').isDisabled()).toBe(true);
  await page.locator('[data-testid=tab-menu] [data-command=closeCurrent]').focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.locator('[data-tab]').count()).toBe(2);

  // right click: close all keeps only the landing page and goes there
  await page.locator(`[data-tab="${list.path}"]`).click({ button: 'right' });
  await page.locator('[data-testid=tab-menu] [data-command=closeAll]').click();
  await page.waitForURL(`**${landing.path}`);
  expect(await page.locator('[data-tab]').count()).toBe(1);
  expect(await page.locator(`[data-tab-item="${landing.path}"] button`).count()).toBe(0);
}

/** The tab menu's reload passes through /redirect and gives the page a fresh state (the typed filter gone). */
export async function reloadThroughRedirect(page: Page, list: Pick<ListPage, 'path' | 'url'>): Promise<void> {
  await loginAs(page, 'admin');
  await page.goto(`${baseUrl}${list.url}`);
  const input = page.locator(`[data-tab-pane="${list.path}"]`).locator('input[type=text], input:not([type])').first();
  await input.waitFor();
  await input.fill('discard me');
  await page.locator(`[data-tab="${list.path}"]`).click({ button: 'right' });
  await page.locator('[data-testid=tab-menu] [data-command=reload]').click();
  await page.waitForURL(`**${list.path}**`);
  await expect.poll(() => page.locator(`[data-tab-pane="${list.path}"]`).locator('input[type=text], input:not([type])').first().inputValue()).toBe('');
}

/**
 * Clicks `item` in a pop-up that `open` shows on hover. On a loaded machine the pointer can set off for the
 * item while the pop-up is still coming in and cross what lies under it on its way, which closes the pop-up
 * (stop 50's CI saw the item detached under the pointer): an attempt that does not reach the item within 5 s
 * is undone by `close` and made again, at most three times; a pop-up that never works still fails.
 */
async function clickInHoverPopup(open: () => Promise<unknown>, item: Locator, close: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await open();
    try {
      await item.click({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await close();
    }
  }
}

/** A click at the window's bottom-right corner, outside every pop-up: what closes Arco's dropdowns (Escape does not). */
export async function clickOutside(page: Page): Promise<void> {
  const { width, height } = page.viewportSize()!;
  await page.mouse.click(width - 5, height - 5);
}

/** Picks role `code` in the account menu's 切换角色 sub-menu, which opens on hover; a retry closes the menu first. */
async function chooseRole(page: Page, code: string): Promise<void> {
  const avatar = page.locator('[data-testid=avatar]');
  const accountMenu = page.locator('[data-testid=logout]');
  const open = async () => {
    await avatar.click();
    await accountMenu.waitFor();
    await page.getByText('切换角色').hover();
  };
  await clickInHoverPopup(open, page.locator(`[data-testid=role-${code}]`), async () => {
    await clickOutside(page);
    await accountMenu.waitFor({ state: 'hidden' });
  });
}

/**
 * An administrator on `adminPage` (one the user role may not open) switches to the user role: the page's
 * tab closes and the shell moves to the landing page with the user's menu (`userMenu`); back to admin,
 * the menu holds `adminOnlyEntry` again.
 */
export async function switchRoleAndBack(page: Page, adminPage: string, userMenu: readonly string[], adminOnlyEntry: string): Promise<void> {
  await loginAs(page, 'admin');
  await page.goto(`${baseUrl}${adminPage}`);
  await chooseRole(page, 'user');
  await expect.poll(() => page.locator('.arco-message').allTextContents()).toContain('已切换为普通用户');
  // the page is admin-only: its tab is closed and the shell moves to the landing page
  await page.waitForURL(`**${landing.path}`);
  expect(await page.locator(`[data-tab="${adminPage}"]`).count()).toBe(0);
  await openAllGroups(page);
  await expect.poll(() => menuOutline(page)).toEqual(userMenu);
  await chooseRole(page, 'admin');
  await expect.poll(() => page.locator('.arco-message').allTextContents()).toContain('已切换为管理员');
  await openAllGroups(page);
  await expect.poll(() => menuOutline(page)).toContain(adminOnlyEntry);
}

/** The navbar's page search finds `query` by its translated title and opens `path`; nonsense finds nothing. */
export async function searchPages(page: Page, query: string, path: string): Promise<void> {
  await loginAs(page, 'admin');
  await page.locator('[data-testid=page-search]').fill(query);
  await page.keyboard.press('Enter');
  await page.waitForURL(`**${path}`);
  await page.locator('[data-testid=page-search]').fill('zzz');
  await page.getByText('无匹配页面').waitFor();
}

/**
 * On a phone every control stays within reach: the page search in the menu drawer (finding `query`, which
 * opens `path`), reload in the account menu.
 */
export async function phoneNavbar(p: Page & { errors: string[] }, query: string, path: string): Promise<void> {
  await loginAs(p, 'admin');
  // The desktop-only controls are gone from the bar itself...
  expect(await p.locator('[data-testid=navbar] [data-testid=page-search], [data-testid=navbar-reload]').count()).toBe(0);
  // From the keyboard the drawer opens with the focus in its search, and Escape closes it there too.
  await p.locator('[data-testid=menu-drawer-open]').focus();
  await p.keyboard.press('Enter');
  await expect.poll(() => p.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('page-search');
  await p.keyboard.press('Escape');
  await p.locator('.arco-drawer').waitFor({ state: 'hidden' });
  // ...the search sits at the top of the menu drawer and opens what it finds
  await p.locator('[data-testid=menu-drawer-open]').click();
  const search = p.locator('.arco-drawer [data-testid=page-search]');
  // Once the drawer has slid in.
  await expect.poll(() => p.locator('.arco-drawer').evaluate((el) => Math.round(el.getBoundingClientRect().left))).toBe(0);
  await search.fill(query);
  // Its hits whole and inside the window.
  const hits = p.locator('.arco-select-popup .arco-select-option');
  await hits.first().waitFor();
  await expect.poll(() => hits.first().evaluate((el) => getComputedStyle(el.closest('.arco-trigger')!).opacity)).toBe('1');
  const cut = (els: Element[]) =>
    els.filter((el) => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().left < 0 || el.getBoundingClientRect().right > window.innerWidth).map((el) => el.textContent);
  await expect.poll(() => hits.evaluateAll(cut)).toEqual([]);
  await screenshot(p, 'page-search-hits-390');
  await search.press('Enter');
  await p.waitForURL(`**${path}`);
  await p.locator('.arco-drawer').waitFor({ state: 'hidden' });
  // ...and reload is in the account menu
  await p.locator('[data-testid=avatar]').click();
  await p.locator('[data-testid=menu-reload]').click();
  await p.waitForURL(`**${path}`);
  await p.locator(`[data-tab-pane="${path}"]`).waitFor();
  expect(p.errors).toEqual([]);
}

/** From a fresh load of `path` (a list), Tab reaches the navbar, the menu, the tab bar and the page, each with a visible focus. */
export async function tabThroughRegions(p: Page, path: string): Promise<void> {
  await loginAs(p, 'admin');
  await p.goto(`${baseUrl}${path}`);
  await p.locator(`[data-tab-pane="${path}"] .arco-table-tr`).nth(1).waitFor();
  // A fresh load: the first Tab starts at the top of the document.
  const seen: { region: string; label: string; visible: boolean }[] = [];
  for (let i = 0; i < 90; i++) {
    await p.keyboard.press('Tab');
    const step = await p.evaluate(async () => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const region = el.closest('[data-testid=navbar]') ? 'navbar' : el.closest('[data-testid=side-menu]') ? 'menu' : el.closest('[data-testid=tab-bar]') ? 'tabs' : el.closest('[data-tab-pane]') ? 'page' : 'other';
      // What focus changes on the element or the control around it: an outline, a ring, a border or a fill.
      // (a select takes focus on its root or its search input and draws it on its view around them; a
      // tree select, the same control, names its view .arco-tree-select-view)
      const around = [
        el,
        el.parentElement,
        el.closest('.arco-input-inner-wrapper, .arco-select-view, .arco-tree-select-view, .arco-picker, .arco-input-group-wrapper, .arco-menu-item, .arco-menu-inline-header'),
        el.querySelector(':scope > .arco-select-view, :scope > .arco-tree-select-view'),
      ].filter(
        (x): x is HTMLElement => !!x,
      );
      const look = () => around.map((t) => { const s = getComputedStyle(t); return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow, s.borderColor, s.backgroundColor].join('|'); }).join(';');
      const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
      // The blurred look once it has settled: a control leaves its focused look through a transition too, and on
      // a busy machine 60 ms caught one still on its way (CI, a load of 8 on two cores: "not visible").
      el.blur();
      await wait(60);
      let blurred = look();
      for (let same = 0, i = 0; same < 2 && i < 20; i++) {
        await wait(50);
        const now = look();
        same = now === blurred ? same + 1 : 0;
        blurred = now;
      }
      el.focus();
      // A control restyles on its focus event, after a render and through a transition: on a busy machine
      // the focused look may come a moment later. Looked at for up to a second; one that never comes fails.
      let visible = false;
      for (let i = 0; i < 10 && !visible; i++) {
        await wait(100);
        visible = look() !== blurred;
      }
      const label = (el.getAttribute('aria-label') ?? el.textContent ?? el.tagName).trim().slice(0, 24);
      return { region, label, visible };
    });
    if (step) seen.push(step);
    if (step?.region === 'page' && seen.filter((s) => s.region === 'page').length >= 8) break;
  }
  const regions = new Set(seen.map((s) => s.region));
  expect([...regions].filter((r) => r !== 'other').sort()).toEqual(['menu', 'navbar', 'page', 'tabs']);
  expect(seen.filter((s) => !s.visible)).toEqual([]);
}

/**
 * A signed-out visitor who opens `to.path` (with a query) is sent to the sign-in page with the route's
 * name (`to.name`) and the query, and back there after signing in as the user; the landing page needs no
 * redirect (it is where a sign-in goes anyway). Signed in, /login and / lead to the landing page, and the
 * page's menu group (`to.group`) to its first page (`to.groupFirst`).
 */
export async function redirectThroughSignIn(page: Page, to: { path: string; name: string; group: string; groupFirst: string }): Promise<void> {
  await page.goto(`${baseUrl}${to.path}?x=1`);
  await page.waitForURL(`**/login?redirect=${to.name}&x=1`);
  await page.goto(`${baseUrl}${landing.path}`);
  await page.waitForURL(`${baseUrl}/login`);
  await page.goto(`${baseUrl}${to.path}?x=1`);
  await page.waitForURL(`**/login?redirect=${to.name}&x=1`);
  await page.locator('input[name=username]').fill('user');
  await page.locator('input[name=password]').fill('user123');
  await page.locator('[data-testid=login-submit]').click();
  await page.waitForURL(`**${to.path}?x=1`);
  await page.goto(`${baseUrl}/login`);
  await page.waitForURL(`**${landing.path}`);
  await page.goto(`${baseUrl}/`);
  await page.waitForURL(`**${landing.path}`);
  await page.goto(`${baseUrl}${to.group}`);
  await page.waitForURL(`**${to.groupFirst}`);
}
