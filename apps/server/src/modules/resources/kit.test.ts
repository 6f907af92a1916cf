import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineResource } from '@atrium/contracts/resource';
import { rowsOf } from '../../db/client.ts';
import { currentGenerations } from '../../db/list-generations.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { resourceServerSlice } from './kit.ts';
import { declaredPosition } from './declared-order.ts';
import { resourceMigrationSql } from './migration-sql.ts';
import { listReads, TOTAL_CAP } from './resource.repository.ts';
import { describeResource } from './resource-suite.ts';

/**
 * The kit on two resources of its own, with every field type and option, outside the registry (which
 * holds the team's resources): their tables are created here as their migrations would, and the built-in
 * administrator is given their permissions as a start gives it a registered resource's.
 */
const label = (en: string, zh: string) => ({ 'zh-CN': zh, 'en-US': en });
const vendor = defineResource({
  name: 'kitVendor',
  label: label('Vendor', '供应商'),
  pluralLabel: label('Vendors', '供应商'),
  menu: { group: 'kit', groupLabel: label('Kit', '套件'), order: 20 },
  fields: [
    { name: 'name', type: 'string', label: label('Name', '名称'), required: true, unique: true, filter: 'contains', sortable: true, max: 60 },
    { name: 'code', type: 'string', label: label('Code', '编码'), filter: 'prefix', pattern: '[A-Z0-9-]{3,20}' },
    { name: 'rating', type: 'integer', label: label('Rating', '评级'), min: 1, max: 5, filter: 'range', sortable: true },
    { name: 'active', type: 'boolean', label: label('Active', '启用'), default: true, filter: 'equals' },
  ],
});
const gadget = defineResource({
  name: 'kitGadget',
  label: label('Gadget', '器件'),
  pluralLabel: label('Gadgets', '器件'),
  menu: { group: 'kit', order: 20 },
  fields: [
    { name: 'title', type: 'string', label: label('Title', '名称'), required: true, filter: 'contains', sortable: true, max: 80 },
    { name: 'sku', type: 'string', label: label('SKU', '编码'), required: true, unique: true, pattern: '[A-Z0-9-]{3,20}', filter: 'prefix' },
    { name: 'price', type: 'decimal', scale: 2, min: 0, label: label('Price', '价格'), required: true, filter: 'range', sortable: true },
    { name: 'stock', type: 'integer', min: 0, default: 0, label: label('Stock', '库存'), sortable: true, unique: true },
    {
      name: 'status', type: 'enum', label: label('Status', '状态'), default: 'draft', filter: 'equals',
      values: [{ value: 'draft', label: label('Draft', '草稿') }, { value: 'live', label: label('Live', '在售') }],
    },
    { name: 'launchedOn', type: 'date', label: label('Launch date', '上市日期'), filter: 'range', sortable: true },
    { name: 'checkedAt', type: 'datetime', label: label('Checked', '检查时间'), filter: 'range', readOnly: true },
    { name: 'featured', type: 'boolean', default: false, label: label('Featured', '推荐'), filter: 'equals' },
    // declared in an order that is not the values' alphabetical one (high, low, normal, urgent)
    {
      name: 'priority', type: 'enum', label: label('Priority', '优先级'), sortable: true,
      values: [{ value: 'low', label: label('Low', '低') }, { value: 'normal', label: label('Normal', '普通') }, { value: 'high', label: label('High', '高') }, { value: 'urgent', label: label('Urgent', '紧急') }],
    },
    { name: 'description', type: 'text', max: 2000, label: label('Description', '描述') },
    { name: 'vendor', type: 'reference', to: 'kitVendor', label: label('Vendor', '供应商'), filter: 'equals' },
    { name: 'parent', type: 'reference', to: 'kitGadget', label: label('Parent', '上级') },
  ],
});
// rows of two kinds: lines that go with their order, payments that keep it from being deleted
const order = defineResource({
  name: 'kitOrder',
  label: label('Order', '订单'),
  pluralLabel: label('Orders', '订单'),
  menu: { group: 'kit', order: 20 },
  fields: [
    { name: 'title', type: 'string', label: label('Title', '标题'), required: true, filter: 'contains', max: 80 },
    {
      name: 'lines', type: 'children', resource: 'kitOrderLine', label: label('Lines', '明细'), onDelete: 'cascade', max: 20,
      fields: [
        { name: 'gadget', type: 'reference', to: 'kitGadget', label: label('Gadget', '器件'), required: true },
        { name: 'quantity', type: 'integer', label: label('Quantity', '数量'), required: true, min: 1, max: 999 },
        { name: 'price', type: 'decimal', scale: 2, min: 0, label: label('Price', '单价') },
        { name: 'note', type: 'string', max: 40, label: label('Note', '备注') },
      ],
    },
    { name: 'note', type: 'text', label: label('Note', '备注') },
    {
      name: 'payments', type: 'children', resource: 'kitPayment', label: label('Payments', '付款'), onDelete: 'restrict',
      fields: [
        { name: 'amount', type: 'decimal', scale: 2, min: 0, label: label('Amount', '金额'), required: true },
        { name: 'paidOn', type: 'date', label: label('Paid on', '付款日期') },
      ],
    },
  ],
});
const kitResources = [vendor, gadget, order];
const slices = kitResources.map((def) => resourceServerSlice(def));

