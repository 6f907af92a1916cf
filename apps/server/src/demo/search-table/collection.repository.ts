import { randomInt } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Locale } from '@atrium/contracts';
import type { ContentType, FilterType, CollectionFilter, CollectionForm, CollectionLabels, CollectionPatch, CollectionStatus } from '@atrium/contracts/demo/search-table/calls';
import { rowsOf, type Db } from '../../db/client.ts';
import { departments, users } from '../../db/schema/auth.ts';
import { collections } from './schema.ts';
import { isoText, readPage, type ListSource } from '../../lists/list.repository.ts';
import { scopeCondition, scopedBy, type Reach } from '../../lists/scope.ts';
import { departmentName, inSubtreeOf } from '../../modules/shared/departments.repository.ts';
import { nextDay, startOfDay } from '../../modules/shared/zoned-time.ts';

export type CollectionRow = typeof collections.$inferSelect;

/** Collections are the `collection` resource of the data scope (issue 39): their department_id and owner_id. */
export const collectionScope = scopedBy('collection');

/** The rows of `collections` (unaliased, as drizzle's queries name it) that `reach` reaches. */
const reached = (reach: Reach) => scopeCondition(reach, collectionScope, 'collections');

/** LIKE metacharacters in user text match themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The conditions of the search table's applied filters over `collections t` (the list's and the export's).
 * Each one is served by an index: the number's prefix by text_pattern_ops, the names' substrings by
 * trigrams (migration 0006), the rest by the (…, created_time desc, id) indexes.
 */
export function filterConditions(filter: CollectionFilter, timeZone: string): SQL[] {
  const conditions: SQL[] = [];
  if (filter.number) conditions.push(sql`t.number like ${`${escapeLike(filter.number)}%`}`);
  // Either name of a seeded collection finds it, whatever the reader's language.
  if (filter.name) {
    const pattern = `%${escapeLike(filter.name)}%`;
    conditions.push(sql`(lower(t.name) like lower(${pattern}) or lower(t.name_en) like lower(${pattern}))`);
  }
  if (filter.contentType) conditions.push(sql`t.content_type = ${filter.contentType}`);
  if (filter.filterType) conditions.push(sql`t.filter_type = ${filter.filterType}`);
  if (filter.status) conditions.push(sql`t.status = ${filter.status}`);
  if (filter.createdTime) {
    // Inclusive days in the server's zone: [start of the first day, start of the day after the last).
    // Either end may be open.
    const [start, end] = filter.createdTime;
    if (start) conditions.push(sql`t.created_time >= ${startOfDay(start, timeZone).toISOString()}::timestamptz`);
    if (end) conditions.push(sql`t.created_time < ${startOfDay(nextDay(end), timeZone).toISOString()}::timestamptz`);
  }
  if (filter.department !== undefined) conditions.push(inSubtreeOf(sql`t.department_id`, filter.department));
  if (filter.owner !== undefined) conditions.push(sql`t.owner_id = ${filter.owner}`);
  return conditions;
}

/** The key of a filter's remembered total: what filterConditions() reads, with the zone that turns days into instants. */
export function filterKey(filter: CollectionFilter, timeZone: string): string {
  const { number, name, contentType, filterType, status, createdTime, department, owner } = filter;
  return JSON.stringify([timeZone, number, name, contentType, filterType, status, createdTime, department, owner]);
}

/** A collection as a list page shows it (both names: the reader's language picks one). */
export interface CollectionListRow {
  id: number;
  number: string;
  name: string;
  nameEn: string | null;
  contentType: ContentType;
  filterType: FilterType;
  count: number;
  status: CollectionStatus;
  /** ISO 8601, UTC, milliseconds. */
  createdTime: string;
  departmentId: number;
  ownerId: number;
}

/**
 * Every table a page of the search table reads (ListSource.reads): the collections, and the departments and
 * accounts whose names its labels show (and whose tree a department filter reads).
 */
export const collectionReads = ['collections', 'departments', 'users'] as const;

/**
 * The search table through the kit's list helper: newest first, then id (the one order of the list and
 * the export, read from the (created_time desc, id) index); exact totals (the seed's "共 N 条"), remembered
 * per filter at the table's generation, so a repeated filter reads its page alone.
 */
const collectionList = (timeZone: string): ListSource<CollectionFilter> => ({
  table: 'collections',
  reads: collectionReads,
  columns: sql`t.id, t.number, t.name, t.name_en as "nameEn", t.content_type as "contentType", t.filter_type as "filterType", t.count, t.status,
    ${isoText(sql`t.created_time`)} as "createdTime", t.department_id as "departmentId", t.owner_id as "ownerId"`,
  scope: collectionScope,
  where: (filter) => filterConditions(filter, timeZone),
  order: sql`t.created_time desc, t.id asc`,
  total: 'exact',
  remembered: true,
});

