import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorKey } from '@atrium/contracts';
import { authCalls } from '@atrium/contracts/calls/auth';
import type { DbHandle } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { isApiPath } from '../http/paths.ts';
import { sendError } from './error-handler.ts';
import { errorKeyOf } from './request-log.ts';

/**
 * Prometheus metrics (METRICS_PORT): `GET /metrics` on a port of its own, never on the API's, from
 * prom-client (loaded only when metrics are on). Everything is counted from what a request leaves on its
 * way out (onResponse): its route, status, error key, session and replay-store outcome; the modules are
 * not touched.
 *
 * - `http_request_duration_seconds` (histogram) and `http_requests_total`, labelled `route` (the route's
 *   pattern, e.g. `/api/system/users/:id`; `static` for the console's files, `unmatched` for an unknown
 *   API path), `method` and `status`;
 * - `db_pool_in_use`, `db_pool_idle`, `db_pool_waiting`, `db_pool_max`: the PostgreSQL pool's
 *   connections and the queries waiting for one; PGlite is one connection (in use while a query or
 *   transaction runs, the others waiting);
 * - `replay_store_checks_total{result="fresh"|"replayed"}`: signed requests whose nonce was new, or a
 *   replay refused (its hit rate: replayed / all);
 * - `session_lookups_total{source, result}`: there is no session cache; a session is read with the
 *   request's nonce in one statement (`source="request_gate"`) or by a query of its own (`"query"`: the
 *   signature check off), and found `valid` or `refused` (expired, revoked, another device);
 * - `signin_failures_total{reason}`: refused sign-ins (POST /api/user/login) by error key;
 * - prom-client's process and Node.js defaults, event-loop lag among them.
 */

const loginPath = authCalls.login.path;
const signInRefusals = new Set<ErrorKey>(['INVALID_CREDENTIALS', 'ACCOUNT_LOCKED', 'CAPTCHA_REQUIRED', 'CAPTCHA_INVALID', 'ACCOUNT_DISABLED', 'RATE_LIMITED']);

/** Seconds; from a cached list page (~1 ms) to a long export. */
const durationBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

function routeLabel(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  if (route !== undefined) return route;
  return (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url) ? 'static' : 'unmatched';
}

interface PoolState {
  inUse: number;
  idle: number;
  waiting: number;
  max: number;
}

/** What the database's connections are doing, read at each scrape. */
function poolProbe(handle: DbHandle): () => PoolState {
  const pool = handle.pool;
  if (pool) {
    const max = pool.options.max ?? 10;
    return () => ({ inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount, max });
  }
  // PGlite runs one statement or transaction at a time: the calls under way are counted at its door.
  const client = handle.pglite as unknown as Record<'query' | 'exec' | 'transaction', (...args: unknown[]) => Promise<unknown>> | undefined;
  let pending = 0;
  if (client) {
    for (const name of ['query', 'exec', 'transaction'] as const) {
      const original = client[name].bind(client);
      client[name] = async (...args: unknown[]) => {
        pending++;
        try {
          return await original(...args);
        } finally {
          pending--;
        }
      };
    }
  }
  return () => ({ inUse: Math.min(pending, 1), idle: pending > 0 ? 0 : 1, waiting: Math.max(pending - 1, 0), max: 1 });
}

export interface Metrics {
  /** Starts serving GET /metrics on host:port; resolves with the address. Closed with the app. */
  listen(host: string, port: number): Promise<string>;
}

/** Adds the counting hook to the app (before it is ready) and makes the metrics endpoint. */
export async function registerMetrics(app: FastifyInstance, handle: DbHandle): Promise<Metrics> {
  const client = await import('prom-client');
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });

  const labelNames = ['route', 'method', 'status'] as const;
  const duration = new client.Histogram({ name: 'http_request_duration_seconds', help: 'Time to answer a request, by route pattern, method and status', labelNames, buckets: durationBuckets, registers: [registry] });
  const requests = new client.Counter({ name: 'http_requests_total', help: 'Requests answered, by route pattern, method and status', labelNames, registers: [registry] });
  const replay = new client.Counter({ name: 'replay_store_checks_total', help: 'Signed requests checked against the replay store: fresh nonce, or replay refused', labelNames: ['result'], registers: [registry] });
  const sessions = new client.Counter({ name: 'session_lookups_total', help: 'Sessions read for a request: with its nonce (request_gate) or by a query of its own, and the outcome', labelNames: ['source', 'result'], registers: [registry] });
  const signInFailures = new client.Counter({ name: 'signin_failures_total', help: 'Refused sign-ins, by error key', labelNames: ['reason'], registers: [registry] });

  const drawn = app.drawnViews;
  new client.Counter({
    name: 'drawn_pages_total',
    help: 'Pages the server drew (signed-in documents, a click\'s page), and those it did not: shed past a session\'s minute or the process\'s room, or failed in the renderer',
    labelNames: ['result'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [result, count] of Object.entries(drawn.outcomes())) this.inc({ result }, count);
    },
  });

  const probe = poolProbe(handle);
  const poolGauge = (name: string, help: string, read: (state: PoolState) => number) =>
    new client.Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read(probe()));
      },
    });
  poolGauge('db_pool_in_use', 'Database connections running a query or transaction', (s) => s.inUse);
  poolGauge('db_pool_idle', 'Database connections open and idle', (s) => s.idle);
  poolGauge('db_pool_waiting', 'Queries waiting for a database connection', (s) => s.waiting);
  poolGauge('db_pool_max', 'Most database connections the pool opens', (s) => s.max);

  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    const labels = { route: routeLabel(request), method: request.method, status: String(reply.statusCode) };
    duration.observe(labels, reply.elapsedTime / 1000);
    requests.inc(labels);
    const key = errorKeyOf(request);
    if (request.nonceAccepted) replay.inc({ result: 'fresh' });
    else if (key === 'REPLAYED') replay.inc({ result: 'replayed' });
    const source = request.sessionPreload !== null ? 'request_gate' : 'query';
    if (request.session !== null) sessions.inc({ source, result: 'valid' });
    else if (key === 'SESSION_EXPIRED') sessions.inc({ source, result: 'refused' });
    if (key !== undefined && signInRefusals.has(key) && labels.route === loginPath) signInFailures.inc({ reason: key });
    done();
  });

  // On the API's port /metrics is an unknown path (not the console's page either): a scraper pointed at
  // the wrong port gets a plain 404.
  app.get('/metrics', (request, reply) => sendError(request, reply, new AppError('NOT_FOUND')));

  let server: Server | undefined;
  app.addHook('onClose', async () => {
    if (!server) return;
    const closing = new Promise<void>((resolve) => server!.close(() => resolve()));
    server.closeAllConnections();
    await closing;
  });

  return {
    async listen(host, port) {
      server = createServer((req, res) => {
        const path = (req.url ?? '').split('?')[0];
        if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
          res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found: the metrics are at GET /metrics\n');
          return;
        }
        registry.metrics().then(
          (text) => res.writeHead(200, { 'Content-Type': registry.contentType }).end(req.method === 'HEAD' ? undefined : text),
          (error: unknown) => {
            app.log.warn({ err: error }, 'metrics could not be collected');
            res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('metrics could not be collected\n');
          },
        );
      });
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(port, host, () => {
          server!.off('error', reject);
          resolve();
        });
      });
      const address = server.address() as AddressInfo;
      return `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
    },
  };
}
