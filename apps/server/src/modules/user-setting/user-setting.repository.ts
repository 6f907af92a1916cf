import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { CertificationApply } from '@atrium/contracts/calls/user-setting';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { certifications } from '../../db/schema/content.ts';

export type CertificationRow = typeof certifications.$inferSelect;

export async function emailTakenByOther(db: Db, email: string, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, userId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Sets the user's avatar and returns the one it replaced. The row is locked while it is read, so of two
 * uploads at once each learns the avatar the other replaced and no replaced file is left behind.
 */
export function replaceAvatar(db: Db, userId: number, avatar: string): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const rows = await tx.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId)).for('update');
    await tx.update(users).set({ avatar, updatedAt: sql`now()` }).where(eq(users.id, userId));
    return rows[0]?.avatar;
  });
}

export function certificationsOf(db: Db, userId: number): Promise<CertificationRow[]> {
  return db.select().from(certifications).where(eq(certifications.userId, userId)).orderBy(desc(certifications.createdAt), desc(certifications.id));
}

export async function pendingCertification(db: Db, userId: number): Promise<CertificationRow | undefined> {
  const rows = await db.select().from(certifications).where(and(eq(certifications.userId, userId), eq(certifications.status, 0))).limit(1);
  return rows[0];
}

export async function insertCertification(db: Db, userId: number, values: CertificationApply, now: Date): Promise<CertificationRow> {
  const [row] = await db.insert(certifications).values({ userId, status: 0, ...values, createdAt: now }).returning();
  return row!;
}

/** The caller's own record only: another user's id reads as not found. */
export async function findOwnCertification(db: Db, userId: number, id: number): Promise<CertificationRow | undefined> {
  const rows = await db.select().from(certifications).where(and(eq(certifications.id, id), eq(certifications.userId, userId))).limit(1);
  return rows[0];
}

/** Withdraws only while under review; undefined when the record changed state meanwhile. */
export async function withdrawCertification(db: Db, userId: number, id: number, now: Date): Promise<CertificationRow | undefined> {
  const [row] = await db
    .update(certifications)
    .set({ status: 2, decidedAt: now })
    .where(and(eq(certifications.id, id), eq(certifications.userId, userId), eq(certifications.status, 0)))
    .returning();
  return row;
}
