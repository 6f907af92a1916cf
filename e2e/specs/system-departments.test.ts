import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedCall } from '../lib/api';
import { baseUrl, launchBrowser, loginAs, newPage, screenshot, type Browser } from '../lib/browser';
import { chooseDepartment, expectDialog, expectNoSeriousViolations, expectToast, field, open, openDepartments, seriousViolations, visibleDrawer, words } from '../lib/page-helpers';

/**
 * 部门管理 and the accounts' departments as an administrator lives them (issue 39): a department under the
 * root, one under it, a move to another parent, a delete refused while a sub-department is left (the
 * 409 saying so), an account put in the moved department, the accounts filtered by its new parent (which
 * counts the departments below it), that account made the moved department's leader with the drawer's
 * account picker; axe with the drawer open and with a department picker open, in both languages and themes,
 * at 1440 and 390 px.
 */
const suffix = Date.now().toString(36).slice(-5);
const parentA = `E2E 研发 ${suffix}`;
const parentB = `E2E 市场 ${suffix}`;
const child = `E2E 前端 ${suffix}`;
const username = `e2e.dept.${suffix}`;

const row = (scope: Locator, name: string) => scope.locator('tbody tr').filter({ has: scope.page().locator('td', { hasText: new RegExp(`^\\s*${name}\\s*$`) }) }).first();
const save = (page: Page) => visibleDrawer(page).getByRole('button', { name: /保\s*存|Save/ });

describe('departments, as an administrator (zh-CN, light, 1440 px)', () => {
  let browser: Browser;
  let page: Page & { errors: string[] };
  beforeAll(async () => {
    browser = await launchBrowser({ locale: 'zh-CN', theme: 'light', width: 1440, height: 900 });
    page = await newPage(browser.context);
    await loginAs(page, 'admin');
  });
  afterAll(async () => {
    await browser.close();
  });

  it('creates, nests, moves, is refused a delete, puts an account in a department and filters by it', { timeout: 180_000 }, async () => {
    const depts = await open(page, '/system/departments');
    await row(depts, '总部').waitFor();

    // the root: renamed only, so neither disabled nor deleted
    expect(await row(depts, '总部').getByRole('button', { name: words('删除') }).count()).toBe(0);
    expect(await row(depts, '总部').getByRole('button', { name: words('停用') }).count()).toBe(0);

    // two departments under the root, chosen in the parent picker; axe with the drawer open
    for (const name of [parentA, parentB]) {
      const create = depts.getByRole('button', { name: '新建部门' });
      await expectDialog(page, '新建部门', () => create.click(), { escape: false });
      const drawer = visibleDrawer(page);
      await drawer.getByPlaceholder('请输入部门名称').fill(name);
      await chooseDepartment(page, field(drawer, '上级部门'), '总部');
      if (name === parentA) await screenshot(page, 'system-departments-drawer-zh-CN-light-1440');
      await save(page).click();
      await expectToast(page, '创建成功');
      await row(depts, name).waitFor();
    }

    // a sub-department of the first, from its row
    await row(depts, parentA).getByRole('button', { name: '新增下级' }).click();
    await visibleDrawer(page).getByPlaceholder('请输入部门名称').fill(child);
    await save(page).click();
    await row(depts, child).waitFor();

    // moved under the second: the first offers neither itself nor … (the picker leaves the child's own subtree out)
    await row(depts, child).getByRole('button', { name: words('编辑') }).click();
    const drawer = visibleDrawer(page);
    // Typed once the picker shows its tree, as a person would, not into a popup still opening.
    const popup = await openDepartments(page, field(drawer, '上级部门'));
    await page.keyboard.type(suffix);
    await expect.poll(() => popup.locator('.arco-tree-node-title').allTextContents()).toEqual(expect.arrayContaining([parentA, parentB]));
    expect(await popup.locator('.arco-tree-node-title').allTextContents()).not.toContain(child);
    await popup.locator('.arco-tree-node-title', { hasText: parentB }).click();
    await save(page).click();
    await expectToast(page, '保存成功');
    // the table shows it under its new parent: its row follows the second's
    await expect.poll(async () => (await depts.locator('tbody tr td:first-child').allTextContents()).map((t) => t.trim()).filter((t) => t.endsWith(suffix))).toEqual([parentA, parentB, child]);
    await screenshot(page, 'system-departments-tree-zh-CN-light-1440');

    // a search keeps the match's ancestors in view
    await depts.getByPlaceholder('搜索部门名称').fill(`前端 ${suffix}`);
    await expect.poll(async () => (await depts.locator('tbody tr td:first-child').allTextContents()).map((t) => t.trim())).toEqual(['总部', parentB, child]);
    await depts.getByPlaceholder('搜索部门名称').fill('');

    // the second cannot be deleted while the child is under it: the 409 says why, in Chinese
    await row(depts, parentB).getByRole('button', { name: words('删除') }).click();
    await page.locator('.arco-popconfirm:visible').getByRole('button', { name: words('确定') }).click();
    await expectToast(page, `不能删除「${parentB}」：它下面还有 1 个子部门，请先移走或删除它们。`);
    await screenshot(page, 'system-departments-delete-refused-zh-CN-light-1440');
    await row(depts, parentB).waitFor();

    // an account in the child
    const users = await open(page, '/system/user');
    await users.getByRole('button', { name: '新建用户' }).click();
    const userForm = visibleDrawer(page);
    await userForm.getByPlaceholder('3–32 位字母、数字或 _ . -').fill(username);
    await userForm.getByPlaceholder('请输入姓名').fill('E2E 部门');
    await userForm.locator('.arco-select').first().click();
    await page.locator('.arco-select-option', { hasText: '普通用户' }).click();
    await page.keyboard.press('Escape');
    await chooseDepartment(page, userForm.locator('[data-testid=user-department]'), child, { axe: true });
    await save(page).click();
    await page.locator('[data-testid=one-time-password]').waitFor({ state: 'visible' });
    await page.getByRole('button', { name: '我已复制' }).click();

    // the accounts of the second and everything below it: the new account, in its department's column
    await chooseDepartment(page, users.locator('[data-testid=user-filter-department]'), parentB, { axe: true });
    await users.getByRole('button', { name: words('查询') }).click();
    await page.waitForURL(/departmentId=\d+/);
    await expect.poll(() => users.locator('tbody .arco-table-tr').count()).toBe(1);
    expect(await users.locator('tbody .arco-table-tr').first().textContent()).toContain(username);
    expect(await users.locator('tbody .arco-table-tr').first().textContent()).toContain(child);
    await screenshot(page, 'system-departments-accounts-filtered-zh-CN-light-1440');

    // the account leads the child: found by its username in the drawer's account picker, named in the table
    const withLeader = await open(page, '/system/departments');
    await row(withLeader, child).getByRole('button', { name: words('编辑') }).click();
    const leader = field(visibleDrawer(page), '负责人');
    await leader.locator('.arco-select-view').click();
    await page.keyboard.type(username);
    await page.locator('.arco-select-popup:visible').getByRole('option', { name: new RegExp(`E2E\\s*部门.*${username.replace(/\./g, '\\.')}`) }).click();
    await save(page).click();
    await expectToast(page, '保存成功');
    await expect.poll(() => row(withLeader, child).textContent()).toContain('E2E 部门');
    // opened again, the drawer names the leader (as the tree does, or as the picker's search did: with the username)
    await row(withLeader, child).getByRole('button', { name: words('编辑') }).click();
    await expect.poll(() => field(visibleDrawer(page), '负责人').locator('.arco-select-view-value').textContent()).toMatch(/^E2E 部门( \(e2e\.dept\.\w+\))?$/);
    await page.keyboard.press('Escape');
    expect(page.errors).toEqual([]);
  });
});

