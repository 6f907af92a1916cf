import { sql, type SQL } from 'drizzle-orm';
import { formatDecimal, snakeCase, type ResourceDef, type ResourceField } from '@atrium/contracts/resource';
import { rowsOf, type Db } from '../../db/client.ts';
import { allOf, isoText, readPage, type ListSource } from '../shared/list.repository.ts';

/**
 * The resource kit's SQL, for every resource from its definition: one list helper (filters, sorting,
 * paging, totals), the record's reads and writes, the pickers' options and the export's batches. The
 * table and its columns are the ones migration-sql.ts wrote (names from the definition, never from a
 * request); values always travel as parameters.
 */

const id = (name: string) => sql.identifier(name);

/** A field's column as the calls answer it: decimals and dates as text, instants in ISO 8601 UTC. */
function readColumn(field: ResourceField): SQL {
  const column = sql`t.${id(field.column)}`;
  if (field.type === 'decimal' || field.type === 'date') return sql`${column}::text`;
  if (field.type === 'datetime') return isoText(column);
  return column;
}

/** The record's columns, each named as its field. */
function selectList(def: ResourceDef): SQL {
  return sql.join(
    [
      sql`t.id`,
      ...def.fields.map((f) => sql`${readColumn(f)} as ${id(f.name)}`),
      sql`t.version`,
      sql`${isoText(sql`t.created_at`)} as "createdAt"`,
      sql`${isoText(sql`t.updated_at`)} as "updatedAt"`,
      sql`t.created_by as "createdById"`,
      sql`coalesce(nullif(cu.name, ''), cu.username) as "createdByName"`,
      sql`t.updated_by as "updatedById"`,
      sql`coalesce(nullif(uu.name, ''), uu.username) as "updatedByName"`,
    ],
    sql`, `,
  );
}

/** The actors' names of a record's columns. */
const actorJoins = sql`left join users cu on cu.id = t.created_by left join users uu on uu.id = t.updated_by`;
const fromTable = (def: ResourceDef) => sql`${id(def.table)} t ${actorJoins}`;

export type ResourceRow = Record<string, unknown> & { id: number; version: number };

/** A row as the record of the contract: actors as `{ id, name }`, decimals with their scale. */
function toRecord(def: ResourceDef, row: Record<string, unknown>): ResourceRow {
  const record: Record<string, unknown> = { id: row.id, version: row.version, createdAt: row.createdAt, updatedAt: row.updatedAt };
  for (const f of def.fields) {
    const value = row[f.name] ?? null;
    record[f.name] = f.type === 'decimal' && value !== null ? formatDecimal(String(value), f.scale ?? 2) : value;
  }
  record.createdBy = row.createdById == null ? null : { id: row.createdById, name: row.createdByName ?? '' };
  record.updatedBy = row.updatedById == null ? null : { id: row.updatedById, name: row.updatedByName ?? '' };
  return record as ResourceRow;
}

/** `%` and `_` match themselves in a LIKE pattern built from a person's text. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The conditions of the applied filters (the list query's parsed values). */
function filterConditions(def: ResourceDef, filters: Record<string, unknown>): SQL[] {
  const conditions: SQL[] = [];
  for (const f of def.fields) {
    const value = filters[f.name];
    if (value === undefined || value === null || f.filter === undefined) continue;
    const column = sql`t.${id(f.column)}`;
    if (f.filter === 'contains') conditions.push(sql`lower(${column}) like ${`%${escapeLike(String(value).toLowerCase())}%`}`);
    else if (f.filter === 'prefix') conditions.push(sql`lower(${column}) like ${`${escapeLike(String(value).toLowerCase())}%`}`);
    else if (f.filter === 'range') {
      const [start, end] = value as [unknown, unknown];
      conditions.push(sql`${column} between ${start} and ${end}`);
    } else conditions.push(sql`${column} = ${value}`);
  }
  return conditions;
}

/** The sort of a list query (`-price`): the column and the direction. */
interface Sort {
  column: string;
  /** The column's SQL type, to read a cursor's text back as (exact: numerics, microseconds). */
  type: string;
  descending: boolean;
}

const SQL_TYPES: Record<ResourceField['type'], string> = {
  string: 'text',
  text: 'text',
  integer: 'integer',
  reference: 'integer',
  decimal: 'numeric',
  boolean: 'boolean',
  date: 'date',
  datetime: 'timestamptz',
  enum: 'text',
};

