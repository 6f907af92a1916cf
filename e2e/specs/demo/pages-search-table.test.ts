import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedCall } from '../../lib/api';
import { baseUrl, launchBrowser, loginAs, newPage } from '../../lib/browser';
import { browserEachTest } from '../../lib/each-test';
import { choose, chooseDepartment, expectToast, field, open, visibleDrawer, visibleModal } from '../../lib/page-helpers';

let page: Page & { errors: string[] };
const { relaunch } = browserEachTest((opened) => ({ page } = opened), { errorFree: true });

const PATH = '/list/search-table';
const rows = (p: Locator) => p.locator('tbody .arco-table-tr:not(.arco-table-empty-row)');
const cellTexts = (p: Locator, column: number) => rows(p).evaluateAll((trs, c) => trs.map((tr) => tr.querySelectorAll('td')[c]?.textContent?.trim() ?? ''), column);
const headers = (p: Locator) => p.locator('.arco-table-th').allTextContents();

async function search(p: Locator, fill: (p: Locator) => Promise<void>) {
  await fill(p);
  await p.getByRole('button', { name: '查询', exact: true }).click();
}

function csvFile(name: string, text: string): string {
  const file = join(tmpdir(), `${Date.now()}-${name}`);
  writeFileSync(file, text);
  return file;
}