describe.each([
  { locale: 'en-US', theme: 'dark', width: 1440, height: 900 },
  { locale: 'zh-CN', theme: 'dark', width: 390, height: 844 },
  { locale: 'en-US', theme: 'light', width: 390, height: 844 },
] as const)('the departments page ($locale, $theme, $width px)', ({ locale, theme, width, height }) => {
  let browser: Browser;
  let page: Page & { errors: string[] };
  beforeAll(async () => {
    browser = await launchBrowser({ locale, theme, width, height, touch: width < 768 });
    page = await newPage(browser.context);
    await loginAs(page, 'admin');
  });
  afterAll(async () => {
    await browser.close();
  });
  const zh = locale === 'zh-CN';
  const name = `${locale}-${theme}-${width}`;

  it('shows the tree and its drawers, axe finding nothing serious with one open and with its parent picker open', { timeout: 120_000 }, async () => {
    const [token, fingerprint] = await page.evaluate(() => [localStorage.getItem('token')!, localStorage.getItem('fingerprint')!]);
    const below = `E2E ${name} ${suffix}`;
    expect((await signedCall('POST', '/api/system/departments', { token, fingerprint, body: { name: below, parentId: 1 } })).status).toBe(200);
    const depts = await open(page, '/system/departments');
    await row(depts, zh ? '总部' : 'Head office').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `system-departments-tree-${name}`, width < 768);
    const edit = row(depts, zh ? '总部' : 'Head office').getByRole('button', { name: zh ? words('编辑') : 'Edit' });
    await expectDialog(page, zh ? '编辑部门' : 'Edit department', () => edit.click(), { escape: false });
    await screenshot(page, `system-departments-drawer-${name}`);
    // the drawer of a department below the root: its parent picker open, axe on the whole document
    await page.keyboard.press('Escape');
    await visibleDrawer(page).waitFor({ state: 'hidden' });
    await row(depts, below).getByRole('button', { name: zh ? words('编辑') : 'Edit' }).click();
    const popup = await openDepartments(page, field(visibleDrawer(page), zh ? '上级部门' : 'Parent department'));
    await expectNoSeriousViolations(page, 'the parent picker open');
    await screenshot(page, `system-departments-parent-open-${name}`);
    await popup.getByRole('treeitem', { name: zh ? '总部' : 'Head office', exact: true }).locator('.arco-tree-node-title').click();
    await popup.waitFor({ state: 'hidden' });
    await visibleDrawer(page).getByRole('button', { name: zh ? words('取消') : 'Cancel' }).click();
    await visibleDrawer(page).waitFor({ state: 'hidden' });
    expect(page.errors).toEqual([]);
  });
});

