import { and, eq, ne, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { roles, userPreferences, users, type RoleRow, type UserRow } from '../../db/schema/auth.ts';

export type { UserRow };

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  // Kept as given, found without regard to case (the unique index is on lower(username)).
  const rows = await db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`).limit(1);
  return rows[0];
}

export async function findUserByPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
  return rows[0];
}

export async function phoneTakenByOther(db: Db, phone: string, userId: number): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(and(eq(users.phone, phone), ne(users.id, userId))).limit(1);
  return rows.length > 0;
}

export async function updateUser(db: Db, id: number, values: Partial<Omit<UserRow, 'id'>>): Promise<void> {
  await db.update(users).set({ ...values, updatedAt: sql`now()` }).where(eq(users.id, id));
}

/**
 * Changes an account and answers the row before and after (undefined: no such account), the row locked
 * between the two reads; for the trail of a write the account makes to itself.
 */
export async function changeUser(db: Db, id: number, values: Partial<Omit<UserRow, 'id'>>): Promise<{ before: UserRow; after: UserRow } | undefined> {
  const [before] = await db.select().from(users).where(eq(users.id, id)).for('update');
  if (!before) return undefined;
  const [after] = await db.update(users).set({ ...values, updatedAt: sql`now()` }).where(eq(users.id, id)).returning();
  return after ? { before, after } : undefined;
}

export async function getPreferences(db: Db, userId: number): Promise<Record<string, unknown>> {
  const rows = await db.select({ data: userPreferences.data }).from(userPreferences).where(eq(userPreferences.userId, userId)).limit(1);
  return rows[0]?.data ?? {};
}

/**
 * Serialises the saves of one account's preferences until the caller's transaction ends: each save reads,
 * merges and writes the whole record, so two at once (a density and a column change a moment apart)
 * would otherwise each write back what the other replaced.
 */
export async function lockPreferences(db: Db, userId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('atrium-preferences'), ${userId}::int)`);
}

export async function putPreferences(db: Db, userId: number, data: Record<string, unknown>, now: Date): Promise<void> {
  await db
    .insert(userPreferences)
    .values({ userId, data, updatedAt: now })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { data, updatedAt: now } });
}

/** Every role's code, stored name, permissions and two-step rule (the menu lists which roles open each page). */
export async function listRoles(db: Db): Promise<Pick<RoleRow, 'code' | 'name' | 'permissions' | 'requireMfa'>[]> {
  return db.select({ code: roles.code, name: roles.name, permissions: roles.permissions, requireMfa: roles.requireMfa }).from(roles).orderBy(roles.id);
}

/**
 * The next public account number, as the create-admin CLI gives it (highest id + 10001). Account creations
 * are serialised on an advisory lock until their transaction ends, so two at once never draw the same.
 */
export async function nextAccountNumber(db: Db): Promise<string> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('atrium:account-number'))`);
  const [row] = rowsOf<{ n: number | string }>(await db.execute(sql`select coalesce(max(id), 0) + 10001 as n from ${users}`));
  return String(row?.n ?? 10001);
}
