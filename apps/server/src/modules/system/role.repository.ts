import { asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { roleDepartmentIds } from '../../db/role-permissions.ts';
import { departments, roleDepartments, roles, users, type RoleRow as RoleTableRow } from '../../db/schema/auth.ts';

/** A role with its custom scope's departments (role_departments, sorted). */
export type RoleRow = RoleTableRow & { departmentIds: number[] };
export type RoleWithCount = RoleRow & { userCount: number };

const roleColumns = { ...getTableColumns(roles), departmentIds: roleDepartmentIds };

/** Accounts holding the role, disabled ones included. */
const holders = sql<number>`(select count(*)::int from ${users} where ${roles.code} = any(${users.roles}))`;

export function listRolesWithCounts(db: Db): Promise<RoleWithCount[]> {
  return db
    .select({ ...roleColumns, userCount: holders })
    .from(roles)
    .orderBy(asc(roles.id));
}

/** Every role's code and stored name, in creation order (built-in first). */
export function listRoleNames(db: Db): Promise<Pick<RoleRow, 'code' | 'name'>[]> {
  return db.select({ code: roles.code, name: roles.name }).from(roles).orderBy(asc(roles.id));
}

export async function findRole(db: Db, id: number): Promise<RoleWithCount | undefined> {
  const rows = await db
    .select({ ...roleColumns, userCount: holders })
    .from(roles)
    .where(eq(roles.id, id));
  return rows[0];
}

/** The role, its row locked until the transaction ends (an edit or a deletion). */
export async function lockRole(db: Db, id: number): Promise<RoleRow | undefined> {
  const rows = await db.select(roleColumns).from(roles).where(eq(roles.id, id)).for('update', { of: roles });
  return rows[0];
}

/** Accounts holding the role; read in its own statement, so it sees what committed while waiting for a lock. */
export async function holderCount(db: Db, code: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(sql`${code} = any(${users.roles})`);
  return Number(row?.n ?? 0);
}

export async function roleCodeTaken(db: Db, code: string): Promise<boolean> {
  const rows = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, code.toLowerCase())).limit(1);
  return rows.length > 0;
}

/** The roles of these codes, as they are (no lock: for an answer, not a change). */
export function rolesOf(db: Db, codes: readonly string[]): Promise<RoleRow[]> {
  if (codes.length === 0) return Promise.resolve([]);
  return db.select(roleColumns).from(roles).where(inArray(roles.code, [...codes]));
}

/**
 * The roles of these codes, locked against deletion until the transaction ends (a role deletion locks its
 * row for update, so it waits and then sees the new holder, or the assignment finds the role gone).
 */
export function shareRoles(db: Db, codes: string[]): Promise<RoleRow[]> {
  if (codes.length === 0) return Promise.resolve([]);
  return db.select(roleColumns).from(roles).where(inArray(roles.code, codes)).for('share', { of: roles });
}

type RoleValues = Pick<RoleRow, 'code' | 'name' | 'description' | 'permissions' | 'requireMfa' | 'dataScope' | 'scopes' | 'departmentIds'>;

/** A new custom role; its scope `all` unless given. */
export async function insertRole(db: Db, { departmentIds = [], ...values }: Omit<RoleValues, 'dataScope' | 'scopes' | 'departmentIds'> & Partial<RoleValues>, now: Date): Promise<RoleRow> {
  const [row] = await db
    .insert(roles)
    .values({ ...values, builtIn: false, createdAt: now, updatedAt: now })
    .returning();
  await setRoleDepartments(db, row!.id, departmentIds);
  return { ...row!, departmentIds };
}

export async function updateRole(db: Db, id: number, { departmentIds, ...values }: Partial<Omit<RoleValues, 'code'>>, now: Date): Promise<void> {
  await db
    .update(roles)
    .set({ ...values, updatedAt: now })
    .where(eq(roles.id, id));
  if (departmentIds) await setRoleDepartments(db, id, departmentIds);
}

/** A custom scope's departments, replaced whole (the role's row is locked or new: no one else writes them). */
async function setRoleDepartments(db: Db, roleId: number, departmentIds: readonly number[]): Promise<void> {
  await db.delete(roleDepartments).where(eq(roleDepartments.roleId, roleId));
  if (departmentIds.length > 0) await db.insert(roleDepartments).values(departmentIds.map((departmentId) => ({ roleId, departmentId })));
}

/**
 * How many of these departments exist, their rows locked for share: a deletion of one waits for this
 * transaction (and then removes it from the scope, by the foreign key's cascade) or this finds it gone.
 */
export async function sharedDepartmentCount(db: Db, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .select({ id: departments.id })
    .from(departments)
    .where(inArray(departments.id, [...ids]))
    .for('share');
  return rows.length;
}

/** The departments of the accounts holding the role (disabled ones included). */
export async function holderDepartments(db: Db, code: string): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: users.departmentId })
    .from(users)
    .where(sql`${code} = any(${users.roles})`);
  return rows.map((r) => r.id);
}

export async function deleteRole(db: Db, id: number): Promise<void> {
  await db.delete(roles).where(eq(roles.id, id));
}
