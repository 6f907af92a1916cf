import type { FastifyInstance } from 'fastify';
import { AppError } from '../http/errors.ts';
import { resolveSession } from '../modules/auth/session.service.ts';

/**
 * After the signature check: resolves Access-Token into `req.session`, then applies the call's declared
 * access. A signed call without a token is 401 AUTH_REQUIRED; a bad token 401 SESSION_EXPIRED; an admin
 * call made in any other active role 403 FORBIDDEN. Public calls ignore the token.
 */
export function registerSession(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    const call = req.routeOptions.config.call;
    if (!call || call.access === 'public') return;
    const raw = req.headers['access-token'];
    const token = Array.isArray(raw) ? raw[0] : raw;
    if (!token) throw new AppError('AUTH_REQUIRED');
    req.session = await resolveSession(app.db, app.config, token, req.fingerprint, app.now(), req.sessionPreload ?? undefined);
    if (call.access === 'admin' && req.session.role !== 'admin') throw new AppError('FORBIDDEN');
  });
}