/** One page of the filter within the caller's reach, and its exact total. */
export async function listCollections(db: Db, filter: CollectionFilter, timeZone: string, offset: number, limit: number, reach: Reach): Promise<{ rows: CollectionListRow[]; total: number }> {
  const page = await readPage(db, collectionList(timeZone), filter, filterKey(filter, timeZone), offset, limit, reach);
  return { rows: page.rows as unknown as CollectionListRow[], total: page.total! };
}

/** The collection, if the reach reaches it: one out of reach is not found, exactly as one that does not exist. */
export async function findCollection(db: Db, id: number, reach: Reach): Promise<CollectionRow | undefined> {
  const rows = await db
    .select()
    .from(collections)
    .where(and(eq(collections.id, id), reached(reach)))
    .limit(1);
  return rows[0];
}

/** The names of the departments and owners of these rows, in the reader's language (an answer's `labels`). */
export async function collectionLabels(db: Db, rows: readonly { departmentId: number; ownerId: number }[], locale: Locale): Promise<CollectionLabels> {
  const labels: CollectionLabels = { department: {}, owner: {} };
  if (rows.length === 0) return labels;
  const departmentIds = [...new Set(rows.map((r) => r.departmentId))];
  const ownerIds = [...new Set(rows.map((r) => r.ownerId))];
  const [named, owners] = await Promise.all([
    db.select({ id: departments.id, name: departments.name, nameEn: departments.nameEn }).from(departments).where(inArray(departments.id, departmentIds)),
    db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ownerIds)),
  ]);
  for (const row of named) labels.department[row.id] = departmentName(row, locale);
  for (const row of owners) labels.owner[row.id] = row.name;
  return labels;
}

const randomNumber = () => String(randomInt(10_000_000, 100_000_000));

/**
 * Inserts collections with fresh unique 8-digit numbers. A number that collides with an existing one is
 * skipped by ON CONFLICT and drawn again, so concurrent writers never fail on the unique index.
 */
export async function insertCollections(db: Db, forms: (CollectionForm & { departmentId: number; ownerId: number })[], now: Date): Promise<CollectionRow[]> {
  const inserted: CollectionRow[] = [];
  let pending = forms.map((form, index) => ({ form, index }));
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt >= 8) throw new Error('could not draw unique collection numbers');
    const used = new Set<string>();
    const drafts = pending.map((p) => {
      let number: string;
      do number = randomNumber();
      while (used.has(number));
      used.add(number);
      return { ...p, number };
    });
    const done = new Set<string>();
    for (let i = 0; i < drafts.length; i += 1000) {
      const chunk = drafts.slice(i, i + 1000);
      const rows = await db
        .insert(collections)
        .values(chunk.map((d) => ({ ...d.form, number: d.number, createdTime: now, updatedAt: now })))
        .onConflictDoNothing({ target: collections.number })
        .returning();
      for (const row of rows) {
        done.add(row.number);
        inserted.push(row);
      }
    }
    pending = drafts.filter((d) => !done.has(d.number)).map(({ form, index }) => ({ form, index }));
  }
  // Same created time for the whole batch: the id keeps the file's order in the list.
  return inserted.sort((a, b) => a.id - b.id);
}

/**
 * A form saved with the name as its reader saw it (either name of a seeded collection) keeps the names;
 * any other name replaces both, so the English name never outlives a rename.
 */
function namePatch(before: CollectionRow, patch: CollectionValues): CollectionValues & { nameEn?: null } {
  const { name, ...rest } = patch;
  if (name === undefined || name === before.name || name === before.nameEn) return rest;
  return { ...rest, name, nameEn: null };
}

/** A patch's form fields with the department and owner as the table names them. */
export type CollectionValues = Omit<CollectionPatch, 'department' | 'owner'> & { departmentId?: number; ownerId?: number };

/**
 * The row within `reach`, locked until the transaction ends (undefined: no such collection, or one out of
 * reach), so the "before" the trail keeps is the row the update replaces.
 */
export async function lockCollection(db: Db, id: number, reach: Reach): Promise<CollectionRow | undefined> {
  const [row] = await db
    .select()
    .from(collections)
    .where(and(eq(collections.id, id), reached(reach)))
    .for('update');
  return row;
}

