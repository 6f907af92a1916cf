import { hash } from 'node:crypto';
import type { SessionRecord, ShortListQuery } from '@atrium/contracts/calls/system';
import { say, type AuditDraft, type Said } from '../audit/audit-entry.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { SessionInfo } from '../http/context.ts';
import { AppError } from '../http/errors.ts';
import { accountScope } from '../lists/scope.ts';
import type { RequestScope } from './data-scope.ts';
import { liveSessions, revokeLiveSession, revokeSessionsOf, type LiveSessionRow, type SessionOwners } from './live-sessions.repository.ts';

/** What the session calls read of their context (a CallContext of a signed call is one). */
interface Ctx {
  db: Db;
  session: SessionInfo;
  scope: RequestScope;
  config: AppConfig;
  now: () => Date;
  audit: AuditDraft;
}

/**
 * Whose sessions a call reaches: the system's calls, those of the accounts within the caller's reach of the
 * accounts (`user`: a delegated administrator sees and ends only the sessions of the accounts it manages);
 * the caller's own calls, the caller's. `db`: the handler's, its transaction for a write.
 */
async function ownersOf({ db, session, scope }: Ctx, whose: 'reached' | 'own', userId?: number): Promise<SessionOwners> {
  return whose === 'own' ? { userId: session.userId } : { userId, reach: await scope.reach(accountScope.resource, db) };
}

/** "revoked 3 sessions" (an entry that ends several sessions counts them). */
export const revokedSummary = (n: number): Said => say({ 'zh-CN': '结束了 {n} 个会话', 'en-US': n === 1 ? 'revoked {n} session' : 'revoked {n} sessions' }, { n });

/** A short, stable name of the device: the first 8 hex characters of the fingerprint's SHA-256 (never the fingerprint). */
const deviceOf = (fingerprint: string) => (fingerprint ? hash('sha256', fingerprint, 'hex').slice(0, 8) : '');

function toSession(row: LiveSessionRow, currentId: number): SessionRecord {
  return {
    id: row.id,
    userId: row.userId,
    username: row.username,
    // As the pipeline acts: the active role while the account holds it, else its first.
    role: row.roles.includes(row.activeRole) ? row.activeRole : (row.roles[0] ?? row.activeRole),
    device: deviceOf(row.fingerprint),
    ip: row.ip,
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    current: row.id === currentId,
  };
}

/** Live sessions: of the accounts within reach (of one of them with `userId`), or the caller's own. */
export async function listSessions(ctx: Ctx, page: ShortListQuery, whose: 'reached' | 'own', userId?: number): Promise<{ list: SessionRecord[]; total: number }> {
  const { db, session, config, now } = ctx;
  const { rows, total } = await liveSessions(db, now(), config.sessionIdleSeconds, await ownersOf(ctx, whose, userId), page.pageSize, (page.current - 1) * page.pageSize);
  return { list: rows.map((row) => toSession(row, session.sessionId)), total };
}

/**
 * Ends a live session of an account within reach, or (`own`) one of the caller's; any other is 404, exactly as
 * one that does not exist, whatever the caller may do.
 */
export async function revokeSession(ctx: Ctx, id: number, whose: 'reached' | 'own'): Promise<{ id: number }> {
  const { db, config, now, audit } = ctx;
  const ended = await revokeLiveSession(db, id, now(), config.sessionIdleSeconds, await ownersOf(ctx, whose));
  if (!ended) throw new AppError('NOT_FOUND');
  audit.set({ targetType: 'session', targetId: id });
  return { id };
}

export async function revokeOtherSessions({ db, session, config, now, audit }: Ctx): Promise<{ revoked: number }> {
  const revoked = await revokeSessionsOf(db, session.userId, now(), config.sessionIdleSeconds, session.sessionId);
  audit.set({ targetType: 'session', targetId: null, summary: revokedSummary(revoked) });
  return { revoked };
}
