import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser, loginAs, newPage, type Browser } from '../../lib/browser';
import { expectDialog, open, words } from '../../lib/page-helpers';

/**
 * The demo's modal dialogs as the accessibility tree has them (lib/page-helpers.ts expectDialog): the
 * search table's import and create dialogs, the card list's new queue, a workplace announcement: each a
 * modal dialog named by its title, the focus moved in and kept inside, axe finding nothing serious in the
 * whole document with it open and no id twice, and the focus back on the control that opened it once it
 * has closed (Esc, the close icon, OK, its 关闭). The core's drawers, confirmations and modals:
 * specs/dialogs.test.ts.
 */
describe.each([
  { locale: 'zh-CN', theme: 'light' },
  { locale: 'en-US', theme: 'dark' },
] as const)('demo dialogs ($locale, $theme)', ({ locale, theme }) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser({ locale, theme, width: 1440, height: 900 });
  });
  afterAll(async () => {
    await browser.close();
  });
  const zh = locale === 'zh-CN';

  it('the search table, card list and workplace modals, the focus back on their opener however they close', { timeout: 180_000 }, async () => {
    const page = await newPage(browser.context);
    await loginAs(page, 'admin');
    const table = await open(page, '/list/search-table');
    const importing = table.getByRole('button', { name: zh ? '批量导入' : 'Import' });
    await expectDialog(page, zh ? '批量导入集合' : 'Import collections', () => importing.click(), { opener: importing });
    const create = table.getByRole('button', { name: zh ? words('新建') : 'New' });
    await expectDialog(page, zh ? '新建集合' : 'New collection', () => create.click(), { opener: create, close: (dialog) => dialog.getByRole('button', { name: 'Close' }).click() });

    // OK: a queue made, the modal closing on its success.
    const cards = await open(page, '/list/card?tab=quality');
    const tile = cards.getByRole('button', { name: zh ? '点击创建质检内容队列' : 'Create an inspection queue' });
    await expectDialog(page, zh ? '创建质检内容队列' : 'New inspection queue', () => tile.click(), {
      opener: tile,
      close: async (dialog) => {
        await dialog.locator('input').fill(`E2E focus ${Date.now().toString(36)}`);
        await dialog.getByRole('button', { name: zh ? words('确定') : 'OK' }).click();
      },
    });

    // An announcement, named by its own title, closed by its 关闭.
    const workplace = await open(page, '/workplace');
    const row = workplace.locator('.arco-card').filter({ hasText: zh ? '公告' : 'Announcements' }).locator('li button').first();
    await row.waitFor();
    const name = (await row.locator('span').last().textContent())!.trim();
    await expectDialog(page, name, () => row.click(), { opener: row, close: (dialog) => dialog.getByRole('button', { name: zh ? words('关闭') : 'Close' }).last().click() });
  });
});
