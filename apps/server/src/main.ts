/**
 * Server entry: config -> lock (PGlite) -> open database -> migrate -> seed when empty (not in production)
 * -> build app -> listen (and the metrics port, when METRICS_PORT is set).
 *
 * Run by tsx (`npm start`, `npm run dev`) or compiled (`npm run build`, then `npm run start:prod`).
 *
 * Stopping (SIGTERM, SIGINT, or the parent `scripts/start.mjs` gone): /readyz turns 503; for
 * SHUTDOWN_DRAIN_SECONDS new requests are still served (a load balancer takes the replica out meanwhile);
 * then no new connections, every running request gets its answer (an export streams to its end) within
 * SHUTDOWN_TIMEOUT_SECONDS, the database is closed, the lock released, exit 0. Copies of one signal
 * (process group, start.mjs, npm) count once; a second signal is logged, a third exits at once (code 1).
 */
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, DataDirError, loadConfig, type AppConfig } from './config.ts';
import { openDatabase, type DbHandle } from './db/client.ts';
import { acquireLock, DataDirLockedError, type DirLock } from './db/lock.ts';
import { analyzeEmbedded, migrateDatabase, migrationSummary } from './db/migrate.ts';
import { seedDatabase } from './db/seed/index.ts';
import { databaseUnavailableCause } from './db/errors.ts';
import { drainApp, StopRequests } from './modules/health/shutdown.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { serverSlices } from './slices.ts';

/** Past the drain limit, closing the database gets this long before the process gives up on it. */
const CLOSE_GRACE_MS = 10_000;

let config: AppConfig | undefined;
let lock: DirLock | undefined;
let handle: DbHandle | undefined;
let app: FastifyInstance | undefined;
let listening = false;
let stopReason: string | undefined;
const stops = new StopRequests();

function info(message: string, fields: Record<string, unknown> = {}): void {
  if (app) app.log.info(fields, message);
  else if (config?.logLevel !== 'silent') console.log(message);
}

function warn(message: string, fields: Record<string, unknown> = {}): void {
  if (app) app.log.warn(fields, message);
  else console.error(message);
}

/** Releases the lock, lets the logger write out what it holds (at most a second), and exits. */
async function exit(code: number): Promise<never> {
  lock?.release();
  const log = app?.log as { flush?: (cb: () => void) => void } | undefined;
  if (log?.flush) {
    const flush = log.flush.bind(log);
    await new Promise<void>((done) => {
      setTimeout(done, 1000).unref();
      flush(() => done());
    });
  }
  process.exit(code);
}

async function shutdown(reason: string): Promise<never> {
  const limitMs = (config?.shutdownTimeoutSeconds ?? 30) * 1000;
  const drainMs = (config?.shutdownDrainSeconds ?? 0) * 1000;
  const guard = setTimeout(() => {
    warn(`shutdown did not finish within ${(drainMs + limitMs + CLOSE_GRACE_MS) / 1000} s; exiting`);
    void exit(1);
  }, drainMs + limitMs + CLOSE_GRACE_MS);
  guard.unref();
  try {
    if (app) {
      info(
        drainMs > 0
          ? `shutting down: not ready, serving new requests for ${drainMs / 1000} s more, then no new connections and finishing the running requests`
          : 'shutting down: not ready, no new connections, finishing the running requests',
        { reason, drainSeconds: drainMs / 1000, drainLimitSeconds: limitMs / 1000 },
      );
      const { cut } = await drainApp(app, limitMs, drainMs);
      if (cut === 0) info('all requests answered');
    }
    await handle?.close();
    lock?.release();
    info('stopped');
    return await exit(0);
  } catch (err) {
    warn('shutdown failed', { err });
    return await exit(1);
  }
}

/** A signal, or the parent gone. Before the server listens, the stop waits for the start-up step under way. */
function requestStop(reason: string): void {
  const verdict = stops.take();
  if (verdict === 'duplicate') return;
  if (verdict === 'again') {
    warn(`${reason} received again: still finishing the running requests (a third signal exits at once)`);
    return;
  }
  if (verdict === 'force') {
    warn(`${reason} received a third time: exiting without finishing the running requests`);
    void exit(1);
    return;
  }
  stopReason = reason;
  if (listening) void shutdown(reason);
  else info(`${reason} received while starting: stopping once the current start-up step ends`);
}

