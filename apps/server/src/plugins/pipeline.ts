import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { generationsPart } from '../db/list-generations.ts';
import { replayStorePart, type NonceItem } from '../db/replay-store.ts';
import { RequestBatch } from '../db/request-batch.ts';
import { sessionsPart } from '../sessions/session-lookup.ts';
import { readLimited } from '../http/body.ts';
import { setSecurityHeaders } from './security-headers.ts';
import { VIEW_TICKET_HEADER } from '../sessions/view-tickets.ts';
import { checkAccess, checkViewAccess, needsSession, sessionLookup } from './session.ts';
import { SignatureCheck } from './signature.ts';
import { decorateRequests, traceRequest } from './trace.ts';

/** GET and HEAD carry no body; every other method's body is buffered before it is checked. */
const hasBodyStage = (req: FastifyRequest): boolean => req.method !== 'GET' && req.method !== 'HEAD';

/**
 * The request pipeline, in this order: trace id (and security headers) -> signature check -> one round
 * trip for the nonce (replay store), the session and the generations of the tables the route declared
 * (`reads`: its lists' caches) -> session -> role -> handler. The round trip is a RequestBatch of three
 * parts, each written beside its table: the requests of one turn of the event loop share one statement.
 * The pipeline knows no list: a route names its tables, and a list reads them itself when nothing was
 * read for it (signatures off; lists/list-cache.ts).
 *
 * Two Fastify hooks carry it, both callback style (a hook that returns no promise costs less on every
 * request):
 * - onRequest: the trace id and headers; for a request without a body, the checks too, so a GET goes from
 *   its headers to its handler with no further hook;
 * - preParsing: for a request with a body, the body is buffered (bounded by the route's limit) and then
 *   checked, so the signature covers the exact bytes before any parser reads them. The parsers read
 *   `req.rawBody`.
 *
 * The checks run before the body is parsed: a caller without a valid signature or session learns nothing
 * about how its body would have been read.
 */
export function registerPipeline(app: FastifyInstance): void {
  decorateRequests(app);
  const signature = new SignatureCheck(app);
  const gate = new RequestBatch(app.db, 'request_gate', [replayStorePart(app.db), sessionsPart, generationsPart] as const, app.now);

  /** The checks a request needs; undefined when it needs none (public, exempt, unknown path). */
  const check = (req: FastifyRequest): Promise<void> | undefined => {
    // The server's own read while it draws a signed-in document: its live ticket stands for the token and
    // the signature, for the calls it was issued for only (sessions/view-tickets.ts).
    const viewer = app.viewTickets.sessionFor(req.headers[VIEW_TICKET_HEADER], req.method, req.raw.url ?? '');
    if (viewer) return needsSession(req) ? checkViewAccess(app, req, viewer) : undefined;
    const signed = signature.needed(req);
    const session = needsSession(req);
    if (!signed && !session) return undefined;
    if (!signed) return checkAccess(app, req);
    let nonce: NonceItem;
    try {
      nonce = signature.verify(req);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    const tokenHash = sessionLookup(req);
    return gate.submit([nonce, tokenHash, req.routeOptions.config.reads]).then(([fresh, found, generations]) => {
      signature.accept(fresh);
      req.nonceAccepted = true;
      req.generations = generations ?? null;
      if (tokenHash !== undefined) req.sessionPreload = { session: found };
      return session ? checkAccess(app, req) : undefined;
    });
  };

  app.addHook('onRequest', (req, reply, done) => {
    traceRequest(req, reply);
    setSecurityHeaders(req, reply);
    if (hasBodyStage(req)) return done();
    const pending = check(req);
    if (pending === undefined) return done();
    pending.then(() => done(), done);
  });

  app.addHook('preParsing', (req, _reply, payload, done) => {
    if (!hasBodyStage(req)) return done(null, payload);
    const limit = req.routeOptions.bodyLimit ?? app.config.bodyLimit;
    const length = req.headers['content-length'];
    const declared = length === undefined ? undefined : Number(length);
    readLimited(payload, limit, Number.isFinite(declared) ? declared : undefined)
      .then((body) => {
        req.rawBody = body;
        return check(req);
      })
      .then(() => done(null, Readable.from([req.rawBody])), (error: Error) => done(error));
  });
}
