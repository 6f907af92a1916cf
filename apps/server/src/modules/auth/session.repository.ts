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

const epochMs = (column: string) => `(extract(epoch from ${column}) * 1000)::float8`;

/**
 * A session and its account's roles as one JSON array (`s` sessions, `u` users; null when no session
 * matched): one column for the driver to describe and parse, instants as epoch milliseconds. Read by the
 * lookup below and by the batched request check (plugins/nonce-store.ts); sessionFromJson() reads it.
 */
export const sessionJson = `case when s.id is null then null else json_build_array(
  s.id, s.user_id, s.active_role, s.fingerprint,
  ${epochMs('s.created_at')}, ${epochMs('s.last_seen_at')}, ${epochMs('s.expires_at')}, ${epochMs('s.revoked_at')}, u.roles) end`;

export type SessionJson = [number, number, string, string, number, number, number, number | null, string[]] | null;

export function sessionFromJson(e: SessionJson | undefined): SessionWithUser | undefined {
  if (!e) return undefined;
  return {
    id: Number(e[0]),
    userId: Number(e[1]),
    activeRole: e[2],
    fingerprint: e[3],
    createdAt: new Date(e[4]),
    lastSeenAt: new Date(e[5]),
    expiresAt: new Date(e[6]),
    revokedAt: e[7] === null ? null : new Date(e[7]),
    roles: e[8],
  };
}

// Every signed-in request without the batched check (signatures off) reads this: a prepared statement.
const sessionByTokenHash = prepared(
  'session_by_token_hash',
  `select ${sessionJson} as session from sessions s join users u on u.id = s.user_id where s.token_hash = $1 limit 1`,
);

export async function findSessionByTokenHash(db: Db, tokenHash: string): Promise<SessionWithUser | undefined> {
  const [row] = await runPrepared<{ session: SessionJson | string }>(db, sessionByTokenHash, [tokenHash]);
  return sessionFromJson(typeof row?.session === 'string' ? (JSON.parse(row.session) as SessionJson) : row?.session);
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
