import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema/auth.ts';

export async function insertSession(
  db: Db,
  row: { tokenHash: string; userId: number; activeRole: string; fingerprint: string; now: Date; expiresAt: Date; ip: string; userAgent: string },
): Promise<number> {
  const [created] = await db
    .insert(sessions)
    .values({
      tokenHash: row.tokenHash,
      userId: row.userId,
      activeRole: row.activeRole,
      fingerprint: row.fingerprint,
      createdAt: row.now,
      lastSeenAt: row.now,
      expiresAt: row.expiresAt,
      ip: row.ip,
      userAgent: row.userAgent.slice(0, 512),
    })
    .returning({ id: sessions.id });
  return created!.id;
}

export async function revokeSession(db: Db, id: number, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

export async function revokeOtherSessions(db: Db, userId: number, keepId: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId), isNull(sessions.revokedAt)));
}

export async function setActiveRole(db: Db, id: number, role: string): Promise<void> {
  await db.update(sessions).set({ activeRole: role }).where(eq(sessions.id, id));
}
