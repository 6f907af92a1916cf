import type { FastifyInstance } from 'fastify';
import { healthCalls } from '@atrium/contracts/calls/health';
import { AppError } from '../../http/errors.ts';
import { registerCall } from '../../http/register-call.ts';
import { sendError } from '../../plugins/error-handler.ts';
import { pingDatabase } from './health.repository.ts';
import { trackConnections } from './shutdown.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when the server is stopping (modules/health/shutdown.ts): not ready, connections close after their answer. */
    draining: boolean;
  }
}

export function registerHealthModule(app: FastifyInstance): void {
  app.decorate('draining', false);
  trackConnections(app.server);
  // While draining, each answer closes its connection once sent, so a keep-alive client opens a new one
  // (to another replica) for its next request instead of having this one reset under it.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (app.draining) reply.header('Connection', 'close');
    done(null, payload);
  });

  registerCall(app, healthCalls.healthz, () => ({ status: 'ok' as const, uptime: Math.round(process.uptime()) }));
  registerCall(app, healthCalls.readyz, async ({ db, req, reply }) => {
    // A stopping server takes no more work: the balancer moves its traffic before the connections close.
    // Answered as is, not thrown: a balancer asks every second or two while the replica drains, and
    // that is no error to log.
    if (app.draining) return sendError(req, reply, new AppError('UNAVAILABLE'));
    try {
      await pingDatabase(db);
    } catch (err) {
      throw new AppError('UNAVAILABLE', { cause: err });
    }
    return { status: 'ready' as const, database: app.engine };
  });
}
