import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { ErrorKey } from '@atrium/contracts';
import { healthCalls } from '@atrium/contracts/calls/health';
import type { AppConfig } from '../config.ts';
import { AppError } from '../http/errors.ts';
import { isApiPath } from '../http/paths.ts';

/**
 * The server's log: pino JSON (what a log shipper reads) in production and wherever stdout is not a
 * terminal; pino-pretty, one line per entry, when a person watches a development terminal. Secrets never
 * reach it: the request lines carry no header or body, and pino's redaction censors the fields that could
 * hold one should any line log a header set, a body or the configuration.
 */

/** Object keys whose value is a secret, wherever they sit (top level or one level down). */
const secretKeys = ['password', 'oldPassword', 'newPassword', 'confirmPassword', 'initialPassword', 'token', 'captcha', 'secret', 'signingKeys'];
const redactPaths = [
  ...secretKeys.flatMap((key) => [key, `*.${key}`]),
  // an SMS code is `code` in a sign-in body; elsewhere `code` is an error's code and stays readable
  'body.code',
  'req.body.code',
  ...['headers', 'req.headers'].flatMap((at) => ['authorization', '"access-token"', 'cookie', '"set-cookie"'].map((name) => `${at}[${name}]`)),
];

/** Fastify's `logger` option: false (silent), or pino's options with a destination. */
export async function loggerOptions(
  config: Pick<AppConfig, 'logLevel' | 'nodeEnv'>,
  opts: { stream?: NodeJS.WritableStream; terminal?: boolean } = {},
): Promise<false | Record<string, unknown>> {
  if (config.logLevel === 'silent') return false;
  const terminal = opts.terminal ?? process.stdout.isTTY === true;
  let stream = opts.stream;
  if (!stream && terminal && config.nodeEnv !== 'production') {
    // Loaded only for a terminal: a server whose output goes to a file or a collector never loads it.
    const { default: pretty } = await import('pino-pretty');
    stream = pretty({ sync: true, colorize: true, singleLine: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
  }
  return { level: config.logLevel, redact: { paths: redactPaths, censor: '[redacted]' }, ...(stream ? { stream } : {}) };
}

const levelValue = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity } as const;

const healthRoutes = new Set<string>([healthCalls.healthz.path, healthCalls.readyz.path]);

/**
 * Health checks (a balancer asks every few seconds) and the console's files (a page load fetches dozens)
 * are logged at debug; every other request at info.
 */
function quiet(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route !== undefined) return healthRoutes.has(route) || route.startsWith('/uploads/');
  return (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url);
}

const errorKeys = new WeakMap<FastifyRequest, ErrorKey>();

/** The envelope's error key of a request answered with an AppError (undefined otherwise). */
export function errorKeyOf(request: FastifyRequest): ErrorKey | undefined {
  return errorKeys.get(request);
}

/**
 * The access log: one line per request, written when its answer has been sent, instead of Fastify's two
 * ("incoming request", "request completed"): the trace id (`reqId`, as on every line of the request), the
 * method, the route's pattern, the URL, the status, the milliseconds, the signed-in account, the client
 * address and, for a refusal, its error key. Errors keep Fastify's own line. Nothing is built when the
 * line's level is off.
 */

/** Query parameters whose values never reach the log: a company sign-in's code and state (callback). */
const SECRET_QUERY = /([?&](?:code|state|session_state)=)[^&#]*/g;

function withoutSecrets(url: string): string {
  return url.includes('?') ? url.replace(SECRET_QUERY, '$1[redacted]') : url;
}

export class RequestLog extends LogController {
  private readonly threshold: number;

  /** `logger`: Fastify's logger option (false: no log). */
  constructor(logger: boolean | Record<string, unknown>) {
    super();
    const level = logger === false ? 'silent' : logger === true ? 'info' : String(logger.level ?? 'info');
    this.threshold = levelValue[level as keyof typeof levelValue] ?? levelValue.info;
  }

  override incomingRequest(): void {}


  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) return super.requestCompleted(error, request, reply);
    const level = quiet(request) ? 'debug' : 'info';
    if (levelValue[level] < this.threshold) return;
    reply.log[level](
      {
        method: request.method,
        route: request.routeOptions.url,
        url: withoutSecrets(request.url),
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        accountId: request.session?.userId,
        ip: request.ip,
        errorKey: errorKeys.get(request),
      },
      'request',
    );
  }
}

/** Notes each refusal's error key (before the error handler answers) for the access log and the metrics. */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onError', (request, _reply, error, done) => {
    if (error instanceof AppError) errorKeys.set(request, error.key);
    done();
  });
}
