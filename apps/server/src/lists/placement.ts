import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import type { Reach } from './scope.ts';

// Where a write puts a scoped record (issue 39, data-scope.md §4): its department and owner must stay within
// the writer's reach, or the write is refused with 403 OUT_OF_SCOPE and nothing is written. One rule for
// every scoped record — the kit's resources, the collections, the accounts' departments — written here once
// (decision 038).

/** The writer as its request knows it (sessions/data-scope.ts `RequestScope` is one). */
export interface Writer {
  userId: number;
  departmentId: number;
}

/** Where a record sits: the department it belongs to and the account responsible for it. */
export interface Placement {
  department: number;
  owner: number;
}

/** The field a refusal names, and the message of a department or an owner that does not exist or is disabled. */
interface PlacementField {
  path: string;
  message: string;
}
export interface PlacementFields {
  department: PlacementField;
  owner: PlacementField;
}

/** The kit's names: a scoped record's system fields (docs/resources.md, "Scoped records"). */
const KIT_FIELDS: PlacementFields = {
  department: { path: 'department', message: 'validation.noSuchDepartment' },
  owner: { path: 'owner', message: 'validation.noSuchOwner' },
};

const outOfScope = (field: PlacementField) => new AppError('OUT_OF_SCOPE', { details: { field: field.path } });

/**
 * Whether the writer's reach holds a department: every one under `all`, those reached otherwise, and under
 * `own` (which reaches records by owner) the writer's own department, where its records go.
 */
export function holdsDepartment(reach: Reach, writer: Writer, departmentId: number): boolean {
  if (reach.ownerId !== null) return departmentId === writer.departmentId;
  return reach.departmentIds === null || reach.departmentIds.has(departmentId);
}

/**
 * Where a create (`before` null) or an update puts a record, refused unless the writer may put it there: the
 * department given, else the one it has, else the writer's; the owner given, else the one it has, else the
 * writer. Only what changes is asked: a record its writer reaches stays editable where it is.
 *
 * 1. Within the writer's reach, else 403 OUT_OF_SCOPE naming the field (`details.field`): a department the
 *    reach holds (`own` reaches records by owner: the writer's own department, where an `own` writer's
 *    records go); an owner who is the writer (a writer may always own what they write, whatever a `custom`
 *    scope leaves out) or, but under `own`, an account of a department the reach holds.
 *    Asked first, so an id beyond the reach answers the same whether it exists or not: the writer learns
 *    nothing of the organisation outside it.
 * 2. Then an active department (its row locked for share, so a disable or a delete of it waits for this
 *    write, decision 031) and an active account, else 400 on each field that is not.
 */
export async function placeRecord(
  db: Db,
  reach: Reach,
  writer: Writer,
  given: Partial<Placement>,
  before: Placement | null,
  fields: Partial<PlacementFields> = {},
): Promise<Placement> {
  const names = { ...KIT_FIELDS, ...fields };
  const placed = { department: given.department ?? before?.department ?? writer.departmentId, owner: given.owner ?? before?.owner ?? writer.userId };
  const newDepartment = placed.department !== before?.department;
  // the writer needs no asking: always theirs to name, and signed in, so active
  const newOwner = placed.owner !== before?.owner && placed.owner !== writer.userId;
  const own = reach.ownerId !== null;
  if (newDepartment && !holdsDepartment(reach, writer, placed.department)) throw outOfScope(names.department);
  let account: { department_id: number; status: string } | undefined;
  if (newOwner) {
    if (own) throw outOfScope(names.owner);
    [account] = rowsOf<{ department_id: number; status: string }>(await db.execute(sql`select department_id, status from users where id = ${placed.owner}`));
    if (reach.departmentIds !== null && !(account && reach.departmentIds.has(Number(account.department_id)))) throw outOfScope(names.owner);
  }

  const problems: PlacementField[] = [];
  if (newDepartment) {
    const [row] = rowsOf<{ status: string }>(await db.execute(sql`select status from departments where id = ${placed.department} for share`));
    if (row?.status !== 'active') problems.push(names.department);
  }
  if (newOwner && account?.status !== 'active') problems.push(names.owner);
  if (problems.length > 0) throw new AppError('VALIDATION_FAILED', { details: problems });
  return placed;
}
