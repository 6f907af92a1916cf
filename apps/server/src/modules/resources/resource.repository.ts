import { sql, type SQL } from 'drizzle-orm';
import { formatDecimal, snakeCase, type ChildrenField, type ResourceDef, type ResourceField } from '@atrium/contracts/resource';
import { rowsOf, type Db } from '../../db/client.ts';
import type { Locale } from '@atrium/contracts';
import { allOf, isoText, readPage, type ListSource } from '../../lists/list.repository.ts';
import { scopeCondition, scopedBy, type Reach } from '../../lists/scope.ts';
import { declaredPosition } from './declared-order.ts';

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
      ...(def.scoped ? [sql`t.department_id as "department"`, sql`t.owner_id as "owner"`] : []),
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
  if (def.scoped) {
    record.department = row.department;
    record.owner = row.owner;
  }
  record.createdBy = row.createdById == null ? null : { id: row.createdById, name: row.createdByName ?? '' };
  record.updatedBy = row.updatedById == null ? null : { id: row.updatedById, name: row.updatedByName ?? '' };
  return record as ResourceRow;
}

/** `%` and `_` match themselves in a LIKE pattern built from a person's text. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The conditions of the applied filters (the list query's parsed values). A scoped list's `department` comes
 * as the department's subtree (the ids, from the tree in memory: kit.ts), its `owner` as the account's id.
 */
function filterConditions(def: ResourceDef, filters: Record<string, unknown>): SQL[] {
  const conditions: SQL[] = [];
  if (def.scoped && Array.isArray(filters.department)) conditions.push(sql`t.department_id = any(${`{${(filters.department as number[]).join(',')}}`}::int[])`);
  if (def.scoped && typeof filters.owner === 'number') conditions.push(sql`t.owner_id = ${filters.owner}`);
  for (const f of def.fields) {
    const value = filters[f.name];
    if (value === undefined || value === null || f.filter === undefined) continue;
    const column = sql`t.${id(f.column)}`;
    if (f.filter === 'contains') conditions.push(sql`lower(${column}) like ${`%${escapeLike(String(value).toLowerCase())}%`}`);
    else if (f.filter === 'prefix') conditions.push(sql`lower(${column}) like ${`${escapeLike(String(value).toLowerCase())}%`}`);
    else if (f.filter === 'range') {
      // either end may be open (undefined): "from" or "up to"
      const [start, end] = value as [unknown, unknown];
      if (start !== undefined) conditions.push(sql`${column} >= ${start}`);
      if (end !== undefined) conditions.push(sql`${column} <= ${end}`);
    } else conditions.push(sql`${column} = ${value}`);
  }
  return conditions;
}

/** The sort of a list query (`-price`): what is sorted by and the direction. */
interface Sort {
  /** The sort value over `t`: the column, or for an enum its position in the declared values (declared-order.ts). */
  key: SQL;
  /** The sort value's SQL type, to read a cursor's text back as (exact: numerics, microseconds). */
  type: string;
  descending: boolean;
}

/** A field's value as SQL reads it: a sort's cursor cast back, an import's column of values as an array of it. */
export const SQL_TYPES: Record<ResourceField['type'], string> = {
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
  if (name === 'createdAt' || name === 'updatedAt') return { key: sql`t.${id(snakeCase(name))}`, type: 'timestamptz', descending };
  const field = def.fields.find((f) => f.name === name && f.sortable);
  if (!field) throw new Error(`${def.name}: no sortable field "${name}"`);
  // an enum in the order its values are declared, the position inlined as its index has it
  if (field.type === 'enum') return { key: sql.raw(declaredPosition(field, `t."${field.column}"`)), type: 'integer', descending };
  return { key: sql`t.${id(field.column)}`, type: SQL_TYPES[field.type], descending };
}

/**
 * `price` -> `t.price asc nulls first, t.id asc`; `-price` -> `t.price desc nulls last, t.id desc`: a total
 * order (paging and the export's cursor need one) that the `(column NULLS FIRST, id)` index of
 * migration-sql.ts reads forward or backward, so a page never sorts the table (an enum's: the index on its
 * declared position).
 */
