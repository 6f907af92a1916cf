import { sql } from 'drizzle-orm';
import type { ResourceDef } from '@atrium/contracts/resource';
import { rowsOf, type Db } from '../../db/client.ts';
import { isoText } from '../../lists/list.repository.ts';

/**
 * A life cycle's SQL (docs/resources.md, "Life cycles"): the state column of the resource's own table,
 * the shared append-only history (`record_transitions`) and the records awaiting an approval
 * (`awaiting_approvals`), both written in the transaction of the transition (migration 0011).
 */

export interface HistoryRow {
  id: number;
  transition: string;
  from: string;
  to: string;
  actor: { id: number; name: string } | null;
  comment: string | null;
  at: string;
}

/** Moves a record to `to`: its state, version, time and author of the change. */
export async function setState(db: Db, def: ResourceDef, recordId: number, to: string, actorId: number, now: Date): Promise<void> {
  const column = sql.identifier(def.fields.find((f) => f.state)!.column);
  await db.execute(sql`update ${sql.identifier(def.table)} set ${column} = ${to}, version = version + 1, updated_at = ${now}, updated_by = ${actorId} where id = ${recordId}`);
}

export async function insertHistory(
  db: Db,
  row: { resource: string; recordId: number; transition: string; from: string; to: string; actorId: number; comment: string | null; at: Date },
): Promise<void> {
  await db.execute(sql`insert into record_transitions (resource, record_id, transition, from_state, to_state, actor_id, comment, at)
    values (${row.resource}, ${row.recordId}, ${row.transition}, ${row.from}, ${row.to}, ${row.actorId}, ${row.comment}, ${row.at})`);
}

/**
 * A record's history, newest first, at most `limit` rows (one range of the history's index, read backward),
 * from its creation on: a resource removed and generated again numbers its records from 1 again, and the
 * history of the records it had before (append-only: it stays) is not theirs.
 */
export async function historyOf(db: Db, resource: string, recordId: number, since: string, limit: number): Promise<HistoryRow[]> {
  const result = await db.execute(sql`select h.id::int as id, h.transition, h.from_state as "from", h.to_state as "to", h.actor_id as "actorId",
      coalesce(nullif(u.name, ''), u.username) as "actorName", h.comment, ${isoText(sql`h.at`)} as at
    from record_transitions h left join users u on u.id = h.actor_id
    where h.resource = ${resource} and h.record_id = ${recordId} and h.at >= ${since}::timestamptz order by h.id desc limit ${limit}`);
  return rowsOf<Omit<HistoryRow, 'actor'> & { actorId: number | null; actorName: string | null }>(result).map(({ actorId, actorName, ...row }) => ({
    ...row,
    id: Number(row.id),
    actor: actorId === null ? null : { id: actorId, name: actorName ?? '' },
  }));
}

/** Who asked for the approval each awaiting record waits for (ids of records not awaiting are absent). */
export async function requestersOf(db: Db, resource: string, recordIds: readonly number[]): Promise<Map<number, number | null>> {
  if (recordIds.length === 0) return new Map();
  const result = await db.execute(sql`select record_id as "recordId", requested_by as "requestedBy" from awaiting_approvals
    where resource = ${resource} and record_id = any(${`{${recordIds.join(',')}}`}::int[])`);
  return new Map(rowsOf<{ recordId: number; requestedBy: number | null }>(result).map((r) => [r.recordId, r.requestedBy]));
}

export interface Awaiting {
  resource: string;
  recordId: number;
  state: string;
  department: number | null;
  owner: number | null;
  requestedBy: number;
  requestedAt: Date;
}

/** The record now awaits its approvers in `state` (replacing what it awaited before). */
export async function putAwaiting(db: Db, a: Awaiting): Promise<void> {
  await db.execute(sql`insert into awaiting_approvals (resource, record_id, state, department_id, owner_id, requested_by, requested_at)
    values (${a.resource}, ${a.recordId}, ${a.state}, ${a.department}, ${a.owner}, ${a.requestedBy}, ${a.requestedAt})
    on conflict (resource, record_id) do update set state = excluded.state, department_id = excluded.department_id, owner_id = excluded.owner_id,
      requested_by = excluded.requested_by, requested_at = excluded.requested_at`);
}

/** The record awaits no one (it left the state, or was deleted). */
export async function clearAwaiting(db: Db, resource: string, recordId: number): Promise<void> {
  await db.execute(sql`delete from awaiting_approvals where resource = ${resource} and record_id = ${recordId}`);
}

/** An awaiting record moved to another department or owner: its approvers and scope follow. */
export async function moveAwaiting(db: Db, resource: string, recordId: number, department: number, owner: number): Promise<void> {
  await db.execute(sql`update awaiting_approvals set department_id = ${department}, owner_id = ${owner}
    where resource = ${resource} and record_id = ${recordId} and (department_id is distinct from ${department} or owner_id is distinct from ${owner})`);
}