process.on('SIGTERM', () => requestStop('SIGTERM'));
process.on('SIGINT', () => requestStop('SIGINT'));
// Started by scripts/start.mjs over an IPC channel: when that process goes away (killed, or its parent
// npm gone), stop as if signalled, so no orphan keeps the port and the data directory.
if (process.channel) {
  process.channel.unref();
  process.on('disconnect', () => {
    if (!stops.stopping) requestStop('parent process gone');
  });
}

/** When a stop arrived during start-up: closes what is open and exits. */
async function stopIfRequested(): Promise<void> {
  if (stopReason === undefined) return;
  await app?.close();
  await handle?.close();
  info('stopped before listening');
  await exit(0);
}

/**
 * Runs a start-up step that needs the database; while the database cannot answer (not started yet,
 * restarting, refusing connections) it says so in one line and tries again, backing off up to 5 s,
 * instead of exiting: a replica started before its database comes up by itself once it does.
 */
async function whileDatabaseUnavailable<T>(step: string, run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      const cause = databaseUnavailableCause(err) as { code?: string; message?: string } | undefined;
      if (!cause) throw err;
      const delayMs = Math.min(5000, 250 * 2 ** Math.min(attempt - 1, 5));
      warn(`${step}: the database is not available (${cause.code ?? cause.message ?? 'unknown'}); trying again in ${delayMs / 1000} s`);
      await new Promise((done) => setTimeout(done, delayMs));
      await stopIfRequested();
    }
  }
}

async function main(): Promise<void> {
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError || err instanceof DataDirError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }

  if (!config.databaseUrl) {
    try {
      lock = acquireLock(join(config.dataDir, 'pgdata.lock'));
    } catch (err) {
      if (err instanceof DataDirLockedError) {
        console.error(err.message);
        process.exit(3);
      }
      throw err;
    }
  }

  /** The port being opened, for the message when it cannot be. */
  let listenPort = config.port;
  try {
    // One line per start-up step, with its time: a first start (an empty embedded database) takes a while.
    const step = async <T>(label: string | ((result: T) => string), run: () => Promise<T>): Promise<T> => {
      const started = Date.now();
      const result = await run();
      info(`${typeof label === 'string' ? label : label(result)} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      return result;
    };
    handle = await step(config.databaseUrl ? 'Connected to PostgreSQL' : `Opened the embedded database in ${join(config.dataDir, 'pgdata')}`, () => openDatabase(config!));
    await stopIfRequested();
    const opened = handle;
    await step(migrationSummary, () => whileDatabaseUnavailable('migrating', () => migrateDatabase(opened, serverSlices)));
    await stopIfRequested();
    const seed = await step((r) => (r.seeded ? 'Seeded the sample data and accounts' : config!.nodeEnv === 'production' ? 'No sample data in production' : 'Sample data already there'), () => whileDatabaseUnavailable('seeding', () => seedDatabase(opened.db, config!, serverSlices)));
    if (handle.engine === 'pglite') await step('Planner statistics gathered', () => analyzeEmbedded(opened));
    app = await buildApp(config, { db: handle.db, engine: handle.engine });
    // Passwords are not logged, not even the seeded accounts': README.md lists them.

    const metrics = config.metricsPort === undefined ? undefined : await registerMetrics(app, handle);
    await stopIfRequested();
    // The metrics port first: a replica that cannot open it stops before it takes any traffic.
    if (metrics) {
      listenPort = config.metricsPort!;
      app.log.info(`Metrics on ${await metrics.listen(config.host, listenPort)}/metrics`);
      listenPort = config.port;
    }
    const address = await app.listen({ port: config.port, host: config.host });
    listening = true;
    app.log.info(`Atrium listening on ${address} (database: ${handle.engine === 'pglite' ? `PGlite in ${join(config.dataDir, 'pgdata')}` : 'PostgreSQL'})`);
    // Last, so it is what a newcomer reads: where to go and how to sign in (the passwords are in README.md,
    // never in a log).
    if (config.nodeEnv !== 'production') {
      const accounts = seed.seeded ? seed.accounts.map((a) => `${a.username} (${a.roles.join(', ')})`).join(', ') : 'the seeded accounts';
      app.log.info(`Open ${address}/login and sign in with ${accounts}; passwords in README.md (development only)`);
    }
    if (stopReason !== undefined) void shutdown(stopReason);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL') {
      const which = listenPort === config.port ? '' : ' (METRICS_PORT)';
      console.error(`Cannot listen on ${config.host}:${listenPort}${which} (${code}${code === 'EADDRINUSE' ? ': another process holds the port' : ''})`);
    } else {
      console.error(err);
    }
    await app?.close().catch(() => undefined);
    await handle?.close().catch(() => undefined);
    await exit(1);
  }
}

void main();