/** The row before (locked by lockCollection) and after the patch. In the caller's transaction. */
export async function updateCollection(db: Db, before: CollectionRow, patch: CollectionValues, now: Date): Promise<{ before: CollectionRow; after: CollectionRow } | undefined> {
  const id = before.id;
  const [after] = await db
    .update(collections)
    .set({ ...namePatch(before, patch), updatedAt: now })
    .where(eq(collections.id, id))
    .returning();
  return after ? { before, after } : undefined;
}

/** The deleted row (undefined: no such collection, or one out of reach). */
export async function deleteCollection(db: Db, id: number, reach: Reach): Promise<CollectionRow | undefined> {
  const [row] = await db
    .delete(collections)
    .where(and(eq(collections.id, id), reached(reach)))
    .returning();
  return row;
}

export interface ExportCursor {
  createdTime: string;
  id: number;
}
export interface ExportChunk {
  /** The batch's CSV lines (CRLF-terminated), ready to send. */
  text: string;
  rows: number;
  /** Where the next batch starts; undefined for an empty batch. */
  last: ExportCursor | undefined;
}
export interface ExportLabels {
  contentType: Record<string, string>;
  filterType: Record<string, string>;
  status: Record<string, string>;
}

/** A CSV field built by the database: the formula guard and RFC 4180 quoting of csvField(). */
function csvText(column: SQL): SQL {
  const guarded = sql`(case when left(${column}, 1) in ('=', '+', '-', '@', chr(9), chr(13)) then chr(39) || ${column} else ${column} end)`;
  return sql`(case when ${column} ~ ('[",' || chr(10) || chr(13) || ']') then '"' || replace(${guarded}, '"', '""') || '"' else ${guarded} end)`;
}

const labelCase = (column: SQL, labels: Record<string, string>) =>
  sql`(case ${column} ${sql.join(
    Object.entries(labels).map(([key, label]) => sql`when ${key} then ${label}`),
    sql` `,
  )} else ${column} end)`;

/**
 * One batch of the export in list order after `cursor` (keyset pagination): each query starts where the
 * previous one stopped on the (created_time desc, id) index, so the cost per batch stays constant however
 * many rows there are. Each line ends with the collection's department and owner by name; `filter` holds
 * the caller's reach, so no row out of it is read. The database formats the batch into CSV text (one
 * string per batch), so the server allocates next to nothing per row and its memory stays flat while
 * millions of rows stream.
 */
export async function exportBatch(
  db: Db,
  filter: SQL[],
  timeZone: string,
  locale: Locale,
  labels: ExportLabels,
  cursor: ExportCursor | undefined,
  limit: number,
): Promise<ExportChunk> {
  const conditions = [...filter];
  if (cursor) conditions.push(sql`t.created_time <= ${cursor.createdTime}::timestamptz and (t.created_time < ${cursor.createdTime}::timestamptz or t.id > ${cursor.id})`);
  const line = sql.join(
    [
      sql`t.number`,
      csvText(locale === 'en-US' ? sql`coalesce(t.name_en, t.name)` : sql`t.name`),
      labelCase(sql`t.content_type`, labels.contentType),
      labelCase(sql`t.filter_type`, labels.filterType),
      sql`t.count::text`,
      sql`to_char(t.created_time at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`,
      labelCase(sql`t.status`, labels.status),
      // the department and the owner by name, as the page's labels and the kit's export name them
      csvText(sql`coalesce(${locale === 'en-US' ? sql`coalesce(d.name_en, d.name)` : sql`d.name`}, '')`),
      csvText(sql`coalesce(nullif(u.name, ''), u.username, '')`),
    ],
    sql` || ',' || `,
  );
  const result = await db.execute(sql`
    with batch as (
      select t.id as id, t.created_time as created_time, ${line} || chr(13) || chr(10) as line
      from collections t
      left join departments d on d.id = t.department_id
      left join users u on u.id = t.owner_id
      ${conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``}
      order by t.created_time desc, t.id
      limit ${limit}
    ), tail as (
      select id, created_time::text as cursor from batch order by created_time asc, id desc limit 1
    )
    select (select string_agg(line, '' order by created_time desc, id) from batch) as text,
           (select count(*)::int from batch) as rows,
           (select cursor from tail) as cursor,
           (select id from tail) as last_id`);
  const row = rowsOf<{ text: string | null; rows: number; cursor: string | null; last_id: number | null }>(result)[0];
  return {
    text: row?.text ?? '',
    rows: Number(row?.rows ?? 0),
    last: row?.cursor && row.last_id !== null ? { createdTime: row.cursor, id: Number(row.last_id) } : undefined,
  };
}