async function prepare(t: TestApp): Promise<void> {
  for (const def of kitResources) {
    const text = resourceMigrationSql(def, `kit_${def.table}`, kitResources).replaceAll('"public".', `"${t.handle.schemaName}".`);
    for (const statement of text.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));
  }
  const granted = kitResources.flatMap((d) => Object.values(d.permissions));
  await t.db.execute(sql`update roles set permissions = permissions || ${`{${granted.join(',')}}`}::text[] where code = 'admin'`);
}

/** A test app of its own for the enclosing suite, serving the kit's two resources, and the administrator's token. */
function kitApp(): { t: TestApp; admin: string } {
  const app = {} as { t: TestApp; admin: string };
  beforeAll(async () => {
    app.t = await createTestApp({ resources: slices });
    await prepare(app.t);
    app.admin = await app.t.login('admin');
  });
  afterAll(() => app.t?.close());
  return app;
}

describeResource(vendor, { resources: slices, prepare });
describeResource(gadget, { resources: slices, prepare });
describeResource(order, { resources: slices, prepare });

describe('the kit against the table\'s own constraints', () => {
  const app = kitApp();

  it('answers 409 IN_USE, not 500, when a table outside the kit refers to the record', async () => {
    // the kit's own check looks at resources only; the foreign key of any other table still holds
    await app.t.db.execute(sql.raw('create table kit_notes (id serial primary key, vendor integer constraint kit_notes_vendor_fk references kit_vendors (id))'));
    const vendor = (await app.t.request({ method: 'POST', url: '/api/kit-vendors', token: app.admin, body: { name: 'Referred elsewhere' } })).body.data;
    await app.t.db.execute(sql`insert into kit_notes (vendor) values (${vendor.id})`);
    const res = await app.t.request({ method: 'DELETE', url: `/api/kit-vendors/${vendor.id}?version=1`, token: app.admin });
    expect(res.status, res.text).toBe(409);
    expect(res.body.data).toMatchObject({ error: 'IN_USE', details: { referredBy: 'kit_notes_vendor' } });
    expect((await app.t.request({ url: `/api/kit-vendors/${vendor.id}`, token: app.admin })).status).toBe(200);
  });
});

