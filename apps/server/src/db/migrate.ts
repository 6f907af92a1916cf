import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { MigrationConfig, MigrationMeta } from 'drizzle-orm/migrator';
import type { ServerSlice } from '../slice.ts';
import { rowsOf, type DbHandle } from './client.ts';
import { installAuditGuard } from './audit-guard.ts';
import { installBuiltInRoles } from './built-in-roles.ts';
import { installGenerationCounters, installListGenerations } from './list-generations.ts';

export const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), '../../drizzle');

interface DialectLike {
  migrate(migrations: MigrationMeta[], session: unknown, config: MigrationConfig): Promise<void>;
}

/** What migrating needs of a slice (src/slice.ts): its name (its journal's) and its migrations folder. */
export type SliceMigrations = Pick<ServerSlice, 'name' | 'migrations'>;

/** The journal table of a slice's migrations, beside the core's `__drizzle_migrations`. */
export function sliceMigrationsTable(name: string): string {
  return `__drizzle_migrations_${name.replace(/[^a-z0-9]+/g, '_')}`;
}

/**
 * Applies the generated migrations with drizzle's own migrator (same journal table and hashes on both
 * engines): the core's folder (`core`, default drizzle/), then each slice's folder with a journal of its
 * own (`slices`: the registry's, src/slices.ts; the database layer names none itself), in the same
 * migrations schema and under the same lock. drizzle-kit qualifies foreign keys with "public"; a test
 * database living in its own schema gets those references rewritten so the same SQL lands in that schema.
 */
export async function migrateDatabase(handle: DbHandle, slices: readonly SliceMigrations[], core = migrationsFolder): Promise<string[]> {
  if (!Array.isArray(slices)) throw new TypeError('migrateDatabase: pass the slices to migrate (serverSlices of src/slices.ts, or [])');
  const tables = slices.filter((s) => s.migrations).map((s) => sliceMigrationsTable(s.name));
  const shared = tables.find((table, i) => tables.indexOf(table) !== i);
  if (shared) throw new Error(`migrateDatabase: two slices would share the migrations journal ${shared}: give them names of their own`);
  const schemaName = handle.schemaName;
  const folders = [
    { folder: core, table: '__drizzle_migrations', prefix: '' },
    ...slices.flatMap((s) => (s.migrations ? [{ folder: s.migrations, table: sliceMigrationsTable(s.name), prefix: `${s.name}/` }] : [])),
  ].map(({ folder, table, prefix }) => {
    const migrations = readMigrationFiles({ migrationsFolder: folder });
    if (schemaName !== 'public') {
      for (const m of migrations) m.sql = m.sql.map((s) => s.replaceAll('"public".', `"${schemaName}".`));
    }
    return { folder, table, prefix, migrations };
  });
  const migrationsSchema = schemaName === 'public' ? 'drizzle' : schemaName;
  const internals = handle.db as unknown as { dialect: DialectLike; session: unknown };
  const run = async () => {
    const applied: string[] = [];
    await installGenerationCounters(handle.db);
    for (const { folder, table, prefix, migrations } of folders) {
      const since = await lastApplied(handle, migrationsSchema, table);
      await internals.dialect.migrate(migrations, internals.session, { migrationsFolder: folder, migrationsTable: table, migrationsSchema });
      applied.push(...journalTags(folder, since).map((tag) => `${prefix}${tag}`));
    }
    await makeReplayStoreUnlogged(handle);
    await installListGenerations(handle.db);
    await installAuditGuard(handle.db);
    await installBuiltInRoles(handle.db);
    return applied;
  };
  if (!handle.pool) return run();
  // Replicas starting together on one PostgreSQL: one migrates, the others wait and then find nothing to do.
  const lockClient = await handle.pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock(hashtext($1))', [`atrium-migrate:${schemaName}`]);
    if (schemaName !== 'public') await lockClient.query(`create schema if not exists "${schemaName}"`);
    return await run();
  } finally {
    // A connection whose unlock failed may still hold the lock (a session lock lives as long as the
    // connection): released with the error, the pool closes it and the lock goes with it. A connection
    // lost meanwhile was already handed back by the pool guard (db/client.ts); this release is then a no-op.
    const unlocked = await lockClient.query('select pg_advisory_unlock(hashtext($1))', [`atrium-migrate:${schemaName}`]).then(
      () => undefined,
      (err: unknown) => (err instanceof Error ? err : new Error(String(err))),
    );
    lockClient.release(unlocked);
  }
}

/** The time of the last migration a journal table records (drizzle's `created_at`); 0 when it has none yet. */
async function lastApplied(handle: DbHandle, schema: string, table: string): Promise<number> {
  const name = `"${schema}"."${table}"`;
  const [exists] = rowsOf<{ found: string | null }>(await handle.db.execute(sql`select to_regclass(${name})::text as found`));
  if (!exists?.found) return 0;
  const [row] = rowsOf<{ last: string | number | null }>(await handle.db.execute(sql.raw(`select max(created_at) as last from ${name}`)));
  return Number(row?.last ?? 0);
}

/** The tags of a folder's migrations dated after `since`: those drizzle's migrator applies (it compares the same dates). */
function journalTags(folder: string, since: number): string[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8')) as { entries: { when: number; tag: string }[] };
  return journal.entries.filter((e) => e.when > since).map((e) => e.tag);
}

/** The start's line about the schema: what it applied, or that there was nothing to apply. */
export function migrationSummary(applied: readonly string[]): string {
  if (applied.length === 0) return 'Database schema up to date (no migration to apply)';
  return `Database schema migrated: applied ${applied.length} migration${applied.length === 1 ? '' : 's'}: ${applied.join(', ')}`;
}

/**
 * The replay store takes one insert per signed request. As a logged table every insert waits for a WAL
 * flush (~3.5 ms here); UNLOGGED skips the WAL (~0.6 ms). Losing it in a crash only forgets nonces of the
 * last 10 minutes, the same exposure as a restart of an in-memory store, so durability is not worth an
 * fsync per request. drizzle-kit cannot declare UNLOGGED, hence this idempotent step after migrating.
 */
async function makeReplayStoreUnlogged(handle: DbHandle): Promise<void> {
  await handle.db.execute(sql`
    do $$
    begin
      if exists (
        select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relname = 'nonces' and n.nspname = current_schema() and c.relpersistence = 'p'
      ) then
        alter table nonces set unlogged;
      end if;
    end $$`);
}

/**
 * The planner's statistics of every table, for the embedded engine: PGlite runs no autovacuum, so without
 * this its planner guesses every table's size and every filter's share, and a list of 100 000 records read
 * the wrong index (decision 018). At each start, before any request (a few hundred ms at 100 000 rows,
 * with PGlite's one thread to itself); PostgreSQL's autovacuum keeps its own statistics.
 */
export async function analyzeEmbedded(handle: DbHandle): Promise<void> {
  await handle.db.execute(sql.raw('analyze'));
}
