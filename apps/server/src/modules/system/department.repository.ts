import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { departments, users, type DepartmentRow } from '../../db/schema/auth.ts';
import { rowsOf } from '../../db/client.ts';
import { scopeCondition, type Reach } from '../../lists/scope.ts';
import { accountScope } from '../../lists/scope.ts';

export type { DepartmentRow };

/** A department with what the tree shows beside it: its leader's name and its members. */
export type DepartmentWithCounts = DepartmentRow & { leaderName: string | null; memberCount: number };

/**
 * Serialises every change of the tree (create, edit, move, delete) until the transaction ends, on every
 * replica: each one then reads the tree as the one before left it. Two moves that would together make a
 * cycle cannot both pass their check (decision 031).
 */
export async function lockTree(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('atrium:department-tree'))`);
}

/** Accounts whose department it is (those of the departments below not included), disabled ones too. */
const memberCounts = sql`(select department_id, count(*)::int as n from users group by department_id)`;
const leaderName = sql<string | null>`coalesce(nullif(l.name, ''), l.username)`;

interface TreeRow {
  id: number;
  parent_id: number | null;
  name: string;
  name_en: string | null;
  code: string | null;
  leader_id: number | null;
  leader_name: string | null;
  sort_order: number;
  status: 'active' | 'disabled';
  path: string;
  depth: number;
  member_count: number;
  created_at: string | Date;
  created_by: number | null;
  updated_at: string | Date;
  updated_by: number | null;
}

const fromTreeRow = (r: TreeRow): DepartmentWithCounts => ({
  id: r.id,
  parentId: r.parent_id,
  name: r.name,
  nameEn: r.name_en,
  code: r.code,
  leaderId: r.leader_id,
  leaderName: r.leader_name,
  sortOrder: r.sort_order,
  status: r.status,
  path: r.path,
  depth: Number(r.depth),
  memberCount: Number(r.member_count),
  createdAt: new Date(r.created_at),
  createdBy: r.created_by,
  updatedAt: new Date(r.updated_at),
  updatedBy: r.updated_by,
});

/** Departments with their leader's name and member count: all of them, or the one of `id`. */
async function readWithCounts(db: Db, id?: number): Promise<DepartmentWithCounts[]> {
  const rows = rowsOf<TreeRow>(
    await db.execute(sql`
      select d.id, d.parent_id, d.name, d.name_en, d.code, d.leader_id, ${leaderName} as leader_name, d.sort_order, d.status, d.path,
        d.depth, coalesce(m.n, 0) as member_count, d.created_at, d.created_by, d.updated_at, d.updated_by
      from departments d
      left join users l on l.id = d.leader_id
      left join ${id === undefined ? memberCounts : sql`(select department_id, count(*)::int as n from users where department_id = ${id} group by department_id)`} m on m.department_id = d.id
      ${id === undefined ? sql`` : sql`where d.id = ${id}`}`),
  );
  return rows.map(fromTreeRow);
}

/** Every department (5 000 are one statement: two scans and a hash join), in no particular order. */
export function listDepartments(db: Db): Promise<DepartmentWithCounts[]> {
  return readWithCounts(db);
}

/** The departments a picker offers: those of `ids` (null: every one), active or disabled; in no particular order. */
export function departmentsAmong(db: Db, ids: ReadonlySet<number> | null): Promise<DepartmentRow[]> {
  const among = ids === null ? undefined : sql`${departments.id} = any(${`{${[...ids].join(',')}}`}::int[])`;
  return db.select().from(departments).where(among);
}

export async function findDepartmentWithCounts(db: Db, id: number): Promise<DepartmentWithCounts | undefined> {
  return (await readWithCounts(db, id))[0];
}

/** The department; `lock`: its row locked for update until the transaction ends (an edit, a move, a deletion). */
export async function findDepartment(db: Db, id: number, lock = false): Promise<DepartmentRow | undefined> {
  const query = db.select().from(departments).where(eq(departments.id, id));
  const rows = await (lock ? query.for('update') : query);
  return rows[0];
}

/** The deepest level of the department's subtree (its own when it has none below). */
export async function subtreeDepth(db: Db, path: string): Promise<number> {
  const [row] = rowsOf<{ depth: number }>(await db.execute(sql`select max(depth)::int as depth from departments where path like ${`${path}%`}`));
  return Number(row?.depth ?? 0);
}

/** Another department of the same parent has this name, in either language, without regard to case. */
export async function siblingNameTaken(db: Db, parentId: number | null, name: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: departments.id })
    .from(departments)
    .where(
      and(
        sql`coalesce(${departments.parentId}, 0) = ${parentId ?? 0}`,
        // a seeded department is shown by its English name to English readers: that name is taken too
        sql`(lower(${departments.name}) = lower(${name}) or lower(${departments.nameEn}) = lower(${name}))`,
        exceptId === undefined ? undefined : ne(departments.id, exceptId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Another department has this code, without regard to case. */
export async function codeTaken(db: Db, code: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(sql`lower(${departments.code}) = lower(${code})`, exceptId === undefined ? undefined : ne(departments.id, exceptId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Whether the account exists, is active and is within `reach` (of the accounts: one out of it is as one that
 * does not exist; left out, any account), its row locked for share (a disable of it waits for this transaction).
 */
export async function activeAccount(db: Db, id: number, reach?: Reach): Promise<boolean> {
  const [row] = await db
    .select({ status: users.status })
    .from(users)
    .where(and(eq(users.id, id), reach && scopeCondition(reach, accountScope, 'users')))
    .for('share');
  return row?.status === 'active';
}

/** What keeps a department from being deleted: its sub-departments and its members, each read in its own statement (after the row lock). */
export async function dependants(db: Db, id: number): Promise<{ children: number; members: number }> {
  const [children] = await db.select({ n: sql<number>`count(*)::int` }).from(departments).where(eq(departments.parentId, id));
  const [members] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.departmentId, id));
  return { children: Number(children?.n ?? 0), members: Number(members?.n ?? 0) };
}

type Writable = Pick<DepartmentRow, 'name' | 'nameEn' | 'code' | 'leaderId' | 'sortOrder' | 'status'>;

/** A new department under `parent`: its path is the parent's and its own id, so it is written once the id is known. */
export async function insertDepartment(db: Db, parent: Pick<DepartmentRow, 'id' | 'path' | 'depth'>, values: Writable, actorId: number, now: Date): Promise<number> {
  const [row] = await db
    .insert(departments)
    .values({ ...values, parentId: parent.id, path: parent.path, depth: parent.depth + 1, createdAt: now, createdBy: actorId, updatedAt: now, updatedBy: actorId })
    .returning({ id: departments.id });
  await db
    .update(departments)
    .set({ path: sql`${parent.path} || ${departments.id}::text || '/'` })
    .where(eq(departments.id, row!.id));
  return row!.id;
}

export async function updateDepartment(db: Db, id: number, values: Partial<Writable>, actorId: number, now: Date): Promise<void> {
  await db
    .update(departments)
    .set({ ...values, updatedAt: now, updatedBy: actorId })
    .where(eq(departments.id, id));
}

/**
 * Moves the department and everything below it under `parent`: one statement rewrites the subtree's paths
 * (the old prefix replaced by the new one) and depths. The caller holds the tree's lock and has checked
 * that `parent` is not in the subtree and that the deepest level stays within bounds.
 */
export async function moveSubtree(db: Db, moved: Pick<DepartmentRow, 'id' | 'path' | 'depth'>, parent: Pick<DepartmentRow, 'id' | 'path' | 'depth'>): Promise<void> {
  const newPath = `${parent.path}${moved.id}/`;
  const shift = parent.depth + 1 - moved.depth;
  await db.execute(sql`update departments set path = ${newPath} || substr(path, ${moved.path.length + 1}), depth = depth + ${shift}
    where path like ${`${moved.path}%`}`);
  await db.update(departments).set({ parentId: parent.id }).where(eq(departments.id, moved.id));
}

export async function deleteDepartment(db: Db, id: number): Promise<void> {
  await db.delete(departments).where(eq(departments.id, id));
}