function orderBy({ key, descending }: Sort): SQL {
  return descending ? sql`${key} desc nulls last, t.id desc` : sql`${key} asc nulls first, t.id asc`;
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

/**
 * Every table a page of the resource's list reads: its own, the accounts its actors' names come from
 * (`users`), and the resources its reference labels come from (`all`: every registered resource). Its
 * cached pages are kept at their generations (kit.ts), and nothing else.
 */
export function listReads(def: ResourceDef, all: readonly ResourceDef[]): string[] {
  const referred = def.fields.flatMap((f) => (f.type !== 'reference' ? [] : f.to === def.name ? [def.table] : all.filter((r) => r.name === f.to).map((r) => r.table)));
  // a scoped page's labels name its records' departments
  return [...new Set([def.table, 'users', ...(def.scoped ? ['departments'] : []), ...referred])];
}

/** A resource's list as the kit's list helper reads it, in the order of `sort`. */
function listSource(def: ResourceDef, reads: readonly string[], sort: string): ListSource<Record<string, unknown>> {
  return {
    table: def.table,
    reads,
    columns: selectList(def),
    joins: actorJoins,
    ...(def.scoped ? { scope: scopedBy(def.name) } : {}),
    where: (filters) => filterConditions(def, filters),
    order: orderBy(sortOf(def, sort)),
    total: { cap: TOTAL_CAP },
    scattered: (filters) => def.fields.some((f) => f.filter === 'contains' && filters[f.name] !== undefined && filters[f.name] !== null),
  };
}

/**
 * One page and its total, in one statement (one snapshot); a count never reads more than TOTAL_CAP + 1
 * matches (decision 018; how: lists/list.repository.ts). A scoped resource's within `reach` (readPage
 * refuses to read one without it).
 */
export async function listRows(db: Db, def: ResourceDef, reads: readonly string[], filters: Record<string, unknown>, sort: string, offset: number, limit: number, reach?: Reach): Promise<RecordPage> {
  const page = await readPage(db, listSource(def, reads, sort), filters, '', offset, limit, reach);
  return { rows: page.rows.map((r) => toRecord(def, r)), total: page.total!, capped: page.capped };
}

/**
 * The rows of a scoped resource's table `t` that `reach` reaches, as a condition (true: every row, or an
 * unscoped resource). The one rule of lists/scope.ts: a read by id, a picker, an export and a reference's
 * check apply the same condition the list does.
 */
function inReach(def: ResourceDef, reach: Reach | undefined): SQL {
  if (!def.scoped) return sql`true`;
  if (!reach) throw new Error(`${def.name}: its records are scoped, and are read only within a caller's reach`);
  return scopeCondition(reach, scopedBy(def.name)) ?? sql`true`;
}

/**
 * A record by id, within `reach`: out of it the record is not found, exactly as an id that names none
 * (one statement, the primary key's lookup with the scope's condition on the row it finds).
 */
export async function findRow(db: Db, def: ResourceDef, rowId: number, reach: Reach | undefined, lock = false): Promise<ResourceRow | undefined> {
  const result = await db.execute(sql`select ${selectList(def)} from ${fromTable(def)} where t.id = ${rowId} and ${inReach(def, reach)}${lock ? sql` for update of t` : sql``}`);
  const [row] = rowsOf<Record<string, unknown>>(result);
  return row ? toRecord(def, row) : undefined;
}

/** A scoped record's department and owner as written (ids). */
export interface RecordScope {
  department: number;
  owner: number;
}

/** A field's value as a statement parameter (decimals as text: the database reads them exactly). */
const param = (value: unknown) => (value === undefined ? null : value);

export async function insertRow(db: Db, def: ResourceDef, values: Record<string, unknown>, actorId: number, now: Date, scope?: RecordScope): Promise<number> {
  const fields = def.fields.filter((f) => values[f.name] !== undefined);
  const columns = [...fields.map((f) => id(f.column)), id('created_at'), id('updated_at'), id('created_by'), id('updated_by')];
  const params = [...fields.map((f) => sql`${param(values[f.name])}`), sql`${now}`, sql`${now}`, sql`${actorId}`, sql`${actorId}`];
  if (def.scoped) {
    if (!scope) throw new Error(`${def.name}: a scoped record is written with its department and owner`);
    columns.push(id('department_id'), id('owner_id'));
    params.push(sql`${scope.department}`, sql`${scope.owner}`);
  }
  const result = await db.execute(sql`insert into ${id(def.table)} (${sql.join(columns, sql`, `)}) values (${sql.join(params, sql`, `)}) returning id`);
  return rowsOf<{ id: number }>(result)[0]!.id;
}

/**
 * Writes a record's fields given in `values` (and its department and owner) as a new version. `onlyIfChanged`:
 * unless one of them differs from what the row holds (as PostgreSQL compares them: 12.5 is 12.50), nothing is
 * written, and the answer is false.
 */
export async function updateRow(db: Db, def: ResourceDef, rowId: number, values: Record<string, unknown>, actorId: number, now: Date, scope: RecordScope | undefined, onlyIfChanged: boolean): Promise<boolean> {
  const given: [ReturnType<typeof id>, unknown][] = def.fields.filter((f) => !f.readOnly && f.name in values).map((f) => [id(f.column), param(values[f.name])]);
  if (def.scoped && scope) given.push([id('department_id'), scope.department], [id('owner_id'), scope.owner]);
  if (onlyIfChanged && given.length === 0) return false;
  const sets = [...given.map(([column, value]) => sql`${column} = ${value}`), sql`version = version + 1`, sql`updated_at = ${now}`, sql`updated_by = ${actorId}`];
  const changed = onlyIfChanged ? sql` and row(${sql.join(given.map(([column]) => column), sql`, `)}) is distinct from row(${sql.join(given.map(([, value]) => sql`${value}`), sql`, `)})` : sql``;
  const result = await db.execute(sql`update ${id(def.table)} set ${sql.join(sets, sql`, `)} where id = ${rowId}${changed} returning id`);
  return rowsOf(result).length > 0;
}

export async function deleteRow(db: Db, def: ResourceDef, rowId: number): Promise<void> {
  await db.execute(sql`delete from ${id(def.table)} where id = ${rowId}`);
}

/**
 * `{ department: { id -> name }, owner: { id -> name } }` of scoped records: the departments' names in the
 * reader's language (the root keeps its English name until renamed), the owners' names (else usernames).
 */
export async function scopeLabels(db: Db, records: readonly ResourceRow[], locale: Locale): Promise<Record<'department' | 'owner', Record<string, string>>> {
  const ids = (key: 'department' | 'owner') => `{${[...new Set(records.map((r) => r[key] as number))].join(',')}}`;
  if (records.length === 0) return { department: {}, owner: {} };
  const name = locale === 'en-US' ? sql`coalesce(d.name_en, d.name)` : sql`d.name`;
  const [departments, owners] = await Promise.all([
    db.execute(sql`select d.id, ${name} as label from departments d where d.id = any(${ids('department')}::int[])`),
    db.execute(sql`select u.id, coalesce(nullif(u.name, ''), u.username) as label from users u where u.id = any(${ids('owner')}::int[])`),
  ]);
  const byId = (rows: { id: number; label: string }[]) => Object.fromEntries(rows.map((r) => [String(r.id), r.label]));
  return { department: byId(rowsOf(departments)), owner: byId(rowsOf(owners)) };
}

/**
 * `{ id -> label }` of another resource's records within `reach`, by its title field: a record beyond the
 * reader's reach gets none, as it is not there for them (decision 057).
 */
export async function labelsOf(db: Db, other: ResourceDef, ids: readonly number[], reach: Reach | undefined): Promise<Record<string, string>> {
  if (ids.length === 0) return {};
  const title = other.fields.find((f) => f.name === other.titleField)!;
  const result = await db.execute(sql`select t.id, t.${id(title.column)} as label from ${id(other.table)} t where t.id = any(${`{${ids.join(',')}}`}::int[]) and ${inReach(other, reach)}`);
  return Object.fromEntries(rowsOf<{ id: number; label: string | null }>(result).map((r) => [String(r.id), r.label ?? '']));
}

/**
 * How many of the records that hold a keyword (not at the start) are sorted for a picker: up to this many
 * the picker shows the first of all in order; a keyword more records hold gives the first of the ones the
 * trigram index finds first, so a common keyword costs what a rare one does.
 */
const OPTIONS_SORTED = 200;

type OptionRow = { id: number; label: string };

/**
 * At most `limit` records for a picker (or the one with `id`), ordered by the title without regard to case
 * (`lower(title) collate "C"`: code points, the same on both engines), records without a title last. With
 * a keyword, the titles that begin with it come first, then those that hold it elsewhere (of those, the
 * first OPTIONS_SORTED found). Each step reads an index migration-sql.ts writes for every title field,
 * whatever its filter: `(lower(title) collate "C", id)` answers the opening list and the beginnings in
 * order (a range of it), and pg_trgm's index on `lower(title)` finds the others.
 */
export async function optionRows(db: Db, def: ResourceDef, keyword: string | undefined, rowId: number | undefined, limit: number, reach?: Reach): Promise<OptionRow[]> {
  const title = sql`t.${id(def.fields.find((f) => f.name === def.titleField)!.column)}`;
  const key = sql`lower(${title}) collate "C"`;
  // a picker offers only the records the caller reaches, as the list does
  const scoped = inReach(def, reach);
  const read = async (from: SQL, where: SQL, n: number) =>
    rowsOf<OptionRow>(await db.execute(sql`select t.id, coalesce(${title}, '') as label from ${from} where ${where} order by ${key}, t.id limit ${n}`));
  const table = sql`${id(def.table)} t`;
  if (rowId !== undefined) return read(table, sql`t.id = ${rowId} and ${scoped}`, limit);
  if (!keyword) return read(table, scoped, limit);
  const lowered = escapeLike(keyword.toLowerCase());
  const begins = sql`${key} like ${`${lowered}%`}`;
  const first = await read(table, sql`${begins} and ${scoped}`, limit);
  if (first.length === limit) return first;
  const elsewhere = sql`lower(${title}) like ${`%${lowered}%`} and not ${begins} and ${scoped}`;
  const found = sql`(select t.* from ${table} where ${elsewhere} limit ${OPTIONS_SORTED}) t`;
  return [...first, ...(await read(found, sql`true`, limit - first.length))];
}

/** How many referring records an IN_USE refusal counts at most (it reads no more than one past them). */
const REFERRER_COUNT_CAP = 1000;

/**
 * Who keeps a record from being deleted: the referring resource, how many of its records the caller reaches
 * (up to REFERRER_COUNT_CAP, then `capped`), and whether records beyond the caller's reach refer too
 * (`outOfScope`), which are refused all the same but never counted: a record's existence is itself
 * information (data-scope.md §8), so a refusal tells no more of them than that they are there.
 */
export interface Referrer {
  name: string;
  count: number;
  capped: boolean;
  outOfScope: boolean;
}

/** What the caller reaches of a resource in one request (undefined: the resource is not scoped). */
export type ReachOf = (of: ResourceDef) => Promise<Reach | undefined>;

/**
 * The records of `other` that refer to a record through `source`, as a Referrer (undefined: none): those
 * within `reach` counted (a parent's rows refer through the parent: the parents are counted, each once), the
 * others only found. Both read the reference's index and the referring records by id.
 */
async function countReferrers(db: Db, source: ReferringTable, other: ResourceDef, reach: Reach | undefined, refersTo: (column: SQL) => SQL): Promise<Referrer | undefined> {
  const referring = sql.join(source.columns.map(refersTo), sql` or `);
  const within = inReach(other, reach);
  const [found] = rowsOf<{ seen: number; hidden: boolean }>(
    await db.execute(sql`select (select count(*) from (select distinct ${source.key} from ${source.from} where (${referring}) and ${within} limit ${REFERRER_COUNT_CAP + 1}) r)::int as seen,
      exists (select 1 from ${source.from} where (${referring}) and (${within}) is not true) as hidden`),
  );
  const seen = Number(found?.seen ?? 0);
  const outOfScope = found?.hidden === true;
  if (seen === 0 && !outOfScope) return undefined;
  return { name: other.name, count: Math.min(seen, REFERRER_COUNT_CAP), capped: seen > REFERRER_COUNT_CAP, outOfScope };
}

/** A table through which a resource's records refer to another's: what to read, the referring record's id in it, and its reference columns. */
interface ReferringTable {
  from: SQL;
  key: SQL;
  columns: SQL[];
}

/**
 * The tables through which `other`'s records refer to records of `def`: its own (its references to `def`,
 * each record counted by its id) and its children's (their rows' references, each record counted by the
 * parent's column, the parent joined as `t` for its scope), only those with such a reference.
 */
function referringTables(def: ResourceDef, other: ResourceDef): ReferringTable[] {
  const refs = (alias: string, fields: readonly ResourceField[]) => fields.filter((f) => f.type === 'reference' && f.to === def.name).map((f) => sql`${id(alias)}.${id(f.column)}`);
  return [
    { from: sql`${id(other.table)} t`, key: sql`t.id`, columns: refs('t', other.fields) },
    ...other.children.map((c) => ({ from: sql`${id(c.def.table)} c join ${id(other.table)} t on t.id = c.${id(c.parentColumn)}`, key: sql`c.${id(c.parentColumn)}`, columns: refs('c', c.def.fields) })),
  ].filter((t) => t.columns.length > 0);
}

/** Whether a record `rowId` of `def` exists within `reach` (a scoped resource's record out of it does not). */
export async function rowExists(db: Db, def: ResourceDef, rowId: number, reach?: Reach): Promise<boolean> {
  return rowsOf(await db.execute(sql`select 1 from ${id(def.table)} t where t.id = ${rowId} and ${inReach(def, reach)}`)).length > 0;
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
function after({ key: c, type, descending }: Sort, cursor: ExportCursor): SQL {
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
  reach?: Reach,
): Promise<{ rows: ResourceRow[]; next: ExportCursor | undefined }> {
  const order = sortOf(def, sort);
  const conditions = [...filterConditions(def, filters), inReach(def, reach)];
  if (cursor) conditions.push(after(order, cursor));
  const where = allOf(conditions);
  const result = await db.execute(
    sql`select ${selectList(def)}, (${order.key})::text as "sortValue" from ${fromTable(def)} where ${where} order by ${orderBy(order)} limit ${limit}`,
  );
  const raw = rowsOf<Record<string, unknown> & { sortValue: string | null; id: number }>(result);
  const last = raw.at(-1);
  return { rows: raw.map((r) => toRecord(def, r)), next: last && { value: last.sortValue, id: last.id } };
}

/**
 * The records of a bulk action, locked for update until its transaction ends: those of `ids` within `reach`
 * (a missing one and one out of reach alike absent), in id order.
 */
export async function lockRows(db: Db, def: ResourceDef, ids: readonly number[], reach: Reach | undefined): Promise<ResourceRow[]> {
  const result = await db.execute(sql`select ${selectList(def)} from ${fromTable(def)} where t.id = any(${`{${ids.join(',')}}`}::int[]) and ${inReach(def, reach)} order by t.id for update of t`);
  return rowsOf<Record<string, unknown>>(result).map((r) => toRecord(def, r));
}

/**
 * The records the filters match within `reach`, locked for update, in id order: at most `limit` + 1, so a
 * caller learns that more match than it takes without reading them all.
 */
export async function lockMatching(db: Db, def: ResourceDef, filters: Record<string, unknown>, reach: Reach | undefined, limit: number): Promise<ResourceRow[]> {
  const where = allOf([...filterConditions(def, filters), inReach(def, reach)]);
  const result = await db.execute(sql`select ${selectList(def)} from ${fromTable(def)} where ${where} order by t.id limit ${limit + 1} for update of t`);
  return rowsOf<Record<string, unknown>>(result).map((r) => toRecord(def, r));
}

/** How many records the filters match within `reach`, counted up to `limit` + 1 (one statement, no more rows read). */
export async function countMatching(db: Db, def: ResourceDef, filters: Record<string, unknown>, reach: Reach | undefined, limit: number): Promise<number> {
  const where = allOf([...filterConditions(def, filters), inReach(def, reach)]);
  const result = await db.execute(sql`select count(*)::int as n from (select from ${id(def.table)} t where ${where} limit ${limit + 1}) matching`);
  return Number(rowsOf<{ n: number }>(result)[0]!.n);
}

/** Records by id, whoever reaches them (a bulk action's records as it left them), in id order. */
export async function rowsById(db: Db, def: ResourceDef, ids: readonly number[]): Promise<ResourceRow[]> {
  const result = await db.execute(sql`select ${selectList(def)} from ${fromTable(def)} where t.id = any(${`{${ids.join(',')}}`}::int[]) order by t.id`);
  return rowsOf<Record<string, unknown>>(result).map((r) => toRecord(def, r));
}

/**
 * One field (or a scoped record's department or owner) of many records set to one value, in one statement:
 * the records that held it already are left as they are (decision 060). Answers the ids it wrote.
 */
export async function updateRows(db: Db, def: ResourceDef, ids: readonly number[], field: string, value: unknown, actorId: number, now: Date): Promise<number[]> {
  const column = id(field === 'department' && def.scoped ? 'department_id' : field === 'owner' && def.scoped ? 'owner_id' : def.fields.find((f) => f.name === field)!.column);
  const result = await db.execute(sql`update ${id(def.table)} set ${column} = ${param(value)}, version = version + 1, updated_at = ${now}, updated_by = ${actorId}
    where id = any(${`{${ids.join(',')}}`}::int[]) and ${column} is distinct from ${param(value)} returning id`);
  return rowsOf<{ id: number }>(result).map((r) => r.id);
}

export async function deleteRows(db: Db, def: ResourceDef, ids: readonly number[]): Promise<void> {
  await db.execute(sql`delete from ${id(def.table)} where id = any(${`{${ids.join(',')}}`}::int[])`);
}

/** The referred records a refusal names at most. */
const REFERRED_NAMED = 20;

/**
 * The first resource in `others` with records referring to any of `ids` (through any of its references to
 * `def`), as a Referrer, with which of `ids` they refer to (the first REFERRED_NAMED: the caller's own
 * selection, so named whoever refers); undefined when none does.
 */
export async function referrersOf(db: Db, def: ResourceDef, ids: readonly number[], others: readonly ResourceDef[], reachOf: ReachOf): Promise<(Referrer & { ids: number[] }) | undefined> {
  const list = `{${ids.join(',')}}`;
  for (const other of others) {
    for (const source of referringTables(def, other)) {
      const referrer = await countReferrers(db, source, other, await reachOf(other), (c) => sql`${c} = any(${list}::int[])`);
      if (!referrer) continue;
      const referred = sql.join(source.columns.map((c) => sql`select ${c} as id from ${source.from} where ${c} = any(${list}::int[])`), sql` union `);
      const named = rowsOf<{ id: number }>(await db.execute(sql`select distinct id from (${referred}) r order by id limit ${REFERRED_NAMED}`)).map((r) => Number(r.id));
      return { ...referrer, ids: named };
    }
  }
  return undefined;
}

export interface TrailEntry {
  id: number;
  action: string;
  at: string;
  actor: { id: number; name: string } | null;
  summary: string;
  changes: { field: string; before: unknown; after: unknown }[];
}

/**
 * A record's audit entries that stood (`success`), newest first, at most `limit`: what its page shows of
 * who changed what, each summary in the reader's language (the English one for an entry written before
 * there were summaries), each actor by the account's name. One range of the trail's index on (target
 * type, target id, time), and each actor's account by its key.
 */
export async function trailOf(db: Db, def: ResourceDef, rowId: number, limit: number, locale: Locale): Promise<TrailEntry[]> {
  // the actor by the account's name, as the record's history names it (the trail keeps the username it signed in with)
  const result = await db.execute(sql`select a.id, a.action, ${isoText(sql`a.at`)} as at, a.actor_id as "actorId",
      coalesce(nullif(u.name, ''), a.actor_name) as "actorName", a.summary, a.summaries, a.changes
    from audit_log a left join users u on u.id = a.actor_id
    where a.target_type = ${def.name} and a.target_id = ${String(rowId)} and a.result = 'success' order by a.at desc, a.id desc limit ${limit}`);
  const parsed = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as unknown;
  return rowsOf<{ id: number; action: string; at: string; actorId: number | null; actorName: string; summary: string; summaries: unknown; changes: unknown }>(result).map((r) => ({
    id: Number(r.id),
    action: r.action,
    at: r.at,
    actor: r.actorId === null ? null : { id: Number(r.actorId), name: r.actorName },
    summary: (parsed(r.summaries) as Record<Locale, string> | null)?.[locale] ?? r.summary,
    changes: parsed(r.changes) as TrailEntry['changes'],
  }));
}

/** An array parameter (`{…}`): each text quoted, so a comma, a brace or a quote in it stays in it; a null as NULL. */
export const arrayParam = (values: readonly unknown[]) =>
  `{${values.map((v) => (v === null || v === undefined ? 'NULL' : typeof v === 'number' || typeof v === 'boolean' ? String(v) : `"${String(v).replace(/[\\"]/g, (c) => `\\${c}`)}"`)).join(',')}}`;

