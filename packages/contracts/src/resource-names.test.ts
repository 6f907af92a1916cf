import { describe, expect, it } from 'vitest';
import { resourceSqlName, resourceSqlNamesInUse } from './resource-names.ts';
import { defineResource, resourceSpecProblems } from './resource.ts';

const label = (en: string) => ({ 'zh-CN': en, 'en-US': en });
/** 31 characters, each after the first a capital: the longest snake case a name can have (61 characters). */
const longest = (head: string, last = 'D') => `${head}${'ABCDEFGHIJKLMNOPQRSTUVWXYZABCD'.slice(0, 29)}${last}`;

describe('the names of a resource table\'s indexes and constraints', () => {
  it('are `<table>_<column>_<kind>` while that fits in 63 bytes: the names of the migrations already written', () => {
    expect(resourceSqlName('products', 'sku', 'unique')).toBe('products_sku_unique');
    expect(resourceSqlName('products', 'supplier', 'fk')).toBe('products_supplier_fk');
    expect(resourceSqlName('product_lines', 'created_at', 'idx')).toBe('product_lines_created_at_idx');
    const exactly63 = resourceSqlName('t'.repeat(30), 'c'.repeat(25), 'unique');
    expect(exactly63).toBe(`${'t'.repeat(30)}_${'c'.repeat(25)}_unique`);
    expect(exactly63).toHaveLength(63);
  });

  it('keep their start and their kind past 63 bytes, with a hash of the whole name between: 63 bytes, always the same', () => {
    // pinned: a migration already applied carries these names, and the kit maps its violations by them
    expect(resourceSqlName('maintenance_request_attachment_xs', 'very_long_unique_identifier_field', 'unique')).toBe('maintenance_request_attachment_xs_very_long_uni_af38ef1d_unique');
    expect(resourceSqlName('maintenance_request_attachment_xs', 'very_long_unique_identifier_field', 'prefix_idx')).toBe('maintenance_request_attachment_xs_very_long_64a0605a_prefix_idx');
    expect(resourceSqlName('t'.repeat(30), 'c'.repeat(26), 'unique')).toHaveLength(63);
  });

  it('are found in a database under the name PostgreSQL cut from a long one, before names were shortened', () => {
    expect(resourceSqlNamesInUse('products', 'sku', 'unique')).toEqual(['products_sku_unique', 'products_sku_unique']);
    expect(resourceSqlNamesInUse('maintenance_request_attachment_xs', 'very_long_unique_identifier_field', 'unique')).toEqual([
      'maintenance_request_attachment_xs_very_long_uni_af38ef1d_unique',
      'maintenance_request_attachment_xs_very_long_unique_identifier_f',
    ]);
  });

  it('stay distinct for the longest names, which differ only where a cut would drop', () => {
    const tables = [defineLongest('h'), defineLongest('h', 'E')].map((d) => d.table);
    const columns = [longest('f'), longest('f', 'E'), longest('g')].map((c) => defineLongest('h', 'D', c).fields[0]!.column);
    const kinds = ['unique', 'fk', 'idx', 'prefix_idx', 'trgm_idx'];
    const names = tables.flatMap((t) => columns.flatMap((c) => kinds.map((k) => resourceSqlName(t, c, k))));
    for (const name of names) expect(name.length, name).toBeLessThanOrEqual(63);
    expect(new Set(names).size).toBe(names.length);
  });

  it('come from a table and columns that themselves always fit: the longest spec makes a table of 62 characters', () => {
    const def = defineLongest('h');
    expect(resourceSpecProblems(specOf('h'))).toEqual([]);
    expect(def.table).toHaveLength(62);
    expect(def.fields[0]!.column).toHaveLength(61);
    // an explicit plural is at most 31 characters: shorter still
    expect(defineResource({ ...specOf('h'), plural: longest('p') }).table).toHaveLength(61);
  });
});

function specOf(name: string, last = 'D', field = longest('f')) {
  return {
    name: longest(name, last),
    label: label('Long'),
    pluralLabel: label('Longs'),
    menu: { group: 'long' },
    fields: [{ name: field, type: 'string' as const, label: label('Field') }],
  };
}

function defineLongest(name: string, last = 'D', field = longest('f')) {
  return defineResource(specOf(name, last, field));
}
