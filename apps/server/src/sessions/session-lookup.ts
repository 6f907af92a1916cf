import { eq } from 'drizzle-orm';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { jsonColumn, prepared, runPrepared } from '../db/prepared.ts';
import { generationText } from '../db/list-generations.ts';
import type { BatchPart } from '../db/request-batch.ts';
import { sessions } from '../db/schema/auth.ts';

// The session lookup every signed-in request makes (plugins/session.ts, through the request batch): below the
// modules, so the request pipeline reads sessions without importing the auth module. session.repository.ts
// creates, revokes and switches them.

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
  username: string;
  status: string;
  mustChangePassword: boolean;
  /** Two-step verification is on for the account (what it means for the session: two-step.ts). */
  twoStepOn: boolean;
  /** A company account (`source` oidc): no role's two-step requirement applies to it (two-step.ts). */
  companyAccount: boolean;
  /** The account's department as of this request (its data scope is reckoned from it: data-scope.ts). */
  departmentId: number;
  /**
   * The roles table's write generation, read in the same statement: the roles' permissions are kept by it
   * (db/role-permissions.ts), so a change of any role applies from the next request on every replica.
   */
  rolesGeneration: string | null;
}

const epochMs = (column: string) => `(extract(epoch from ${column}) * 1000)::float8`;

/**
 * A session and its account's roles and status as one JSON array (`s` sessions, `u` users; null when no
 * session matched): one column for the driver to describe and parse, instants as epoch milliseconds. Read
 * with every request, so a disable or a change of the account's roles or department applies from the next one on every
 * replica (the roles' permissions: db/role-permissions.ts, by the roles' generation read beside it). Read
 * by the lookup and the batch part below; sessionFromJson() reads it.
 */
const sessionJson = `case when s.id is null then null else json_build_array(
  s.id, s.user_id, s.active_role, s.fingerprint,
  ${epochMs('s.created_at')}, ${epochMs('s.last_seen_at')}, ${epochMs('s.expires_at')}, ${epochMs('s.revoked_at')}, u.roles,
  u.username, u.status, u.must_change_password, u.mfa_enabled_at is not null, u.source = 'oidc', u.department_id) end`;

/**
 * Per statement, not per session row: a sub-select per row kept PostgreSQL from settling on a generic plan
 * for the request gate (it planned anew on every run, ~0.3 ms each; decision 019).
 */
const rolesGeneration = generationText('roles');

type SessionJson = [number, number, string, string, number, number, number, number | null, string[], string, string, boolean, boolean, boolean, number] | null;

function sessionFromJson(e: SessionJson | undefined, rolesGeneration: unknown): SessionWithUser | undefined {
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
    username: e[9],
    status: e[10],
    mustChangePassword: e[11] === true,
    twoStepOn: e[12] === true,
    companyAccount: e[13] === true,
    departmentId: Number(e[14]),
    rolesGeneration: rolesGeneration === null || rolesGeneration === undefined ? null : String(rolesGeneration),
  };
}

/**
 * The sessions of a batch of requests (db/request-batch.ts), read in their round trip: each distinct token
 * hash once (a console page fires several calls at once with one token), answered in the batch's order.
 */
export const sessionsPart: BatchPart<string, SessionWithUser | undefined> = {
  params: 1,
  select: (p) =>
    `(select coalesce(json_agg(${sessionJson} order by t.j), '[]'::json) from unnest(${p(0)}::text[]) with ordinality as t(token_hash, j) ` +
    `left join (sessions s join users u on u.id = s.user_id) on s.token_hash = t.token_hash) as "sessions", ${rolesGeneration} as "roles_generation"`,
  prepare(items) {
    const hashes: string[] = [];
    const places = new Map<string, number>();
    const at = items.map((hash) => {
      let place = places.get(hash);
      if (place === undefined) places.set(hash, (place = hashes.push(hash) - 1));
      return place;
    });
    return {
      values: [hashes],
      read: (row) => {
        const found = jsonColumn<SessionJson[]>(row.sessions);
        if (found.length !== hashes.length) throw new Error('sessions: answer does not match the tokens');
        const sessions = found.map((e) => sessionFromJson(e, row.roles_generation));
        return at.map((place) => sessions[place]);
      },
    };
  },
};

// Every signed-in request without the batched check (signatures off) reads this: a prepared statement.
const sessionByTokenHash = prepared(
  'session_by_token_hash',
  `select ${sessionJson} as session, ${rolesGeneration} as roles_generation from sessions s join users u on u.id = s.user_id where s.token_hash = $1 limit 1`,
);

async function readSession(db: Db, statement: typeof sessionByTokenHash, key: string): Promise<SessionWithUser | undefined> {
  const [row] = await runPrepared<{ session: SessionJson | string; roles_generation: string | null }>(db, statement, [key]);
  return row ? sessionFromJson(jsonColumn<SessionJson>(row.session), row.roles_generation) : undefined;
}

export function findSessionByTokenHash(db: Db, tokenHash: string): Promise<SessionWithUser | undefined> {
  return readSession(db, sessionByTokenHash, tokenHash);
}

const sessionById = prepared(
  'session_by_id',
  `select ${sessionJson} as session, ${rolesGeneration} as roles_generation, s.token_hash from sessions s join users u on u.id = s.user_id where s.id = $1 limit 1`,
);

/**
 * A session by its id (the document cookie names it: sessions/document-cookie.ts), with its token's hash:
 * a page drawn for the cookie's session is adopted only by the console holding that session's token.
 */
export async function findSessionById(db: Db, id: number): Promise<(SessionWithUser & { tokenHash: string }) | undefined> {
  const [row] = await runPrepared<{ session: SessionJson | string; roles_generation: string | null; token_hash: string }>(db, sessionById, [id]);
  const found = row ? sessionFromJson(jsonColumn<SessionJson>(row.session), row.roles_generation) : undefined;
  return found && { ...found, tokenHash: row!.token_hash };
}

/** The earlier of a session's idle deadline and its absolute deadline. */
export function sessionDeadline(config: Pick<AppConfig, 'sessionIdleSeconds'>, s: { lastSeenAt: Date; expiresAt: Date }): Date {
  const idle = s.lastSeenAt.getTime() + config.sessionIdleSeconds * 1000;
  return new Date(Math.min(idle, s.expiresAt.getTime()));
}

export async function touchSession(db: Db, id: number, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
}