describe('search table', () => {
  // The longest name the contract allows (50 characters), in wide Latin letters.
  it('ends the longest name with an ellipsis inside its cell, at 1440 and 390 px, the full name on hover and on focus', async () => {
    await loginAs(page, 'admin');
    const [token, fingerprint] = await page.evaluate(() => [localStorage.getItem('token')!, localStorage.getItem('fingerprint')!]);
    const name = `Quarterly${Date.now()}`.padEnd(50, ' Wide Measured Collection Name').slice(0, 50);
    const created = await signedCall('POST', '/api/list/policy', { token, fingerprint, body: { name, contentType: 'img', filterType: 'rules', count: 1, status: 'online' } });
    expect(created.status).toBe(200);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const p = await open(page, `${PATH}?name=${encodeURIComponent(name.slice(0, 20))}`);
      const cell = rows(p).first().locator('td').nth(2);
      const shown = cell.locator('[class*="ellipsis"]');
      await expect.poll(() => cell.textContent()).toBe(name);
      const [text, box, next] = await Promise.all([shown.boundingBox(), cell.boundingBox(), rows(p).first().locator('td').nth(3).boundingBox()]);
      // The text is cut at its cell's edge, so the next column starts after it.
      expect(text!.x + text!.width).toBeLessThanOrEqual(box!.x + box!.width + 0.5);
      expect(text!.x + text!.width).toBeLessThanOrEqual(next!.x + 0.5);
      // The name is cut (at either width it is wider than its column), and the tooltip holds all of it.
      expect(await shown.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      await shown.hover();
      await expect.poll(() => page.locator('.arco-tooltip-content:visible').textContent()).toBe(name);
      await page.mouse.move(0, 0);
      await expect.poll(() => page.locator('.arco-tooltip-content:visible').count()).toBe(0);
      // From the keyboard: the cut name takes focus and shows the same tooltip.
      await shown.focus();
      await expect.poll(() => page.locator('.arco-tooltip-content:visible').textContent()).toBe(name);
      await shown.blur();
    }
  });

  it('filters, pages and keeps both in the URL across a reload', async () => {
    await loginAs(page, 'admin');
    const p = await open(page, PATH);
    await expect.poll(() => rows(p).count()).toBe(10);
    await search(p, (p) => choose(page, field(p, '状态'), '已上线'));
    await page.waitForURL(`**${PATH}?status=online`);
    await expect.poll(async () => new Set(await cellTexts(p, 7))).toEqual(new Set(['已上线']));
    await p.locator('.arco-pagination-item', { hasText: /^2$/ }).click();
    await page.waitForURL(`**${PATH}?status=online&current=2`);
    await expect.poll(async () => (await cellTexts(p, 0))[0]).toBe('11');
    // Paging sends the applied filters: every row of page 2 is still online.
    expect(new Set(await cellTexts(p, 7))).toEqual(new Set(['已上线']));

    await page.reload();
    await p.waitFor();
    await expect.poll(async () => (await cellTexts(p, 0))[0]).toBe('11');
    expect(await field(p, '状态').locator('.arco-select-view-value').textContent()).toBe('已上线');

    // A page-size change starts again at page 1; 重置 clears the filters and keeps the size.
    await p.locator('.arco-pagination-option .arco-select-view').click();
    await page.getByRole('option', { name: '20 条/页' }).click();
    await page.waitForURL(`**${PATH}?status=online&pageSize=20`);
    await expect.poll(() => rows(p).count()).toBe(20);
    await p.getByRole('button', { name: '重置', exact: true }).click();
    await expect.poll(() => page.url()).toBe(`${baseUrl}${PATH}?pageSize=20`);
    await expect.poll(async () => new Set(await cellTexts(p, 7))).toEqual(new Set(['已上线', '已下线']));
    await page.goBack();
    await page.waitForURL(`**${PATH}?status=online&pageSize=20`);
    await expect.poll(async () => new Set(await cellTexts(p, 7))).toEqual(new Set(['已上线']));
  });

  it('creates, views, edits and deletes a collection (admin)', async () => {
    await loginAs(page, 'admin');
    const p = await open(page, PATH);
    const name = `E2E 集合 ${Date.now().toString(36)}`;
    await p.getByRole('button', { name: '新建', exact: true }).click();
    const modal = visibleModal(page);
    await modal.getByRole('button', { name: '确定', exact: true }).click();
    await expect.poll(() => modal.locator('.arco-form-message').allTextContents()).toEqual(['请输入集合名称', '请选择内容体裁', '请选择筛选方式', '请输入内容量']);
    await field(modal, '集合名称').locator('input').fill(name);
    await choose(page, field(modal, '内容体裁'), '横版短视频');
    await choose(page, field(modal, '筛选方式'), '规则筛选');
    await field(modal, '内容量').locator('input').fill('4321');
    await modal.getByRole('button', { name: '确定', exact: true }).click();
    await expectToast(page, '创建成功');

    await search(p, (p) => field(p, '集合名称').locator('input').fill(name));
    await expect.poll(() => cellTexts(p, 2)).toEqual([name]);
    expect((await cellTexts(p, 3))[0]).toBe('横版短视频');
    expect((await cellTexts(p, 5))[0]).toBe('4,321');

    await p.getByRole('button', { name: '查看', exact: true }).click();
    const drawer = visibleDrawer(page);
    await expect.poll(() => drawer.textContent()).toContain(name);
    await drawer.getByRole('button', { name: '编辑', exact: true }).click();
    await field(drawer, '集合名称').locator('input').fill(`${name} 改`);
    await drawer.getByRole('button', { name: '保存', exact: true }).click();
    await expectToast(page, '保存成功');
    await expect.poll(() => drawer.textContent()).toContain(`${name} 改`);
    await expect.poll(() => cellTexts(p, 2)).toEqual([`${name} 改`]);

    await drawer.getByRole('button', { name: '删除', exact: true }).click();
    await page.locator('.arco-popconfirm:visible').getByRole('button', { name: '确定', exact: true }).click();
    await expectToast(page, '删除成功');
    await expect.poll(() => drawer.isVisible()).toBe(false);
    await expect.poll(() => rows(p).count()).toBe(0);
    expect(await p.getByText('没有符合筛选条件的记录').count()).toBeGreaterThan(0);
  });

  // English labels are long: at 1280 px three filters a row left each field 130 px ("Star - End" for
  // the dates), and two headers wrapped.
  it('filters by a created time open at either end, the open end empty in the URL, at 390 px and in English', async () => {
    await relaunch({ width: 390, height: 844 });
    await loginAs(page, 'admin');
    let p = await open(page, PATH);
    await expect.poll(() => rows(p).count()).toBe(10);
    const created = field(p, '创建时间');
    const start = created.getByRole('textbox', { name: '创建时间 开始日期' });
    const end = created.getByRole('textbox', { name: '创建时间 结束日期' });
    expect(await start.getAttribute('placeholder')).toBe('开始日期');
    expect(await end.getAttribute('placeholder')).toBe('结束日期');
    // The two ends side by side within the phone's width.
    const [a, b] = [await start.boundingBox(), await end.boundingBox()];
    expect(a!.x + a!.width).toBeLessThanOrEqual(b!.x);
    expect(b!.x + b!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Only a start: typed, then 查询.
    await start.fill('2000-01-01');
    await start.press('Enter');
    await p.getByRole('button', { name: '查询', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.getAll('createdTime')).toEqual(['2000-01-01', '']);
    await expect.poll(() => rows(p).count()).toBe(10);
    p = await open(page, `${PATH}?createdTime=2000-01-01&createdTime=`);
    await expect.poll(() => field(p, '创建时间').getByRole('textbox', { name: '创建时间 开始日期' }).inputValue()).toBe('2000-01-01');
    expect(await field(p, '创建时间').getByRole('textbox', { name: '创建时间 结束日期' }).inputValue()).toBe('');
    // Only an end, before every seeded row: nothing matches.
    p = await open(page, `${PATH}?createdTime=&createdTime=2000-01-01`);
    await expect.poll(() => rows(p).count()).toBe(0);

    await relaunch({ locale: 'en-US', width: 390, height: 844 });
    await loginAs(page, 'admin');
    p = await open(page, `${PATH}?createdTime=&createdTime=2000-01-01`);
    await expect.poll(() => field(p, 'Created').getByRole('textbox', { name: 'Created End date' }).inputValue()).toBe('2000-01-01');
    expect(await field(p, 'Created').getByRole('textbox', { name: 'Created Start date' }).getAttribute('placeholder')).toBe('Start date');
  });

  it('gives an English reader whole filter fields and one-line headers at 1280 px', async () => {
    await relaunch({ locale: 'en-US', width: 1280, height: 900 });
    await loginAs(page, 'admin');
    const p = await open(page, PATH);
    await expect.poll(() => rows(p).count()).toBe(10);
    for (const label of ['Collection No.', 'Collection name', 'Created']) {
      const box = await field(p, label).locator('.arco-form-item-wrapper').boundingBox();
      expect(box!.width, label).toBeGreaterThanOrEqual(240);
    }
    const heights = await p.locator('.arco-table-th').evaluateAll((ths) => ths.map((th) => Math.round(th.getBoundingClientRect().height)));
    expect(new Set(heights).size).toBe(1);
    expect(heights[0]).toBeLessThan(48);
  });

  it('shows an English reader the seeded collections under English names, found by them, kept through an edit', async () => {
    await relaunch({ locale: 'en-US' });
    await loginAs(page, 'admin');
    let p = await open(page, PATH);
    await expect.poll(() => rows(p).count()).toBe(10);
    // The first page: seeded rows (and what earlier tests created, in Latin letters), none in Chinese.
    const firstPage = await cellTexts(p, 2);
    expect(firstPage.filter((name) => /^[A-Z][a-z]+ [A-Z][a-z]+ \d{2}$/.test(name)).length).toBeGreaterThan(5);
    expect(firstPage.filter((name) => /\p{Script=Han}/u.test(name))).toEqual([]);
    await field(p, 'Collection name').locator('input').fill('food');
    await p.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(`**${PATH}?name=food`);
    // Found by the English word: the Food rows only (the page before the search stays up while it loads).
    await expect.poll(async () => (await cellTexts(p, 2)).filter((name) => !name.startsWith('Food '))).toEqual([]);
    const names = await cellTexts(p, 2);
    expect(names.length).toBeGreaterThan(0);
    const [number] = await cellTexts(p, 1);

    // Saving the form unchanged but for the item count keeps both names.
    await p.getByRole('button', { name: 'View', exact: true }).first().click();
    const drawer = visibleDrawer(page);
    await expect.poll(() => drawer.textContent()).toContain(names[0]);
    await drawer.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect.poll(() => field(drawer, 'Collection name').locator('input').inputValue()).toBe(names[0]);
    await field(drawer, 'Item count').locator('input').fill('777');
    await drawer.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Saved');
    await expect.poll(() => drawer.textContent()).toContain('777');
    expect(await drawer.textContent()).toContain(names[0]);

    // The Chinese reader still sees the Chinese name of the same row.
    await page.evaluate(() => localStorage.setItem('arco-locale', 'zh-CN'));
    p = await open(page, `${PATH}?number=${number}`);
    await expect.poll(() => cellTexts(p, 1)).toEqual([number]);
    expect((await cellTexts(p, 2))[0]).toMatch(/^\p{Script=Han}{4} \d{2}$/u);
    expect((await cellTexts(p, 2))[0]!.slice(-2)).toBe(names[0]!.slice(-2));
  });

  it('imports a CSV (every bad row reported, nothing written), then exports the filter and reads the file back', async () => {
    await loginAs(page, 'admin');
    const p = await open(page, PATH);
    const tag = `imp${Date.now().toString(36)}`;
    const header = 'name,contentType,filterType,count,status';
    const bad = csvFile('bad.csv', [header, `${tag} one,img,artificial,10,online`, `,img,rules,5,offline`, `${tag} two,gif,rules,5,offline`].join('\n'));
    const good = csvFile('good.csv', ['\uFEFF' + header, `${tag} one,img,artificial,10,online`, `"${tag} two, quoted",竖版小视频,规则筛选,20,已下线`].join('\r\n'));

    await p.getByRole('button', { name: '批量导入', exact: true }).click();
    const modal = visibleModal(page);
    await modal.locator('input[type=file]').setInputFiles(bad);
    await modal.getByRole('button', { name: '开始导入', exact: true }).click();
    await expect.poll(() => modal.locator('.arco-alert').textContent()).toContain('共 2 行有错误，未导入任何数据');
    const errorRows = await modal.locator('.arco-table-tr').evaluateAll((trs) => trs.slice(1).map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim())));
    expect(errorRows.map((r) => r.slice(0, 2))).toEqual([
      ['3', 'name'],
      ['4', 'contentType'],
    ]);
    expect(errorRows[0]?.[2]).toBe('请输入集合名称');

    await modal.locator('input[type=file]').setInputFiles(good);
    await modal.getByRole('button', { name: '开始导入', exact: true }).click();
    await expectToast(page, '成功导入 2 条数据');
    await expect.poll(() => modal.isVisible()).toBe(false);

    // Nothing of the failed file was written: exactly the two rows of the good one match.
    await search(p, (p) => field(p, '集合名称').locator('input').fill(tag));
    await expect.poll(async () => (await cellTexts(p, 2)).sort()).toEqual([`${tag} one`, `${tag} two, quoted`]);

    const [download] = await Promise.all([page.waitForEvent('download'), p.getByRole('button', { name: '下载', exact: true }).click()]);
    expect(download.suggestedFilename()).toMatch(/^collections-\d{8}-\d{6}\.csv$/);
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text.startsWith('\uFEFF集合编号,集合名称,内容体裁,筛选方式,内容量,创建时间,状态,所属部门,负责人\r\n')).toBe(true);
    const lines = text.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines).toHaveLength(3);
    // imported into the importer's department (the root), owned by the importer
    expect(lines.some((l) => l.includes(`"${tag} two, quoted",竖版小视频,规则筛选,20,`) && l.endsWith(',已下线,总部,Atrium Admin'))).toBe(true);
    expect(lines.some((l) => l.includes(`${tag} one,图文,人工筛选,10,`) && l.endsWith(',已上线,总部,Atrium Admin'))).toBe(true);
  });

  it('keeps density and column settings per user on the server', async () => {
    await loginAs(page, 'admin');
    let p = await open(page, PATH);
    await p.getByRole('button', { name: '密度', exact: true }).click();
    await page.getByRole('menuitem', { name: '迷你' }).click();
    await expect.poll(() => p.locator('.arco-table-size-mini').count()).toBe(1);
    await p.getByRole('button', { name: '列设置', exact: true }).click();
    const popover = page.locator('.arco-popover-content:visible');
    await popover.locator('label', { hasText: '集合编号' }).click();
    const handle = popover.getByRole('button', { name: /“状态”/ });
    await handle.focus();
    for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowUp');
    await expect.poll(() => headers(p)).toEqual(['状态', '#', '集合名称', '内容体裁', '筛选方式', '内容量', '创建时间', '所属部门', '负责人', '操作']);

    // Another browser, same account: the settings come from the server (saved 500 ms after the last
    // change; a loaded machine needs longer than that for the save to land).
    await page.waitForTimeout(2500);
    const other = await launchBrowser();
    try {
      const page2 = await newPage(other.context);
      await loginAs(page2, 'admin');
      const p2 = await open(page2, PATH);
      await expect.poll(() => headers(p2)).toEqual(['状态', '#', '集合名称', '内容体裁', '筛选方式', '内容量', '创建时间', '所属部门', '负责人', '操作']);
      expect(await p2.locator('.arco-table-size-mini').count()).toBe(1);
    } finally {
      await other.close();
    }

    // Back in the first browser: its saved settings first, then back to the defaults.
    p = await open(page, PATH);
    await expect.poll(() => headers(p)).toEqual(['状态', '#', '集合名称', '内容体裁', '筛选方式', '内容量', '创建时间', '所属部门', '负责人', '操作']);
    await p.getByRole('button', { name: '列设置', exact: true }).click();
    await page.locator('.arco-popover-content:visible').getByText('恢复默认').click();
    await p.getByRole('button', { name: '密度', exact: true }).click();
    await page.getByRole('menuitem', { name: '中等' }).click();
    await expect.poll(() => headers(p)).toEqual(['#', '集合编号', '集合名称', '内容体裁', '筛选方式', '内容量', '创建时间', '状态', '所属部门', '负责人', '操作']);
    await page.waitForTimeout(800);
  });

  it('shows a user no admin controls but lets them download', async () => {
    await loginAs(page, 'user');
    const p = await open(page, `${PATH}?contentType=img`);
    await expect.poll(() => rows(p).count()).toBeGreaterThan(0);
    expect(await p.getByRole('button', { name: '新建', exact: true }).count()).toBe(0);
    expect(await p.getByRole('button', { name: '批量导入', exact: true }).count()).toBe(0);
    expect(await headers(p)).not.toContain('操作');
    expect(new Set(await cellTexts(p, 3))).toEqual(new Set(['图文']));
    const [download] = await Promise.all([page.waitForEvent('download'), p.getByRole('button', { name: '下载', exact: true }).click()]);
    const lines = readFileSync((await download.path())!, 'utf8').trim().split(/\r?\n/).slice(1);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => l.split(',')[2] === '图文')).toBe(true);
    expect(page.url()).toBe(`${baseUrl}${PATH}?contentType=img`);
  });

  it('shows each collection’s department and owner, filters by a department with what is below it, and creates one in a department chosen', async () => {
    await loginAs(page, 'admin');
    const p = await open(page, PATH);
    await expect.poll(() => rows(p).count()).toBe(10);
    // the seed spreads the collections over 总部 and three demo departments, owned by admin and user
    expect(new Set(await cellTexts(p, 8)).size).toBeGreaterThan(1);
    // axe on the whole document with the picker open on its match
    await search(p, (p) => chooseDepartment(page, field(p, '所属部门'), '华东区', { axe: true }));
    await page.waitForURL(/department=\d+/);
    await expect.poll(async () => new Set(await cellTexts(p, 8))).toEqual(new Set(['华东区', '上海分部']));

    await p.getByRole('button', { name: '新建', exact: true }).click();
    const modal = visibleModal(page);
    const name = `Placed ${Date.now()}`;
    await field(modal, '集合名称').locator('input').fill(name);
    await choose(page, field(modal, '内容体裁'), '图文');
    await choose(page, field(modal, '筛选方式'), '规则筛选');
    await field(modal, '内容量').locator('input').fill('5');
    await chooseDepartment(page, field(modal, '所属部门'), '华南区');
    await modal.getByRole('button', { name: '确定', exact: true }).click();
    await expectToast(page, '创建成功');
    const q = await open(page, `${PATH}?name=${encodeURIComponent(name)}`);
    await expect.poll(() => cellTexts(q, 8)).toEqual(['华南区']);
    // the owner left out: the writer
    expect(await cellTexts(q, 9)).toEqual(['Atrium Admin']);
  });

  it('shows an account whose role reaches its department only the collections of that department, and offers no other', async () => {
    await loginAs(page, 'admin');
    const [token, fingerprint] = await page.evaluate(() => [localStorage.getItem('token')!, localStorage.getItem('fingerprint')!]);
    const tree = await signedCall<{ list: { id: number; name: string }[] }>('GET', '/api/system/departments', { token, fingerprint });
    const shanghai = tree.body.data.list.find((d) => d.name === '上海分部')!;
    const tag = Date.now();
    const role = await signedCall('POST', '/api/system/roles', { token, fingerprint, body: { code: `branch-${tag}`, name: `Branch ${tag}`, permissions: ['collection:read', 'collection:export'], dataScope: 'department' } });
    expect(role.status).toBe(200);
    const username = `clerk${tag}`;
    const account = await signedCall('POST', '/api/system/users', { token, fingerprint, body: { username, name: `Clerk ${tag}`, roles: [`branch-${tag}`], password: 'clerk123', departmentId: shanghai.id } });
    expect(account.status).toBe(200);
    const expected = await signedCall<{ total: number }>('GET', `/api/list/policy?department=${shanghai.id}&pageSize=10`, { token, fingerprint });

    // signed out of the administrator's session: the next sign-in is the clerk's
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${baseUrl}/login`);
    await page.locator('input[name=username]').fill(username);
    await page.locator('input[name=password]').fill('clerk123');
    await page.locator('[data-testid=login-submit]').click();
    await page.waitForSelector('[data-testid=navbar]');
    const p = await open(page, PATH);
    await expect.poll(() => p.locator('.arco-pagination-total-text').textContent()).toContain(String(expected.body.data.total));
    expect(new Set(await cellTexts(p, 8))).toEqual(new Set(['上海分部']));
    // the department filter offers its own department alone
    await field(p, '所属部门').locator('.arco-tree-select-view').click();
    await expect.poll(() => page.locator('.arco-tree-select-popup:visible .arco-tree-node-title').allTextContents()).toEqual(['上海分部']);
    await page.keyboard.press('Escape');
    // the owner filter offers the accounts it reaches (its department's), never the administrator of the root
    await field(p, '负责人').locator('.arco-select-view').click();
    const offered = () => page.locator('.arco-select-popup:visible').getByRole('option').allTextContents();
    await expect.poll(offered).toContain(`Clerk ${tag} (${username})`);
    expect((await offered()).filter((o) => o.includes('(admin)'))).toEqual([]);
    await page.keyboard.press('Escape');
  });
});
