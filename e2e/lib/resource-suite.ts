import type { ResourceDef, ResourceField } from '@atrium/contracts/resource';
import { importSampleCsv, importSampleTable, resourceSample } from '@atrium/contracts/resource-sample';
import { bulkFields } from '@atrium/contracts/resource-calls';
import { resources } from '@atrium/contracts/slices';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { choose, duplicateIds, expectDialog, expectToast, field, openDepartments, pane, seriousViolations, visibleDrawer, words } from './page-helpers';
import { signedCall } from './api';
import { baseUrl, launchBrowser, loginAs, newPage, screenshot, type LaunchOptions } from './browser';
import { describeLifecycle } from './lifecycle-suite';

/**
 * The resource kit's browser suite, for any resource: a generated spec (`e2e/specs/resource-<plural>.test.ts`)
 * is `describeResourcePage(product)`. As the administrator: the page opens from the menu; a record made
 * of valid values derived from the definition (contracts' resourceSample) is created through the form,
 * found in the table and through a filter, edited and deleted; the title reads right in both languages;
 * axe finds nothing serious in the whole document (list and form, light and dark, a scoped record's
 * department picker open); a 390 px phone shows the page and the form without sideways scrolling. A
 * resource with a life cycle: its transitions and approvals too (lifecycle-suite.ts).
 */
