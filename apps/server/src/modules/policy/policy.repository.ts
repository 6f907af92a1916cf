import { randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, getTableColumns, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { PolicyFilter, PolicyForm, PolicyPatch } from '@atrium/contracts/calls/policy';
import { rowsOf, type Db } from '../../db/client.ts';
import { generationOf } from '../../db/list-generations.ts';
import { policies } from '../../db/schema/content.ts';
import { totalCacheFor } from '../shared/total-cache.ts';
import { nextDay, startOfDay } from '../shared/zoned-time.ts';

export type PolicyRow = typeof policies.$inferSelect;

/** LIKE metacharacters in user text match themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The WHERE clause of the applied filters (pages.md §5.3, §17.2). */
export function filterWhere(filter: PolicyFilter, timeZone: string): SQL | undefined {
  const parts: SQL[] = [];
  // Prefix match: served by the text_pattern_ops index on number.
  if (filter.number) parts.push(sql`${policies.number} like ${`${escapeLike(filter.number)}%`}`);
  // Case-insensitive substring.
  if (filter.name) parts.push(sql`lower(${policies.name}) like lower(${`%${escapeLike(filter.name)}%`})`);
  if (filter.contentType) parts.push(eq(policies.contentType, filter.contentType));
  if (filter.filterType) parts.push(eq(policies.filterType, filter.filterType));
  if (filter.status) parts.push(eq(policies.status, filter.status));
  if (filter.createdTime) {
    const [start, end] = filter.createdTime;
    parts.push(gte(policies.createdTime, startOfDay(start, timeZone)), lt(policies.createdTime, startOfDay(nextDay(end), timeZone)));
  }
  return parts.length > 0 ? and(...parts) : undefined;
}

/** Newest first, then id: the one order of the list and the export (indexed). */
const listOrder = [desc(policies.createdTime), asc(policies.id)] as const;

/** The cache key of a filter: what filterWhere() reads, with the zone that turns days into instants. */
export function filterKey(filter: PolicyFilter, timeZone: string): string {
  const { number, name, contentType, filterType, status, createdTime } = filter;
  return JSON.stringify([timeZone, number, name, contentType, filterType, status, createdTime]);
}

const policyColumns = getTableColumns(policies);
const policiesGeneration = generationOf('policies');

async function countPolicies(db: Db, where: SQL | undefined): Promise<{ total: number; generation: string | null }> {
  // One statement: the count and the generation it belongs to come from one snapshot.
  const [row] = await db.select({ n: count(), generation: policiesGeneration }).from(policies).where(where);
  return { total: Number(row?.n ?? 0), generation: row?.generation ?? null };
}

/**
 * One page and the filter's exact total. The page query also reads the table's write generation; the
 * total comes from the per-filter cache when it was counted at that generation, so a repeated filter costs
 * one indexed page read instead of a count over every matching row (~13 ms at 100k rows, ~500 ms at 1M).
 * A filter not seen before is counted beside the page; a moved generation counts again.
 */
export async function listPolicies(
  db: Db,
  key: string,
  where: SQL | undefined,
  offset: number,
  limit: number,
): Promise<{ rows: PolicyRow[]; total: number }> {
  const cache = totalCacheFor(db, 'policies');
  const page = db.select({ ...policyColumns, generation: policiesGeneration }).from(policies).where(where).orderBy(...listOrder).limit(limit).offset(offset);
  if (!cache.has(key)) {
    const [rows, counted] = await Promise.all([page, countPolicies(db, where)]);
    cache.set(key, counted.generation, counted.total);
    return { rows, total: counted.total };
  }
  const rows = await page;
  // An empty first page is an exact total of 0; an empty later page has no generation to check.
  if (rows.length === 0 && offset === 0) return { rows, total: 0 };
  const cached = rows.length > 0 ? cache.get(key, rows[0]!.generation) : undefined;
  if (cached !== undefined) return { rows, total: cached };
  const counted = await countPolicies(db, where);
  cache.set(key, counted.generation, counted.total);
  return { rows, total: counted.total };
}

export async function findPolicy(db: Db, id: number): Promise<PolicyRow | undefined> {
  const rows = await db.select().from(policies).where(eq(policies.id, id)).limit(1);
  return rows[0];
}

const randomNumber = () => String(randomInt(10_000_000, 100_000_000));

/**
 * Inserts collections with fresh unique 8-digit numbers. A number that collides with an existing one is
 * skipped by ON CONFLICT and drawn again, so concurrent writers never fail on the unique index.
 */
export async function insertPolicies(db: Db, forms: PolicyForm[], now: Date): Promise<PolicyRow[]> {
  const inserted: PolicyRow[] = [];
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
        .insert(policies)
        .values(chunk.map((d) => ({ ...d.form, number: d.number, createdTime: now, updatedAt: now })))
        .onConflictDoNothing({ target: policies.number })
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

export async function updatePolicy(db: Db, id: number, patch: PolicyPatch, now: Date): Promise<PolicyRow | undefined> {
  const [row] = await db
    .update(policies)
    .set({ ...patch, updatedAt: now })
    .where(eq(policies.id, id))
    .returning();
  return row;
}

export async function deletePolicy(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(policies).where(eq(policies.id, id)).returning({ id: policies.id });
  return rows.length > 0;
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
 * many rows there are. The database formats the batch into CSV text (one string per batch), so the
 * server allocates next to nothing per row and its memory stays flat while millions of rows stream.
 */
export async function exportBatch(
  db: Db,
  where: SQL | undefined,
  timeZone: string,
  labels: ExportLabels,
  cursor: ExportCursor | undefined,
  limit: number,
): Promise<ExportChunk> {
  const after = cursor
    ? sql`${policies.createdTime} <= ${cursor.createdTime}::timestamptz and (${policies.createdTime} < ${cursor.createdTime}::timestamptz or ${policies.id} > ${cursor.id})`
    : undefined;
  const conditions = and(where, after);
  const line = sql.join(
    [
      sql`${policies.number}`,
      csvText(sql`${policies.name}`),
      labelCase(sql`${policies.contentType}`, labels.contentType),
      labelCase(sql`${policies.filterType}`, labels.filterType),
      sql`${policies.count}::text`,
      sql`to_char(${policies.createdTime} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`,
      labelCase(sql`${policies.status}`, labels.status),
    ],
    sql` || ',' || `,
  );
  const result = await db.execute(sql`
    with batch as (
      select ${policies.id} as id, ${policies.createdTime} as created_time, ${line} || chr(13) || chr(10) as line
      from ${policies}
      ${conditions ? sql`where ${conditions}` : sql``}
      order by ${policies.createdTime} desc, ${policies.id}
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