/** A unique field's values as the table compares them: strings without regard to case. */
function uniqueMatch(field: ResourceField, values: readonly (string | number)[]): SQL {
  const column = sql`t.${id(field.column)}`;
  return field.type === 'string' ? sql`lower(${column}) = any(${arrayParam(values.map((v) => String(v).toLowerCase()))}::text[])` : sql`${column} = any(${arrayParam(values.map(Number))}::int[])`;
}

/** The records holding any of `values` in a unique field, whoever reaches them (an import asks which it matches), locked for update when `lock`. */
export async function rowsByUnique(db: Db, def: ResourceDef, field: ResourceField, values: readonly (string | number)[], lock = false): Promise<ResourceRow[]> {
  if (values.length === 0) return [];
  const result = await db.execute(sql`select ${selectList(def)} from ${fromTable(def)} where ${uniqueMatch(field, values)}${lock ? sql` for update of t` : sql``}`);
  return rowsOf<Record<string, unknown>>(result).map((r) => toRecord(def, r));
}

/** Which records hold any of `values` in a unique field: `{ value (lower case for a string), id }`. */
export async function uniqueHolders(db: Db, def: ResourceDef, field: ResourceField, values: readonly (string | number)[]): Promise<{ value: string; id: number }[]> {
  if (values.length === 0) return [];
  const key = field.type === 'string' ? sql`lower(t.${id(field.column)})` : sql`t.${id(field.column)}::text`;
  const result = await db.execute(sql`select ${key} as value, t.id from ${id(def.table)} t where ${uniqueMatch(field, values)}`);
  return rowsOf<{ value: string; id: number }>(result).map((r) => ({ value: r.value, id: Number(r.id) }));
}

