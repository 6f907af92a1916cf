import { pathTo } from '@atrium/contracts/lifecycle';
import type { ResourceDef } from '@atrium/contracts/resource';
import { resourceSample } from '@atrium/contracts/resource-sample';
import { resources } from '@atrium/contracts/slices';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedCall } from './api';
import { baseUrl, screenshot, type LaunchOptions } from './browser';
import { duplicateIds, expectToast, pane, seriousViolations, words } from './page-helpers';

/**
 * The browser suite of a resource with a life cycle (docs/resources.md, "Life cycles"), part of
 * describeResourcePage: a transition fired from the record's drawer by the one who asks, and an approval
 * fired from 待我审批 by another account, then the drawer (its timeline and buttons), the comment dialog and
 * 待我审批 in both languages and themes at 1440 and 390 px, axe on the whole document with each open.
 *
 * Its accounts, made by the administrator: one who asks (a role holding the resource and the transitions
 * that are no approval, its department's records), in a department of their own; one per approval of the
 * waiting state: the holder of its role, or the department's leader (a role holding that transition).
 */
type WithPage = (options: LaunchOptions, run: (page: Page & { errors: string[] }) => Promise<void>) => Promise<void>;
type Transition = NonNullable<ResourceDef['lifecycle']>['transitions'][number];
interface Account {
  username: string;
  password: string;
  name: string;
}
interface Cast {
  requester: Account;
  /** Who fires each approval of the waiting state, by the transition's name. */
  approvers: Map<string, Account>;
}
type Locale = 'zh-CN' | 'en-US';