export function describeResourcePage(def: ResourceDef): void {
  describe(`the ${def.pluralLabel['en-US']} page (resource kit)`, () => {
    it('creates a record through the form, finds it, filters by it, edits and deletes it', { timeout: 180_000 }, async () => {
      await withPage({}, async (page) => {
        await loginAs(page, 'admin');
        const p = await openFromMenu(page, def, 'zh-CN');
        await expect.poll(() => p.locator('.arco-card-header-title').textContent()).toBe(def.pluralLabel['zh-CN']);
        await expect.poll(() => page.title()).toBe(`${def.pluralLabel['zh-CN']} - Atrium`);

        // 新建: every field filled with a valid value; a reference with the first record offered.
        const n = Number(Date.now().toString().slice(-6));
        const sample = resourceSample(def, n);
        // The form is a modal dialog named by its title (focus in, kept inside, axe and the ids with it open, Esc
        // closing it and the focus back on 新建); each of its text fields is named by its own label, not by
        // the filter panel's field of the same name.
        const create = p.getByRole('button', { name: words('新建') });
        await expectDialog(page, `新建${def.label['zh-CN']}`, () => create.click(), { opener: create });
        await create.click();
        let form = page.getByRole('dialog', { name: `新建${def.label['zh-CN']}` });
        await form.waitFor({ state: 'visible' });
        for (const f of def.fields.filter((x) => x.type === 'string' || x.type === 'text')) {
          await expect.poll(() => form.getByRole('textbox', { name: f.label['zh-CN'] }).count(), { message: `${f.name}: named by its label` }).toBe(1);
        }
        // 保存 with nothing filled: each required field's error keeps its distance from the next label.
        if (def.fields.some((f) => f.required)) {
          await form.getByRole('button', { name: words('保存') }).click();
          await expect.poll(() => form.locator('.arco-form-message:not(:empty)').count()).toBeGreaterThan(0);
          expect(await errorGaps(form), 'px between an error and the next label').toEqual([]);
        }
        // never a life cycle's state: only a transition writes it
        for (const f of def.fields.filter((x) => !x.state)) await fill(page, form, f, sample[f.name]);
        // A scoped record starts in the caller's department with the caller as its owner, both pickers named
        // by their labels (the names are the admin's: the root department and the admin account).
        const placed: string[] = [];
        if (def.scoped) {
          for (const label of ['所属部门', '负责人']) {
            await expect.poll(() => form.getByRole('combobox', { name: label }).count(), { message: `${label}: named by its label` }).toBeGreaterThan(0);
            const shown = field(form, label).locator('.arco-select-view-value, .arco-tree-select-view-value');
            await expect.poll(async () => ((await shown.textContent()) ?? '').trim(), { message: `${label}: the caller's by default` }).not.toBe('');
            placed.push(((await shown.textContent()) ?? '').trim());
          }
          // axe on the whole document with the department picker open (its tree's levels and names:
          // components/tree-aria.tsx); the caller's department chosen again closes it (Esc would close the form too)
          const picker = field(form, '所属部门');
          const popup = await openDepartments(page, picker);
          await settle(p);
          expect(await seriousViolations(page), 'axe, the form, its department picker open').toEqual([]);
          await popup.getByRole('treeitem', { name: placed[0], exact: true }).locator('.arco-tree-node-title').click();
          await popup.waitFor({ state: 'hidden' });
          expect(((await picker.locator('.arco-tree-select-view-value').textContent()) ?? '').trim()).toBe(placed[0]);
        }
        // The pointer rests on 保存, as a person's does before saving: its hover colour is checked too.
        await form.getByRole('button', { name: words('保存') }).hover();
        await settle(p);
        expect(await seriousViolations(page), 'axe, the form, the pointer on 保存').toEqual([]);
        await screenshot(page, `resource-${def.plural}-form`);
        await form.getByRole('button', { name: words('保存') }).click();
        await expectToast(page, '创建成功');
        await form.waitFor({ state: 'hidden' });

        const title = String(sample[def.titleField]);
        const row = (text: string) => p.locator('tbody tr.arco-table-tr').filter({ hasText: text });
        await expect.poll(() => row(title).count()).toBe(1);
        // its department and owner as columns, by name (the owner's without the username the picker adds), and as filters
        for (const name of placed) expect(await row(title).textContent()).toContain(name.replace(/ \([^)]*\)$/, ''));
        if (def.scoped) {
          const headers = await p.locator('thead th').allTextContents();
          expect(headers.map((h) => h.trim())).toEqual(expect.arrayContaining(['所属部门', '负责人']));
          const panel = p.getByRole('form', { name: '筛选条件' });
          for (const label of ['所属部门', '负责人']) expect(await field(panel, label).count(), `${label}: a filter`).toBe(1);
        }
        await settle(p);
        expect(await seriousViolations(page), 'axe, the list').toEqual([]);
        expect(await duplicateIds(page), 'ids, the list').toEqual([]);
        await screenshot(page, `resource-${def.plural}-list`);
        for (const f of def.fields.filter((x) => x.type === 'date' || x.type === 'datetime').filter((x) => x.filter === 'range')) {
          // A picker for each end (either may stay empty), named after the filter, side by side.
          const item = field(p.getByRole('form', { name: '筛选条件' }), f.label['zh-CN']);
          const [from, to] = f.type === 'date' ? ['开始日期', '结束日期'] : ['开始时间', '结束时间'];
          const start = await item.getByRole('textbox', { name: `${f.label['zh-CN']} ${from}` }).boundingBox();
          const end = await item.getByRole('textbox', { name: `${f.label['zh-CN']} ${to}` }).boundingBox();
          expect(start!.x + start!.width, `${f.name}: the start before the end`).toBeLessThanOrEqual(end!.x);
        }

        // A filter: the applied value goes to the URL, and the table shows what matches it.
        const filter = def.fields.find((f) => f.filter && f.type === 'string' && sample[f.name] !== undefined) ?? def.fields.find((f) => f.filter === 'equals' && (f.type === 'enum' || f.type === 'boolean'));
        if (filter) {
          const panel = p.getByRole('form', { name: '筛选条件' });
          const item = field(panel, filter.label['zh-CN']);
          const value = sample[filter.name];
          if (filter.type === 'string') await item.locator('input').fill(String(value));
          else await choose(page, item, filter.type === 'boolean' ? (value ? '是' : '否') : enumLabel(filter, String(value)));
          await p.getByRole('button', { name: words('查询') }).click();
          await expect.poll(() => new URL(page.url()).searchParams.get(filter.name)).toBe(String(value));
          // (polled: the rows of before the filter stay on screen until the filtered ones arrive)
          if (filter.type === 'string' && !filter.hidden) {
            const matching = async () => (await p.locator('tbody tr.arco-table-tr').allTextContents()).every((text) => text.toLowerCase().includes(String(value).toLowerCase()));
            await expect.poll(matching).toBe(true);
          }
          await expect.poll(() => row(title).count()).toBe(1);
          await p.getByRole('button', { name: words('重置') }).click();
          await expect.poll(() => new URL(page.url()).searchParams.has(filter.name)).toBe(false);
        }

        // 编辑: a new value for an editable string field (the title when it may change).
        const edited = def.fields.find((f) => f.name === def.titleField && !f.readOnly) ?? def.fields.find((f) => f.type === 'string' && !f.readOnly);
        const next = edited ? String(resourceSample(def, n + 1)[edited.name]) : undefined;
        await row(title).getByRole('button', { name: words('编辑') }).click();
        form = page.getByRole('dialog', { name: `编辑${def.label['zh-CN']}` });
        await expect.poll(() => form.locator('.arco-drawer-header-title').textContent()).toBe(`编辑${def.label['zh-CN']}`);
        if (edited) await field(form, edited.label['zh-CN']).locator('input').fill(next!);
        await form.getByRole('button', { name: words('保存') }).click();
        await expectToast(page, '保存成功');
        await form.waitFor({ state: 'hidden' });
        const current = edited?.name === def.titleField ? next! : title;
        await expect.poll(() => row(current).count()).toBe(1);
        if (edited && !edited.hidden) expect(await row(current).textContent()).toContain(next);

        // 删除, once confirmed.
        await row(current).getByRole('button', { name: words('删除') }).click();
        await page.locator('.arco-popconfirm:visible').getByRole('button', { name: words('删除') }).click();
        await expectToast(page, '删除成功');
        await expect.poll(() => row(current).count()).toBe(0);
      });
    });

    it('reads in English in the dark theme at 1440 px, axe finding nothing serious, no column under the actions', { timeout: 90_000 }, async () => {
      await withPage({ locale: 'en-US', theme: 'dark', width: 1440, height: 900 }, async (page) => {
        await loginAs(page, 'admin');
        const p = await openFromMenu(page, def, 'en-US');
        await expect.poll(() => p.locator('.arco-card-header-title').textContent()).toBe(def.pluralLabel['en-US']);
        await expect.poll(() => page.title()).toBe(`${def.pluralLabel['en-US']} - Atrium`);
        await expect.poll(() => page.locator('[data-testid=tab-bar] [role=tab][aria-selected=true]').textContent()).toContain(def.pluralLabel['en-US']);
        // (the first column's header, after the row-picking boxes)
        await expect.poll(() => p.locator('.arco-table-th:not(.arco-table-operation)').first().textContent()).toBe(def.fields.find((f) => !f.hidden && f.type !== 'text')?.label['en-US']);
        await settle(p);
        expect(await seriousViolations(page)).toEqual([]);
        // the columns fit the card: the last one ends where the fixed actions begin, not under them
        const under = await p.evaluate((el) => {
          const fixed = el.querySelector('thead th.arco-table-col-fixed-right');
          const last = fixed?.previousElementSibling;
          return fixed && last ? Math.round(last.getBoundingClientRect().right - fixed.getBoundingClientRect().left) : 0;
        });
        expect(under, 'px of the last column under the actions').toBeLessThanOrEqual(0);
        await screenshot(page, `resource-${def.plural}-dark-en-US`);
      });
    });

    describeInUse(def);
    describeBulk(def);
    describeRecordPage(def);
    describeRows(def);
    describeImport(def);

    if (def.lifecycle) describeLifecycle(def, withPage, settle);

    it('looks right in both themes and languages at 1440 and 390 px, the list and the form', { timeout: 300_000 }, async () => {
      for (const theme of ['light', 'dark'] as const)
        for (const locale of ['zh-CN', 'en-US'] as const)
          for (const [width, height] of [[1440, 900], [390, 844]] as const) {
            const variant = `${theme}-${locale}-${width}`;
            await withPage({ locale, theme, width, height }, async (page) => {
              await loginAs(page, 'admin');
              await page.goto(`${baseUrl}${def.path}`);
              const p = pane(page, def.path);
              await p.waitFor({ state: 'visible' });
              await settle(p);
              expect(await sidewaysOverflow(page), variant).toBeNull();
              expect(await seriousViolations(page), variant).toEqual([]);
              await screenshot(page, `resource-${def.plural}-${variant}`, width < 768);
              const title = `${locale === 'zh-CN' ? '新建' : 'New '}${def.label[locale]}`;
              await p.getByRole('button', { name: locale === 'zh-CN' ? words('新建') : /^\s*New\s*$/ }).click();
              await page.getByRole('dialog', { name: title }).waitFor({ state: 'visible' });
              await settle(p);
              expect(await seriousViolations(page), `${variant}, the form`).toEqual([]);
              await screenshot(page, `resource-${def.plural}-${variant}-form`);
            });
          }
    });

    it('fits a 390 px phone without sideways scrolling, the form too', { timeout: 90_000 }, async () => {
      await withPage({ width: 390, height: 844 }, async (page) => {
        await loginAs(page, 'admin');
        await page.goto(`${baseUrl}${def.path}`);
        const p = pane(page, def.path);
        await p.waitFor({ state: 'visible' });
        await settle(p);
        expect(await sidewaysOverflow(page)).toBeNull();
        // a table wider than the phone fades at the edge where more columns wait, and only such a table
        const edge = await p.locator('.arco-table').evaluate((table) => {
          const inner = table.querySelector('.arco-table-content-inner')!;
          return { wider: inner.scrollWidth > inner.clientWidth + 1, fade: getComputedStyle(table.querySelector('.arco-table-container')!, '::after').backgroundImage };
        });
        expect(edge.fade.includes('gradient'), JSON.stringify(edge)).toBe(edge.wider);
        // the filters fold behind one button, so the table starts on the first screen
        const filters = p.getByRole('form', { name: '筛选条件' });
        if (def.fields.some((f) => f.filter)) {
          const toggle = p.getByRole('button', { name: /^\s*筛\s*选\s*$/ });
          expect(await toggle.getAttribute('aria-expanded')).toBe('false');
          expect(await filters.isVisible()).toBe(false);
          expect(await p.locator('.arco-table').evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(844);
          await toggle.click();
          await filters.waitFor({ state: 'visible' });
          await screenshot(page, `resource-${def.plural}-390-filters`, true);
          await toggle.click();
        }
        await screenshot(page, `resource-${def.plural}-390`, true);
        await p.getByRole('button', { name: words('新建') }).click();
        const form = visibleDrawer(page);
        // in place: the drawer slides in from the right edge
        await expect.poll(() => form.evaluate((el) => el.getBoundingClientRect().left)).toBe(0);
        expect(await sidewaysOverflow(page)).toBeNull();
        await screenshot(page, `resource-${def.plural}-390-form`);
      });
    });
  });
}