describe('the kit\'s list cache', () => {
  const app = kitApp();

  const page = async () => {
    const res = await app.t.request({ url: '/api/kit-gadgets?sort=title', token: app.admin });
    expect(res.status, res.text).toBe(200);
    return res.body.data as { list: { id: number; title: string; vendor: number | null }[]; labels: { vendor: Record<string, string> } };
  };

  it('answers a repeated page from its cache while the generations stand, and exactly after any write', async () => {
    const vendor = (await app.t.request({ method: 'POST', url: '/api/kit-vendors', token: app.admin, body: { name: 'Cached vendor' } })).body.data;
    const made = await app.t.request({ method: 'POST', url: '/api/kit-gadgets', token: app.admin, body: { title: 'Aardvark lamp', sku: 'AARD-1', price: '5.00', vendor: vendor.id } });
    expect(made.status, made.text).toBe(200);
    const first = await page();
    expect(first.list[0]).toMatchObject({ title: 'Aardvark lamp', vendor: vendor.id });
    expect(first.labels.vendor[String(vendor.id)]).toBe('Cached vendor');
    // Without the trigger the generation stands: the cached page is what answers (the cache is real).
    await app.t.db.execute(sql`alter table kit_gadgets disable trigger kit_gadgets_list_generation`);
    try {
      await app.t.db.execute(sql`update kit_gadgets set title = 'Aardvark lamp, renamed unseen' where id = ${made.body.data.id}`);
      expect((await page()).list[0]!.title).toBe('Aardvark lamp');
    } finally {
      await app.t.db.execute(sql`alter table kit_gadgets enable trigger kit_gadgets_list_generation`);
    }
    // A write to the referred table moves its generation: the page is read again, with the new label.
    await app.t.db.execute(sql`update kit_vendors set name = 'Renamed vendor' where id = ${vendor.id}`);
    const again = await page();
    expect(again.list[0]!.title).toBe('Aardvark lamp, renamed unseen');
    expect(again.labels.vendor[String(vendor.id)]).toBe('Renamed vendor');
    // And a write through the API.
    const current = (await app.t.request({ url: `/api/kit-gadgets/${made.body.data.id}`, token: app.admin })).body.data;
    const edited = await app.t.request({ method: 'PUT', url: `/api/kit-gadgets/${made.body.data.id}`, token: app.admin, body: { title: 'Aardvark lamp', sku: 'AARD-1', price: '5.00', version: current.version } });
    expect(edited.status, edited.text).toBe(200);
    expect((await page()).list[0]!.title).toBe('Aardvark lamp');
  });

  it('declares every table a page reads, and each of them is watched', async () => {
    // scoped: the labels name departments
    expect(listReads(gadget, [vendor, gadget])).toEqual(['kit_gadgets', 'users', 'departments', 'kit_vendors']);
    expect(listReads(vendor, [vendor, gadget])).toEqual(['kit_vendors', 'users', 'departments']);
    // a declared table without counters would answer no generation, and nothing would be cached
    expect(await currentGenerations(app.t.db, listReads(gadget, [vendor, gadget]), null)).not.toContain(null);
  });

  it('answers an account\'s new name once it is renamed: a page reads the accounts its names come from', async () => {
    const made = await app.t.request({ method: 'POST', url: '/api/kit-gadgets', token: app.admin, body: { title: 'Aardwolf lamp', sku: 'AARD-2', price: '6.00', stock: 2 } });
    expect(made.status, made.text).toBe(200);
    const author = made.body.data.createdBy as { id: number; name: string };
    const names = async () => {
      const row = (await page()).list.find((r) => r.id === made.body.data.id) as unknown as { createdBy: { name: string }; updatedBy: { name: string } };
      return [row.createdBy.name, row.updatedBy.name];
    };
    expect(await names()).toEqual([author.name, author.name]);
    // renamed through the accounts' call: the cached page is not what answers
    const renamed = await app.t.request({ method: 'PUT', url: `/api/system/users/${author.id}`, token: app.admin, body: { name: 'Renamed Admin' } });
    expect(renamed.status, renamed.text).toBe(200);
    expect(await names()).toEqual(['Renamed Admin', 'Renamed Admin']);
    expect((await app.t.request({ url: `/api/kit-gadgets/${made.body.data.id}`, token: app.admin })).body.data.createdBy.name).toBe('Renamed Admin');
    // and by any writer
    await app.t.db.execute(sql`update users set name = 'Renamed by SQL' where id = ${author.id}`);
    expect(await names()).toEqual(['Renamed by SQL', 'Renamed by SQL']);
  });
});

/** The declared order of kitGadget's priority, written out here rather than by the code under test. */
const priorityRank = "case priority when 'low' then 1 when 'normal' then 2 when 'high' then 3 when 'urgent' then 4 end";

