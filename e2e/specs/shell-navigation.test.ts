import type { Locator, Page } from 'playwright-core';
import { builtInRoles, permissions } from '@atrium/contracts/permissions';
import { filterRoutes, routeTable, type Granted, type RouteNode } from '@atrium/contracts/routes';
import { describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, loginAs, newPage, screenshot } from '../lib/browser';
import { animationsDone, seriousViolations } from '../lib/page-helpers';
import { browserEachTest } from '../lib/each-test';
import { clickOutside, manyTabs, menuOutline, openAllGroups } from '../lib/navigation';
import { navigationTests } from '../lib/navigation-suite';
import { landing, text } from '../lib/texts';

// The shell's navigation over the core's pages, in both products (the demo's pages: demo/shell-navigation.test.ts).

let page: Page & { errors: string[] };
browserEachTest((opened) => ({ page } = opened));

/** The side menu a role's permissions give, read off the route table: each group's title, then its pages'. */
function outlineOf(granted: Granted): string[] {
  const out: string[] = [];
  const walk = (nodes: RouteNode[]) => {
    for (const node of nodes) {
      if (node.hideInMenu) continue;
      out.push(text(node.titleKey!));
      if (node.children) walk(node.children);
    }
  };
  walk(filterRoutes(routeTable, granted));
  return out;
}

/** The core's part of each built-in role's menu, in order (slices and resources add theirs around it). */
const coreMenu = {
  admin: ['异常页', '403', '404', '500', '个人中心', '用户信息', '用户设置', '系统管理', '用户管理', '角色管理', '审计日志'],
  user: ['异常页', '404', '500', '个人中心', '用户信息', '用户设置'],
};
const coreEntries = new Set(coreMenu.admin);

/** The core's pages of admin's menu, [group, page], in the menu's order. */
const coreMenuPages = [
  ['异常页', '403'], ['异常页', '404'], ['异常页', '500'], ['个人中心', '用户信息'], ['个人中心', '用户设置'],
  ['系统管理', '用户管理'], ['系统管理', '角色管理'], ['系统管理', '审计日志'],
] as const;

describe('menu per role', () => {
  it('admin sees every group in order', async () => {
    await loginAs(page, 'admin');
    await openAllGroups(page);
    await expect.poll(() => menuOutline(page)).toEqual(outlineOf(permissions));
    const outline = await menuOutline(page);
    expect(outline[0]).toBe(landing.title());
    expect(outline.filter((entry) => coreEntries.has(entry))).toEqual(coreMenu.admin);
  });

  it('user sees only the pages the role may open and is sent away from admin pages', async () => {
    await loginAs(page, 'user');
    await openAllGroups(page);
    await expect.poll(() => menuOutline(page)).toEqual(outlineOf(builtInRoles.user.permissions));
    const outline = await menuOutline(page);
    expect(outline[0]).toBe(landing.title());
    expect(outline.filter((entry) => coreEntries.has(entry))).toEqual(coreMenu.user);
    await page.goto(`${baseUrl}/system/user`);
    await page.waitForURL(`**${landing.path}`);
    await expect.poll(() => page.locator('.arco-message').allTextContents()).toContain('您没有访问该页面的权限');
    await page.goto(`${baseUrl}/exception/403`);
    await page.waitForURL(`**${landing.path}`);
  });

  it('shows the breadcrumb from the route table and the not-found page for unknown paths', async () => {
    await loginAs(page, 'admin');
    await page.goto(`${baseUrl}/exception/500`);
    await expect.poll(() => page.locator('.arco-breadcrumb-item').allTextContents()).toEqual(['', '异常页', '500']);
    await page.getByRole('button', { name: '返回' }).click();
    await page.waitForURL(`**${landing.path}`);
    await page.goto(`${baseUrl}/no/such/page`);
    await page.waitForSelector('text=抱歉，您访问的页面不存在');
    expect(page.url()).toBe(`${baseUrl}/no/such/page`);
    expect(await page.title()).toBe('页面不存在 - Atrium');
    await page.getByRole('button', { name: text('notFound.back', 'zh-CN', { page: landing.title() }) }).click();
    await page.waitForURL(`**${landing.path}`);
  });
});

describe('tab bar', () => {
  // The core's nine pages fill 934 px of tabs: more than the bar holds below 1024 px (the demo's pages at
  // 1024 and 1440 px: demo/shell-navigation.test.ts).
  it('with every core page open keeps the active one in view, scrolls with its buttons and reaches every tab by keyboard', async () => {
    await page.setViewportSize({ width: 900, height: 800 });
    await manyTabs(page, ['/exception/403', '/exception/404', '/exception/500', '/user/info', '/user/setting', '/system/user', '/system/audit', '/system/role'], 'tab-bar-core-pages-900');
  });

});