/**
 * An IN_USE refusal names what refers to the record: for a resource another refers to, a record with two
 * referring to it is refused its 删除 with "2 个<label>引用了它，不能删除".
 */
function describeInUse(def: ResourceDef): void {
  // a resource whose records may refer to one of `def`'s and need nothing else to be made
  const referring = (r: ResourceDef) => r.fields.some((f) => f.type === 'reference' && f.to === def.name) && !r.fields.some((f) => f.type === 'reference' && f.required && f.to !== def.name);
  const referrer = resources.find(referring);
  if (!referrer || def.fields.some((f) => f.type === 'reference' && f.required)) return;
  it(`names the ${referrer.pluralLabel['en-US']} that refer to a record it cannot delete`, { timeout: 90_000 }, async () => {
    await withPage({}, async (page) => {
      await loginAs(page, 'admin');
      const [token, fingerprint] = await page.evaluate(() => [localStorage.getItem('token')!, localStorage.getItem('fingerprint')!]);
      const n = Number(Date.now().toString().slice(-6));
      const made = await signedCall('POST', def.apiPath, { token, fingerprint, body: resourceSample(def, n) });
      expect(made.status).toBe(200);
      const record = made.body.data as Record<string, unknown>;
      for (const i of [1, 2]) {
        const body = resourceSample(referrer, n + i);
        for (const f of referrer.fields) if (f.type === 'reference') body[f.name] = f.to === def.name ? record.id : null;
        expect((await signedCall('POST', referrer.apiPath, { token, fingerprint, body })).status).toBe(200);
      }
      await page.goto(`${baseUrl}${def.path}`);
      const p = pane(page, def.path);
      const row = p.locator('tbody tr.arco-table-tr').filter({ hasText: String(record[def.titleField]) });
      await row.getByRole('button', { name: words('删除') }).click();
      await page.locator('.arco-popconfirm:visible').getByRole('button', { name: words('删除') }).click();
      await expectToast(page, `2 个${referrer.pluralLabel['zh-CN']}引用了它，不能删除`);
      await expect.poll(() => row.count()).toBe(1);
    });
  });

  // the same refusal for a reader whose data scope reaches none of them (a scoped resource's records)
  const beyond = def.scoped ? resources.find((r) => r.scoped && referring(r)) : undefined;
  if (beyond) describeInUseBeyondScope(def, beyond);
}

/**
 * An IN_USE refusal for a reader whose data scope reaches none of the records referring (a clerk of a
 * branch, the referrers at head office): "您数据权限以外的<label>引用了它，不能删除", naming none of them.
 */
