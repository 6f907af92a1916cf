import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** One type for both engines: the drizzle pg-core database over PGlite or node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** What `db.transaction(async (tx) => ...)` hands to its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
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

export function postgresHandle(connectionString: string, opts: { schemaName?: string; max?: number } = {}): DbHandle {
  const schemaName = opts.schemaName ?? 'public';
  const pool = new pg.Pool({
    connectionString,
    max: opts.max ?? 10,
    // A private schema (tests) is selected per connection, so every query and the migrator see it.
    options: schemaName === 'public' ? undefined : `-c search_path=${schemaName}`,
  });
  // An idle client that loses its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return { db, engine: 'postgres', schemaName, pool, close: () => pool.end() };
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