function sortOf(def: ResourceDef, sort: string): Sort {
  const descending = sort.startsWith('-');
  const name = descending ? sort.slice(1) : sort;
  if (name === 'createdAt' || name === 'updatedAt') return { column: snakeCase(name), type: 'timestamptz', descending };
  const field = def.fields.find((f) => f.name === name && f.sortable);
  if (!field) throw new Error(`${def.name}: no sortable field "${name}"`);
  return { column: field.column, type: SQL_TYPES[field.type], descending };
}

/**
 * `price` -> `t.price asc nulls first, t.id asc`; `-price` -> `t.price desc nulls last, t.id desc`: a total
 * order (paging and the export's cursor need one) that the `(column NULLS FIRST, id)` index of
 * migration-sql.ts reads forward or backward, so a page never sorts the table.
 */
function orderBy({ column, descending }: Sort): SQL {
  return descending ? sql`t.${id(column)} desc nulls last, t.id desc` : sql`t.${id(column)} asc nulls first, t.id asc`;
}

/**
 * Matching rows are counted up to this many: a count costs at most this many rows, at a million records as
 * at a hundred (docs/decisions/018-resource-lists-at-scale.md). Beyond it the answer says `totalCapped` and
 * the console shows "more than 1,000".
 */
export const TOTAL_CAP = 1000;

export interface RecordPage {
  rows: ResourceRow[];
  /** Matching rows, or TOTAL_CAP when there are more (`capped`). */
  total: number;
  capped: boolean;
}

/** A resource's list as the kit's list helper reads it, in the order of `sort`. */
function listSource(def: ResourceDef, sort: string): ListSource<Record<string, unknown>> {
  return {
    table: def.table,
    columns: selectList(def),
    joins: actorJoins,
    where: (filters) => filterConditions(def, filters),
    order: orderBy(sortOf(def, sort)),
    total: { cap: TOTAL_CAP },
    scattered: (filters) => def.fields.some((f) => f.filter === 'contains' && filters[f.name] !== undefined && filters[f.name] !== null),
  };
}

/**
 * One page and its total, in one statement (one snapshot); a count never reads more than TOTAL_CAP + 1
 * matches (decision 018; how: modules/shared/list.repository.ts).
 */
export async function listRows(db: Db, def: ResourceDef, filters: Record<string, unknown>, sort: string, offset: number, limit: number): Promise<RecordPage> {
  const page = await readPage(db, listSource(def, sort), filters, '', offset, limit);
  return { rows: page.rows.map((r) => toRecord(def, r)), total: page.total!, capped: page.capped };
}

export async function findRow(db: Db, def: ResourceDef, rowId: number, lock = false): Promise<ResourceRow | undefined> {
  const result = await db.execute(sql`select ${selectList(def)} from ${fromTable(def)} where t.id = ${rowId}${lock ? sql` for update of t` : sql``}`);
  const [row] = rowsOf<Record<string, unknown>>(result);
  return row ? toRecord(def, row) : undefined;
}

/** A field's value as a statement parameter (decimals as text: the database reads them exactly). */
const param = (value: unknown) => (value === undefined ? null : value);

export async function insertRow(db: Db, def: ResourceDef, values: Record<string, unknown>, actorId: number, now: Date): Promise<number> {
  const fields = def.fields.filter((f) => values[f.name] !== undefined);
  const columns = [...fields.map((f) => id(f.column)), id('created_at'), id('updated_at'), id('created_by'), id('updated_by')];
  const params = [...fields.map((f) => sql`${param(values[f.name])}`), sql`${now}`, sql`${now}`, sql`${actorId}`, sql`${actorId}`];
  const result = await db.execute(sql`insert into ${id(def.table)} (${sql.join(columns, sql`, `)}) values (${sql.join(params, sql`, `)}) returning id`);
  return rowsOf<{ id: number }>(result)[0]!.id;
}

export async function updateRow(db: Db, def: ResourceDef, rowId: number, values: Record<string, unknown>, actorId: number, now: Date): Promise<void> {
  const sets = def.fields.filter((f) => !f.readOnly && f.name in values).map((f) => sql`${id(f.column)} = ${param(values[f.name])}`);
  sets.push(sql`version = version + 1`, sql`updated_at = ${now}`, sql`updated_by = ${actorId}`);
  await db.execute(sql`update ${id(def.table)} set ${sql.join(sets, sql`, `)} where id = ${rowId}`);
}

export async function deleteRow(db: Db, def: ResourceDef, rowId: number): Promise<void> {
  await db.execute(sql`delete from ${id(def.table)} where id = ${rowId}`);
}

