import { and, count, desc, eq, gt, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema/auth.ts';
import { accountScope, scopeCondition, type Reach } from '../lists/scope.ts';

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

/**
 * Whose sessions a call reaches: those of the accounts `reach` reaches (the accounts' data scope, `user`:
 * delegated administration, issue 39), or of one account (`userId`), or both. Nothing given: everyone's.
 */
export interface SessionOwners {
  userId?: number;
  reach?: Reach;
}

/** The sessions of `owners`, over `sessions` joined to their accounts (`users`). */
function ownedBy({ userId, reach }: SessionOwners): SQL | undefined {
  return and(userId === undefined ? undefined : eq(sessions.userId, userId), reach && scopeCondition(reach, accountScope, 'users'));
}

/**
 * A page of live sessions of `owners`, most recently used first, and how many there are in all (counted
 * under the same condition: a session of an account out of reach is neither listed nor counted).
 */
export async function liveSessions(db: Db, now: Date, idleSeconds: number, owners: SessionOwners, limit: number, offset: number): Promise<{ rows: LiveSessionRow[]; total: number }> {
  const where = and(live(now, idleSeconds), ownedBy(owners));
  const [counted] = await db.select({ n: count() }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(where);
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

/**
 * Ends a live session of `owners`; false when there was none: a session of an account out of reach is not
 * found, exactly as one that does not exist. The reach is a condition of the update itself (its account
 * read in the same statement), so no move of the account can slip between a check and the write.
 */
export async function revokeLiveSession(db: Db, id: number, now: Date, idleSeconds: number, owners: SessionOwners): Promise<boolean> {
  const owned = ownedBy(owners);
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, id), live(now, idleSeconds), owned && sql`exists (select 1 from ${users} where ${users.id} = ${sessions.userId} and ${owned})`))
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
