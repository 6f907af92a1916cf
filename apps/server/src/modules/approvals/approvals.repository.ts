import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '@atrium/contracts';
import type { ResourceDef } from '@atrium/contracts/resource';
import { rowsOf, type Db } from '../../db/client.ts';
import { isoText } from '../../lists/list.repository.ts';
import { scopeCondition, scopedBy, type Reach } from '../../lists/scope.ts';

/**
 * What awaits a caller's approval, read from `awaiting_approvals` alone (migration 0011): one branch per
 * resource and awaiting state the caller approves in, each a range of an index in the order of the answer
 * (`(resource, state, requested_at desc, record_id desc)`; a department leader's, `(department_id, ...)`),
 * merged and cut to the page; then the page's records' titles and versions, one query per resource.
 */

/** A resource's awaiting state the caller approves in: every record of it (`departments` undefined) or those of the departments given. */
export interface Branch {
  resource: string;
  state: string;
  /** A department leader's: the departments the caller leads (never empty). */
  departments?: readonly number[];
  /** The caller's data scope in the resource (undefined: not scoped). */
  reach?: Reach;
}

export interface AwaitingRow {
  resource: string;
  recordId: number;
  state: string;
  department: number | null;
  requestedBy: number | null;
  requestedByName: string | null;
  requestedAt: string;
}

function branchCondition(branch: Branch, me: number): SQL {
  const parts = [sql`a.resource = ${branch.resource}`, sql`a.state = ${branch.state}`, sql`a.requested_by is distinct from ${me}`];
  if (branch.departments) parts.push(sql`a.department_id = any(${`{${branch.departments.join(',')}}`}::int[])`);
  const scoped = branch.reach && scopeCondition(branch.reach, scopedBy(branch.resource), 'a');
  if (scoped) parts.push(scoped);
  return sql.join(parts, sql` and `);
}

const order = sql`requested_at desc, record_id desc, resource`;

/** One page of what awaits the caller, newest request first. */
export async function awaitingPage(db: Db, branches: readonly Branch[], me: number, offset: number, limit: number): Promise<AwaitingRow[]> {
  if (branches.length === 0) return [];
  // each branch reads its index in the answer's order and stops at the page's end
  const parts = branches.map((b) => sql`(select a.resource, a.record_id, a.state, a.department_id, a.requested_by, a.requested_at from awaiting_approvals a where ${branchCondition(b, me)} order by a.requested_at desc, a.record_id desc limit ${offset + limit})`);
  const result = await db.execute(sql`select w.resource, w.record_id as "recordId", w.state, w.department_id as "department", w.requested_by as "requestedBy",
      coalesce(nullif(u.name, ''), u.username) as "requestedByName", ${isoText(sql`w.requested_at`)} as "requestedAt"
    from (${sql.join(parts, sql` union all `)}) w left join users u on u.id = w.requested_by
    order by ${order} offset ${offset} limit ${limit}`);
  return rowsOf<AwaitingRow>(result);
}

/** How many records await the caller, counted up to `cap` (then `capped`). */
export async function awaitingCount(db: Db, branches: readonly Branch[], me: number, cap: number): Promise<{ count: number; capped: boolean }> {
  if (branches.length === 0) return { count: 0, capped: false };
  const parts = branches.map((b) => sql`(select 1 from awaiting_approvals a where ${branchCondition(b, me)} limit ${cap + 1})`);
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from (select 1 from (${sql.join(parts, sql` union all `)}) w limit ${cap + 1}) c`));
  const n = Number(row?.n ?? 0);
  return { count: Math.min(n, cap), capped: n > cap };
}

/** The records of a page of one resource: title, version, state, department (ids of records since gone are absent). */
export async function recordsOf(db: Db, def: ResourceDef, ids: readonly number[]): Promise<Map<number, { title: string; version: number; state: string; department: number | null; owner: number | null }>> {
  const title = def.fields.find((f) => f.name === def.titleField)!;
  const state = def.fields.find((f) => f.state)!;
  const scopeColumns = def.scoped ? sql`, department_id as "department", owner_id as "owner"` : sql`, null::int as "department", null::int as "owner"`;
  const result = await db.execute(
    sql`select id, coalesce(${sql.identifier(title.column)}, '') as title, version, ${sql.identifier(state.column)} as state${scopeColumns} from ${sql.identifier(def.table)} where id = any(${`{${ids.join(',')}}`}::int[])`,
  );
  return new Map(rowsOf<{ id: number; title: string; version: number; state: string; department: number | null; owner: number | null }>(result).map((r) => [r.id, r]));
}

/** Departments' names in the reader's language. */
export async function departmentNames(db: Db, ids: readonly number[], locale: Locale): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const name = locale === 'en-US' ? sql`coalesce(d.name_en, d.name)` : sql`d.name`;
  const result = await db.execute(sql`select d.id, ${name} as name from departments d where d.id = any(${`{${ids.join(',')}}`}::int[])`);
  return new Map(rowsOf<{ id: number; name: string }>(result).map((r) => [r.id, r.name]));
}