/**
 * The records of `def` within `reach` whose title is one of `titles` (compared without regard to case) or
 * whose id is one of `ids`: how an import finds the record a reference cell names.
 */
export async function recordsByTitle(db: Db, def: ResourceDef, titles: readonly string[], ids: readonly number[], reach: Reach | undefined): Promise<{ id: number; title: string | null }[]> {
  if (titles.length === 0 && ids.length === 0) return [];
  const title = sql`t.${id(def.fields.find((f) => f.name === def.titleField)!.column)}`;
  const result = await db.execute(sql`select t.id, lower(${title}) as title from ${id(def.table)} t
    where (lower(${title}) collate "C" = any(${arrayParam(titles.map((v) => v.toLowerCase()))}::text[]) or t.id = any(${arrayParam(ids)}::int[])) and ${inReach(def, reach)}`);
  return rowsOf<{ id: number; title: string | null }>(result).map((r) => ({ id: Number(r.id), title: r.title }));
}

/* ---------- a parent's rows (`children` fields) ---------- */

/** A row of a `children` field as the calls answer it: its id and its fields. */
export type ChildRow = Record<string, unknown> & { id: number };

/** The rows of parents `parentIds` of a `children` field, each parent's in their order, with the parent's id as `parent`. */
export async function childRows(db: Db, c: ChildrenField, parentIds: readonly number[], lock = false): Promise<(ChildRow & { parent: number })[]> {
  if (parentIds.length === 0) return [];
  const columns = c.def.fields.map((f) => sql`${readColumn(f)} as ${id(f.name)}`);
  const result = await db.execute(sql`select t.id, t.${id(c.parentColumn)} as parent, ${sql.join(columns, sql`, `)} from ${id(c.def.table)} t
    where t.${id(c.parentColumn)} = any(${`{${parentIds.join(',')}}`}::int[]) order by t.${id(c.parentColumn)}, t.position, t.id${lock ? sql` for update of t` : sql``}`);
  return rowsOf<Record<string, unknown>>(result).map((row) => {
    const out: Record<string, unknown> = { id: Number(row.id), parent: Number(row.parent) };
    for (const f of c.def.fields) {
      const value = row[f.name] ?? null;
      out[f.name] = f.type === 'decimal' && value !== null ? formatDecimal(String(value), f.scale ?? 2) : value;
    }
    return out as ChildRow & { parent: number };
  });
}

