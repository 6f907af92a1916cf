import { describe, expect, it } from 'vitest';
import { resourceCalls, resourceSchemas } from './resource-calls.ts';
import { resourceMessages } from './resource-names.ts';
import { defineResource, formatDecimal, resourceSpecProblems, type ResourceSpec } from './resource.ts';
import { resourceSample, resourceSampleProblems } from './resource-sample.ts';
import { flattenRoutes, withResourceRoutes, type RouteNode } from './routes.ts';
import { resourceSlice } from './resource-slice.ts';

const label = (en: string, zh: string) => ({ 'zh-CN': zh, 'en-US': en });
const spec: ResourceSpec = {
  name: 'productLine',
  label: label('Product line', '产品线'),
  pluralLabel: label('Product lines', '产品线'),
  menu: { group: 'catalog', groupLabel: label('Catalog', '商品中心'), order: 9 },
  fields: [
    { name: 'title', type: 'string', label: label('Title', '名称'), required: true, max: 10, filter: 'contains', sortable: true },
    { name: 'price', type: 'decimal', scale: 2, min: 0, label: label('Price', '价格'), required: true, filter: 'range' },
    { name: 'status', type: 'enum', label: label('Status', '状态'), default: 'draft', filter: 'equals', values: [{ value: 'draft', label: label('Draft', '草稿') }, { value: 'live', label: label('Live', '在售') }] },
    { name: 'featured', type: 'boolean', label: label('Featured', '推荐'), filter: 'equals' },
  ],
};

