import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

type Schema = typeof schema;
/** One type for both engines: the drizzle pg-core database over PGlite or node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Engine = 'pglite' | 'postgres';

export interface DbHandle {
  db: Db;
  engine: Engine;
  /** PostgreSQL schema the tables live in (`public` unless a test gave it its own). */
  schemaName: string;
  /** Raw PGlite instance (embedded engine only). */
  pglite?: PGlite;
  /** Raw pool (PostgreSQL only). */
  pool?: pg.Pool;
  close(): Promise<void>;
}

/**
 * How long a query waits for a connection (a free slot in the pool, or a new connection) before failing.
 * While PostgreSQL is down or unreachable the request then answers 503 instead of hanging; a refused
 * connection fails at once anyway, a silent network does not.
 */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * How long a pooled connection may sit idle before it is closed: five minutes, where node-postgres closes it
 * after ten seconds. A console is used in bursts with pauses to read; a connection made again costs the next
 * click its start-up (5-8 ms on loopback, more across a network and with TLS) and every plan it kept
 * (db/prepared.ts, decision 053). Ten idle backends per replica are cheap for PostgreSQL.
 */
const IDLE_TIMEOUT_MS = 5 * 60_000;

export function postgresHandle(connectionString: string, opts: { schemaName?: string; max?: number; connectTimeoutMs?: number } = {}): DbHandle {
  const schemaName = opts.schemaName ?? 'public';
  const pool = new pg.Pool({
    connectionString,
    max: opts.max ?? 10,
    connectionTimeoutMillis: opts.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: IDLE_TIMEOUT_MS,
    // Notices a peer that vanished without closing the connection (host down, network cut).
    keepAlive: true,
    // A private schema (tests) is selected per connection, so every query and the migrator see it.
    options: schemaName === 'public' ? undefined : `-c search_path=${schemaName}`,
  });
  guardPool(pool);
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return { db, engine: 'postgres', schemaName, pool, close: () => pool.end() };
}

/**
 * No lost connection may end the process. node-postgres emits 'error' on a client whose connection drops
 * (the server restarted, crashed, or ended the backend), and an 'error' event nobody listens to throws.
 * The pool listens only while a client is idle (it drops the client and re-emits on itself); a client
 * checked out with `pool.connect()` (drizzle's transactions, the migration lock) has no listener of its own.
 * So: the pool's re-emitted errors are expected (the next checkout connects anew), every client gets a
 * listener for its whole life, and a checked-out client that loses its connection goes back to the pool at
 * once as broken, so the pool destroys it and frees its slot. drizzle does not release a client whose
 * BEGIN failed; without this the pool would fill with dead clients and never serve again. The holder's
 * own release() later is then a no-op, and its pending and later queries fail (the transaction is rolled
 * back by the server, nothing of it is acknowledged).
 */
function guardPool(pool: pg.Pool): void {
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  type Callback = (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;
  const connect = pool.connect.bind(pool) as (callback?: Callback) => Promise<pg.PoolClient> | void;
  pool.connect = ((callback?: Callback) => (callback ? connect(callback) : (connect() as Promise<pg.PoolClient>).then(guardCheckout))) as typeof pool.connect;
}

function guardCheckout(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let released = false;
  const done = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener('error', lost);
    release(err);
  };
  const lost = (err: Error) => done(err);
  client.on('error', lost);
  client.release = done;
  return client;
}

/** Opens the configured database: PostgreSQL when DATABASE_URL is set, else PGlite in `<dataDir>/pgdata`. */
export async function openDatabase(config: { databaseUrl: string | undefined; databaseSchema?: string; dataDir: string }): Promise<DbHandle> {
  if (config.databaseUrl) return postgresHandle(config.databaseUrl, { schemaName: config.databaseSchema });
  const dir = join(config.dataDir, 'pgdata');
  mkdirSync(dir, { recursive: true });
  // Loaded only for the embedded engine: the WASM PostgreSQL module alone holds ~40 MB of a server's RSS.
  const { openPglite } = await import('./pglite.ts');
  return openPglite(dir);
}

/** Rows of a `db.execute()` result; both drivers answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