describe('the kit at scale: capped totals, the export\'s cursor', () => {
  const bulk = 2 * TOTAL_CAP + 500;
  const app = kitApp();
  beforeAll(async () => {
    // ties in every sorted column (price: 50 values, launched_on: 20 days, and null in four rows of seven: more
    // nulls than an export batch holds), so only the id orders them
    // priority: the four values and null (one row in five), stored in an order unlike the declared one
    await app.t.db.execute(sql`insert into kit_gadgets (title, sku, price, stock, launched_on, priority, department_id, owner_id)
      select 'bulk ' || g, 'BULK-' || g, (g % 50) + 0.25, g, case when g % 7 < 4 then null else date '2026-01-01' + (g % 20) end,
        (array['urgent', 'low', 'high', 'normal', null])[1 + g % 5], 1, (select id from users where username = 'admin')
      from generate_series(1, ${bulk}) g`);
    await app.t.db.execute(sql`update kit_gadgets set title = 'rare lamp ' || id where id % 400 = 0`);
  });

  it(`counts matching records exactly up to ${TOTAL_CAP}, then answers the cap and says so`, async () => {
    const count = async (where: string) => rowsOf<{ n: number }>(await app.t.db.execute(sql.raw(`select count(*)::int as n from kit_gadgets where ${where}`)))[0]!.n;
    const all = await app.t.request({ url: '/api/kit-gadgets?pageSize=20', token: app.admin });
    expect(all.body.data).toMatchObject({ total: TOTAL_CAP, totalCapped: true });
    expect(all.body.data.list).toHaveLength(20);
    // a page that is not full, a full one counted below the cap, and a page past the end
    const rare = await count("title like 'rare lamp%'");
    expect(rare).toBeGreaterThan(1);
    expect((await app.t.request({ url: '/api/kit-gadgets?title=RARE%20LAMP', token: app.admin })).body.data).toMatchObject({ total: rare, totalCapped: false });
    const some = await count("launched_on between '2026-01-02' and '2026-01-04'");
    expect(some).toBeGreaterThan(100);
    expect(some).toBeLessThan(TOTAL_CAP);
    const range = await app.t.request({ url: '/api/kit-gadgets?launchedOn=2026-01-02&launchedOn=2026-01-04&current=2&pageSize=50', token: app.admin });
    expect(range.body.data).toMatchObject({ total: some, totalCapped: false });
    expect(range.body.data.list).toHaveLength(50);
    const past = await app.t.request({ url: '/api/kit-gadgets?title=rare%20lamp&current=9', token: app.admin });
    expect(past.body.data).toMatchObject({ list: [], total: rare, totalCapped: false });
    const pastRange = await app.t.request({ url: '/api/kit-gadgets?launchedOn=2026-01-02&launchedOn=2026-01-04&current=99', token: app.admin });
    expect(pastRange.body.data).toMatchObject({ list: [], total: some, totalCapped: false });
    // a substring most records hold: capped, and the page is the newest of them
    const many = await app.t.request({ url: '/api/kit-gadgets?title=BULK&pageSize=10', token: app.admin });
    expect(many.body.data).toMatchObject({ total: TOTAL_CAP, totalCapped: true });
    const newest = rowsOf<{ id: number }>(await app.t.db.execute(sql`select id from kit_gadgets where title like 'bulk%' order by created_at desc, id desc limit 10`));
    expect(many.body.data.list.map((r: { id: number }) => r.id)).toEqual(newest.map((r) => r.id));
  });

  it('reads an enum\'s declared order from the index the migration writes on it, both ways', async () => {
    const key = declaredPosition(gadget.fields.find((f) => f.name === 'priority')!, 't."priority"');
    for (const order of [`${key} asc nulls first, t.id asc`, `${key} desc nulls last, t.id desc`]) {
      // with sorting priced out, a plan without the index would still sort: the plan names the index and no sort
      const plan = await app.t.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_sort = off`);
        return rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql.raw(`explain select t.id from kit_gadgets t order by ${order} limit 50 offset 100`))).map((r) => r['QUERY PLAN']).join('\n');
      });
      expect(plan, order).toMatch(/priority_order_idx/);
      expect(plan, order).not.toMatch(/Sort/);
    }
  });

  it.each([
    ['-createdAt', '', 'created_at desc, id desc', 'true'],
    ['launchedOn', '', 'launched_on asc nulls first, id asc', 'true'],
    ['-launchedOn', '', 'launched_on desc nulls last, id desc', 'true'],
    ['-price', '', 'price desc, id desc', 'true'],
    // a batch that ends among the nulls, with a filter: the next starts after it and still only within the filter
    ['launchedOn', '&price=0&price=45', 'launched_on asc nulls first, id asc', 'price between 0 and 45'],
    // an enum in its declared order (low, normal, high, urgent), not the stored text's; batches end among ties
    ['priority', '', `${priorityRank} asc nulls first, id asc`, 'true'],
    ['-priority', '', `${priorityRank} desc nulls last, id desc`, 'true'],
    ['-priority', '&price=0&price=45', `${priorityRank} desc nulls last, id desc`, 'price between 0 and 45'],
  ])('exports every record once, across batches, in the list order (sort %s%s)', async (sort, filter, order, where) => {
    const res = await app.t.request({ url: `/api/kit-gadgets/export?sort=${sort}${filter}`, token: app.admin, locale: 'en-US' });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    const ids = res.text.trim().split('\r\n').slice(1).map((line) => Number(line.split(',')[0]));
    const expected = rowsOf<{ id: number }>(await app.t.db.execute(sql.raw(`select id from kit_gadgets where ${where} order by ${order}`))).map((r) => r.id);
    expect(expected.length).toBeGreaterThan(2000);
    expect(ids).toEqual(expected);
    // the list pages in the same order
    const page = await app.t.request({ url: `/api/kit-gadgets?sort=${sort}${filter}&current=3&pageSize=50`, token: app.admin });
    expect(page.body.data.list.map((r: { id: number }) => r.id)).toEqual(expected.slice(100, 150));
  });
});
