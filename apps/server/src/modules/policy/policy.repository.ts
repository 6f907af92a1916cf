import { randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { PolicyFilter, PolicyForm, PolicyPatch } from '@atrium/contracts/calls/policy';
import type { Db } from '../../db/client.ts';
import { policies } from '../../db/schema/content.ts';
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

export async function listPolicies(db: Db, where: SQL | undefined, offset: number, limit: number): Promise<{ rows: PolicyRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db.select().from(policies).where(where).orderBy(...listOrder).limit(limit).offset(offset),
    db.select({ n: count() }).from(policies).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
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


export interface ExportRow {
  id: number;
  number: string;
  name: string;
  contentType: PolicyRow['contentType'];
  filterType: PolicyRow['filterType'];
  count: number;
  status: PolicyRow['status'];
  /** `YYYY-MM-DD HH:mm:ss` in the configured time zone, formatted by the database. */
  created: string;
  /** The exact created_time as text (microseconds and offset): the keyset cursor. */
  cursor: string;
}
export interface ExportCursor {
  createdTime: string;
  id: number;
}

/**
 * One batch of the export in list order after `cursor` (keyset pagination): each query starts where the
 * previous one stopped on the (created_time desc, id) index, so memory and cost per batch stay constant
 * however many rows there are.
 */
export function exportBatch(db: Db, where: SQL | undefined, timeZone: string, cursor: ExportCursor | undefined, limit: number): Promise<ExportRow[]> {
  const after = cursor
    ? sql`${policies.createdTime} <= ${cursor.createdTime}::timestamptz and (${policies.createdTime} < ${cursor.createdTime}::timestamptz or ${policies.id} > ${cursor.id})`
    : undefined;
  return db
    .select({
      id: policies.id,
      number: policies.number,
      name: policies.name,
      contentType: policies.contentType,
      filterType: policies.filterType,
      count: policies.count,
      status: policies.status,
      created: sql<string>`to_char(${policies.createdTime} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`,
      cursor: sql<string>`${policies.createdTime}::text`,
    })
    .from(policies)
    .where(and(where, after))
    .orderBy(...listOrder)
    .limit(limit);
}