/**
 * A parent's rows of a `children` field written as `rows` has them (the form's table): rows of `existing`
 * that `rows` leaves out deleted, those it names by id updated, the others inserted, each at its index as
 * its position. `rows`' ids are among `existing`'s (the caller refused the others).
 */
export async function writeChildren(db: Db, c: ChildrenField, parentId: number, rows: readonly Record<string, unknown>[], existing: readonly ChildRow[]): Promise<void> {
  const kept = new Set(rows.flatMap((r) => (typeof r.id === 'number' ? [r.id] : [])));
  const gone = existing.filter((r) => !kept.has(r.id)).map((r) => r.id);
  if (gone.length > 0) await db.execute(sql`delete from ${id(c.def.table)} where id = any(${`{${gone.join(',')}}`}::int[])`);
  const value = (f: ResourceField, row: Record<string, unknown>) => sql`${param(row[f.name] ?? (f.default !== undefined ? f.default : null))}`;
  const added: SQL[] = [];
  const before = new Map(existing.map((r, position) => [r.id, { row: r, position }]));
  for (const [position, row] of rows.entries()) {
    if (typeof row.id === 'number') {
      const was = before.get(row.id);
      // a row as it was, where it was: not written again
      if (was && was.position === position && sameChildRow(c, row, was.row)) continue;
      const sets = [...c.def.fields.map((f) => sql`${id(f.column)} = ${value(f, row)}`), sql`position = ${position}`];
      await db.execute(sql`update ${id(c.def.table)} set ${sql.join(sets, sql`, `)} where id = ${row.id}`);
    } else added.push(sql`(${sql.join([sql`${parentId}`, sql`${position}`, ...c.def.fields.map((f) => value(f, row))], sql`, `)})`);
  }
  if (added.length === 0) return;
  const columns = [id(c.parentColumn), id('position'), ...c.def.fields.map((f) => id(f.column))];
  await db.execute(sql`insert into ${id(c.def.table)} (${sql.join(columns, sql`, `)}) values ${sql.join(added, sql`, `)}`);
}

