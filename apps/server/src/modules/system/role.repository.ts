import { asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { roles, users, type RoleRow } from '../../db/schema/auth.ts';

export type { RoleRow };
export type RoleWithCount = RoleRow & { userCount: number };

/** Accounts holding the role, disabled ones included. */
const holders = sql<number>`(select count(*)::int from ${users} where ${roles.code} = any(${users.roles}))`;

export function listRolesWithCounts(db: Db): Promise<RoleWithCount[]> {
  return db
    .select({ ...getTableColumns(roles), userCount: holders })
    .from(roles)
    .orderBy(asc(roles.id));
}

/** Every role's code and stored name, in creation order (built-in first). */
export function listRoleNames(db: Db): Promise<Pick<RoleRow, 'code' | 'name'>[]> {
  return db.select({ code: roles.code, name: roles.name }).from(roles).orderBy(asc(roles.id));
}

export async function findRole(db: Db, id: number): Promise<RoleWithCount | undefined> {
  const rows = await db
    .select({ ...getTableColumns(roles), userCount: holders })
    .from(roles)
    .where(eq(roles.id, id));
  return rows[0];
}

/** The role, its row locked until the transaction ends (an edit or a deletion). */
export async function lockRole(db: Db, id: number): Promise<RoleRow | undefined> {
  const rows = await db.select().from(roles).where(eq(roles.id, id)).for('update');
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

/**
 * The roles of these codes, locked against deletion until the transaction ends (a role deletion locks its
 * row for update, so it waits and then sees the new holder, or the assignment finds the role gone).
 */
export function shareRoles(db: Db, codes: string[]): Promise<RoleRow[]> {
  if (codes.length === 0) return Promise.resolve([]);
  return db.select().from(roles).where(inArray(roles.code, codes)).for('share');
}

export async function insertRole(db: Db, values: { code: string; name: string; description: string; permissions: string[]; requireMfa: boolean }, now: Date): Promise<RoleRow> {
  const [row] = await db
    .insert(roles)
    .values({ ...values, builtIn: false, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

export async function updateRole(db: Db, id: number, values: Partial<Pick<RoleRow, 'name' | 'description' | 'permissions' | 'requireMfa'>>, now: Date): Promise<void> {
  await db
    .update(roles)
    .set({ ...values, updatedAt: now })
    .where(eq(roles.id, id));
}

export async function deleteRole(db: Db, id: number): Promise<void> {
  await db.delete(roles).where(eq(roles.id, id));
}
