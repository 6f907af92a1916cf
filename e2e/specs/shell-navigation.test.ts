import type { Locator, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, loginAs, newPage, screenshot, type Browser } from '../lib/browser';
import { seriousViolations } from '../lib/page-helpers';

let browser: Browser;
let page: Page & { errors: string[] };

beforeEach(async () => {
  browser = await launchBrowser();
  page = await newPage(browser.context);
});
afterEach(async () => {
  await browser.close();
});

async function menuOutline(p: Page): Promise<string[]> {
  return p.locator('[data-testid=side-menu] .arco-menu-inline-header, [data-testid=side-menu] .arco-menu-item').allTextContents();
}

async function openAllGroups(p: Page) {
  for (const header of await p.locator('[data-testid=side-menu] .arco-menu-inline-header').all()) {
    if (!(await header.locator('xpath=..').getAttribute('class'))?.includes('arco-menu-inline-open')) await header.click();
  }
}

describe('menu per role', () => {
  it('admin sees every group in order', async () => {
    await loginAs(page, 'admin');
    await openAllGroups(page);
    await expect.poll(() => menuOutline(page)).toEqual([
      '工作台', '列表页', '查询表格', '卡片列表', '表单页', '分步表单', '分组表单', '详情页', '基础详情页',
      '结果页', '成功页', '失败页', '异常页', '403', '404', '500', '个人中心', '用户信息', '用户设置',
      '系统管理', '用户管理', '角色管理', '审计日志',
    ]);
  });

  it('user sees only the pages the role may open and is sent away from admin pages', async () => {
    await loginAs(page, 'user');
    await openAllGroups(page);
    await expect.poll(() => menuOutline(page)).toEqual(['工作台', '列表页', '查询表格', '卡片列表', '异常页', '404', '500', '个人中心', '用户信息', '用户设置']);
    await page.goto(`${baseUrl}/form/step`);
    await page.waitForURL('**/workplace');
    await expect.poll(() => page.locator('.arco-message').allTextContents()).toContain('您没有访问该页面的权限');
    await page.goto(`${baseUrl}/exception/403`);
    await page.waitForURL('**/workplace');
  });

  it('shows the breadcrumb from the route table and the not-found page for unknown paths', async () => {
    await loginAs(page, 'admin');
    await page.goto(`${baseUrl}/exception/500`);
    await expect.poll(() => page.locator('.arco-breadcrumb-item').allTextContents()).toEqual(['', '异常页', '500']);
    await page.getByRole('button', { name: '返回' }).click();
    await page.waitForURL('**/workplace');
    await page.goto(`${baseUrl}/no/such/page`);
    await page.waitForSelector('text=抱歉，您访问的页面不存在');
    expect(page.url()).toBe(`${baseUrl}/no/such/page`);
    expect(await page.title()).toBe('页面不存在 - Atrium');
    await page.getByRole('button', { name: '返回工作台' }).click();
    await page.waitForURL('**/workplace');
  });
});

