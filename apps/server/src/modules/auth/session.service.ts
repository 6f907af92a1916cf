import { hash, randomBytes } from 'node:crypto';
import { roles as knownRoles, type Role } from '@atrium/contracts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { SessionInfo } from '../../http/context.ts';
import { findSessionByTokenHash, insertSession, touchSession, type SessionWithUser } from './session.repository.ts';

/** last_seen_at is written at most this often, so busy sessions do not write on every request. */
const TOUCH_INTERVAL_MS = 30_000;

export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** Tokens are 43 characters; anything far off is refused without a lookup. */
export function isPlausibleToken(token: string): boolean {
  return token.length >= 16 && token.length <= 256;
}

export function toRoles(values: string[]): Role[] {
  return values.filter((r): r is Role => (knownRoles as readonly string[]).includes(r));
}

export async function createSession(
  db: Db,
  config: AppConfig,
  input: { userId: number; role: Role; fingerprint: string; now: Date; ip: string; userAgent: string },
): Promise<{ token: string; expiresAt: Date; sessionId: number }> {
  // 32 random bytes, base64url; only the SHA-256 is stored (docs/http-contract.md, Sessions).
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(input.now.getTime() + config.sessionAbsoluteSeconds * 1000);
  const sessionId = await insertSession(db, {
    tokenHash: hashToken(token),
    userId: input.userId,
    activeRole: input.role,
    fingerprint: input.fingerprint,
    now: input.now,
    expiresAt,
    ip: input.ip,
    userAgent: input.userAgent,
  });
  return { token, expiresAt, sessionId };
}

/** The earlier of the idle deadline and the absolute deadline. */
function sessionDeadline(config: AppConfig, s: { lastSeenAt: Date; expiresAt: Date }): Date {
  const idle = s.lastSeenAt.getTime() + config.sessionIdleSeconds * 1000;
  return new Date(Math.min(idle, s.expiresAt.getTime()));
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
  preloaded?: { session: SessionWithUser | undefined },
): Promise<SessionInfo> {
  const expired = () => new AppError('SESSION_EXPIRED');
  if (!isPlausibleToken(token)) throw expired();
  const s = preloaded ? preloaded.session : await findSessionByTokenHash(db, hashToken(token));
  if (!s || s.revokedAt) throw expired();
  if (sessionDeadline(config, s).getTime() <= now.getTime()) throw expired();
  if (s.fingerprint !== fingerprint) throw expired();
  const roles = toRoles(s.roles);
  if (roles.length === 0) throw expired();
  const role = (roles as string[]).includes(s.activeRole) ? (s.activeRole as Role) : roles[0]!;
  if (now.getTime() - s.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) await touchSession(db, s.id, now);
  return { userId: s.userId, role, roles, sessionId: s.id };
}
