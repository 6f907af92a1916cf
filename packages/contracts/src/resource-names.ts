/**
 * The resource kit's names that the shell needs before any resource's code: the permission actions and
 * the texts of the menu (docs/resources.md); and the names of a resource table's indexes and constraints,
 * which the migration writes and the kit reads back. No zod here: the permission catalogue and the
 * dictionaries import this file, and the sign-in page must not carry the schemas.
 */
import type { Locale } from './locale.ts';
import type { ResourceDef } from './resource.ts';

/**
 * A resource's permission codes: reading (the list, a record, pickers), writing (create, edit, delete),
 * exporting, importing (resource-import.ts); and one per transition of its life cycle (`order:approve`,
 * lifecycle.ts).
 */
export const resourceActions = ['read', 'write', 'export', 'import'] as const;
export type ResourcePermission = `${string}:${string}`;

/**
 * The resources' texts as i18n keys, for the console's dictionaries (the menu, the tab and the page
 * title use `resourceTitleKey`): `resource.<name>.label`, `.pluralLabel`, `.field.<field>`,
 * `.field.<field>.<enum value>` (a life cycle's states are its state field's values),
 * `.transition.<transition>`, and `resource.group.<group>` for a menu group a resource brings.
 */
export function resourceMessages(defs: readonly ResourceDef[], locale: Locale): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of defs) {
    out[`resource.${r.name}.label`] = r.label[locale];
    out[`resource.${r.name}.pluralLabel`] = r.pluralLabel[locale];
    // a record's own page, its tab and its title: 商品详情 / Product
    out[`resource.${r.name}.recordTitle`] = locale === 'zh-CN' ? `${r.label[locale]}详情` : r.label[locale];
    if (r.menu.groupLabel) out[`resource.group.${r.menu.group}`] = r.menu.groupLabel[locale];
    for (const f of r.fields) {
      out[`resource.${r.name}.field.${f.name}`] = f.label[locale];
      for (const v of f.values ?? []) out[`resource.${r.name}.field.${f.name}.${v.value}`] = v.label[locale];
    }
    for (const t of r.lifecycle?.transitions ?? []) out[`resource.${r.name}.transition.${t.name}`] = t.label[locale];
    // a `children` field's label, and its rows' fields under the child resource's name
    for (const c of r.children) {
      out[`resource.${r.name}.field.${c.name}`] = c.label[locale];
      Object.assign(out, resourceMessages([c.def], locale));
    }
  }
  return out;
}

/** The bytes PostgreSQL keeps of a name (NAMEDATALEN - 1): a longer one is cut short, and two cut alike collide. */
const SQL_NAME_MAX = 63;

/** FNV-1a, 32 bits, as 8 hex digits: short, the same on every engine and in every runtime. */
function nameHash(text: string): string {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0');
}

/**
 * The name of an index or a constraint of a resource's table: `<table>_<column>_<kind>`
 * (`products_sku_unique`, `products_supplier_fk`, `products_price_idx`). The migration writes it and the
 * kit maps a violation back to its field by it. A name past 63 bytes keeps its start and its kind with a
 * hash of the whole name between them (`<start>_1f0e9c2a_unique`, 63 bytes): it fits, and two long
 * names stay distinct. A name that fits is the one it always was.
 */
export function resourceSqlName(table: string, column: string, kind: string): string {
  // tables and columns are ASCII (their names' patterns): a character is a byte
  const whole = `${table}_${column}_${kind}`;
  if (whole.length <= SQL_NAME_MAX) return whole;
  return `${`${table}_${column}`.slice(0, SQL_NAME_MAX - kind.length - 10)}_${nameHash(whole)}_${kind}`;
}

/**
 * The names an index or a constraint of a resource's table may carry in a database: `resourceSqlName`'s,
 * and the first 63 bytes of the whole name, which PostgreSQL kept of a long name in a migration written
 * before names were shortened (issue 38). The same one twice for a name that fits.
 */
export function resourceSqlNamesInUse(table: string, column: string, kind: string): string[] {
  return [resourceSqlName(table, column, kind), `${table}_${column}_${kind}`.slice(0, SQL_NAME_MAX)];
}
