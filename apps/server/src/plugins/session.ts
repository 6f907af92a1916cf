import type { FastifyInstance, FastifyRequest } from 'fastify';
import { permissionLabel, type Permission } from '@atrium/contracts';
import { auditEntry, say, saidIn, writeAudit } from '../audit/audit-entry.ts';
import { AppError } from '../http/errors.ts';
import type { SessionInfo } from '../http/context.ts';
import type { DocumentSession } from '../sessions/document-cookie.ts';
import { hashToken, isPlausibleToken, liveSession, resolveSession } from '../sessions/resolve-session.ts';

/** The calls an account that must change its one-time password may still make. */
const OPEN_BEFORE_PASSWORD_CHANGE = new Set(['user.info', 'user.logout', 'user.change-password']);
/** The calls a session whose role requires two-step verification may make before the account turns it on. */
const OPEN_BEFORE_TWO_STEP_ENROLMENT = new Set([...OPEN_BEFORE_PASSWORD_CHANGE, 'user.two-step.status', 'user.two-step.setup', 'user.two-step.enable']);

/** The Access-Token header's value (the first one when repeated). */
function accessToken(req: FastifyRequest): string | undefined {
  const raw = req.headers['access-token'];
  return Array.isArray(raw) ? raw[0] : raw;
}

/** Whether the route's call asks for a session (signed and admin calls; not public ones, not 404s). */
export function needsSession(req: FastifyRequest): boolean {
  const call = req.routeOptions.config.call;
  return call !== undefined && call.access !== 'public';
}

/** The hash of the Access-Token worth looking up for this call (a session call, a plausible token), read in the request's round trip. */
export function sessionLookup(req: FastifyRequest): string | undefined {
  if (!needsSession(req)) return undefined;
  const token = accessToken(req);
  return token && isPlausibleToken(token) ? hashToken(token) : undefined;
}

/**
 * After the signature check: resolves Access-Token into `req.session`, then applies the call's declared
 * access. A signed call without a token is 401 AUTH_REQUIRED; a bad token 401 SESSION_EXPIRED; an account
 * that must change its one-time password gets 403 PASSWORD_CHANGE_REQUIRED for every call but the change
 * itself, its user info and sign-out; a session whose role requires two-step verification, on an account
 * that has not turned it on, 403 MFA_ENROLMENT_REQUIRED for every call but the enrolment's, its user info,
 * sign-out and the password change; a call whose permission the acting role lacks 403 FORBIDDEN, and the
 * refusal is recorded in the audit trail. Call only when needsSession(req).
 */
export async function checkAccess(app: FastifyInstance, req: FastifyRequest): Promise<void> {
  const token = accessToken(req);
  if (!token) throw new AppError('AUTH_REQUIRED');
  await applyAccess(app, req, await resolveSession(app.db, app.config, token, req.fingerprint, app.now(), req.sessionPreload ?? undefined, () => req.generations));
}

/**
 * checkAccess for the server's own read as a document cookie's session (a view ticket's: sessions/view-tickets.ts),
 * the session as the document request read it: the same checks of the session, the forced steps and the permission.
 */
export async function checkViewAccess(app: FastifyInstance, req: FastifyRequest, viewer: DocumentSession): Promise<void> {
  await applyAccess(app, req, await liveSession(app.db, app.config, viewer.found, app.now(), () => req.generations));
}

/** A refusal's summary: the permission the role lacks, by its name in each language and its code (`missing "Manage users" (user:write)`). */
const missingPermission = (code: Permission) =>
  say({ 'zh-CN': '缺少权限“{name}”（{code}）', 'en-US': 'missing "{name}" ({code})' }, { code, name: saidIn((locale) => permissionLabel(code, locale)) });

async function applyAccess(app: FastifyInstance, req: FastifyRequest, session: SessionInfo): Promise<void> {
  req.session = session;
  const call = req.routeOptions.config.call!;
  if (session.mustChangePassword && !OPEN_BEFORE_PASSWORD_CHANGE.has(call.id)) throw new AppError('PASSWORD_CHANGE_REQUIRED');
  if (!session.twoStep.satisfied && !OPEN_BEFORE_TWO_STEP_ENROLMENT.has(call.id)) throw new AppError('MFA_ENROLMENT_REQUIRED');
  if (call.permission !== undefined && !session.permissions.has(call.permission)) {
    // The refusal stands whether or not its entry could be written (the database may be the reason).
    await writeAudit(app.db, auditEntry(req, call, 'denied', { summary: missingPermission(call.permission) })).catch((error: unknown) =>
      req.log.warn({ err: error }, 'audit entry of a refusal not written'),
    );
    throw new AppError('FORBIDDEN');
  }
}