function describeInUseBeyondScope(def: ResourceDef, referrer: ResourceDef): void {
  it(`says ${referrer.pluralLabel['en-US'].toLowerCase()} beyond the reader's data scope refer to a record, naming none of them`, { timeout: 90_000 }, async () => {
    // a clerk of a branch of its own, who reaches its branch's records only; the record in the branch, the
    // two referring to it at head office
    const tag = Date.now().toString(36);
    const clerk = { username: `e2e.clerk.${tag}`, password: 'clerk12345' };
    let title = '';
    await withPage({}, async (page) => {
      await loginAs(page, 'admin');
      const [token, fingerprint] = await page.evaluate(() => [localStorage.getItem('token')!, localStorage.getItem('fingerprint')!]);
      const as = async <T,>(method: string, path: string, body: unknown) => {
        const res = await signedCall<T>(method, path, { token, fingerprint, body });
        expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
        return res.body.data;
      };
      const branch = (await as<{ id: number }>('POST', '/api/system/departments', { name: `E2E 分部 ${tag}`, parentId: 1 })).id;
      const code = `e2e-clerk-${tag}`;
      await as('POST', '/api/system/roles', { code, name: `E2E clerk ${tag}`, permissions: [def.permissions.read, def.permissions.write], dataScope: 'department' });
      await as('POST', '/api/system/users', { username: clerk.username, name: 'E2E Clerk', roles: [code], password: clerk.password, departmentId: branch });
      const n = Number(Date.now().toString().slice(-6));
      const record = await as<Record<string, unknown>>('POST', def.apiPath, { ...resourceSample(def, n), department: branch });
      title = String(record[def.titleField]);
      for (const i of [1, 2]) {
        const body = resourceSample(referrer, n + i);
        for (const f of referrer.fields) if (f.type === 'reference') body[f.name] = f.to === def.name ? record.id : null;
        await as('POST', referrer.apiPath, { ...body, department: 1 });
      }
    });
    await withPage({}, async (page) => {
      await page.goto(`${baseUrl}/login`);
      await page.locator('input[name=username]').fill(clerk.username);
      await page.locator('input[name=password]').fill(clerk.password);
      await page.locator('[data-testid=login-submit]').click();
      await page.waitForSelector('[data-testid=navbar]');
      await page.goto(`${baseUrl}${def.path}`);
      const row = pane(page, def.path).locator('tbody tr.arco-table-tr').filter({ hasText: title });
      await row.getByRole('button', { name: words('删除') }).click();
      await page.locator('.arco-popconfirm:visible').getByRole('button', { name: words('删除') }).click();
      await expectToast(page, `您数据权限以外的${referrer.pluralLabel['zh-CN']}引用了它，不能删除`);
      await screenshot(page, `resource-${def.plural}-in-use-beyond-scope`);
      await expect.poll(() => row.count()).toBe(1);
    });
  });
}

/**
 * Bulk actions: rows picked by their checkboxes (each named by its record), one field set on all of them
 * through 批量修改, a stale one refusing 批量删除 whole and named in the toast, then all deleted; the bar
 * and its dialogs under axe, and the bar on a 390 px phone in English and dark without sideways scrolling.
 */
function describeBulk(def: ResourceDef): void {
  // a field of a kind a person types or picks, which a bulk edit may set
  const settable = bulkFields(def);
  // (not the title: the test finds its rows by their titles, which would become one)
  const target = def.fields.find((f) => settable.includes(f.name) && f.name !== def.titleField && !f.hidden && ['string', 'integer', 'decimal', 'enum', 'text'].includes(f.type));
  if (!target) return;
  it(`edits and deletes picked ${def.pluralLabel['en-US'].toLowerCase()} in bulk, all or none`, { timeout: 180_000 }, async () => {
    await withPage({}, async (page) => {
      await loginAs(page, 'admin');
      const [token, fingerprint] = await page.evaluate(() => [localStorage.getItem('token')!, localStorage.getItem('fingerprint')!]);
      const as = { token, fingerprint };
      const n = Number(Date.now().toString().slice(-6));
      // the records it needs to refer to, then three of its own: the newest, so the first rows of the list
      const references = await referencesFor(def, as);
      const records: { id: number; version: number; title: string }[] = [];
      for (const i of [1, 2, 3]) {
        const made = await signedCall<Record<string, unknown> & { id: number; version: number }>('POST', def.apiPath, { ...as, body: resourceSample(def, n + i, references) });
        expect(made.status, JSON.stringify(made.body)).toBe(200);
        records.push({ id: made.body.data.id, version: made.body.data.version, title: String(made.body.data[def.titleField]) });
      }
      await page.goto(`${baseUrl}${def.path}`);
      const p = pane(page, def.path);
      await settle(p);
      // Arco draws the box over its input: a person clicks the box (the input's label)
      const tick = (box: Locator) => box.locator('xpath=..').click();
      const pickAll = async () => {
        for (const r of records) await tick(p.getByRole('checkbox', { name: `选择“${r.title}”` }));
        await expect.poll(() => p.getByTestId('bulk-bar').textContent()).toContain('已选择 3 条');
      };
      await pickAll();
      await settle(p);
      expect(await seriousViolations(page), 'axe, three rows picked').toEqual([]);
      await screenshot(page, `resource-${def.plural}-bulk`);

      // 批量修改: the field, then its value, as the form would take it
      const value = resourceSample(def, n + 9)[target.name];
      await expectDialog(page, '批量修改 3 条记录', () => p.getByRole('button', { name: words('批量修改') }).click());
      await p.getByRole('button', { name: words('批量修改') }).click();
      const dialog = page.getByRole('dialog', { name: '批量修改 3 条记录' });
      await dialog.waitFor({ state: 'visible' });
      await choose(page, field(dialog, '要修改的字段'), target.label['zh-CN']);
      const item = field(dialog, `${target.label['zh-CN']}改为`);
      if (target.type === 'enum') await choose(page, item, enumLabel(target, String(value)));
      else await item.locator('input, textarea').fill(String(value));
      await settle(p);
      expect(await seriousViolations(page), 'axe, the bulk edit dialog').toEqual([]);
      await screenshot(page, `resource-${def.plural}-bulk-edit`);
      await dialog.getByRole('button', { name: words('保存') }).click();
      await expectToast(page, '已修改 3 条记录');
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => p.getByTestId('bulk-bar').count(), { message: 'the selection ends with the action' }).toBe(0);
      for (const r of records) {
        const now = await signedCall<Record<string, unknown>>('GET', `${def.apiPath}/${r.id}`, as);
        expect([now.body.data[target.name], now.body.data.version], r.title).toEqual([value, r.version + 1]);
      }

      // 批量删除 with one of them changed meanwhile by someone else: refused whole, that one named
      await settle(p);
      await pickAll();
      const current = await signedCall<Record<string, unknown> & { version: number }>('GET', `${def.apiPath}/${records[1]!.id}`, as);
      const body = Object.fromEntries(def.fields.filter((f) => !f.readOnly && !f.state).map((f) => [f.name, current.body.data[f.name]]));
      // a change (a save of the values it holds would be none, and leave its version)
      const changed = { ...body, [def.titleField]: `${String(current.body.data[def.titleField])} 2` };
      const saved = await signedCall<{ version: number }>('PUT', `${def.apiPath}/${records[1]!.id}`, { ...as, body: { ...changed, version: current.body.data.version } });
      expect([saved.status, saved.body.data.version]).toEqual([200, current.body.data.version + 1]);
      const remove = async () => {
        await p.getByRole('button', { name: words('批量删除') }).click();
        const confirm = page.getByRole('dialog', { name: '批量删除' });
        await expect.poll(() => confirm.textContent()).toContain('确定删除这 3 条记录吗？');
        await confirm.getByRole('button', { name: words('删除') }).click();
        await confirm.waitFor({ state: 'hidden' });
      };
      await remove();
      // named by its title as picked, before the change
      await expectToast(page, `“${records[1]!.title}” 已被他人修改，未做任何修改；请刷新后重新选择`);
      records[1]!.title = String(changed[def.titleField]);
      for (const r of records) expect((await signedCall('GET', `${def.apiPath}/${r.id}`, as)).status, `${r.title} kept`).toBe(200);
      // picked again at the versions the list now shows: all three go
      await p.getByRole('button', { name: words('取消选择') }).click();
      await expect.poll(() => p.getByTestId('bulk-bar').count()).toBe(0);
      await pickAll();
      await remove();
      await expectToast(page, '已删除 3 条记录');
      for (const r of records) expect((await signedCall('GET', `${def.apiPath}/${r.id}`, as)).status, `${r.title} gone`).toBe(404);
      await expect.poll(() => p.locator('tbody tr.arco-table-tr').filter({ hasText: records[0]!.title }).count()).toBe(0);
    });
    // the bar on a phone, in English and dark: it wraps, nothing scrolls sideways, axe finds nothing serious
    await withPage({ locale: 'en-US', theme: 'dark', width: 390, height: 844 }, async (page) => {
      await loginAs(page, 'admin');
      const [token, fingerprint] = await page.evaluate(() => [localStorage.getItem('token')!, localStorage.getItem('fingerprint')!]);
      const made = await signedCall('POST', def.apiPath, { token, fingerprint, body: resourceSample(def, Number(Date.now().toString().slice(-6)), await referencesFor(def, { token, fingerprint })) });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      await page.goto(`${baseUrl}${def.path}`);
      const p = pane(page, def.path);
      await settle(p);
      await p.getByRole('checkbox', { name: 'Select every row on this page' }).locator('xpath=..').click();
      await expect.poll(() => p.getByTestId('bulk-bar').textContent()).toMatch(/\d+ selected/);
      await settle(p);
      expect(await sidewaysOverflow(page)).toBeNull();
      expect(await seriousViolations(page), 'axe, a page picked, 390 px').toEqual([]);
      await screenshot(page, `resource-${def.plural}-bulk-390-dark-en-US`, true);
    });
  });
}

