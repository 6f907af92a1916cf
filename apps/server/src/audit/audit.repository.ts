import { sql, type SQL } from 'drizzle-orm';
import type { AuditResult } from '@atrium/contracts/calls/system';
import { rowsOf, type Db } from '../db/client.ts';
import type { AuditRow } from '../db/schema/auth.ts';
import { allOf, isoText, readPage, type ListSource } from '../lists/list.repository.ts';

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
function auditConditions(f: AuditWhere): SQL[] {
  const conditions: SQL[] = [];
  if (f.from) conditions.push(sql`t.at >= ${f.from.toISOString()}::timestamptz`);
  if (f.to) conditions.push(sql`t.at <= ${f.to.toISOString()}::timestamptz`);
  if (f.actor) conditions.push('id' in f.actor ? sql`t.actor_id = ${f.actor.id}` : sql`lower(t.actor_name) = lower(${f.actor.name})`);
  if (f.action) conditions.push(sql`t.action = ${f.action}`);
  if (f.targetType) conditions.push(sql`t.target_type = ${f.targetType}`);
  if (f.targetId) conditions.push(sql`t.target_id = ${f.targetId}`);
  if (f.result) conditions.push(sql`t.result = ${f.result}`);
  return conditions;
}


// Written as the indexes are declared (DESC NULLS LAST): PostgreSQL's plain DESC means NULLS FIRST, and
// an order that differs from the index's, even on NOT NULL columns, makes every page sort all its matches.
const newestFirst = sql`t.at desc nulls last, t.id desc nulls last`;

/** An entry's columns but its time, named as the record names them. */
const entryFields = sql`t.id, t.actor_id as "actorId", t.actor_name as "actorName", t.role, t.action, t.target_type as "targetType",
  t.target_id as "targetId", t.summary, t.summaries, t.changes, t.result, t.ip, t.user_agent as "userAgent", t.trace_id as "traceId"`;

/**
 * 审计日志's list through the kit's list helper, newest first. Its total is the trail's own (audit-totals.ts:
 * settled counts remembered per filter); the helper gives it only when the page settles it.
 */
const auditList: ListSource<AuditWhere> = {
  table: 'audit_log',
  // the actor's name as it was at the time, kept in the entry: no join
  reads: ['audit_log'],
  columns: sql`${entryFields}, ${isoText(sql`t.at`)} as at`,
  where: auditConditions,
  order: newestFirst,
  total: 'none',
};

/** A page of entries as the list sends them (`at`: ISO text), and its total when the page settled it. */
export async function listAudit(db: Db, filter: AuditWhere, limit: number, offset: number): Promise<{ rows: AuditListRow[]; total: number | undefined }> {
  const page = await readPage(db, auditList, filter, '', offset, limit);
  return { rows: page.rows as unknown as AuditListRow[], total: page.total };
}

export type AuditListRow = Omit<AuditRow, 'at'> & { at: string };

/**
 * The roles of `codes` that exist now, by code: each one's stored name and when it was made (an entry keeps
 * only its role's code, which a role made after another's deletion may have taken).
 */
export async function rolesByCode(db: Db, codes: readonly string[]): Promise<Map<string, { name: string; since: number }>> {
  if (codes.length === 0) return new Map();
  const rows = rowsOf<{ code: string; name: string; since: number }>(
    await db.execute(sql`select code, name, (extract(epoch from created_at) * 1000)::float8 as since from roles where code in (${sql.join(codes.map((c) => sql`${c}`), sql`, `)})`),
  );
  return new Map(rows.map((r) => [r.code, { name: r.name, since: Number(r.since) }]));
}

/**
 * The filter's entries after `after` (epoch ms; all when undefined), split at a bound the database takes
 * from its own clock: the start of the minute two minutes ago. Entries at or before the bound are settled
 * (no transaction that could still add one is running); the others are live.
 */
export async function countAuditSince(db: Db, filter: AuditWhere, after: number | undefined): Promise<{ bound: number; settled: number; live: number }> {
  const conditions = auditConditions(filter);
  if (after !== undefined) conditions.push(sql`t.at > to_timestamp(${after / 1000}::float8)`);
  const bound = sql`date_trunc('minute', clock_timestamp() - interval '2 minutes')`;
  const [row] = rowsOf<{ bound: number; settled: number; live: number }>(
    await db.execute(sql`select (extract(epoch from ${bound}) * 1000)::float8 as bound,
      count(*) filter (where t.at <= ${bound})::int as settled, count(*) filter (where t.at > ${bound})::int as live
      from audit_log t where ${allOf(conditions)}`),
  );
  return { bound: Number(row!.bound), settled: Number(row!.settled), live: Number(row!.live) };
}

/** Where the previous batch ended: its last entry's time exactly as stored (text, microseconds kept) and id. */
export interface AuditCursor {
  at: string;
  id: number;
}

/** The next `limit` entries of the filter after `cursor`, newest first (keyset: no offset to skip). */
export async function auditBatch(db: Db, filter: AuditWhere, cursor: AuditCursor | undefined, limit: number): Promise<{ rows: AuditRow[]; last: AuditCursor | undefined }> {
  const conditions = auditConditions(filter);
  if (cursor) conditions.push(sql`(t.at, t.id) < (${cursor.at}::timestamptz, ${cursor.id})`);
  const rows = rowsOf<AuditRow & { cursorAt: string }>(
    await db.execute(sql`select ${entryFields}, t.at, t.at::text as "cursorAt" from audit_log t where ${allOf(conditions)} order by ${newestFirst} limit ${limit}`),
  );
  const tail = rows.at(-1);
  return {
    rows: rows.map(({ cursorAt: _, ...row }) => ({ ...row, id: Number(row.id), at: new Date(row.at) })),
    last: tail ? { at: tail.cursorAt, id: Number(tail.id) } : undefined,
  };
}