describe('resource specs', () => {
  it('reports every problem once, naming its field', () => {
    const bad = {
      name: 'Product',
      label: { 'zh-CN': '商品' },
      pluralLabel: label('Products', '商品'),
      menu: { group: 'catalog' },
      fields: [
        { name: 'title', type: 'string', label: label('Title', '名称') },
        { name: 'price', type: 'money', label: label('Price', '价格') },
        { name: 'version', type: 'integer', label: label('Version', '版本') },
        { name: 'title', type: 'string', label: label('Again', '重复') },
        { name: 'note', type: 'text', label: label('Note', '备注'), filter: 'contains' },
        { name: 'size', type: 'string', label: label('Size', '尺寸'), filter: 'range' },
        { name: 'supplier', type: 'reference', to: 'supplier', label: label('Supplier', '供应商') },
        { name: 'kind', type: 'enum', label: label('Kind', '类型'), values: [] },
      ],
      extra: true,
    };
    expect(resourceSpecProblems(bad)).toEqual([
      'extra: unknown property',
      'name: must match ^[a-z][a-zA-Z0-9]{1,30}$ (a singular like "product")',
      'label.en-US: a label in en-US is required',
      'fields[1].type: unknown type "money" (one of string, text, integer, decimal, boolean, date, datetime, enum, reference)',
      'fields[2].name: "version" is reserved',
      'fields[3].name: "title" is used twice',
      'fields[4].filter: "contains" is for strings',
      'fields[5].filter: "range" is for numbers, dates and datetimes',
      'fields[6].to: no resource "supplier"',
      'fields[7].values: an enum needs its values',
    ]);
    expect(resourceSpecProblems({ ...bad, fields: [bad.fields[6]] }, ['supplier'])).toContain('fields: at least one string field is required (it names a record in pickers and the audit trail)');
    expect(resourceSpecProblems(spec)).toEqual([]);
  });

  it('derives the table, the paths, the permissions and the calls', () => {
    const def = defineResource(spec);
    expect(def).toMatchObject({ plural: 'productLines', table: 'product_lines', path: '/catalog/product-lines', apiPath: '/api/product-lines', titleField: 'title' });
    expect(def.permissions).toEqual({ read: 'productLine:read', write: 'productLine:write', export: 'productLine:export', import: 'productLine:import' });
    expect(Object.values(resourceCalls(def)).map((c) => `${c.method} ${c.path} ${c.permission}`)).toEqual([
      'GET /api/product-lines productLine:read',
      'GET /api/product-lines/export productLine:export',
      'GET /api/product-lines/options productLine:read',
      'GET /api/product-lines/:id productLine:read',
      'POST /api/product-lines productLine:write',
      'PUT /api/product-lines/:id productLine:write',
      'GET /api/product-lines/count productLine:read',
      'GET /api/product-lines/:id/trail productLine:read',
      'POST /api/product-lines/bulk-delete productLine:write',
      'POST /api/product-lines/bulk-update productLine:write',
      'DELETE /api/product-lines/:id productLine:write',
    ]);
    expect(() => defineResource({ ...spec, name: 'x' })).toThrow(/name: must match/);
  });

  it('takes decimals as strings with their scale, refuses floats and unknown fields', () => {
    const { form, update } = resourceSchemas(defineResource(spec));
    expect(form.safeParse({ title: 'Lamp', price: '19.90' }).success).toBe(true);
    expect(form.safeParse({ title: 'Lamp', price: 19.9 }).success).toBe(false);
    expect(form.safeParse({ title: 'Lamp', price: '19.999' }).success).toBe(false);
    expect(form.safeParse({ title: 'Lamp', price: '-1.00' }).success).toBe(false);
    expect(form.safeParse({ title: 'Lamp', price: '1', colour: 'red' }).success).toBe(false);
    expect(form.safeParse({ title: 'x'.repeat(11), price: '1' }).success).toBe(false);
    expect(update.safeParse({ title: 'Lamp', price: '1' }).success).toBe(false);
    expect(update.safeParse({ title: 'Lamp', price: '1', version: 3 }).success).toBe(true);
    expect(formatDecimal('19.9', 2)).toBe('19.90');
    expect(formatDecimal('-0.001', 2)).toBe('0.00');
    expect(formatDecimal('7', 0)).toBe('7');
  });

  it('reads the list query: a range twice in order, booleans, sort keys, page sizes', () => {
    const { listQuery } = resourceSchemas(defineResource(spec));
    expect(listQuery.parse({ price: ['1', '5'], featured: 'true', sort: '-title' })).toMatchObject({ price: ['1', '5'], featured: true, sort: '-title', current: 1, pageSize: 10 });
    expect(listQuery.safeParse({ price: ['5', '1'] }).success).toBe(false);
    expect(listQuery.safeParse({ sort: 'price' }).success).toBe(false);
    expect(listQuery.safeParse({ pageSize: '30' }).success).toBe(false);
  });

  it('joins the route table under a new group, labelled through its message keys', () => {
    const def = defineResource(spec);
    const core: RouteNode[] = [{ path: '/list', titleKey: 'menu.list', order: 2, requiresAuth: true, children: [{ path: '/list/card', name: 'Card', order: 2.1, requiresAuth: true }] }];
    const tree = withResourceRoutes(core, [def, defineResource({ ...spec, name: 'widget', menu: { group: 'list' } })]);
    // each resource's list, then a record's own page (not in the menu)
    expect(flattenRoutes(tree).map((r) => r.path)).toEqual(['/list/card', '/list/widgets', '/list/widgets/:id', '/catalog/product-lines', '/catalog/product-lines/:id']);
    expect(flattenRoutes(tree).map((r) => Boolean(r.hideInMenu))).toEqual([false, false, true, false, true]);
    expect(core[0]!.children).toHaveLength(1);
    const messages = resourceMessages([def], 'zh-CN');
    expect(messages[tree[1]!.titleKey!]).toBe('商品中心');
    expect(messages[tree[1]!.children![0]!.titleKey!]).toBe('产品线');
    expect(messages['resource.productLine.field.status.live']).toBe('在售');
    expect(messages[tree[1]!.children![1]!.titleKey!]).toBe('产品线详情');
  });

  it('is a slice: its four permissions, labelled from the plural, in a group of its own', () => {
    const def = defineResource(spec);
    const slice = resourceSlice(def);
    expect(slice.name).toBe('productLine');
    expect(slice.resource).toBe(def);
    expect(slice.permissions).toEqual({
      'productLine:read': { group: 'resource:productLine', label: { 'zh-CN': '查看产品线', 'en-US': 'View product lines' } },
      'productLine:write': { group: 'resource:productLine', label: { 'zh-CN': '新建、编辑、删除产品线', 'en-US': 'Create, edit and delete product lines' } },
      'productLine:export': { group: 'resource:productLine', label: { 'zh-CN': '导出产品线', 'en-US': 'Export product lines' } },
      'productLine:import': { group: 'resource:productLine', label: { 'zh-CN': '导入产品线', 'en-US': 'Import product lines' } },
    });
    expect(slice.permissionGroups).toEqual({ 'resource:productLine': def.pluralLabel });
    expect(slice.permissionResources).toEqual({ productLine: def.pluralLabel });
  });

  it('makes samples its own form accepts', () => {
    const def = defineResource(spec);
    for (let n = 1; n < 5; n++) expect(resourceSchemas(def).form.safeParse(resourceSample(def, n)).success).toBe(true);
  });
});

