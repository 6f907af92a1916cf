import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorKey } from '@atrium/contracts';
import { errorEnvelope } from '../http/envelope.ts';
import { AppError } from '../http/errors.ts';
import { traceRequest } from './trace.ts';
import { databaseUnavailableCause } from '../db/errors.ts';

/** Fastify's own errors mapped to the stable error keys of the envelope. */
const fastifyCodes: Record<string, ErrorKey> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'VALIDATION_FAILED',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_FAILED',
  FST_ERR_CTP_INVALID_JSON_BODY: 'VALIDATION_FAILED',
};

const byStatus: Record<number, ErrorKey> = {
  400: 'VALIDATION_FAILED',
  401: 'AUTH_REQUIRED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  429: 'RATE_LIMITED',
  503: 'UNAVAILABLE',
};

/** The keys a browser's company sign-in shows as they are; any other refusal reads as SSO_FAILED. */
const SIGN_IN_PAGE_KEYS = new Set<ErrorKey>(['SSO_FAILED', 'SSO_DENIED', 'SSO_NO_ROLE', 'SSO_UNAVAILABLE', 'ACCOUNT_DISABLED']);

/**
 * A call answered by a redirect (company sign-in's start and callback) is a browser's navigation: its
 * refusal sends the browser to the sign-in page, which shows the key's message (the reason is in the log
 * and the trail). Other clients, which do not ask for HTML, get the envelope.
 */
function signInPageRedirect(req: FastifyRequest, reply: FastifyReply, err: AppError): FastifyReply | undefined {
  if (req.routeOptions?.config?.call?.responseKind !== 'redirect' || err.key === 'NOT_FOUND') return undefined;
  if (!String(req.headers.accept ?? '').includes('text/html')) return undefined;
  const key = SIGN_IN_PAGE_KEYS.has(err.key) ? err.key : err.key === 'UNAVAILABLE' || err.key === 'RATE_LIMITED' ? 'SSO_UNAVAILABLE' : 'SSO_FAILED';
  return reply.header('Cache-Control', 'no-store').redirect(`/login#sso_error=${key}`, 302);
}

export function sendError(req: FastifyRequest, reply: FastifyReply, err: AppError): FastifyReply {
  const redirected = signInPageRedirect(req, reply, err);
  if (redirected) return redirected;
  if (err.headers) for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
  return reply
    .status(err.status)
    .type('application/json; charset=utf-8')
    .send(errorEnvelope(err.key, err.status, req.id, req.locale, { messageKey: err.messageKey, details: err.details }));
}

/**
 * While the database is down every request fails the same way: one warning per interval says so (with how
 * many answers it stands for), instead of an error-level log line per request.
 */
const OUTAGE_LOG_INTERVAL_MS = 10_000;

/**
 * Errors the router raises before any hook runs (an undecodable escape in the path, a path parameter
 * past the router's length limit) get the same envelope as every other bad input.
 */
export function frameworkError(error: FastifyError, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  traceRequest(req, reply);
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return sendError(req, reply, new AppError('VALIDATION_FAILED', { details: [{ path: 'url', message: 'validation.invalidValue' }] }));
  }
  req.log.error({ err: error, traceId: req.id }, 'router error');
  return sendError(req, reply, new AppError('INTERNAL'));
}

/**
 * One error handler: every failure becomes the envelope; 5xx never say more than "internal error". A
 * database that cannot serve (unreachable, restarting, out of connections, disk full: see
 * databaseUnavailableCause) answers 503 UNAVAILABLE, which a client retries, instead of 500.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  let lastWarning = -Infinity;
  let unlogged = 0;
  const databaseUnavailable = (req: FastifyRequest, cause: object) => {
    const now = Date.now();
    if (now - lastWarning < OUTAGE_LOG_INTERVAL_MS) {
      unlogged++;
      return;
    }
    req.log.warn({ err: cause, traceId: req.id, alsoUnavailableSinceLastWarning: unlogged }, 'database unavailable: answering 503 UNAVAILABLE');
    lastWarning = now;
    unlogged = 0;
  };

  app.setErrorHandler((error: FastifyError | AppError | Error, req, reply) => {
    // The connection closed while the body was still arriving (the client went away, or a stop's drain
    // limit closed it): there is no one to answer and nothing went wrong here.
    if ((error as NodeJS.ErrnoException).code === 'ECONNRESET' && req.raw.destroyed && req.socket.destroyed) {
      req.log.info({ traceId: req.id }, 'request cut short: its connection closed before the body arrived');
      return reply;
    }
    if (error instanceof AppError) {
      if (error.status >= 500) {
        const cause = error.key === 'UNAVAILABLE' ? databaseUnavailableCause(error.cause) : undefined;
        if (cause) databaseUnavailable(req, cause);
        // The company's provider unreachable: expected while it is down (its discovery is retried), one line.
        else if (error.key === 'SSO_UNAVAILABLE') req.log.warn({ traceId: req.id, cause: (error.cause as Error | undefined)?.message }, 'company sign-in unavailable: the provider cannot be reached');
        else req.log.error({ err: error.cause ?? error, traceId: req.id }, error.message);
      }
      return sendError(req, reply, error);
    }
    const fe = error as FastifyError;
    const key = (fe.code && fastifyCodes[fe.code]) || (fe.statusCode && fe.statusCode < 500 ? byStatus[fe.statusCode] : undefined);
    if (key) {
      const detailMessage =
        fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'common.required' : fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'validation.invalidJson' : 'validation.invalidValue';
      const details = key === 'VALIDATION_FAILED' ? [{ path: '', message: detailMessage }] : undefined;
      return sendError(req, reply, new AppError(key, { details, status: fe.statusCode && fe.statusCode < 500 ? fe.statusCode : undefined }));
    }
    const unavailable = databaseUnavailableCause(error);
    if (unavailable) {
      databaseUnavailable(req, unavailable);
      return sendError(req, reply, new AppError('UNAVAILABLE', { cause: error }));
    }
    req.log.error({ err: error, traceId: req.id }, 'unhandled error');
    return sendError(req, reply, new AppError('INTERNAL'));
  });
}
