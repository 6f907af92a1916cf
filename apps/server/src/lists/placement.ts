import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.ts';
import { AppError, fieldError } from '../http/errors.ts';
import type { Reach } from './scope.ts';

// Where a write puts a scoped record (issue 39, data-scope.md §4): its department and owner must stay within
// the writer's reach, or the write is refused with 403 OUT_OF_SCOPE and nothing is written. The same rule
// serves every scoped record (the collections, the accounts' departments), so it is written here once.

/** The writer as its request knows it (sessions/data-scope.ts `RequestScope` is one). */
export interface Writer {
  userId: number;
  departmentId: number;
}

/** What a write sets: each part given is checked; one left out is not (an update that keeps it). */
export interface Placement {
  department?: number;
  owner?: number;
}

/** The fields a refusal names, and the messages of a department or an owner that does not exist or is disabled. */
export interface PlacementFields {
  department: { path: string; message: string };
  owner?: { path: string; message: string };
}

/**
 * Whether a record in `departmentId` owned by `ownerId` is one the reach reaches: `all` every record; `own`
 * only the writer's own records, which it may keep in its own department; the department scopes those of
 * their departments.
 */
function departmentAllowed(reach: Reach, writer: Writer, departmentId: number): boolean {
  if (reach.ownerId !== null) return departmentId === writer.departmentId;
  return reach.departmentIds === null || reach.departmentIds.has(departmentId);
}

/**
 * Refuses a placement outside the writer's reach (403 OUT_OF_SCOPE), then one naming a department or an owner
 * that does not exist or is disabled (400 on that field). The department's row is locked for share, so a
 * disable or delete of it waits for the write (decision 031); an owner must be an active account whose
 * department the writer reaches (or the writer itself, under `own`).
 */
export async function assertPlacement(db: Db, reach: Reach, writer: Writer, to: Placement, fields: PlacementFields): Promise<void> {
  if (to.department !== undefined) {
    if (!departmentAllowed(reach, writer, to.department)) throw new AppError('OUT_OF_SCOPE');
    const [row] = rowsOf<{ status: string }>(await db.execute(sql`select status from departments where id = ${to.department} for share`));
    if (row?.status !== 'active') throw fieldError(fields.department.path, fields.department.message);
  }
  if (to.owner !== undefined && fields.owner) {
    const [row] = rowsOf<{ department_id: number; status: string }>(await db.execute(sql`select department_id, status from users where id = ${to.owner}`));
    if (row?.status !== 'active') throw fieldError(fields.owner.path, fields.owner.message);
    const allowed = reach.ownerId !== null ? to.owner === writer.userId : reach.departmentIds === null || reach.departmentIds.has(Number(row.department_id));
    if (!allowed) throw new AppError('OUT_OF_SCOPE');
  }
}
