import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from './config.ts';
import type { Db } from './db/client.ts';
import './http/context.ts';
import type { Clock } from './http/context.ts';
import { AppError } from './http/errors.ts';
import { parseQueryString } from './http/validation.ts';
import { registerApprovalsModule } from './modules/approvals/approvals.routes.ts';
import { registerAuthModule } from './modules/auth/auth.routes.ts';
import { registerHealthModule } from './modules/health/health.routes.ts';
import { registerMessageRoutes } from './modules/message/message.routes.ts';
import { registerOpenApiModule } from './modules/openapi/openapi.routes.ts';
import { registerSystemModule } from './modules/system/system.routes.ts';
import { registerUserModule } from './modules/user/user.routes.ts';
import { registerUserSettingRoutes } from './modules/user-setting/user-setting.routes.ts';
import { devSmsProvider, type SmsProvider } from './modules/auth/sms-provider.ts';
import { randomCaptchaText } from './modules/auth/captcha-image.ts';
import { frameworkError, registerErrorHandler } from './plugins/error-handler.ts';
import { registerWebAndNotFound } from './plugins/static-web.ts';
import { registerPipeline } from './plugins/pipeline.ts';
import { loggerOptions, registerRequestLog, RequestLog } from './plugins/request-log.ts';
import { scheduleAuditRetention } from './audit/audit-retention.ts';
import type { ServerSlice } from './slice.ts';
import { serverSlices } from './slices.ts';
import { ViewTickets } from './sessions/view-tickets.ts';
import { DrawnViews } from './plugins/drawn-view.ts';

export interface AppDeps {
  db: Db;
  /** Injectable clock for expiry tests; default real time. */
  clock?: Clock;
  /** SMS delivery; default: the development provider writing to config.smsOutbox. */
  sms?: SmsProvider;
  /** Fastify logger options override (tests pass false). */
  logger?: boolean | Record<string, unknown>;
  /** Captcha text generator (tests pass a known one; default random). */
  captchaText?: () => string;
  /** Lets a test or a health check report the engine. */
  engine?: 'pglite' | 'postgres';
  /** The slices to serve; default the registry's (src/slices.ts; the resource kit's tests serve resources of their own). */
  slices?: readonly ServerSlice[];
}

declare module 'fastify' {
  interface FastifyInstance {
    sms: SmsProvider;
    captchaText: () => string;
    engine: 'pglite' | 'postgres' | 'unknown';
    /** The server's own reads as a document cookie's session, while it draws a signed-in document. */
    viewTickets: ViewTickets;
    /** The pages the console's build draws with their data (decisions 049 and 051). */
    drawnViews: DrawnViews;
  }
}

function parseJson(text: string): unknown {
  // Keys that could reach an object's prototype in a later merge are dropped at the door.
  return JSON.parse(text, (key, value: unknown) => (key === '__proto__' || key === 'constructor' ? undefined : value));
}

/** Builds the Fastify app. Pipeline: trace id -> signature -> session -> role -> handler (plugins/pipeline.ts). */
export async function buildApp(config: AppConfig, deps: AppDeps): Promise<FastifyInstance> {
  const logger = deps.logger ?? (await loggerOptions(config));
  const tracePrefix = randomBytes(4).toString('hex');
  let traceCounter = 0;
  const app = Fastify({
    logger,
    // 16 hex characters: a random per-app prefix and a counter (unique without an RNG call per request).
    genReqId: () => `${tracePrefix}${(++traceCounter).toString(16).padStart(8, '0')}`,
    bodyLimit: config.bodyLimit,
    // Only the listed proxies' X-Forwarded-For is read (right-most untrusted address, proxy-addr);
    // a bare address is that address only. None listed: req.ip is the socket's address.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    logController: new RequestLog(logger),
    // `+` is a literal plus, as the request signature reads it (not a space, as HTML forms write it).
    routerOptions: { querystringParser: parseQueryString },
    frameworkErrors: frameworkError,
  });
  app.decorate('config', config);
  app.decorate('db', deps.db);
  app.decorate('now', deps.clock ?? (() => new Date()));
  app.decorate('sms', deps.sms ?? devSmsProvider(config.smsOutbox, app.log));
  app.decorate('engine', deps.engine ?? 'unknown');
  app.decorate('captchaText', deps.captchaText ?? (() => randomCaptchaText()));
  app.decorate('viewTickets', new ViewTickets());
  app.decorate('drawnViews', new DrawnViews(app, resolve(config.webDist)));

  // Bodies are buffered by the signature hook; parsers read those bytes instead of the socket.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', (req, _payload, done) => {
    if (req.rawBody.length === 0) return done(null, undefined);
    try {
      done(null, parseJson(req.rawBody.toString('utf8')));
    } catch {
      done(new AppError('VALIDATION_FAILED', { details: [{ path: '', message: 'validation.invalidJson' }] }), undefined);
    }
  });
  // Multipart is parsed from req.rawBody by http/multipart.ts inside the handler.
  app.addContentTypeParser('multipart/form-data', (_req, _payload, done) => done(null, undefined));

  registerPipeline(app);
  registerRequestLog(app);
  registerErrorHandler(app);

  registerHealthModule(app);
  registerAuthModule(app);
  registerUserModule(app);
  // The data modules read the database and configuration from the app (`app.db`, `app.config`).
  registerMessageRoutes(app);
  registerUserSettingRoutes(app);
  registerSystemModule(app);
  // The slices' calls (src/slices.ts), after the core's; the team's resources are slices too (docs/resources.md).
  const slices = deps.slices ?? serverSlices;
  const resources = slices.flatMap((slice) => (slice.resource ? [slice.resource] : []));
  for (const slice of slices) slice.register?.(app, { resources });
  // what awaits each caller's approval across the resources with a life cycle
  registerApprovalsModule(app, resources);

  registerOpenApiModule(app);
  registerWebAndNotFound(app);
  scheduleAuditRetention(app);
  return app;
}