/** How many rows of a `children` field parents `parentIds` have, and which of them have any (the first REFERRED_NAMED). */
export async function childCount(db: Db, c: ChildrenField, parentIds: readonly number[]): Promise<{ count: number; ids: number[] }> {
  const result = await db.execute(sql`select t.${id(c.parentColumn)} as parent, count(*)::int as n from ${id(c.def.table)} t
    where t.${id(c.parentColumn)} = any(${`{${parentIds.join(',')}}`}::int[]) group by t.${id(c.parentColumn)} order by t.${id(c.parentColumn)}`);
  const rows = rowsOf<{ parent: number; n: number }>(result);
  return { count: rows.reduce((sum, r) => sum + Number(r.n), 0), ids: rows.slice(0, REFERRED_NAMED).map((r) => Number(r.parent)) };
}

/** A field's value of a row as the table keeps it, to compare (a decimal with its scale, an empty value as null). */
function kept(f: ResourceField, value: unknown): unknown {
  if (value === undefined || value === null) return f.default ?? null;
  return f.type === 'decimal' ? formatDecimal(String(value), f.scale ?? 2) : value;
}

/** Whether a row of a save holds the values a row of the table has (its own fields; not its id or position). */
export function sameChildRow(c: ChildrenField, row: Record<string, unknown>, existing: Record<string, unknown>): boolean {
  return c.def.fields.every((f) => kept(f, row[f.name]) === kept(f, existing[f.name]));
}