/**
 * A record's own page: opened from the list by its title, at its own address (shared: a fresh tab opens it
 * the same), every field with references as links, its activity newest first; 404 for an id that names
 * none; axe in both themes, the page at 390 px in English without sideways scrolling.
 */
function describeRecordPage(def: ResourceDef): void {
  it(`opens a ${def.label['en-US'].toLowerCase()}'s own page from the list, at an address of its own`, { timeout: 120_000 }, async () => {
    let address = '';
    await withPage({}, async (page) => {
      await loginAs(page, 'admin');
      const [token, fingerprint] = await page.evaluate(() => [localStorage.getItem('token')!, localStorage.getItem('fingerprint')!]);
      const as = { token, fingerprint };
      const made = await signedCall<Record<string, unknown> & { id: number; version: number }>('POST', def.apiPath, { ...as, body: resourceSample(def, Number(Date.now().toString().slice(-6)), await referencesFor(def, as)) });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const record = made.body.data;
      const title = String(record[def.titleField]);
      await page.goto(`${baseUrl}${def.path}`);
      const list = pane(page, def.path);
      await settle(list);
      await list.locator('tbody tr.arco-table-tr').filter({ hasText: title }).getByRole('link', { name: title }).click();
      address = `${def.path}/${record.id}`;
      await page.waitForURL(`${baseUrl}${address}`);
      const p = pane(page, address);
      const fields = p.getByRole('region', { name: '基本信息' });
      await expect.poll(() => fields.textContent()).toContain(title);
      for (const f of def.fields.filter((x) => x.type === 'reference' && record[x.name] != null)) {
        const other = resources.find((r) => r.name === f.to)!;
        expect(await fields.locator(`a[href="${other.path}/${String(record[f.name])}"]`).count(), `${f.name}: a link to its record`).toBe(1);
      }
      await expect.poll(() => p.getByRole('region', { name: '操作记录' }).textContent()).toContain('创建');
      // its tab and the window name the record, so two records open are told apart
      await expect.poll(() => page.title()).toBe(`${title} - ${def.label['zh-CN']}详情 - Atrium`);
      expect(await page.getByRole('tab', { name: `${def.label['zh-CN']}详情：${title}`, exact: true }).count()).toBe(1);
      await settle(p);
      expect(await seriousViolations(page), 'axe, a record\'s page').toEqual([]);
      await screenshot(page, `resource-${def.plural}-record`);
      // an id that names no record: the 404 page, in its own tab
      await page.goto(`${baseUrl}${def.path}/987654`);
      await expect.poll(() => pane(page, `${def.path}/987654`).textContent()).toContain('记录不存在，或不在你的数据权限范围内');
    });
    // the address shared: another browser opens it (signing in first), in English and dark, on a phone
    await withPage({ locale: 'en-US', theme: 'dark', width: 390, height: 844 }, async (page) => {
      await loginAs(page, 'admin', `/login?redirect=${encodeURIComponent(address)}`);
      if (!page.url().endsWith(address)) await page.goto(`${baseUrl}${address}`);
      const p = pane(page, address);
      await expect.poll(() => p.getByRole('region', { name: 'Details' }).count()).toBe(1);
      await expect.poll(() => p.getByRole('region', { name: 'Activity' }).textContent()).toContain('Created');
      await settle(p);
      expect(await sidewaysOverflow(page)).toBeNull();
      expect(await seriousViolations(page), 'axe, a record\'s page, 390 px, dark').toEqual([]);
      await screenshot(page, `resource-${def.plural}-record-390-dark-en-US`, true);
    });
  });
}

