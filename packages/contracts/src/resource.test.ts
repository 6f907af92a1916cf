import { describe, expect, it } from 'vitest';
import { resourceCalls, resourceSchemas } from './resource-calls.ts';
import { resourceMessages } from './resource-names.ts';
import { defineResource, formatDecimal, resourceSpecProblems, type ResourceSpec } from './resource.ts';
import { resourceSample } from './resource-sample.ts';
import { flattenRoutes, withResourceRoutes, type RouteNode } from './routes.ts';

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
    expect(def.permissions).toEqual({ read: 'productLine:read', write: 'productLine:write', export: 'productLine:export' });
    expect(Object.values(resourceCalls(def)).map((c) => `${c.method} ${c.path} ${c.permission}`)).toEqual([
      'GET /api/product-lines productLine:read',
      'GET /api/product-lines/export productLine:export',
      'GET /api/product-lines/options productLine:read',
      'GET /api/product-lines/:id productLine:read',
      'POST /api/product-lines productLine:write',
      'PUT /api/product-lines/:id productLine:write',
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
    expect(flattenRoutes(tree).map((r) => r.path)).toEqual(['/list/card', '/list/widgets', '/catalog/product-lines']);
    expect(core[0]!.children).toHaveLength(1);
    const messages = resourceMessages([def], 'zh-CN');
    expect(messages[tree[1]!.titleKey!]).toBe('商品中心');
    expect(messages[tree[1]!.children![0]!.titleKey!]).toBe('产品线');
    expect(messages['resource.productLine.field.status.live']).toBe('在售');
  });

  it('makes samples its own form accepts', () => {
    const def = defineResource(spec);
    for (let n = 1; n < 5; n++) expect(resourceSchemas(def).form.safeParse(resourceSample(def, n)).success).toBe(true);
  });
});
