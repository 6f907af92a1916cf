import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineResource } from '@atrium/contracts/resource';
import { rowsOf } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { resourceModule } from './kit.ts';
import { resourceMigrationSql } from './migration-sql.ts';
import { TOTAL_CAP } from './resource.repository.ts';
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
    { name: 'description', type: 'text', max: 2000, label: label('Description', '描述') },
    { name: 'vendor', type: 'reference', to: 'kitVendor', label: label('Vendor', '供应商'), filter: 'equals' },
    { name: 'parent', type: 'reference', to: 'kitGadget', label: label('Parent', '上级') },
  ],
});
const modules = [resourceModule(vendor), resourceModule(gadget)];

async function prepare(t: TestApp): Promise<void> {
  for (const def of [vendor, gadget]) {
    const text = resourceMigrationSql(def, `kit_${def.table}`, [vendor, gadget]).replaceAll('"public".', `"${t.handle.schemaName}".`);
    for (const statement of text.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));
  }
  const granted = [vendor, gadget].flatMap((d) => Object.values(d.permissions));
  await t.db.execute(sql`update roles set permissions = permissions || ${`{${granted.join(',')}}`}::text[] where code = 'admin'`);
}

/** A test app of its own for the enclosing suite, serving the kit's two resources, and the administrator's token. */
function kitApp(): { t: TestApp; admin: string } {
  const app = {} as { t: TestApp; admin: string };
  beforeAll(async () => {
    app.t = await createTestApp({ resources: modules });
    await prepare(app.t);
    app.admin = await app.t.login('admin');
  });
  afterAll(() => app.t?.close());
  return app;
}

describeResource(vendor, { modules, prepare });
describeResource(gadget, { modules, prepare });

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
});

describe('the kit at scale: capped totals, the export\'s cursor', () => {
  const bulk = 2 * TOTAL_CAP + 500;
  const app = kitApp();
  beforeAll(async () => {
    // ties in every sorted column (price: 50 values, launched_on: 20 days, and null in four rows of seven: more
    // nulls than an export batch holds), so only the id orders them
    await app.t.db.execute(sql`insert into kit_gadgets (title, sku, price, stock, launched_on)
      select 'bulk ' || g, 'BULK-' || g, (g % 50) + 0.25, g, case when g % 7 < 4 then null else date '2026-01-01' + (g % 20) end
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

  it.each([
    ['-createdAt', '', 'created_at desc, id desc', 'true'],
    ['launchedOn', '', 'launched_on asc nulls first, id asc', 'true'],
    ['-launchedOn', '', 'launched_on desc nulls last, id desc', 'true'],
    ['-price', '', 'price desc, id desc', 'true'],
    // a batch that ends among the nulls, with a filter: the next starts after it and still only within the filter
    ['launchedOn', '&price=0&price=45', 'launched_on asc nulls first, id asc', 'price between 0 and 45'],
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
