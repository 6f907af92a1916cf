import type { FastifyInstance } from 'fastify';
import { systemCalls } from '@atrium/contracts/calls/system';
import { registerCall } from '../http/register-call.ts';
import { listSessions, revokeOtherSessions, revokeSession } from './live-sessions.service.ts';

/**
 * The live sessions' calls: everyone's (`session:read`, `session:revoke`) and the caller's own under
 * /api/user/sessions. The system module registers them (modules/system/system.routes.ts).
 */
export function registerSessionRoutes(app: FastifyInstance): void {
  registerCall(app, systemCalls.sessionList, (ctx) => listSessions(ctx, ctx.query, ctx.query.userId));
  registerCall(app, systemCalls.sessionRevoke, (ctx) => revokeSession(ctx, ctx.params.id, false));
  registerCall(app, systemCalls.mySessions, (ctx) => listSessions(ctx, ctx.query, ctx.session.userId));
  registerCall(app, systemCalls.mySessionRevoke, (ctx) => revokeSession(ctx, ctx.params.id, true));
  registerCall(app, systemCalls.myOtherSessionsRevoke, (ctx) => revokeOtherSessions(ctx));
}
