import type { FastifyInstance } from 'fastify';
import { systemCalls } from '@atrium/contracts/calls/system';
import { registerCall } from '../http/register-call.ts';
import { listSessions, revokeOtherSessions, revokeSession } from './live-sessions.service.ts';

/**
 * The system's calls reckon the caller's reach of the accounts from the departments' tree in memory: their
 * generation comes with the request's round trip, so the reach costs no statement of its own.
 */
const SCOPED = { reads: ['departments'] } as const;

/**
 * The live sessions' calls: those of the accounts within the caller's data scope (`session:read`,
 * `session:revoke`) and the caller's own under /api/user/sessions. The system module registers them
 * (modules/system/system.routes.ts).
 */
export function registerSessionRoutes(app: FastifyInstance): void {
  registerCall(app, systemCalls.sessionList, (ctx) => listSessions(ctx, ctx.query, 'reached', ctx.query.userId), SCOPED);
  registerCall(app, systemCalls.sessionRevoke, (ctx) => revokeSession(ctx, ctx.params.id, 'reached'), SCOPED);
  registerCall(app, systemCalls.mySessions, (ctx) => listSessions(ctx, ctx.query, 'own'));
  registerCall(app, systemCalls.mySessionRevoke, (ctx) => revokeSession(ctx, ctx.params.id, 'own'));
  registerCall(app, systemCalls.myOtherSessionsRevoke, (ctx) => revokeOtherSessions(ctx));
}
