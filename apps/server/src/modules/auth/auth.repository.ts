import { and, count, desc, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { captchas, loginAttempts, smsCodes } from '../../db/schema/auth.ts';

export async function countRecentFailures(db: Db, username: string, fingerprint: string, since: Date): Promise<{ byUser: number; byFingerprint: number; oldestUserFailure: Date | null }> {
  const [byUser] = await db
    .select({ n: count(), oldest: sql<Date | null>`min(${loginAttempts.at})` })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.username, username), eq(loginAttempts.success, false), gte(loginAttempts.at, since)));
  const [byFp] = fingerprint
    ? await db
        .select({ n: count() })
        .from(loginAttempts)
        .where(and(eq(loginAttempts.fingerprint, fingerprint), eq(loginAttempts.success, false), gte(loginAttempts.at, since)))
    : [{ n: 0 }];
  const oldest = byUser?.oldest ? new Date(byUser.oldest) : null;
  return { byUser: Number(byUser?.n ?? 0), byFingerprint: Number(byFp?.n ?? 0), oldestUserFailure: oldest };
}

export async function recordFailure(db: Db, row: { username: string; fingerprint: string; ip: string; at: Date }): Promise<void> {
  await db.insert(loginAttempts).values({ ...row, success: false });
}

/** A successful sign-in ends the adaptive captcha for that username and device (pages.md §3.2). */
export async function clearFailures(db: Db, username: string, fingerprint: string, olderThan: Date): Promise<void> {
  const who = fingerprint ? or(eq(loginAttempts.username, username), eq(loginAttempts.fingerprint, fingerprint)) : eq(loginAttempts.username, username);
  await db.delete(loginAttempts).where(or(who, lt(loginAttempts.at, olderThan)));
}

export async function insertCaptcha(db: Db, row: { id: string; answerHash: string; expiresAt: Date }, now: Date): Promise<void> {
  await db.delete(captchas).where(lt(captchas.expiresAt, now));
  await db.insert(captchas).values(row);
}

/** Deletes and returns the captcha: each one is checked at most once, right or wrong. */
export async function takeCaptcha(db: Db, id: string): Promise<{ answerHash: string; expiresAt: Date } | undefined> {
  const rows = await db.delete(captchas).where(eq(captchas.id, id)).returning({ answerHash: captchas.answerHash, expiresAt: captchas.expiresAt });
  return rows[0];
}

export async function lastSmsSentAt(db: Db, tel: string): Promise<Date | null> {
  const rows = await db.select({ sentAt: smsCodes.sentAt }).from(smsCodes).where(eq(smsCodes.tel, tel)).orderBy(desc(smsCodes.sentAt)).limit(1);
  return rows[0]?.sentAt ?? null;
}

export async function insertSmsCode(
  db: Db,
  row: { tel: string; purpose: 'login' | 'bind'; userId: number | null; codeHash: string; sentAt: Date; expiresAt: Date },
): Promise<void> {
  await db.delete(smsCodes).where(lt(smsCodes.expiresAt, new Date(row.sentAt.getTime() - 24 * 3600 * 1000)));
  await db.insert(smsCodes).values(row);
}

export async function latestSmsCode(db: Db, tel: string, purpose: 'login' | 'bind') {
  const rows = await db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.tel, tel), eq(smsCodes.purpose, purpose)))
    .orderBy(desc(smsCodes.sentAt), desc(smsCodes.id))
    .limit(1);
  return rows[0];
}

export async function bumpSmsAttempts(db: Db, id: number): Promise<void> {
  await db
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + 1` })
    .where(eq(smsCodes.id, id));
}

/** Marks the code used; false when another request used it first. */
export async function consumeSmsCode(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(smsCodes)
    .set({ consumedAt: now })
    .where(and(eq(smsCodes.id, id), isNull(smsCodes.consumedAt)))
    .returning({ id: smsCodes.id });
  return rows.length > 0;
}

/** Serialises sends for one phone number across replicas (transaction-scoped advisory lock). */
export async function lockPhone(db: Db, tel: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${tel}`}))`);
}

export async function deleteSmsCodesSentAt(db: Db, tel: string, sentAt: Date): Promise<void> {
  await db.delete(smsCodes).where(and(eq(smsCodes.tel, tel), eq(smsCodes.sentAt, sentAt)));
}
