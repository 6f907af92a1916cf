import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { prepared, runPrepared } from '../../db/prepared.ts';
import { sessions } from '../../db/schema/auth.ts';

export interface SessionWithUser {
  id: number;
  userId: number;
  activeRole: string;
  fingerprint: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  roles: string[];
}

/** The session columns and the account's roles, as the raw row of the statements below. */
export const sessionColumns = `s.id, s.user_id, s.active_role, s.fingerprint, s.created_at, s.last_seen_at, s.expires_at, s.revoked_at, u.roles`;

export interface SessionRow {
  id: number | null;
  user_id: number;
  active_role: string;
  fingerprint: string;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  roles: string[];
}

/** A row of `sessionColumns` (null columns when no session matched). */
export function toSessionWithUser(row: SessionRow | undefined): SessionWithUser | undefined {
  if (!row || row.id === null) return undefined;
  const date = (v: Date | string) => (v instanceof Date ? v : new Date(v));
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    activeRole: row.active_role,
    fingerprint: row.fingerprint,
    createdAt: date(row.created_at),
    lastSeenAt: date(row.last_seen_at),
    expiresAt: date(row.expires_at),
    revokedAt: row.revoked_at === null ? null : date(row.revoked_at),
    roles: row.roles,
  };
}

// Every signed-in request reads this: a prepared statement (db/prepared.ts).
const sessionByTokenHash = prepared(
  'session_by_token_hash',
  `select ${sessionColumns} from sessions s join users u on u.id = s.user_id where s.token_hash = $1 limit 1`,
);

export async function findSessionByTokenHash(db: Db, tokenHash: string): Promise<SessionWithUser | undefined> {
  const [row] = await runPrepared<SessionRow>(db, sessionByTokenHash, [tokenHash]);
  return toSessionWithUser(row);
}

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

export async function touchSession(db: Db, id: number, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
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