describe('navbar', () => {
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

});

describe('navbar pop-ups while the page scrolls', () => {
  // Arco draws pop-ups in body, which moves with the document; the navbar is fixed. Once the page had
  // scrolled, the open account menu lay over the navbar and the avatar that opened it (stop 50's CI: a
  // click aimed at its sub-menu landed on the navbar).
  const cases = [
    { locale: 'zh-CN', theme: 'light', width: 1440, query: '用户' },
    { locale: 'en-US', theme: 'dark', width: 1440, query: 'user' },
    { locale: 'en-US', theme: 'dark', width: 390, query: null },
  ] as const;
  for (const { locale, theme, width, query } of cases) {
    it(`keeps each pop-up under what opened it at ${width} px, ${locale}, ${theme}`, async () => {
      // A short window, so that the page scrolls.
      const browser = await launchBrowser({ locale, theme, width, height: 420 });
      try {
        const p = await newPage(browser.context);
        await loginAs(p, 'admin');
        await p.goto(`${baseUrl}/user/setting`);
        await p.locator('[data-tab-pane="/user/setting"] form').first().waitFor();
        // How far the pop-up's top lies below its button's bottom (a few pixels when in place), for the pop-up
        // shown: another of its kind may be in the document, hidden, its box all zeros.
        const gap = (button: string, popup: string) =>
          p.evaluate(
            ([button, popup]) => {
              const shown = [...document.querySelectorAll(popup!)].find((el) => el.getClientRects().length > 0);
              if (!shown) throw new Error(`no ${popup} shown`);
              return shown.getBoundingClientRect().top - document.querySelector(button!)!.getBoundingClientRect().bottom;
            },
            [button, popup],
          );
        const search = p.locator('[data-testid=page-search]');
        const popups = [
          { button: '[data-testid=avatar]', popup: '.arco-dropdown-menu', open: () => p.locator('[data-testid=avatar]').click() },
          { button: '[data-testid=message-bell]', popup: '[data-testid=message-box]', open: () => p.locator('[data-testid=message-bell]').click() },
          // The page search's hits (a phone has the search in the menu drawer instead).
          ...(query ? [{ button: '[data-testid=page-search]', popup: '.arco-select-popup', open: () => search.fill(query) }] : []),
        ];
        for (const { button, popup, open } of popups) {
          await p.evaluate(() => window.scrollTo(0, 0));
          await open();
          await p.locator(popup).waitFor();
          // Read once placed and at rest: a CI run on a busy machine once measured -44.5, minus the button's
          // bottom, i.e. a box at the page's top (read before Arco placed the pop-up, or read off a hidden one).
          await animationsDone(p);
          await expect.poll(() => gap(button, popup), { message: popup }).toBeGreaterThanOrEqual(0);
          const before = await gap(button, popup);
          expect(before, popup).toBeLessThan(16);
          await p.mouse.wheel(0, 300);
          await expect.poll(() => p.evaluate(() => window.scrollY)).toBeGreaterThan(100);
          expect(await gap(button, popup)).toBeCloseTo(before, 0);
          if (popup === '.arco-dropdown-menu') {
            await screenshot(p, `account-menu-scrolled-${width}-${theme}`);
            expect(await seriousViolations(p)).toEqual([]);
          }
          if (popup === '.arco-select-popup') {
            // Every hit whole: cut to the input's width, two pages of one group read the same.
            const hits = p.locator('.arco-select-popup .arco-select-option');
            expect(await hits.count()).toBeGreaterThan(1);
            await expect.poll(() => hits.evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent))).toEqual([]);
            await screenshot(p, `page-search-hits-${locale}-${theme}`);
            await search.fill('');
          }
          await clickOutside(p);
          await p.locator(popup).waitFor({ state: 'hidden' });
        }
        expect(p.errors).toEqual([]);
      } finally {
        await browser.close();
      }
    });
  }
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

navigationTests(() => page, {
  menuPages: coreMenuPages,
  crowdedViewports: [
    [900, 800],
    [390, 844],
  ],
  lists: [
    { path: '/system/user', url: '/system/user?current=1', group: '系统管理' },
    { path: '/system/audit', url: '/system/audit', group: '系统管理' },
  ],
  adminOnly: { path: '/system/user', userMenu: () => outlineOf(builtInRoles.user.permissions), entry: '用户管理' },
  search: { query: '审计', path: '/system/audit' },
  keyboardPath: '/system/user',
});