describe('a field\u2019s example and the wording of the checks', () => {
  const withField = (field: Record<string, unknown>) => ({ ...spec, fields: [...spec.fields, { name: 'extra', label: label('Extra', '附加'), ...field }] });
  const problems = (field: Record<string, unknown>) => resourceSpecProblems(withField(field));

  it('takes an example that the field accepts, and says what is wrong with one it does not', () => {
    expect(problems({ type: 'string', pattern: '^T-[0-9]{4}$', max: 6, example: 'T-0042' })).toEqual([]);
    expect(problems({ type: 'string', pattern: '^T-[0-9]{4}$', example: 'T-42' })).toEqual(['fields[4].example: "T-42" does not match the pattern /^T-[0-9]{4}$/']);
    expect(problems({ type: 'string', max: 3, example: 'T-0042' })).toEqual(['fields[4].example: longer than max (3 characters)']);
    expect(problems({ type: 'string', example: ' T-1' })).toEqual(['fields[4].example: must not be blank nor start or end with spaces']);
    expect(problems({ type: 'integer', example: '7' })).toEqual(['fields[4].example: a value, for strings only']);
  });

  it('says "an integer", the range of a scale, and that a datetime has no default', () => {
    expect(problems({ type: 'integer', default: 'x' })).toEqual(['fields[4].default: not a value of an integer field']);
    expect(problems({ type: 'enum', default: 'x', values: [{ value: 'a', label: label('A', 'A') }] })).toEqual(['fields[4].default: not a value of an enum field']);
    expect(problems({ type: 'date', default: '2026-02-30' })).toEqual(['fields[4].default: not a value of a date field']);
    expect(problems({ type: 'decimal', scale: 9 })).toEqual(['fields[4].scale: 9 digits after the point: from 0 to 6']);
    expect(problems({ type: 'integer', scale: 2 })).toEqual(['fields[4].scale: for decimals only']);
    expect(problems({ type: 'datetime', default: '2026-01-01T00:00:00Z' })).toEqual([
      'fields[4].default: a datetime field has no default (a form starts it empty; a hook may set it, docs/resources.md)',
    ]);
  });
});

describe('sample values of string fields with a pattern', () => {
  const ticket = (fields: Record<string, unknown>[]) =>
    defineResource({ name: 'ticket', label: label('Ticket', '工单'), pluralLabel: label('Tickets', '工单'), menu: { group: 'list' }, fields: fields.map((f, i) => ({ name: `f${i}`, type: 'string', label: label(`F${i}`, `F${i}`), ...f })) as ResourceSpec['fields'] });

  it('makes values every pattern a team writes accepts, a different one per record for a unique field', () => {
    const def = ticket([
      { required: true, unique: true, max: 6, pattern: '^T-[0-9]{4}$' },
      { unique: true, pattern: '^[A-Z]{2}\\d{6}$' },
      { unique: true, max: 60, pattern: '^[a-z0-9._%+-]+@[a-z0-9.-]+\\.[a-z]{2,}$' },
      { unique: true, max: 11, pattern: '^1[3-9]\\d{9}$' },
      { pattern: '^(?:INV|PO)-\\d{4}$', max: 7 },
      { unique: true, max: 2 },
    ]);
    expect(resourceSampleProblems(def)).toEqual([]);
    const { form } = resourceSchemas(def);
    const seen = new Set<string>();
    for (const n of [...Array.from({ length: 80 }, (_, i) => i + 1), 999_999]) {
      const sample = resourceSample(def, n);
      expect(form.safeParse(sample).success, JSON.stringify(sample)).toBe(true);
      seen.add(JSON.stringify([sample.f0, sample.f1, sample.f2, sample.f3, sample.f5]).toLowerCase());
    }
    expect(seen.size).toBe(81);
    expect(resourceSample(def, 42).f0).toBe('T-0042');
  });

  it('varies the example where the pattern allows no value of its own making, and refuses a field without one, naming it', () => {
    // a lookahead is not followed: "0000" is what the pattern makes first, and it refuses it
    const bare = ticket([{ unique: true, max: 4, pattern: '^(?!0)\\d{4}$' }]);
    expect(resourceSampleProblems(bare)).toEqual([
      'fields[0]: no sample values can be made for "f0" from its pattern /^(?!0)\\d{4}$/ within 4 characters, a different one for each record: add an "example" to the field, a value it accepts (the generated tests fill the form with such values)',
    ]);
    expect(() => resourceSample(bare, 1)).toThrow(/f0: no sample value can be made .* give the field an "example"/);
    const withExample = ticket([{ unique: true, max: 4, pattern: '^(?!0)\\d{4}$', example: '1234' }]);
    expect(resourceSampleProblems(withExample)).toEqual([]);
    const values = Array.from({ length: 50 }, (_, n) => resourceSample(withExample, n).f0 as string);
    expect(values[0]).toBe('1234');
    expect(new Set(values).size).toBe(50);
    expect(values.every((v) => /^[1-9]\d{3}$/.test(v))).toBe(true);
  });
});