describe('tab bar', () => {
  it('with 12 open tabs keeps the active one in view, scrolls with its buttons and reaches every tab by keyboard', async () => {
    await page.setViewportSize({ width: 1024, height: 800 });
    await loginAs(page, 'admin');
    const paths = ['/list/search-table', '/list/card', '/form/step', '/form/group', '/profile/basic', '/result/success', '/result/error', '/exception/403', '/user/info', '/user/setting', '/system/user', '/system/role'];
    for (const path of paths) {
      await page.goto(`${baseUrl}${path}`);
      await page.locator(`[data-tab="${path}"]`).waitFor();
    }
    const scroller = page.locator('[data-testid=tab-bar] [role=tablist]');
    await expect.poll(() => page.locator('[data-testid=tab-bar] [role=tab]').count()).toBe(13);
    // Whether a tab lies wholly inside the visible part of the bar.
    const inView = async (path: string) => {
      const [tab, bar] = await Promise.all([page.locator(`[data-tab-item="${path}"]`).boundingBox(), scroller.boundingBox()]);
      return tab!.x >= bar!.x - 0.5 && tab!.x + tab!.width <= bar!.x + bar!.width + 0.5;
    };
    expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expect.poll(() => inView('/system/role')).toBe(true);
    expect(await inView('/workplace')).toBe(false);

    // The buttons: left scrolls towards the workplace, right back to the end.
    await expect(page.locator('[data-testid=tab-scroll-right]').count()).resolves.toBe(0);
    await page.locator('[data-testid=tab-scroll-left]').click();
    await expect.poll(() => page.locator('[data-testid=tab-scroll-right]').count()).toBe(1);
    const leftAfterClick = await scroller.evaluate((el) => el.scrollLeft);
    await screenshot(page, 'tab-bar-12-tabs-1024');
    await page.locator('[data-testid=tab-scroll-right]').click();
    await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(leftAfterClick);

    // The keyboard: from the active tab, arrow left to the first one, which comes into view, and open it.
    await page.locator('[data-tab="/system/role"]').focus();
    for (let i = 0; i < paths.length; i++) await page.keyboard.press('ArrowLeft');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-tab'))).toBe('/workplace');
    await expect.poll(() => inView('/workplace')).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}/workplace`);
    await expect.poll(() => page.locator('[data-tab="/workplace"]').getAttribute('aria-selected')).toBe('true');
    expect(page.errors).toEqual([]);
  });

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

  /** Every page of admin's menu but the workplace (open from the start), in the menu's order, with its group. */
  const menuPages = [
    ['列表页', '查询表格'], ['列表页', '卡片列表'], ['表单页', '分步表单'], ['表单页', '分组表单'], ['详情页', '基础详情页'],
    ['结果页', '成功页'], ['结果页', '失败页'], ['异常页', '403'], ['异常页', '404'], ['异常页', '500'],
    ['个人中心', '用户信息'], ['个人中心', '用户设置'], ['系统管理', '用户管理'], ['系统管理', '角色管理'], ['系统管理', '审计日志'],
  ] as const;

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
      await popHeader.hover();
      await p.locator('.arco-menu-pop-trigger [role=menuitem]').filter({ hasText: exactly(label) }).click();
      await p.mouse.move(p.viewportSize()!.width - 10, p.viewportSize()!.height - 10); // off the menu: its pop-up closes
      return;
    }
    const item = menu.locator('.arco-menu-item').filter({ hasText: exactly(label) });
    if (!(await item.isVisible())) await menu.locator('.arco-menu-inline-header').filter({ hasText: exactly(group) }).click();
    await item.click();
    if (phone) await p.locator('.arco-drawer').waitFor({ state: 'hidden' });
  }

  for (const [width, height] of [
    [1440, 900],
    [1024, 768],
    [390, 844],
  ] as const) {
    it(`with more tabs than fit at ${width} px, shows the active tab whole however it was opened`, { timeout: 120_000 }, async () => {
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
      await screenshot(page, `tab-bar-every-page-${width}`);

      // the keyboard: each tab it moves to is shown whole, to the first one and back to the last; Enter opens it
      await page.locator(`[data-tab="${opened.at(-1)}"]`).focus();
      for (const path of [...opened.slice(0, -1).reverse(), '/workplace']) {
        await page.keyboard.press('ArrowLeft');
        expect(await focusedTab(page)).toBe(path);
        await expect.poll(() => tabClear(page, path), { message: `ArrowLeft to ${path}` }).toBe('clear');
      }
      await page.keyboard.press('Enter');
      await expect.poll(() => activeTab(page)).toBe('/workplace');
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
    });
  }

  it('keeps page state across tab switches, closes with the keyboard menu and survives a reload', async () => {
    await loginAs(page, 'admin');
    await page.goto(`${baseUrl}/list/search-table?current=1`);
    const pane = page.locator('[data-tab-pane="/list/search-table"]');
    const input = pane.locator('input[type=text], input:not([type])').first();
    await input.waitFor();
    // typed once the page has its rows, as a user would
    await pane.locator('tbody .arco-table-tr:not(.arco-table-empty-row)').first().waitFor();
    await input.fill('kept while hidden');
    // switch away through the menu and come back through the tab
    await page.locator('[data-path="/list/card"]').click().catch(async () => {
      await page.getByText('列表页', { exact: true }).click();
      await page.locator('[data-path="/list/card"]').click();
    });
    await page.waitForURL('**/list/card');
    await expect.poll(() => pane.isHidden()).toBe(true);
    await page.locator('[data-tab="/list/search-table"]').click();
    await page.waitForURL('**/list/search-table**');
    expect(await input.inputValue()).toBe('kept while hidden');
    expect(await page.locator('[data-tab]').evaluateAll((els) => els.map((e) => e.getAttribute('data-tab')))).toEqual(['/workplace', '/list/search-table', '/list/card']);
    await screenshot(page, 'tabs-light-zh');

    // after a browser reload the tab list comes back (URL state included)
    await page.reload();
    await page.waitForSelector('[data-tab="/list/card"]');
    expect(await page.locator('[data-tab]').evaluateAll((els) => els.map((e) => e.getAttribute('data-tab')))).toEqual(['/workplace', '/list/search-table', '/list/card']);
    expect(page.url()).toContain(`${baseUrl}/list/search-table`);
    // every tab but the first has a close button for the mouse, beside the tab and hidden from assistive
    // technology (the keyboard closes with Delete or the tab menu); axe finds nothing serious in the tab
    // bar or the navbar
    expect(await page.locator('[data-tab-item] button').count()).toBe(2);
    expect(await page.locator('[role=tab] button').count()).toBe(0);
    expect(await seriousViolations(page, '[data-testid=tab-bar]')).toEqual([]);
    expect(await seriousViolations(page, '[data-testid=navbar]')).toEqual([]);
    await page.locator('[data-tab-item="/list/card"] button').click();
    await expect.poll(() => page.locator('[data-tab]').count()).toBe(2);
    expect(page.url()).toContain(`${baseUrl}/list/search-table`);
    // open it again from the menu, and come back to the search table
    await page.locator('.arco-menu [data-path="/list/card"]').click();
    await expect.poll(() => page.locator('[data-tab="/list/card"]').getAttribute('aria-selected')).toBe('true');
    await page.locator('[data-tab="/list/search-table"]').click();
    await expect.poll(() => page.locator('[data-tab="/list/search-table"]').getAttribute('aria-selected')).toBe('true');
    expect(page.url()).toContain(`${baseUrl}/list/search-table`);

    // keyboard: focus the card tab, open its menu with Shift+F10, close it
    await page.locator('[data-tab="/list/card"]').focus();
    await page.keyboard.press('Shift+F10');
    await page.waitForSelector('[data-testid=tab-menu]');
    expect(await page.locator('[data-testid=tab-menu] [data-command=reload]').isDisabled()).toBe(true);
    await page.locator('[data-testid=tab-menu] [data-command=closeCurrent]').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('[data-tab]').count()).toBe(2);

    // right click: close all keeps only the workplace and goes there
    await page.locator('[data-tab="/list/search-table"]').click({ button: 'right' });
    await page.locator('[data-testid=tab-menu] [data-command=closeAll]').click();
    await page.waitForURL('**/workplace');
    expect(await page.locator('[data-tab]').count()).toBe(1);
    expect(await page.locator('[data-tab-item="/workplace"] button').count()).toBe(0);
  });

  it('reloads a page through /redirect with a fresh state', async () => {
    await loginAs(page, 'admin');
    await page.goto(`${baseUrl}/list/search-table?current=1`);
    const input = page.locator('[data-tab-pane="/list/search-table"]').locator('input[type=text], input:not([type])').first();
    await input.waitFor();
    await input.fill('discard me');
    await page.locator('[data-tab="/list/search-table"]').click({ button: 'right' });
    await page.locator('[data-testid=tab-menu] [data-command=reload]').click();
    await page.waitForURL('**/list/search-table**');
    await expect.poll(() => page.locator('[data-tab-pane="/list/search-table"]').locator('input[type=text], input:not([type])').first().inputValue()).toBe('');
  });
});

describe('navbar', () => {
  it('switches the role on the server and back (an admin may view as a user)', async () => {
    await loginAs(page, 'admin');
    await page.goto(`${baseUrl}/form/step`);
    await page.locator('[data-testid=avatar]').click();
    await page.getByText('切换角色').hover();
    await page.locator('[data-testid=role-user]').click();
    await expect.poll(() => page.locator('.arco-message').allTextContents()).toContain('已切换为普通用户');
    // the step form is admin-only: its tab is closed and the page moves to the workplace
    await page.waitForURL('**/workplace');
    expect(await page.locator('[data-tab="/form/step"]').count()).toBe(0);
    await openAllGroups(page);
    await expect.poll(() => menuOutline(page)).toEqual(['工作台', '列表页', '查询表格', '卡片列表', '异常页', '404', '500', '个人中心', '用户信息', '用户设置']);
    await page.locator('[data-testid=avatar]').click();
    await page.getByText('切换角色').hover();
    await page.locator('[data-testid=role-admin]').click();
    await expect.poll(() => page.locator('.arco-message').allTextContents()).toContain('已切换为管理员');
    await openAllGroups(page);
    await expect.poll(() => menuOutline(page)).toContain('分步表单');
  });

  it('marks a message read on the server and updates the badge', async () => {
    await loginAs(page, 'user');
    const badge = page.locator('[data-testid=message-bell]').locator('xpath=ancestor::span[contains(@class,"arco-badge")]').locator('.arco-badge-number');
    await badge.waitFor();
    const before = Number(await badge.textContent());
    await page.locator('[data-testid=message-bell]').click();
    const unread = page.locator('[data-testid=message-box] [data-status="0"] button').first();
    await unread.click();
    await expect.poll(async () => Number((await badge.textContent().catch(() => '0')) ?? 0)).toBe(before - 1);
    await screenshot(page, 'message-box-light-zh');
    await page.keyboard.press('Escape');
    await page.reload();
    await badge.waitFor();
    expect(Number(await badge.textContent())).toBe(before - 1);
  });

  it('searches pages by their translated titles and opens the match', async () => {
    await loginAs(page, 'admin');
    await page.locator('[data-testid=page-search]').fill('卡片');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/list/card');
    await page.locator('[data-testid=page-search]').fill('zzz');
    await page.getByText('无匹配页面').waitFor();
  });
});

describe('message box in English', () => {
  for (const width of [1440, 390]) {
    it(`shows every tab title whole and stays inside the window at ${width} px`, async () => {
      const english = await launchBrowser({ locale: 'en-US', width, height: 844 });
      try {
        const p = await newPage(english.context);
        await loginAs(p, 'admin');
        await p.locator('[data-testid=message-bell]').click();
        const box = p.locator('[data-testid=message-box]');
        await box.locator('.arco-tabs-header-title').first().waitFor();
        await expect.poll(() => box.locator('.arco-tabs-header-title').allTextContents()).toEqual([expect.stringMatching(/^Messages/), expect.stringMatching(/^Notifications/), expect.stringMatching(/^To-dos/)]);
        const layout = await box.evaluate((el) => {
          const inside = (r: DOMRect, o: DOMRect) => r.left >= o.left - 0.5 && r.right <= o.right + 0.5;
          const nav = el.querySelector('.arco-tabs-header-nav')!.getBoundingClientRect();
          const boxRect = el.getBoundingClientRect();
          return {
            boxInWindow: boxRect.left >= 0 && boxRect.right <= window.innerWidth,
            titlesWhole: [...el.querySelectorAll<HTMLElement>('.arco-tabs-header-title')].map((t) => inside(t.getBoundingClientRect(), nav) && inside(t.getBoundingClientRect(), boxRect)),
            // Arco adds previous/next arrows when the titles do not fit.
            scrollArrows: el.querySelectorAll('.arco-tabs-left-icon, .arco-tabs-right-icon').length,
            clearVisible: (() => {
              const clear = el.querySelector<HTMLElement>('[data-testid=message-clear]')!.getBoundingClientRect();
              return inside(clear, boxRect);
            })(),
          };
        });
        await screenshot(p, `message-box-en-${width}`);
        expect(layout).toEqual({ boxInWindow: true, titlesWhole: [true, true, true], scrollArrows: 0, clearVisible: true });
      } finally {
        await english.close();
      }
    });
  }
});

describe('navbar on a phone', () => {
  it('keeps every control within reach: the page search in the menu drawer, reload in the account menu', async () => {
    const phone = await launchBrowser({ width: 390, height: 844 });
    try {
      const p = await newPage(phone.context);
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
      await search.fill('卡片');
      await search.press('Enter');
      await p.waitForURL('**/list/card');
      await p.locator('.arco-drawer').waitFor({ state: 'hidden' });
      // ...and reload is in the account menu
      await p.locator('[data-testid=avatar]').click();
      await p.locator('[data-testid=menu-reload]').click();
      await p.waitForURL('**/list/card');
      await p.locator('[data-tab-pane="/list/card"]').waitFor();
      expect(p.errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});

describe('navbar on a touch screen', () => {
  it('opens and closes the message box with taps and leaves no tooltip over the page', async () => {
    const phone = await launchBrowser({ width: 390, height: 844, touch: true });
    try {
      const p = await newPage(phone.context);
      await loginAs(p, 'admin');
      expect(await p.evaluate(() => matchMedia('(hover: hover)').matches)).toBe(false);
      // A phone's browser follows a tap with the mouse events of a pointer that arrived there and stays:
      // hover handlers run and nothing ever leaves. Headless Chromium's tap sends touches only, so the
      // compatibility events are sent as a phone sends them.
      const phoneTap = async (target: Locator) => {
        await target.tap();
        await target.evaluate((el) => {
          for (const type of ['mouseover', 'mouseenter', 'mousemove']) el.dispatchEvent(new MouseEvent(type, { bubbles: type !== 'mouseenter', cancelable: true, view: window }));
        });
      };
      const bell = p.locator('[data-testid=message-bell]');
      await phoneTap(bell);
      await p.locator('[data-testid=message-box]').waitFor();
      await phoneTap(bell);
      await p.locator('[data-testid=message-box]').waitFor({ state: 'hidden' });
      // Those tooltips would stay up over the page; the navbar shows none on a touch screen.
      await p.waitForTimeout(400);
      expect(await p.locator('.arco-tooltip').count()).toBe(0);
      // The controls keep their names for screen readers.
      expect(await bell.getAttribute('aria-label')).toBe('消息通知');
      expect(p.errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});

describe('keyboard', () => {
  it('reaches the navbar, the menu, the tab bar and the page with Tab, each with a visible focus', { timeout: 120_000 }, async () => {
    const keyboard = await launchBrowser({ width: 1440, height: 900, reducedMotion: 'reduce' });
    try {
      const p = await newPage(keyboard.context);
      await loginAs(p, 'admin');
      await p.goto(`${baseUrl}/list/search-table`);
      await p.locator('[data-tab-pane="/list/search-table"] .arco-table-tr').nth(1).waitFor();
      // A fresh load: the first Tab starts at the top of the document.
      const seen: { region: string; label: string; visible: boolean }[] = [];
      for (let i = 0; i < 90; i++) {
        await p.keyboard.press('Tab');
        const step = await p.evaluate(async () => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body) return null;
          const region = el.closest('[data-testid=navbar]') ? 'navbar' : el.closest('[data-testid=side-menu]') ? 'menu' : el.closest('[data-testid=tab-bar]') ? 'tabs' : el.closest('[data-tab-pane]') ? 'page' : 'other';
          // What focus changes on the element or the control around it: an outline, a ring, a border or a fill.
          // (a select takes focus on its root and draws it on its view inside)
          const around = [el, el.parentElement, el.closest('.arco-input-inner-wrapper, .arco-select-view, .arco-picker, .arco-input-group-wrapper, .arco-menu-item, .arco-menu-inline-header'), el.querySelector(':scope > .arco-select-view')].filter(
            (x): x is HTMLElement => !!x,
          );
          const look = () => around.map((t) => { const s = getComputedStyle(t); return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow, s.borderColor, s.backgroundColor].join('|'); }).join(';');
          const focused = look();
          el.blur();
          await new Promise((r) => setTimeout(r, 60));
          const blurred = look();
          el.focus();
          await new Promise((r) => setTimeout(r, 60));
          const label = (el.getAttribute('aria-label') ?? el.textContent ?? el.tagName).trim().slice(0, 24);
          return { region, label, visible: focused !== blurred };
        });
        if (step) seen.push(step);
        if (step?.region === 'page' && seen.filter((s) => s.region === 'page').length >= 8) break;
      }
      const regions = new Set(seen.map((s) => s.region));
      expect([...regions].filter((r) => r !== 'other').sort()).toEqual(['menu', 'navbar', 'page', 'tabs']);
      expect(seen.filter((s) => !s.visible)).toEqual([]);
    } finally {
      await keyboard.close();
    }
  });
});
