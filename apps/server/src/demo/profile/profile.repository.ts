import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { operationLogs, profileParameters } from './schema.ts';
import { users } from '../../db/schema/auth.ts';
import { defaultParameters } from './parameters.ts';

export type ProfileRow = typeof profileParameters.$inferSelect;
export type LogRow = typeof operationLogs.$inferSelect;
type NewLog = typeof operationLogs.$inferInsert;

const PROFILE_ID = 1;

/**
 * The single parameter row, locked for the rest of the transaction when `forUpdate` is set: writes to the
 * profile and its log are serialised on it. A database without demo data gets the default parameters.
 */
export async function loadProfile(db: Db, now: Date, forUpdate = false): Promise<ProfileRow> {
  const select = () => {
    const q = db.select().from(profileParameters).where(eq(profileParameters.id, PROFILE_ID));
    return forUpdate ? q.for('update') : q;
  };
  let [row] = await select();
  if (!row) {
    await db.insert(profileParameters).values({ id: PROFILE_ID, status: 'approved', current: defaultParameters, original: null, updatedAt: now }).onConflictDoNothing();
    [row] = await select();
  }
  return row!;
}

export async function saveProfile(db: Db, values: Partial<Omit<ProfileRow, 'id'>>): Promise<ProfileRow> {
  const [row] = await db.update(profileParameters).set(values).where(eq(profileParameters.id, PROFILE_ID)).returning();
  return row!;
}

/** Moves every log row still under review (status 0) to `status`; returns how many moved. */
export async function settlePendingLogs(db: Db, status: 1 | 2): Promise<number> {
  return (await db.update(operationLogs).set({ status }).where(eq(operationLogs.status, 0)).returning({ id: operationLogs.id })).length;
}

/** Change numbers count up from 100001 (called under the profile row lock, so no two submissions share one). */
export async function nextContentNumber(db: Db): Promise<string> {
  const [row] = await db.select({ max: sql<string | number | null>`max(${operationLogs.contentNumber}::bigint)` }).from(operationLogs);
  return String(Math.max(Number(row?.max ?? 0), 100_000) + 1);
}

export async function insertLog(db: Db, values: NewLog): Promise<void> {
  await db.insert(operationLogs).values(values);
}

export async function pageLogs(db: Db, offset: number, limit: number): Promise<{ rows: LogRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db.select().from(operationLogs).orderBy(desc(operationLogs.createdAt), desc(operationLogs.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(operationLogs),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** How the console shows a person: the display name, else the username ('' when the account is gone). */
export async function displayName(db: Db, userId: number): Promise<string> {
  const [row] = await db.select({ name: users.name, username: users.username }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.name || row?.username || '';
}
