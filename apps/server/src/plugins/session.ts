import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../http/errors.ts';
import { resolveSession } from '../http/sessions.ts';

/** The Access-Token header's value (the first one when repeated). */
export function accessToken(req: FastifyRequest): string | undefined {
  const raw = req.headers['access-token'];
  return Array.isArray(raw) ? raw[0] : raw;
}

/** Whether the route's call asks for a session (signed and admin calls; not public ones, not 404s). */
export function needsSession(req: FastifyRequest): boolean {
  const call = req.routeOptions.config.call;
  return call !== undefined && call.access !== 'public';
}

/**
 * After the signature check: resolves Access-Token into `req.session`, then applies the call's declared
 * access. A signed call without a token is 401 AUTH_REQUIRED; a bad token 401 SESSION_EXPIRED; an admin
 * call made in any other active role 403 FORBIDDEN. Call only when needsSession(req).
 */
export async function checkAccess(app: FastifyInstance, req: FastifyRequest): Promise<void> {
  const token = accessToken(req);
  if (!token) throw new AppError('AUTH_REQUIRED');
  req.session = await resolveSession(app.db, app.config, token, req.fingerprint, app.now(), req.sessionPreload ?? undefined);
  if (req.routeOptions.config.call!.access === 'admin' && req.session.role !== 'admin') throw new AppError('FORBIDDEN');
}
