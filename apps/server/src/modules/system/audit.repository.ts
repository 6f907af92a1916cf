import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { AuditResult } from '@atrium/contracts/calls/system';
import type { Db } from '../../db/client.ts';
import { auditLog, type AuditRow } from '../../db/schema/auth.ts';

export type { AuditRow };

export interface AuditWhere {
  from?: Date;
  to?: Date;
  actor?: { id: number } | { name: string };
  action?: string;
  targetType?: string;
  targetId?: string;
  result?: AuditResult;
}

/** Each filter is the leading column of one of the trail's indexes, followed by (at desc, id desc). */
function auditWhere(f: AuditWhere): SQL | undefined {
  return and(
    f.from ? gte(auditLog.at, f.from) : undefined,
    f.to ? lte(auditLog.at, f.to) : undefined,
    f.actor ? ('id' in f.actor ? eq(auditLog.actorId, f.actor.id) : sql`lower(${auditLog.actorName}) = lower(${f.actor.name})`) : undefined,
    f.action ? eq(auditLog.action, f.action) : undefined,
    f.targetType ? eq(auditLog.targetType, f.targetType) : undefined,
    f.targetId ? eq(auditLog.targetId, f.targetId) : undefined,
    f.result ? eq(auditLog.result, f.result) : undefined,
  );
}

// Written as the indexes are declared (DESC NULLS LAST): PostgreSQL's plain DESC means NULLS FIRST, and
// an order that differs from the index's, even on NOT NULL columns, makes every page sort all its matches.
const newestFirst = [sql`${auditLog.at} desc nulls last`, sql`${auditLog.id} desc nulls last`];

export async function listAudit(db: Db, filter: AuditWhere, limit: number, offset: number): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(auditWhere(filter))
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
}

/**
 * The filter's entries after `after` (epoch ms; all when undefined), split at a bound the database takes
 * from its own clock: the start of the minute two minutes ago. Entries at or before the bound are settled
 * (no transaction that could still add one is running); the others are live.
 */
export async function countAuditSince(db: Db, filter: AuditWhere, after: number | undefined): Promise<{ bound: number; settled: number; live: number }> {
  const since = after === undefined ? undefined : sql`${auditLog.at} > to_timestamp(${after / 1000}::float8)`;
  const bound = sql`date_trunc('minute', clock_timestamp() - interval '2 minutes')`;
  const [row] = await db
    .select({
      bound: sql<number>`(extract(epoch from ${bound}) * 1000)::float8`,
      settled: sql<number>`count(*) filter (where ${auditLog.at} <= ${bound})::int`,
      live: sql<number>`count(*) filter (where ${auditLog.at} > ${bound})::int`,
    })
    .from(auditLog)
    .where(and(auditWhere(filter), since));
  return { bound: Number(row!.bound), settled: Number(row!.settled), live: Number(row!.live) };
}

/** Where the previous batch ended: its last entry's time exactly as stored (text, microseconds kept) and id. */
export interface AuditCursor {
  at: string;
  id: number;
}

/** The next `limit` entries of the filter after `cursor`, newest first (keyset: no offset to skip). */
export async function auditBatch(db: Db, filter: AuditWhere, cursor: AuditCursor | undefined, limit: number): Promise<{ rows: AuditRow[]; last: AuditCursor | undefined }> {
  const after = cursor ? sql`(${auditLog.at}, ${auditLog.id}) < (${cursor.at}::timestamptz, ${cursor.id})` : undefined;
  const rows = await db
    .select({ entry: auditLog, cursorAt: sql<string>`${auditLog.at}::text` })
    .from(auditLog)
    .where(and(auditWhere(filter), after))
    .orderBy(...newestFirst)
    .limit(limit);
  const tail = rows.at(-1);
  return { rows: rows.map((r) => r.entry), last: tail ? { at: tail.cursorAt, id: tail.entry.id } : undefined };
}
