import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mfaTickets, roles, userMfa, users } from '../../db/schema/auth.ts';

/** An account's two-step material, as stored (secrets sealed: security/secret-box.ts). */
export interface TwoStepRow {
  secret: string | null;
  pendingSecret: string | null;
  lastStep: number | null;
  recoveryHashes: string[];
}

/** `lock`: held until the transaction ends (an enable, a disable or new recovery codes). */
export async function findTwoStep(db: Db, userId: number, lock = false): Promise<TwoStepRow | undefined> {
  const query = db
    .select({ secret: userMfa.secret, pendingSecret: userMfa.pendingSecret, lastStep: userMfa.lastStep, recoveryHashes: userMfa.recoveryHashes })
    .from(userMfa)
    .where(eq(userMfa.userId, userId));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** A pending secret, replacing an earlier pending one (the enabled secret, if any, stays). */
export async function putPendingSecret(db: Db, userId: number, sealed: string, now: Date): Promise<void> {
  await db
    .insert(userMfa)
    .values({ userId, pendingSecret: sealed, updatedAt: now })
    .onConflictDoUpdate({ target: userMfa.userId, set: { pendingSecret: sealed, updatedAt: now } });
}

/** Turns it on: the pending secret becomes the secret, `step` (the code just checked) the last used. */
export async function enableTwoStep(db: Db, userId: number, sealed: string, step: number, recoveryHashes: string[], now: Date): Promise<void> {
  await db.update(userMfa).set({ secret: sealed, pendingSecret: null, lastStep: step, recoveryHashes, updatedAt: now }).where(eq(userMfa.userId, userId));
  await db.update(users).set({ mfaEnabledAt: now, updatedAt: now }).where(eq(users.id, userId));
}

/** Turns it off and forgets every secret and code; true when it was on. */
export async function disableTwoStep(db: Db, userId: number, now: Date): Promise<boolean> {
  await db.delete(userMfa).where(eq(userMfa.userId, userId));
  const rows = await db
    .update(users)
    .set({ mfaEnabledAt: null, updatedAt: now })
    .where(and(eq(users.id, userId), sql`${users.mfaEnabledAt} is not null`))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function putRecoveryHashes(db: Db, userId: number, hashes: string[], now: Date): Promise<void> {
  await db.update(userMfa).set({ recoveryHashes: hashes, updatedAt: now }).where(eq(userMfa.userId, userId));
}

/**
 * Records `step` as the last one used, only when it is after the last one: one statement, so of two
 * servers checking the same code at once exactly one succeeds. False: the step was used already.
 */
export async function useStep(db: Db, userId: number, step: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(userMfa)
    .set({ lastStep: step, updatedAt: now })
    .where(and(eq(userMfa.userId, userId), or(isNull(userMfa.lastStep), lt(userMfa.lastStep, step))))
    .returning({ userId: userMfa.userId });
  return rows.length > 0;
}

/**
 * Removes one recovery code, given as its hashes in each stored form; false when it is not (or no longer)
 * there. One statement: of two uses at once, the second finds it gone.
 */
export async function useRecoveryHash(db: Db, userId: number, [hash, other]: [string, string], now: Date): Promise<boolean> {
  const rows = await db
    .update(userMfa)
    .set({ recoveryHashes: sql`array_remove(array_remove(${userMfa.recoveryHashes}, ${hash}::text), ${other}::text)`, updatedAt: now })
    .where(and(eq(userMfa.userId, userId), sql`(${hash}::text = any(${userMfa.recoveryHashes}) or ${other}::text = any(${userMfa.recoveryHashes}))`))
    .returning({ userId: userMfa.userId });
  return rows.length > 0;
}

/** Accounts holding a recovery code hash that does not start with `prefix` (the current stored form). */
export async function findUnkeyedRecoveryHashes(db: Db, prefix: string): Promise<Array<{ userId: number; recoveryHashes: string[] }>> {
  return db
    .select({ userId: userMfa.userId, recoveryHashes: userMfa.recoveryHashes })
    .from(userMfa)
    .where(sql`exists (select 1 from unnest(${userMfa.recoveryHashes}) as h where not starts_with(h, ${prefix}::text))`);
}

/** Replaces an account's recovery code hashes, only if they are still `before`; false when they changed meanwhile. */
export async function replaceRecoveryHashes(db: Db, userId: number, before: string[], after: string[], now: Date): Promise<boolean> {
  const rows = await db
    .update(userMfa)
    .set({ recoveryHashes: after, updatedAt: now })
    .where(and(eq(userMfa.userId, userId), sql`${userMfa.recoveryHashes} = ${`{${before.join(',')}}`}::text[]`))
    .returning({ userId: userMfa.userId });
  return rows.length > 0;
}

/** Whether any of these roles requires two-step verification. */
export async function rolesRequireTwoStep(db: Db, codes: string[]): Promise<boolean> {
  if (codes.length === 0) return false;
  const rows = await db
    .select({ code: roles.code })
    .from(roles)
    .where(and(sql`${roles.code} = any(${`{${codes.join(',')}}`}::text[])`, eq(roles.requireMfa, true)))
    .limit(1);
  return rows.length > 0;
}

export interface TwoStepTicketRow {
  userId: number;
  username: string;
  fingerprint: string;
  failures: number;
  expiresAt: Date;
}

export async function insertTicket(db: Db, tokenHash: string, row: TwoStepTicketRow, now: Date): Promise<void> {
  await db.delete(mfaTickets).where(lt(mfaTickets.expiresAt, now));
  await db.insert(mfaTickets).values({ tokenHash, ...row });
}

export async function findTicket(db: Db, tokenHash: string): Promise<TwoStepTicketRow | undefined> {
  const [row] = await db
    .select({ userId: mfaTickets.userId, username: mfaTickets.username, fingerprint: mfaTickets.fingerprint, failures: mfaTickets.failures, expiresAt: mfaTickets.expiresAt })
    .from(mfaTickets)
    .where(eq(mfaTickets.tokenHash, tokenHash));
  return row;
}

/** One more wrong code on the ticket; its failures now (one statement: concurrent wrong codes all count). */
export async function countTicketFailure(db: Db, tokenHash: string): Promise<number> {
  const [row] = await db
    .update(mfaTickets)
    .set({ failures: sql`${mfaTickets.failures} + 1` })
    .where(eq(mfaTickets.tokenHash, tokenHash))
    .returning({ failures: mfaTickets.failures });
  return row?.failures ?? Number.MAX_SAFE_INTEGER;
}

/** Removes the ticket; false when it was gone already (used or voided by another request). */
export async function deleteTicket(db: Db, tokenHash: string): Promise<boolean> {
  const rows = await db.delete(mfaTickets).where(eq(mfaTickets.tokenHash, tokenHash)).returning({ userId: mfaTickets.userId });
  return rows.length > 0;
}
