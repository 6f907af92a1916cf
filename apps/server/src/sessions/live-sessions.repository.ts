import { and, count, desc, eq, gt, isNull, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema/auth.ts';

export interface LiveSessionRow {
  id: number;
  userId: number;
  username: string;
  activeRole: string;
  roles: string[];
  fingerprint: string;
  ip: string;
  userAgent: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
}

/** Not revoked, before its absolute end, and seen within the idle time (as the request pipeline reads it). */
function live(now: Date, idleSeconds: number): SQL {
  return and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, new Date(now.getTime() - idleSeconds * 1000)))!;
}

/** Live sessions, most recently seen first; of one account when `userId` is given. */
/** A page of live sessions, most recently used first, and how many there are in all. */
export async function liveSessions(db: Db, now: Date, idleSeconds: number, userId: number | undefined, limit: number, offset: number): Promise<{ rows: LiveSessionRow[]; total: number }> {
  const where = and(live(now, idleSeconds), userId === undefined ? undefined : eq(sessions.userId, userId));
  const [counted] = await db.select({ n: count() }).from(sessions).where(where);
  const rows = await db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      username: users.username,
      activeRole: sessions.activeRole,
      roles: users.roles,
      fingerprint: sessions.fingerprint,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(where)
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
    .limit(limit)
    .offset(offset);
  return { rows, total: Number(counted?.n ?? 0) };
}

/** Ends a live session (of `userId` only, when given); false when there was none. */
export async function revokeLiveSession(db: Db, id: number, now: Date, idleSeconds: number, userId?: number): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, id), live(now, idleSeconds), userId === undefined ? undefined : eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Ends every session of the account not yet revoked (but `keepId`), and counts the live ones among them. */
export async function revokeSessionsOf(db: Db, userId: number, now: Date, idleSeconds: number, keepId?: number): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keepId === undefined ? undefined : ne(sessions.id, keepId)))
    .returning({ expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt });
  const idleSince = now.getTime() - idleSeconds * 1000;
  return rows.filter((r) => r.expiresAt.getTime() > now.getTime() && r.lastSeenAt.getTime() > idleSince).length;
}
