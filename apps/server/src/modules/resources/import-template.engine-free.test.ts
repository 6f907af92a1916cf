import { describe, expect, it } from 'vitest';
import { defineResource } from '@atrium/contracts/resource';
import { templateHeader, templateNotes } from './import-template.ts';

/** What an import's template says of each column, for each kind of field, in both languages. */
describe('an import template', () => {
  const supplier = defineResource({
    name: 'supplier',
    label: { 'zh-CN': '供应商', 'en-US': 'Supplier' },
    pluralLabel: { 'zh-CN': '供应商', 'en-US': 'Suppliers' },
    menu: { group: 'catalog', groupLabel: { 'zh-CN': '商品', 'en-US': 'Catalog' }, order: 1 },
    fields: [
      { name: 'name', type: 'string', label: { 'zh-CN': '名称', 'en-US': 'Name' }, required: true, unique: true, max: 80 },
      { name: 'code', type: 'string', label: { 'zh-CN': '编码', 'en-US': 'Code' }, pattern: '^SUP-[0-9]{4}$' },
    ],
  });
  const item = defineResource({
    name: 'item',
    label: { 'zh-CN': '物品', 'en-US': 'Item' },
    pluralLabel: { 'zh-CN': '物品', 'en-US': 'Items' },
    menu: { group: 'catalog', order: 2 },
    scoped: false,
    fields: [
      { name: 'title', type: 'string', label: { 'zh-CN': '名称', 'en-US': 'Title' }, required: true },
      { name: 'sku', type: 'string', label: { 'zh-CN': '编号', 'en-US': 'SKU' }, pattern: '^[A-Z0-9-]{3,20}$' },
      { name: 'price', type: 'decimal', label: { 'zh-CN': '价格', 'en-US': 'Price' }, required: true, min: 0, max: 99999, scale: 1 },
      { name: 'stock', type: 'integer', label: { 'zh-CN': '库存', 'en-US': 'Stock' }, required: true, default: 0, min: 0 },
      { name: 'status', type: 'enum', label: { 'zh-CN': '状态', 'en-US': 'Status' }, default: 'draft', values: [{ value: 'draft', label: { 'zh-CN': '草稿', 'en-US': 'Draft' } }, { value: 'live', label: { 'zh-CN': '在售', 'en-US': 'Live' } }] },
      { name: 'featured', type: 'boolean', label: { 'zh-CN': '推荐', 'en-US': 'Featured' }, default: true },
      { name: 'since', type: 'date', label: { 'zh-CN': '上市日期', 'en-US': 'Launch date' } },
      { name: 'at', type: 'datetime', label: { 'zh-CN': '发布时间', 'en-US': 'Published' } },
      { name: 'about', type: 'text', label: { 'zh-CN': '描述', 'en-US': 'About' }, max: 500 },
      { name: 'supplier', type: 'reference', to: 'supplier', label: { 'zh-CN': '供应商', 'en-US': 'Supplier' } },
    ],
  });

  it('names the columns an import reads as an export names them, a scoped record\'s department and owner last', () => {
    expect(templateHeader(supplier, 'zh-CN')).toEqual(['名称', '编码', '所属部门', '负责人']);
    expect(templateHeader(supplier, 'en-US')).toEqual(['Name', 'Code', 'Department', 'Owner']);
    expect(templateHeader(item, 'en-US')).toEqual(['Title', 'SKU', 'Price', 'Stock', 'Status', 'Featured', 'Launch date', 'Published', 'About', 'Supplier']);
  });

  it('says of each column whether it must be filled and what it takes', () => {
    expect(templateNotes(item, [item, supplier], 'zh-CN')).toEqual({
      sheet: '填写说明',
      rows: [
        ['列', '必填', '填写说明'],
        ['名称', '是', '文本，最多 100 个字符'],
        ['编号', '否', '文本，须为 3–20 个字符，可用 A–Z, 0–9, -'],
        ['价格', '是', '数字，最多 1 位小数，介于 0 和 99999 之间'],
        // a default fills it: no need to
        ['库存', '否', '整数，不小于 0。留空为 0'],
        ['状态', '否', '以下之一：草稿、在售。留空为 草稿'],
        ['推荐', '否', '是 或 否（也可填 yes/no、true/false、1/0）。留空为 是'],
        ['上市日期', '否', '日期，如 2026-03-01（也可填 2026/3/1）'],
        ['发布时间', '否', '时间，带时区，如 2026-03-01T08:30:00+08:00'],
        ['描述', '否', '文本，最多 500 个字符，可换行'],
        ['供应商', '否', '供应商的名称或 ID'],
      ],
    });
    expect(templateNotes(supplier, [item, supplier], 'en-US').rows).toEqual([
      ['Column', 'Required', 'What it takes'],
      ['Name', 'Yes', 'Text, up to 80 characters. No two records hold the same; an import may match existing records by it and update them'],
      ['Code', 'No', 'Text. Format SUP-0000 expected'],
      ['Department', 'No', "A department's name. Left empty: the importer's department"],
      ['Owner', 'No', 'A username or name. Left empty: the importer'],
    ]);
  });
});