/**
 * An import as a person makes one (docs/resources.md, "Import"): a CSV of three records chosen in 导入's
 * dialog, its columns mapped by their headers, an extra column ignored, every row checked, then written; the
 * records in the list. In English and dark at 390 px, a row with a problem listed by its row and column.
 */
function describeImport(def: ResourceDef): void {
  const title = def.fields.find((f) => f.name === def.titleField)!;
  it(`imports ${def.pluralLabel['en-US'].toLowerCase()} from a CSV file: mapped, checked, written`, { timeout: 180_000 }, async () => {
    await withPage({}, async (page) => {
      await loginAs(page, 'admin');
      const [token, fingerprint] = await page.evaluate(() => [localStorage.getItem('token')!, localStorage.getItem('fingerprint')!]);
      const as = { token, fingerprint };
      const n = Number(Date.now().toString().slice(-6));
      const references = await referencesFor(def, as);
      const records = [1, 2, 3].map((i) => resourceSample(def, n + 100 + i, references));
      const table = importSampleTable(def, records);
      // a column of the person's own, which names no field
      const file = importSampleCsv([[...table[0]!, '内部核对'], ...table.slice(1).map((row) => [...row, 'ignored'])]);
      await page.goto(`${baseUrl}${def.path}`);
      const p = pane(page, def.path);
      await settle(p);
      await p.getByRole('button', { name: words('导入') }).click();
      const dialog = page.getByRole('dialog', { name: `导入${def.pluralLabel['zh-CN']}` });
      await dialog.locator('input[type=file]').setInputFiles({ name: 'import.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
      await expect.poll(() => dialog.textContent()).toContain('“import.csv”共 3 行');
      // the column no field answers to waits for the person: ignored
      await dialog.getByRole('button', { name: words('检查数据') }).click();
      await expect.poll(() => dialog.textContent()).toContain('请选择字段，或选择忽略此列');
      await choose(page, dialog.getByRole('combobox', { name: '“内部核对”对应的字段' }), '忽略此列');
      await settle(dialog);
      expect(await seriousViolations(page), 'axe, the import\'s mapping').toEqual([]);
      await screenshot(page, `resource-${def.plural}-import-mapping`);
      await dialog.getByRole('button', { name: words('检查数据') }).click();
      await expect.poll(() => dialog.textContent(), { timeout: 30_000 }).toContain('检查通过：将新建 3 条，更新 0 条。');
      await dialog.getByRole('button', { name: words('导入 3 条') }).click();
      await expectToast(page, '导入完成：新建 3 条，更新 0 条');
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      for (const r of records) await expect.poll(() => p.locator('tbody').textContent()).toContain(String(r[title.name]));
    });
    await withPage({ locale: 'en-US', theme: 'dark', width: 390, height: 844 }, async (page) => {
      await loginAs(page, 'admin');
      const [token, fingerprint] = await page.evaluate(() => [localStorage.getItem('token')!, localStorage.getItem('fingerprint')!]);
      const references = await referencesFor(def, { token, fingerprint });
      const records = [1, 2].map((i) => resourceSample(def, Number(Date.now().toString().slice(-6)) + 200 + i, references));
      records[1]![title.name] = 'x'.repeat((title.max ?? 100) + 1);
      await page.goto(`${baseUrl}${def.path}`);
      const p = pane(page, def.path);
      await settle(p);
      await p.getByRole('button', { name: words('Import') }).click();
      const dialog = page.getByRole('dialog', { name: `Import ${def.pluralLabel['en-US']}` });
      await dialog.locator('input[type=file]').setInputFiles({ name: 'import.csv', mimeType: 'text/csv', buffer: Buffer.from(importSampleCsv(importSampleTable(def, records, 'en-US'))) });
      await dialog.getByRole('button', { name: words('Check the rows') }).click();
      await expect.poll(() => dialog.textContent(), { timeout: 30_000 }).toContain('Rows with problems: 1. Nothing was imported');
      const problem = dialog.locator('tr').filter({ hasText: `Up to ${title.max ?? 100} characters` });
      expect(await problem.locator('td').first().textContent()).toBe('3');
      await settle(dialog);
      expect(await sidewaysOverflow(page)).toBeNull();
      expect(await seriousViolations(page), 'axe, an import\'s problems, 390 px, dark').toEqual([]);
      await screenshot(page, `resource-${def.plural}-import-problems-390-dark-en-US`);
    });
  });
}

/** A record of each resource `def` must refer to (its required references), made through the calls. */
/**
 * A record's rows (an order's lines) edited inside its form, opened from its own page: rows added, a row
 * refused on its own input until filled, saved with the record and shown on its page as a table; a row
 * removed and saved again under the new version. axe on the form with its rows and on the page; on a 390 px
 * phone in English and dark each row is a card of its inputs, every one of them and its delete button on the
 * screen, the page never scrolling sideways.
 */
function describeRows(def: ResourceDef): void {
  for (const c of def.children) {
    it(`edits the ${def.label['en-US'].toLowerCase()}'s ${c.label['en-US'].toLowerCase()} inside its form, saved with it, shown on its page`, { timeout: 180_000 }, async () => {
      let address = '';
      await withPage({}, async (page) => {
        await loginAs(page, 'admin');
        const [token, fingerprint] = await page.evaluate(() => [localStorage.getItem('token')!, localStorage.getItem('fingerprint')!]);
        const as = { token, fingerprint };
        const n = Number(Date.now().toString().slice(-6));
        const made = await signedCall<Record<string, unknown> & { id: number; version: number }>('POST', def.apiPath, { ...as, body: resourceSample(def, n, await referencesFor(def, as)) });
        expect(made.status, JSON.stringify(made.body)).toBe(200);
        // what a row's references pick exists (the pickers offer it)
        await referencesFor(c.def, as);
        address = `${def.path}/${made.body.data.id}`;
        await page.goto(`${baseUrl}${address}`);
        const p = pane(page, address);
        const edit = p.getByRole('button', { name: words('编辑') });
        await edit.click();
        const form = page.getByRole('dialog', { name: `编辑${def.label['zh-CN']}` });
        await form.waitFor({ state: 'visible' });
        const rows = form.getByRole('group', { name: c.label['zh-CN'] });
        await expect.poll(() => rows.textContent()).toContain('暂无明细');
        const add = rows.getByRole('button', { name: words('添加一行') });
        await add.click();
        await add.click();
        // a row's cell: its input and, under it, its problem
        const cellItem = (row: number, f: ResourceField) => rows.locator('tbody tr').nth(row).locator('td').nth(c.def.fields.indexOf(f) + 1);
        const samples = [resourceSample(c.def, n + 1), resourceSample(c.def, n + 2)];
        for (const [row, sample] of samples.entries()) {
          for (const f of c.def.fields) {
            // the second row's first required field left empty: refused on its own input, nothing sent
            if (row === 1 && f === c.def.fields.find((x) => x.required)) continue;
            if (f.type === 'reference') await pickFirst(page, cellItem(row, f), f);
            else await fillItem(page, cellItem(row, f), f, sample[f.name]);
          }
        }
        const spoiled = c.def.fields.find((x) => x.required);
        if (spoiled) {
          await form.getByRole('button', { name: words('保存') }).click();
          await expect.poll(() => cellItem(1, spoiled).getByRole('alert').textContent()).toBe('此项为必填项');
          await expect.poll(() => rows.getByText('有 1 行填写有误，请按提示修改').count()).toBe(1);
          expect((await signedCall<Record<string, unknown>>('GET', `${def.apiPath}/${made.body.data.id}`, as)).body.data[c.name]).toEqual([]);
          if (spoiled.type === 'reference') await pickFirst(page, cellItem(1, spoiled), spoiled);
          else await fillItem(page, cellItem(1, spoiled), spoiled, samples[1]![spoiled.name]);
        }
        await settle(form);
        expect(await seriousViolations(page), 'axe, the form with its rows').toEqual([]);
        await screenshot(page, `resource-${def.plural}-rows-form`);
        await form.getByRole('button', { name: words('保存') }).click();
        await expectToast(page, '保存成功');
        await form.waitFor({ state: 'hidden' });
        // the page shows them, each reference by its record's title
        const region = p.getByRole('region', { name: c.label['zh-CN'] });
        await expect.poll(() => region.locator('tbody tr').count()).toBe(2);
        const saved = (await signedCall<Record<string, unknown> & { version: number; labels: Record<string, Record<string, string>> }>('GET', `${def.apiPath}/${made.body.data.id}`, as)).body.data;
        expect(saved.version).toBe(made.body.data.version + 1);
        for (const f of c.def.fields.filter((x) => x.type === 'reference')) {
          const first = (saved[c.name] as Record<string, unknown>[])[0]![f.name];
          await expect.poll(() => region.locator('tbody tr').first().textContent()).toContain(saved.labels[`${c.name}.${f.name}`]![String(first)]);
        }
        await settle(p);
        expect(await seriousViolations(page), 'axe, a record\'s page with its rows').toEqual([]);
        await screenshot(page, `resource-${def.plural}-rows-record`);
        // one removed, saved again: the page and the record have one
        await edit.click();
        await form.waitFor({ state: 'visible' });
        await rows.getByRole('button', { name: '删除第 1 行' }).click();
        await form.getByRole('button', { name: words('保存') }).click();
        await expectToast(page, '保存成功');
        await form.waitFor({ state: 'hidden' });
        await expect.poll(() => region.locator('tbody tr').count()).toBe(1);
        const after = (await signedCall<Record<string, unknown> & { version: number }>('GET', `${def.apiPath}/${made.body.data.id}`, as)).body.data;
        expect([after.version, (after[c.name] as unknown[]).length]).toEqual([saved.version + 1, 1]);
      });
      // a phone, in English and dark: each row a card, nothing of it past the screen's edge, the page never sideways
      await withPage({ locale: 'en-US', theme: 'dark', width: 390, height: 844 }, async (page) => {
        await loginAs(page, 'admin');
        await page.goto(`${baseUrl}${address}`);
        const p = pane(page, address);
        await expect.poll(() => p.getByRole('region', { name: c.label['en-US'] }).locator('tbody tr').count()).toBe(1);
        await p.getByRole('button', { name: words('Edit') }).click();
        const form = page.getByRole('dialog', { name: `Edit ${def.label['en-US']}` });
        await form.waitFor({ state: 'visible' });
        const rows = form.getByRole('group', { name: c.label['en-US'] });
        await expect.poll(() => rows.locator('tbody tr').count()).toBe(1);
        await settle(form);
        expect(await sidewaysOverflow(page)).toBeNull();
        const past = await rows.locator('tbody input, tbody button').evaluateAll((controls) =>
          controls.flatMap((e) => (e.getBoundingClientRect().right > window.innerWidth ? [e.getAttribute('aria-label') ?? e.outerHTML.slice(0, 80)] : [])),
        );
        expect(past, 'controls past the screen\'s right edge').toEqual([]);
        expect(await rows.getByRole('button', { name: 'Remove row 1' }).isVisible()).toBe(true);
        expect(await seriousViolations(page), 'axe, the form with its rows, 390 px, dark').toEqual([]);
        await screenshot(page, `resource-${def.plural}-rows-form-390-dark-en-US`, true);
      });
    });
  }
}

async function referencesFor(def: ResourceDef, as: { token: string; fingerprint: string }): Promise<Record<string, number>> {
  const references: Record<string, number> = {};
  for (const f of def.fields.filter((x) => x.type === 'reference' && x.required)) {
    const other = resources.find((r) => r.name === f.to)!;
    const made = await signedCall<{ id: number }>('POST', other.apiPath, { ...as, body: resourceSample(other, Number(Date.now().toString().slice(-6)) + 50) });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    references[f.name] = made.body.data.id;
  }
  return references;
}

/** A fresh browser and page for a scenario; the page must end without errors in its console. */
async function withPage(options: LaunchOptions, run: (page: Page & { errors: string[] }) => Promise<void>): Promise<void> {
  const browser = await launchBrowser(options);
  try {
    const page = await newPage(browser.context);
    await run(page);
    expect(page.errors).toEqual([]);
  } finally {
    await browser.close();
  }
}

const enumLabel = (f: ResourceField, value: string) => f.values!.find((v) => v.value === value)!.label['zh-CN'];

/**
 * Opens the page from the side menu as a person would: its group opened first. A group the resource
 * brings is found by its label; a group of the core (its label is the console's) by trying the closed
 * groups in turn.
 */
async function openFromMenu(page: Page, def: ResourceDef, locale: 'zh-CN' | 'en-US'): Promise<Locator> {
  const menu = page.locator('[data-testid=side-menu]');
  const item = menu.locator(`[data-path="${def.path}"]`);
  const own = def.menu.groupLabel?.[locale];
  if (own && !(await item.isVisible())) await menu.locator('.arco-menu-inline-header').filter({ hasText: new RegExp(`^${own}$`) }).click();
  for (const group of await menu.locator('.arco-menu-inline:not(.arco-menu-inline-open)').all()) {
    if (await item.isVisible()) break;
    await group.locator('.arco-menu-inline-header').click();
    await page.waitForTimeout(300); // the group unfolds
    if (!(await item.isVisible())) await group.locator('.arco-menu-inline-header').click();
  }
  await item.click();
  await page.waitForURL(`${baseUrl}${def.path}`);
  const p = pane(page, def.path);
  await p.waitFor({ state: 'visible' });
  return p;
}

/** The table has its data (no loading mask), and no transition is under way (axe would read colours mid-way). */
async function settle(p: Locator): Promise<void> {
  await expect.poll(() => p.locator('.arco-spin-loading').count(), { timeout: 20_000 }).toBe(0);
  const running = () => p.page().evaluate(() => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity).length);
  await expect.poll(running, { timeout: 10_000 }).toBe(0);
}

/** What sticks out of the viewport sideways (the document's own scroll), or null. */
function sidewaysOverflow(page: Page): Promise<string | null> {
  return page.evaluate(() => (document.documentElement.scrollWidth > window.innerWidth ? `document ${document.documentElement.scrollWidth} px wide in ${window.innerWidth} px` : null));
}

/** `YYYY-MM-DD HH:mm:ss` in this machine's (and the browser's) time zone. */
function localTime(iso: string): string {
  const d = new Date(iso);
  const pad = (v: number) => String(v).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Fills one field of the form with its sample value, as a person would with that input. */
function fill(page: Page & { errors: string[] }, form: Locator, f: ResourceField, value: unknown): Promise<void> {
  return fillItem(page, field(form, f.label['zh-CN']), f, value);
}

/** Fills the input of a form item (a field's, or a cell of a record's rows) with a value of its field. */
async function fillItem(page: Page & { errors: string[] }, item: Locator, f: ResourceField, value: unknown): Promise<void> {
  switch (f.type) {
    case 'boolean': {
      const toggle = item.locator('button[role=switch]');
      if ((await toggle.getAttribute('aria-checked')) !== String(value)) await toggle.click();
      return;
    }
    case 'enum':
      return choose(page, item, enumLabel(f, String(value)));
    case 'reference':
      return pickFirst(page, item, f);
    case 'date':
    case 'datetime': {
      const text = f.type === 'date' ? String(value) : localTime(String(value));
      const input = item.locator('input');
      await input.click();
      await input.fill(text);
      await input.press('Enter');
      // A picker with a time panel may wait for its OK button (once a closing one has gone).
      await page.waitForTimeout(400);
      const ok = page.locator('.arco-picker-container:visible .arco-picker-footer button.arco-btn-primary');
      if (await ok.isVisible()) await ok.click();
      await expect.poll(() => input.inputValue()).toBe(text);
      return;
    }
    default:
      if (value !== undefined) await item.locator('input, textarea').first().fill(String(value));
  }
}

/** A reference: the first record its picker offers; a required one with none to offer gets one made through the API. */
async function pickFirst(page: Page, item: Locator, f: ResourceField): Promise<void> {
  const offered = async () => {
    // another select's pop-up still closing would be taken for this one's
    await expect.poll(() => page.locator('.arco-select-popup:visible').count()).toBe(0);
    await item.locator('.arco-select-view').click();
    const popup = page.locator('.arco-select-popup:visible');
    await expect.poll(async () => (await popup.getByRole('option').count()) > 0 || (await popup.locator('.arco-select-popup-inner').textContent())?.includes('暂无数据'), { timeout: 10_000 }).toBe(true);
    return popup.getByRole('option');
  };
  let options = await offered();
  if ((await options.count()) === 0) {
    await page.keyboard.press('Escape');
    if (!f.required) return;
    const target = resources.find((r) => r.name === f.to);
    if (!target || target.fields.some((o) => o.type === 'reference' && o.required)) throw new Error(`${f.name}: no ${f.to} record to refer to; create one first`);
    const [token, fingerprint] = await page.evaluate(() => [localStorage.getItem('token')!, localStorage.getItem('fingerprint')!]);
    const made = await signedCall('POST', target.apiPath, { token, fingerprint, body: resourceSample(target, Date.now() % 100_000) });
    expect(made.status, `a ${f.to} to refer to`).toBe(200);
    // Made outside the page: past the client's 900 ms sharing of an identical read, it asks again.
    await page.waitForTimeout(1000);
    options = await offered();
    await expect.poll(() => options.count()).toBeGreaterThan(0);
  }
  await options.first().click();
  await expect.poll(() => page.locator('.arco-select-popup:visible').count()).toBe(0);
  await expect.poll(() => item.locator('.arco-select-view-value').textContent()).not.toBe('');
}

/** Each shown field error of the form closer than 4 px to the label below it: `<field>: <gap> px`. */
function errorGaps(form: Locator): Promise<string[]> {
  return form.evaluate((el) => {
    const items = [...el.querySelectorAll<HTMLElement>('.arco-form-item')];
    const found: string[] = [];
    items.forEach((item, i) => {
      const message = item.querySelector('.arco-form-message');
      const next = items[i + 1]?.querySelector('.arco-form-label-item');
      if (!message?.textContent || !next) return;
      const gap = Math.round(next.getBoundingClientRect().top - message.getBoundingClientRect().bottom);
      if (gap < 4) found.push(`${item.querySelector('label')?.textContent ?? i}: ${gap} px`);
    });
    return found;
  });
}