/**
 * Delegated administration (issue 39): an administrator whose role reaches its department and those below it
 * sees only those accounts, its department filter offers only those departments, and a department's leader
 * picker only those accounts (decision 038) (en-US, dark, 1440 px).
 */
describe('accounts, as a delegated administrator (en-US, dark, 1440 px)', () => {
  let browser: Browser;
  let page: Page & { errors: string[] };
  const tag = `d${suffix}`;
  beforeAll(async () => {
    browser = await launchBrowser({ locale: 'en-US', theme: 'dark', width: 1440, height: 900 });
    page = await newPage(browser.context);
    await loginAs(page, 'admin');
    const [token, fingerprint] = await page.evaluate(() => [localStorage.getItem('token')!, localStorage.getItem('fingerprint')!]);
    const as = <T>(method: string, path: string, body?: unknown) => signedCall<T>(method, path, { token, fingerprint, body });
    const department = async (name: string, parentId: number) => (await as<{ id: number }>('POST', '/api/system/departments', { name, parentId })).body.data.id;
    const region = await department(`E2E region ${tag}`, 1);
    const branch = await department(`E2E branch ${tag}`, region);
    const elsewhere = await department(`E2E elsewhere ${tag}`, 1);
    expect((await as('POST', '/api/system/roles', { code: `delegate-${tag}`, name: `Delegate ${tag}`, permissions: ['user:read', 'user:write', 'department:read', 'department:write'], dataScope: 'department-tree' })).status).toBe(200);
    expect((await as('POST', '/api/system/roles', { code: `member-${tag}`, name: `Member ${tag}`, permissions: [], dataScope: 'own' })).status).toBe(200);
    for (const [name, roles, departmentId] of [
      ['delegate', [`delegate-${tag}`], region],
      ['member', [`member-${tag}`], branch],
      ['outsider', [`member-${tag}`], elsewhere],
    ] as const) {
      const res = await as('POST', '/api/system/users', { username: `e2e.${name}.${tag}`, name: `E2E ${name} ${tag}`, roles, password: 'delegate123', departmentId });
      expect(res.status).toBe(200);
    }
    // signed out of the administrator's session; in as the delegate
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${baseUrl}/login`);
    await page.locator('input[name=username]').fill(`e2e.delegate.${tag}`);
    await page.locator('input[name=password]').fill('delegate123');
    await page.locator('[data-testid=login-submit]').click();
    await page.waitForSelector('[data-testid=navbar]');
  });
  afterAll(async () => {
    await browser.close();
  });

  it('lists only the accounts of its subtree and offers only its departments to filter by', { timeout: 120_000 }, async () => {
    const users = await open(page, `/system/user?keyword=${tag}`);
    await expect.poll(() => users.locator('tbody .arco-table-tr').count()).toBe(2);
    const text = await users.locator('tbody').textContent();
    expect(text).toContain(`e2e.delegate.${tag}`);
    expect(text).toContain(`e2e.member.${tag}`);
    expect(text).not.toContain(`e2e.outsider.${tag}`);
    await screenshot(page, 'system-accounts-delegated-en-US-dark-1440');
    const popup = await openDepartments(page, users.locator('[data-testid=user-filter-department]'));
    await expect.poll(() => popup.locator('.arco-tree-node-title').allTextContents()).toEqual([`E2E region ${tag}`, `E2E branch ${tag}`]);
    // axe on the whole document with the popup open: its tree's levels count from 1 (components/tree-aria.tsx)
    await expectNoSeriousViolations(page, 'the department filter open');
    expect(await popup.getByRole('treeitem', { name: `E2E branch ${tag}` }).getAttribute('aria-level')).toBe('2');
    await page.keyboard.press('Escape');
    expect(page.errors).toEqual([]);
  });

  it("offers as a department's leader only the accounts it manages", { timeout: 120_000 }, async () => {
    const depts = await open(page, '/system/departments');
    await row(depts, `E2E branch ${tag}`).getByRole('button', { name: words('Edit') }).click();
    const leader = field(visibleDrawer(page), 'Leader');
    await leader.locator('.arco-select-view').click();
    await page.keyboard.type(tag);
    await expect
      .poll(() => page.locator('.arco-select-popup:visible').getByRole('option').allTextContents())
      .toEqual([`E2E delegate ${tag} (e2e.delegate.${tag})`, `E2E member ${tag} (e2e.member.${tag})`]);
    await page.keyboard.press('Escape');
    expect(page.errors).toEqual([]);
  });
});
