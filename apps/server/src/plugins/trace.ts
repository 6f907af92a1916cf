import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pickLocale } from '@atrium/contracts';

/** Shared by body-less requests (nobody writes into a request's rawBody). */
const emptyBody = Buffer.alloc(0);

/** The per-request fields the pipeline fills (http/context.ts declares them). */
export function decorateRequests(app: FastifyInstance): void {
  app.decorateRequest('locale', 'zh-CN');
  app.decorateRequest('rawBody', null as unknown as Buffer);
  app.decorateRequest('session', null);
  app.decorateRequest('fingerprint', '');
  app.decorateRequest('sessionPreload', null);
  app.decorateRequest('nonceAccepted', false);
  app.decorateRequest('generations', null);
}

/**
 * First in the chain: every response carries X-Trace-Id (= the envelope's traceId and the log's reqId),
 * and the caller's locale and device fingerprint are read once.
 */
export function traceRequest(req: FastifyRequest, reply: FastifyReply): void {
  reply.header('X-Trace-Id', req.id);
  req.locale = pickLocale(req.headers['accept-language']);
  const fp = req.headers['x-fingerprint'];
  req.fingerprint = (Array.isArray(fp) ? fp[0] : fp) ?? '';
  req.rawBody = emptyBody;
}
