import { systemPermissions } from '@atrium/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { createSession } from '../../sessions/session.service.ts';
import { setDocumentCookie } from '../../sessions/document-cookie.ts';
import { updateUser, type UserRow } from '../shared/users.repository.ts';
import { holdsEveryPermission } from './company-sign-in.repository.ts';
import type { Said } from '../../audit/audit-entry.ts';

// Opening the session once an account's credentials were checked, whichever way it signed in.

export interface AuthEnv {
  db: Db;
  config: AppConfig;
  now: Date;
  ip: string;
  fingerprint: string;
  userAgent: string;
  /**
   * Writes the sign-in's audit entry in the transaction that opens the session, or that gives the ticket
   * of the second step (`summary` then says so).
   */
  record?: (db: Db, who: SignedIn['user'], summary?: Said) => Promise<void>;
}

/** A sign-in's answer, and who signed in and the session it opened (for the audit entry and the document cookie; not sent). */
export interface SignedIn {
  answer: { token: string; expiresAt: string; mustChangePassword?: true } | { mfaRequired: true; mfaTicket: string; expiresAt: string };
  user: { id: number; username: string; role: string };
  sessionId?: number;
}

/** Opens a session for an account whose credentials were checked: active role = its first role. */
export async function signIn(env: AuthEnv, user: UserRow): Promise<SignedIn & { answer: { token: string }; sessionId: number }> {
  const { db, config, now } = env;
  if (user.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
  const role = user.roles[0]!;
  const who = { id: user.id, username: user.username, role };
  // The session and its audit entry commit together (the failure counters were settled before, on their own).
  const session = await db.transaction(async (tx) => {
    const opened = await createSession(tx, config, { userId: user.id, role, fingerprint: env.fingerprint, now, ip: env.ip, userAgent: env.userAgent });
    await updateUser(tx, user.id, { lastLoginAt: now });
    await env.record?.(tx, who);
    return opened;
  });
  const answer: { token: string; expiresAt: string; mustChangePassword?: true } = { token: session.token, expiresAt: session.expiresAt.toISOString() };
  if (user.mustChangePassword) answer.mustChangePassword = true;
  return { answer, user: who, sessionId: session.sessionId };
}

/**
 * PASSWORD_SIGNIN=admins: the password and phone forms are the way in for full administrators only (when
 * the company's provider is down); everyone else signs in with the company account. Checked once the
 * credentials are right, so the answer tells nothing to someone who does not know them.
 */
export async function onlyAdministrators(env: AuthEnv, user: UserRow): Promise<void> {
  if (env.config.passwordSignIn !== 'admins') return;
  if (!(await holdsEveryPermission(env.db, user.roles, systemPermissions))) throw new AppError('FORBIDDEN', { message: 'login.error.passwordAdminsOnly' });
}

/**
 * The answer of a call that may open a session: when it did, the document cookie of that session goes with
 * it (decision 046), so the console's next document is the signed-in one without another round trip. The
 * console sends these calls with the browser's cookies for this.
 */
export function withDocumentCookie<T>(reply: FastifyReply, req: FastifyRequest, config: AppConfig, signedIn: SignedIn, answer: T): T {
  if (signedIn.sessionId !== undefined) reply.header('Set-Cookie', setDocumentCookie(config, { sessionId: signedIn.sessionId, userId: signedIn.user.id }, req.protocol === 'https'));
  return answer;
}