describe('children fields (an order\'s lines)', () => {
  const line = (extra: Record<string, unknown> = {}) => ({
    name: 'lines',
    type: 'children',
    resource: 'productLineItem',
    label: label('Items', '明细'),
    fields: [
      { name: 'quantity', type: 'integer', label: label('Quantity', '数量'), required: true, min: 1 },
      { name: 'unitPrice', type: 'decimal', label: label('Unit price', '单价') },
    ],
    ...extra,
  });

  it('defines the child as a table of its own referring to its parent, kept out of the columns', () => {
    const def = defineResource({ ...spec, fields: [...spec.fields, line()] } as ResourceSpec);
    expect(def.fields.map((f) => f.name)).toEqual(['title', 'price', 'status', 'featured']);
    expect(def.children).toEqual([expect.objectContaining({ name: 'lines', onDelete: 'cascade', required: false, max: 500, parentColumn: 'product_line_id' })]);
    expect(def.children[0]!.def).toMatchObject({ name: 'productLineItem', table: 'product_line_items', scoped: false, children: [] });
    expect(resourceMessages([def], 'zh-CN')).toMatchObject({ 'resource.productLine.field.lines': '明细', 'resource.productLineItem.field.unitPrice': '单价' });
  });

  it('takes rows in a create and an update, each checked as a form is and named by its row', () => {
    const def = defineResource({ ...spec, fields: [...spec.fields, line({ max: 2 })] } as ResourceSpec);
    const { form, update } = resourceSchemas(def);
    const base = { title: 'T', price: '1.00' };
    expect(form.safeParse({ ...base, lines: [{ quantity: 1 }, { id: 4, quantity: 2, unitPrice: '2.5' }] }).success).toBe(true);
    const paths = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) => result.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(paths(form.safeParse({ ...base, lines: [{ quantity: 1 }, { quantity: 0 }] }))).toEqual([['lines.1.quantity', 'validation.tooSmall|{"n":1}']]);
    expect(paths(form.safeParse({ ...base, lines: [{ quantity: 1, extra: 1 }] }))?.[0]?.[0]).toBe('lines.0');
    expect(paths(form.safeParse({ ...base, lines: [{ quantity: 1 }, { quantity: 1 }, { quantity: 1 }] }))).toEqual([['lines', 'validation.childrenMax|{"n":2}']]);
    expect(paths(update.safeParse({ ...base, version: 1, lines: [{ id: 3, quantity: 1 }, { id: 3, quantity: 2 }] }))).toEqual([['lines.1.id', 'validation.childRowRepeated']]);
    // an update without them leaves them be; a create without them makes none
    expect(update.safeParse({ ...base, version: 1 }).success).toBe(true);
    expect(form.safeParse(base).success).toBe(true);
  });

  it('refuses what a child cannot be, naming the field of the row', () => {
    const problems = (field: Record<string, unknown>, known: string[] = []) => resourceSpecProblems({ ...spec, fields: [...spec.fields, field] }, known);
    expect(problems(line({ onDelete: 'set-null', max: 501 }))).toEqual(['fields[4].onDelete: "cascade" (the rows go with their parent) or "restrict" (a parent with rows is not deleted)', 'fields[4].max: a number of rows from 1 to 500']);
    expect(problems(line({ resource: 'supplier' }), ['supplier'])).toEqual(['fields[4].resource: "supplier" names a resource already; a child resource is its parent\'s own']);
    expect(problems(line({ fields: [{ name: 'sku', type: 'string', unique: true, label: label('SKU', '编码') }, { name: 'more', type: 'children', label: label('More', '更多') }] }))).toEqual([
      'fields[4].fields[0].unique: a child row\'s field has no unique setting (its rows are edited and shown in their parent\'s form)',
      'fields[4].fields[1].type: unknown type "children" (one of string, text, integer, decimal, boolean, date, datetime, enum, reference)',
    ]);
    expect(problems(line({ fields: [{ name: 'productLineId', type: 'integer', label: label('Parent', '上级') }, { name: 'item', type: 'reference', to: 'nothing', label: label('Item', '物品') }] }))).toEqual([
      'fields[4].fields[1].to: no resource "nothing"',
      'fields[4].fields[0].name: "productLineId" is reserved (a child row\'s order, or the column naming its parent)',
    ]);
    expect(problems(line({ fields: [] }))).toEqual(['fields[4].fields: a child row needs at least one field']);
  });
});
