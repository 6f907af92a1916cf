import { hash } from 'node:crypto';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Generations } from '../db/list-generations.ts';
import { NO_SCOPE, roleRules } from '../db/role-permissions.ts';
import { RequestScope } from './data-scope.ts';
import { findSessionByTokenHash, sessionDeadline, touchSession, type SessionWithUser } from './session-lookup.ts';
import { twoStepOf } from './two-step.ts';
import type { SessionInfo } from '../http/context.ts';
import { AppError } from '../http/errors.ts';

// Access tokens and the sessions behind them, as the request pipeline reads them (plugins/signature.ts,
// plugins/session.ts). Creating and ending them: session.service.ts, session.repository.ts (the auth module's
// sign-in and sign-out call them).

const NONE: ReadonlySet<string> = new Set();

/** last_seen_at is written at most this often, so busy sessions do not write on every request. */
const TOUCH_INTERVAL_MS = 30_000;

export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** Tokens are 43 characters; anything far off is refused without a lookup. */
export function isPlausibleToken(token: string): boolean {
  return token.length >= 16 && token.length <= 256;
}

/**
 * Resolves a token to the caller. Unknown, revoked, expired (idle or absolute) tokens and tokens presented
 * from another device fingerprint all answer 401 SESSION_EXPIRED: the console then shows its one modal.
 */
export async function resolveSession(
  db: Db,
  config: AppConfig,
  token: string,
  fingerprint: string,
  now: Date,
  /** The token's session as already read with the request's nonce (plugins/signature.ts). */
  preloaded: { session: SessionWithUser | undefined } | undefined,
  /** The generations the request's round trip read (plugins/pipeline.ts), for the data scope's tree. */
  generations: () => Generations | null = () => null,
): Promise<SessionInfo> {
  const expired = () => new AppError('SESSION_EXPIRED');
  if (!isPlausibleToken(token)) throw expired();
  const s = preloaded ? preloaded.session : await findSessionByTokenHash(db, hashToken(token));
  if (!s || s.fingerprint !== fingerprint) throw expired();
  return liveSession(db, config, s, now, generations);
}

/**
 * A session found, as its caller: 401 SESSION_EXPIRED when it is revoked, past a deadline, or its account
 * disabled or without a role. Beside a token's (above), for the session a document cookie names, as the
 * server reads the signed-in page's data for it (plugins/drawn-view.ts, decision 049).
 */
export async function liveSession(db: Db, config: AppConfig, s: SessionWithUser, now: Date, generations: () => Generations | null): Promise<SessionInfo> {
  const expired = () => new AppError('SESSION_EXPIRED');
  if (s.revokedAt) throw expired();
  if (sessionDeadline(config, s).getTime() <= now.getTime()) throw expired();
  // Disabling an account revokes its sessions; the status is checked too, in case one was missed.
  if (s.status !== 'active' || s.roles.length === 0) throw expired();
  // The active role while the account holds it; once it was taken away, the account's first role.
  const role = s.roles.includes(s.activeRole) ? s.activeRole : s.roles[0]!;
  const rules = await roleRules(db, s.rolesGeneration);
  const permissions = rules.permissions.get(role) ?? NONE;
  if (now.getTime() - s.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) await touchSession(db, s.id, now);
  return {
    userId: s.userId,
    username: s.username,
    role,
    roles: s.roles,
    permissions,
    mustChangePassword: s.mustChangePassword,
    twoStepOn: s.twoStepOn,
    companyAccount: s.companyAccount,
    twoStep: twoStepOf(s, rules.requireTwoStep.has(role)),
    sessionId: s.id,
    departmentId: s.departmentId,
    scope: new RequestScope(db, s.userId, s.departmentId, rules.dataScopes.get(role) ?? NO_SCOPE, generations),
  };
}