/** `{ id -> label }` of another resource's records, by its title field. */
export async function labelsOf(db: Db, other: ResourceDef, ids: readonly number[]): Promise<Record<string, string>> {
  if (ids.length === 0) return {};
  const title = other.fields.find((f) => f.name === other.titleField)!;
  const result = await db.execute(sql`select id, ${id(title.column)} as label from ${id(other.table)} where id = any(${`{${ids.join(',')}}`}::int[])`);
  return Object.fromEntries(rowsOf<{ id: number; label: string | null }>(result).map((r) => [String(r.id), r.label ?? '']));
}

/** At most `limit` records whose title contains the keyword (or the one with `id`), by title. */
export async function optionRows(db: Db, def: ResourceDef, keyword: string | undefined, rowId: number | undefined, limit: number): Promise<{ id: number; label: string }[]> {
  const title = def.fields.find((f) => f.name === def.titleField)!;
  const where = rowId !== undefined ? sql`id = ${rowId}` : keyword ? sql`lower(${id(title.column)}) like ${`%${escapeLike(keyword.toLowerCase())}%`}` : sql`true`;
  const result = await db.execute(sql`select id, coalesce(${id(title.column)}, '') as label from ${id(def.table)} where ${where} order by ${id(title.column)} asc, id asc limit ${limit}`);
  return rowsOf<{ id: number; label: string }>(result);
}

/** Records in `others` referring to record `rowId` of `def`: the first found, or undefined. */
export async function firstReferrer(db: Db, def: ResourceDef, rowId: number, others: readonly ResourceDef[]): Promise<string | undefined> {
  for (const other of others) {
    for (const f of other.fields) {
      if (f.type !== 'reference' || f.to !== def.name) continue;
      const result = await db.execute(sql`select 1 from ${id(other.table)} where ${id(f.column)} = ${rowId} limit 1`);
      if (rowsOf(result).length > 0) return other.name;
    }
  }
  return undefined;
}

/** Whether a record `rowId` of `def` exists. */
export async function rowExists(db: Db, def: ResourceDef, rowId: number): Promise<boolean> {
  return rowsOf(await db.execute(sql`select 1 from ${id(def.table)} where id = ${rowId}`)).length > 0;
}

/** Whether another record holds `value` in a unique field (strings compared without regard to case). */
export async function uniqueTaken(db: Db, def: ResourceDef, field: ResourceField, value: unknown, exceptId?: number): Promise<boolean> {
  const column = id(field.column);
  const same = field.type === 'string' ? sql`lower(${column}) = lower(${String(value)})` : sql`${column} = ${value}`;
  const other = exceptId === undefined ? sql`` : sql` and id <> ${exceptId}`;
  return rowsOf(await db.execute(sql`select 1 from ${id(def.table)} where ${same}${other} limit 1`)).length > 0;
}

/** Where an export batch starts: after the row with this sort value (as text, exact) and id. */
export interface ExportCursor {
  value: string | null;
  id: number;
}

/** The rows after `cursor` in the order of orderBy(): a range of its index, whatever the batch's depth (one parenthesised condition). */
function after({ column, type, descending }: Sort, cursor: ExportCursor): SQL {
  const c = sql`t.${id(column)}`;
  const v = sql`cast(${cursor.value} as ${sql.raw(type)})`;
  if (cursor.value === null) return descending ? sql`(${c} is null and t.id < ${cursor.id})` : sql`((${c} is null and t.id > ${cursor.id}) or ${c} is not null)`;
  return descending ? sql`((${c}, t.id) < (${v}, ${cursor.id}) or ${c} is null)` : sql`(${c}, t.id) > (${v}, ${cursor.id})`;
}

/**
 * One batch of the export in the list's order, as records, and the cursor of the next. Keyset paging:
 * each batch starts where the last ended in the sort's index, so the millionth row costs what the first
 * did (an OFFSET would read every row before it again, batch after batch).
 */
export async function exportRows(
  db: Db,
  def: ResourceDef,
  filters: Record<string, unknown>,
  sort: string,
  cursor: ExportCursor | undefined,
  limit: number,
): Promise<{ rows: ResourceRow[]; next: ExportCursor | undefined }> {
  const order = sortOf(def, sort);
  const conditions = filterConditions(def, filters);
  if (cursor) conditions.push(after(order, cursor));
  const where = allOf(conditions);
  const result = await db.execute(
    sql`select ${selectList(def)}, t.${id(order.column)}::text as "sortValue" from ${fromTable(def)} where ${where} order by ${orderBy(order)} limit ${limit}`,
  );
  const raw = rowsOf<Record<string, unknown> & { sortValue: string | null; id: number }>(result);
  const last = raw.at(-1);
  return { rows: raw.map((r) => toRecord(def, r)), next: last && { value: last.sortValue, id: last.id } };
}
