import type { FastifyInstance } from 'fastify';
import { pickLocale } from '@atrium/contracts';

/**
 * First in the chain: every response carries X-Trace-Id (= the envelope's traceId and the log's reqId),
 * and the caller's locale and device fingerprint are read once.
 */
export function registerTrace(app: FastifyInstance): void {
  app.decorateRequest('locale', 'zh-CN');
  app.decorateRequest('rawBody', null as unknown as Buffer);
  app.decorateRequest('session', null);
  app.decorateRequest('fingerprint', '');
  app.decorateRequest('sessionPreload', null);
  app.addHook('onRequest', async (req, reply) => {
    reply.header('X-Trace-Id', req.id);
    req.locale = pickLocale(req.headers['accept-language']);
    const fp = req.headers['x-fingerprint'];
    req.fingerprint = (Array.isArray(fp) ? fp[0] : fp) ?? '';
    req.rawBody = Buffer.alloc(0);
  });
}