const PASSWORD = 'Lifecycle123';
/** A button's name: a CJK label with the space Arco puts between two characters, an English one as it is. */
const named = (text: string, locale: Locale) => (locale === 'zh-CN' ? words(text) : new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`));

/** Signs in as an account the suite made, and waits for the shell. */
async function signIn(page: Page, who: Account): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.locator('input[name=username]').fill(who.username);
  await page.locator('input[name=password]').fill(who.password);
  await page.locator('[data-testid=login-submit]').click();
  await page.waitForSelector('[data-testid=navbar]');
}

/** A session of an account through the API, for what the suite prepares without a browser. */
async function apiSession(who: Account | { username: string; password: string }): Promise<{ token: string; fingerprint: string }> {
  const fingerprint = `e2e-lc-${Math.random().toString(36).slice(2)}`;
  const res = await signedCall<{ token: string }>('POST', '/api/user/login', { fingerprint, body: { username: who.username, password: who.password } });
  expect(res.status, `${who.username} signs in`).toBe(200);
  return { token: res.body.data.token, fingerprint };
}

export function describeLifecycle(def: ResourceDef, withPage: WithPage, settle: (p: Locator) => Promise<void>): void {
  const lifecycle = def.lifecycle!;
  const state = def.fields.find((f) => f.state)!;
  const waiting = lifecycle.awaiting[0];
  const path = waiting ? pathTo(lifecycle, waiting) : undefined;
  // the way to the waiting state is the asker's own (no approval on it): the suite walks it as them
  if (!waiting || !path || path.some((t) => t.approval)) return;
  const approvals = lifecycle.transitions.filter((t) => t.approval && t.from.includes(waiting));
  const stateLabel = (value: string, locale: Locale) => state.values!.find((v) => v.value === value)!.label[locale];
  const tag = Date.now().toString(36).slice(-5);
  let cast: Promise<Cast> | undefined;
  const admin = { username: 'admin', password: 'admin123' };

  /** The accounts, made once for the suite's tests. */
  const castOnce = () => (cast ??= makeCast());
  async function makeCast(): Promise<Cast> {
    const as = await apiSession(admin);
    const call = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
      const res = await signedCall<T>(method, url, { ...as, body });
      expect(res.status, `${method} ${url}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
      return res.body.data;
    };
    const role = async (code: string, name: string, permissions: string[], dataScope: string) => void (await call('POST', '/api/system/roles', { code, name, permissions, dataScope }));
    const account = async (username: string, name: string, roles: string[], departmentId?: number): Promise<Account & { id: number }> => {
      const made = await call<{ user: { id: number } }>('POST', '/api/system/users', { username, name, roles, password: PASSWORD, ...(departmentId ? { departmentId } : {}) });
      return { id: made.user.id, username, name, password: PASSWORD };
    };
    // the leader of a department's approval is made first: the department is created with them as its leader
    const approvers = new Map<string, Account>();
    let leader: (Account & { id: number }) | undefined;
    for (const t of approvals.filter((a) => a.approval!.by === 'department-leader')) {
      const code = `lead-${t.name.toLowerCase().slice(0, 12)}-${tag}`;
      await role(code, `E2E leader ${t.name} ${tag}`, [def.permissions.read, t.permission], 'department-tree');
      leader ??= await account(`lead${tag}`, `E2E 主管 ${tag}`, [code]);
      approvers.set(t.name, leader);
    }
    const tree = await call<{ list: { id: number; parentId: number | null }[] }>('GET', '/api/system/departments');
    const root = tree.list.find((d) => d.parentId === null)!;
    const department = await call<{ id: number }>('POST', '/api/system/departments', { name: `E2E ${def.label['zh-CN']} ${tag}`, parentId: root.id, ...(leader ? { leaderId: leader.id } : {}) });
    for (const t of approvals.filter((a) => a.approval!.by === 'role')) {
      const code = (t.approval as { role: string }).role;
      approvers.set(t.name, await account(`appr${t.name.toLowerCase().slice(0, 8)}${tag}`, `E2E ${code} ${tag}`, [code], department.id));
    }
    // the one who asks: the resource, the transitions that are no approval, and what its fields refer to
    const references = def.fields.filter((f) => f.type === 'reference' && f.to !== def.name).map((f) => resources.find((r) => r.name === f.to)!.permissions.read);
    const own = lifecycle.transitions.filter((t) => !t.approval).map((t) => t.permission);
    await role(`ask-${tag}`, `E2E requester ${tag}`, [...new Set([def.permissions.read, def.permissions.write, ...own, ...references])], 'department');
    const requester = await account(`ask${tag}`, `E2E 申请人 ${tag}`, [`ask-${tag}`], department.id);
    return { requester, approvers };
  }

  /** A record made by the one who asks (what it must refer to made by the administrator), brought to the waiting state through the API when `submitted`. */
  async function recordOf(n: number, submitted: boolean): Promise<{ id: number; title: string }> {
    const { requester } = await castOnce();
    const references: Record<string, number> = {};
    for (const f of def.fields.filter((x) => x.type === 'reference' && x.required && x.to !== def.name)) {
      const target = resources.find((r) => r.name === f.to)!;
      const made = await signedCall<{ id: number }>('POST', target.apiPath, { ...(await apiSession(admin)), body: resourceSample(target, n) });
      references[f.name] = made.body.data.id;
    }
    const as = await apiSession(requester);
    const made = await signedCall<Record<string, unknown> & { id: number; version: number }>('POST', def.apiPath, { ...as, body: resourceSample(def, n, references) });
    expect(made.status, JSON.stringify(made.body).slice(0, 300)).toBe(200);
    let record = made.body.data;
    if (submitted)
      for (const t of path!) {
        const fired = await signedCall<typeof record>('POST', `${def.apiPath}/${record.id}/transitions/${t.name}`, { ...as, body: { version: record.version, ...(t.comment ? { comment: `E2E ${t.name}` } : {}) } });
        expect(fired.status, `${t.name}: ${JSON.stringify(fired.body).slice(0, 300)}`).toBe(200);
        record = fired.body.data;
      }
    return { id: record.id, title: String(record[def.titleField]) };
  }

  /** The record's drawer, opened from its row's 详情 (View). */
  async function openDrawer(page: Page, scope: Locator, title: string, locale: Locale): Promise<Locator> {
    await scope.locator('tbody tr.arco-table-tr').filter({ hasText: title }).getByRole('button', { name: named(locale === 'zh-CN' ? '详情' : 'View', locale) }).click();
    const drawer = page.getByRole('dialog', { name: locale === 'zh-CN' ? `${def.label['zh-CN']}详情` : `${def.label['en-US']} details` });
    await drawer.waitFor({ state: 'visible' });
    await expect.poll(() => drawer.locator('.arco-descriptions').count()).toBe(1);
    return drawer;
  }

  /** Fires a transition through a button (the drawer's footer, a row of 待我审批), with its comment when it takes one. */
  async function fire(page: Page, scope: Locator, t: Transition, locale: Locale, title: string): Promise<void> {
    await scope.getByRole('button', { name: named(t.label[locale], locale) }).click();
    if (t.comment) {
      const dialog = page.getByRole('dialog', { name: `${t.label[locale]}${locale === 'zh-CN' ? '：' : ': '}${title}` });
      await dialog.waitFor({ state: 'visible' });
      await dialog.getByRole('textbox').fill(`E2E ${t.name}`);
      await dialog.getByRole('button', { name: named(t.label[locale], locale) }).click();
      await dialog.waitFor({ state: 'hidden' });
    }
    await expectToast(page, locale === 'zh-CN' ? `${t.label['zh-CN']}成功` : `Done: ${t.label['en-US']}`);
  }

  const badgeCount = (page: Page) => page.getByTestId('approvals-badge').getAttribute('aria-label');

  describe(`the ${def.pluralLabel['en-US']}' life cycle (resource kit)`, () => {
    it('moves a record along as the one who asks, and another account approves it from 待我审批, at 1440 and 390 px', { timeout: 240_000 }, async () => {
      const { requester, approvers } = await castOnce();
      const record = await recordOf(Number(Date.now().toString().slice(-6)), false);
      const approval = approvals.find((t) => !t.comment) ?? approvals[0]!;

      await withPage({ locale: 'zh-CN', theme: 'light', width: 1440, height: 900 }, async (page) => {
        await signIn(page, requester);
        await page.goto(`${baseUrl}${def.path}`);
        const p = pane(page, def.path);
        const row = p.locator('tbody tr.arco-table-tr').filter({ hasText: record.title });
        await row.waitFor();
        // the row's menu offers the transitions the asker may fire now (axe with it open)
        await row.getByRole('button', { name: words('更多') }).click();
        const menu = page.locator('.arco-dropdown-menu:visible');
        await expect.poll(() => menu.getByRole('menuitem').allTextContents()).toEqual([path[0]!.label['zh-CN']]);
        await settle(p);
        expect(await seriousViolations(page), 'axe, the row menu').toEqual([]);
        await screenshot(page, `lifecycle-${def.plural}-row-menu-light-zh-CN-1440`);
        // closed as it opened (a click of 更多), the focus where it was
        await row.getByRole('button', { name: words('更多') }).click();
        await menu.waitFor({ state: 'hidden' });
        const drawer = await openDrawer(page, p, record.title, 'zh-CN');
        await expect.poll(() => drawer.locator('.arco-descriptions .arco-tag').first().textContent()).toBe(stateLabel(lifecycle.initial, 'zh-CN'));
        await expect.poll(() => drawer.locator('.arco-empty').textContent()).toContain('暂无流转记录');
        // each step to the waiting state from the drawer's buttons: its state, its history as it goes
        for (const [i, t] of path.entries()) {
          await fire(page, drawer.locator('.arco-drawer-footer'), t, 'zh-CN', record.title);
          await expect.poll(() => drawer.locator('.arco-descriptions .arco-tag').first().textContent()).toBe(stateLabel(t.to, 'zh-CN'));
          await expect.poll(() => drawer.locator('.arco-timeline-item').count()).toBe(i + 1);
          const newest = drawer.locator('.arco-timeline-item').first();
          expect(await newest.textContent()).toContain(requester.name);
          expect(await newest.textContent()).toContain(t.label['zh-CN']);
          const from = i === 0 ? lifecycle.initial : path[i - 1]!.to;
          expect(await newest.locator('.arco-tag').allTextContents()).toEqual([stateLabel(from, 'zh-CN'), stateLabel(t.to, 'zh-CN')]);
        }
        // the approvals are not the asker's: no button for them
        for (const t of approvals) expect(await drawer.locator('.arco-drawer-footer').getByRole('button', { name: words(t.label['zh-CN']) }).count(), t.name).toBe(0);
        await settle(p);
        expect(await seriousViolations(page), 'axe, the drawer after a transition').toEqual([]);
        expect(await duplicateIds(page), 'ids, the drawer').toEqual([]);
        await page.keyboard.press('Escape');
        await drawer.waitFor({ state: 'hidden' });
        await expect.poll(() => p.locator('tbody tr.arco-table-tr').filter({ hasText: record.title }).locator('.arco-tag').textContent()).toBe(stateLabel(waiting, 'zh-CN'));
      });

      await withPage({ locale: 'en-US', theme: 'dark', width: 390, height: 844 }, async (page) => {
        await signIn(page, approvers.get(approval.name)!);
        // the navbar's count leads to Awaiting me, where the record waits with its approvals in place
        await expect.poll(() => badgeCount(page)).toMatch(/^Awaiting me \((\d+|99\+)\)$/);
        await page.getByTestId('approvals-badge').click();
        await page.waitForURL(`${baseUrl}/approvals`);
        const p = pane(page, '/approvals');
        const row = p.locator('tbody tr.arco-table-tr').filter({ hasText: record.title });
        await row.waitFor();
        // on a phone a row is the record (its title over its resource's label: an Order, not the page's
        // "Orders", its state and its asker) beside its buttons, all on the screen
        const what = await row.locator('td').first().textContent();
        expect(what?.startsWith(`${record.title}${def.label['en-US']}`), what ?? '').toBe(true);
        expect(await row.locator('.arco-tag').textContent()).toBe(stateLabel(waiting, 'en-US'));
        expect(await row.textContent()).toContain(requester.name);
        const button = await row.getByRole('button', { name: named(approval.label['en-US'], 'en-US') }).boundingBox();
        expect(button!.x + button!.width, 'the approval button on the screen').toBeLessThanOrEqual(390);
        const before = await badgeCount(page);
        await settle(p);
        expect(await seriousViolations(page), 'axe, Awaiting me').toEqual([]);
        await fire(page, row, approval, 'en-US', record.title);
        await expect.poll(() => row.count()).toBe(0);
        // the count follows
        await expect.poll(() => badgeCount(page)).not.toBe(before);
        const as = await apiSession(approvers.get(approval.name)!);
        const after = await signedCall<Record<string, unknown>>('GET', `${def.apiPath}/${record.id}`, as);
        expect(after.body.data[state.name]).toBe(approval.to);
        const history = await signedCall<{ list: { transition: string; actor: { name: string } }[] }>('GET', `${def.apiPath}/${record.id}/history`, as);
        expect(history.body.data.list.map((h) => h.transition)).toEqual([approval.name, ...[...path].reverse().map((t) => t.name)]);
      });
    });

    it('shows the drawer, the comment dialog and 待我审批 in both languages and themes at 1440 and 390 px, axe with each open', { timeout: 300_000 }, async () => {
      // a transition of the waiting state that asks for a comment: its approver sees every part
      const commented = approvals.find((t) => t.comment) ?? approvals[0]!;
      const approver = (await castOnce()).approvers.get(commented.name)!;
      const record = await recordOf(Number(Date.now().toString().slice(-6)) + 1, true);
      const variants = [
        ['light', 'zh-CN', 1440, 900],
        ['light', 'en-US', 1440, 900],
        ['dark', 'zh-CN', 390, 844],
        ['dark', 'en-US', 390, 844],
      ] as const;
      for (const [theme, locale, width, height] of variants) {
        const variant = `${theme}-${locale}-${width}`;
        const last = variant === 'dark-en-US-390';
        await withPage({ locale, theme, width, height }, async (page) => {
          await signIn(page, approver);
          await page.goto(`${baseUrl}/approvals`);
          const p = pane(page, '/approvals');
          const row = p.locator('tbody tr.arco-table-tr').filter({ hasText: record.title });
          await row.waitFor();
          await settle(p);
          expect(await seriousViolations(page), `${variant}: Awaiting me`).toEqual([]);
          expect(await sideways(page), `${variant}: Awaiting me`).toBeNull();
          await screenshot(page, `approvals-${def.plural}-${variant}`);

          const drawer = await openDrawer(page, p, record.title, locale);
          await expect.poll(() => drawer.locator('.arco-timeline-item').count()).toBe(path.length);
          const footer = drawer.locator('.arco-drawer-footer');
          await expect.poll(() => footer.getByRole('button', { name: named(commented.label[locale], locale) }).count()).toBe(1);
          await settle(p);
          expect(await seriousViolations(page), `${variant}: the drawer`).toEqual([]);
          expect(await sideways(page), `${variant}: the drawer`).toBeNull();
          await screenshot(page, `lifecycle-${def.plural}-drawer-${variant}`);

          await footer.getByRole('button', { name: named(commented.label[locale], locale) }).click();
          if (commented.comment) {
            const dialog = page.getByRole('dialog', { name: `${commented.label[locale]}${locale === 'zh-CN' ? '：' : ': '}${record.title}` });
            await dialog.waitFor({ state: 'visible' });
            if (commented.comment === 'required') {
              await dialog.getByRole('button', { name: named(commented.label[locale], locale) }).click();
              await expect.poll(() => dialog.locator('.arco-form-message').textContent()).toBe(locale === 'zh-CN' ? '此项为必填项' : 'This field is required');
            }
            await settle(p);
            expect(await seriousViolations(page), `${variant}: the comment dialog`).toEqual([]);
            expect(await duplicateIds(page), `${variant}: ids`).toEqual([]);
            await screenshot(page, `lifecycle-${def.plural}-comment-${variant}`);
            if (!last) {
              await page.keyboard.press('Escape');
              await dialog.waitFor({ state: 'hidden' });
            } else {
              await dialog.getByRole('textbox').fill('E2E: not this time');
              await dialog.getByRole('button', { name: named(commented.label[locale], locale) }).click();
              await dialog.waitFor({ state: 'hidden' });
            }
          }
          if (last) {
            await expectToast(page, `Done: ${commented.label['en-US']}`);
            await expect.poll(() => drawer.locator('.arco-timeline-item').count()).toBe(path.length + 1);
            if (commented.comment) expect(await drawer.locator('.arco-timeline-item').first().textContent()).toContain('E2E: not this time');
            await page.keyboard.press('Escape');
            await expect.poll(() => row.count()).toBe(0);
          }
        });
      }
    });
  });
}

/** What sticks out of the viewport sideways (the document's own scroll), or null. */
function sideways(page: Page): Promise<string | null> {
  return page.evaluate(() => (document.documentElement.scrollWidth > window.innerWidth ? `document ${document.documentElement.scrollWidth} px wide in ${window.innerWidth} px` : null));
}
