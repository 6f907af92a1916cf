import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { MigrationConfig, MigrationMeta } from 'drizzle-orm/migrator';
import type { DbHandle } from './client.ts';

export const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), '../../drizzle');

interface DialectLike {
  migrate(migrations: MigrationMeta[], session: unknown, config: MigrationConfig): Promise<void>;
}

/**
 * Applies the generated migrations with drizzle's own migrator (same journal table and hashes on both
 * engines). drizzle-kit qualifies foreign keys with "public"; a test database living in its own schema
 * gets those references rewritten so the same SQL lands in that schema.
 */
export async function migrateDatabase(handle: DbHandle): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder });
  const schemaName = handle.schemaName;
  if (schemaName !== 'public') {
    for (const m of migrations) m.sql = m.sql.map((s) => s.replaceAll('"public".', `"${schemaName}".`));
  }
  const internals = handle.db as unknown as { dialect: DialectLike; session: unknown };
  const run = () =>
    internals.dialect.migrate(migrations, internals.session, {
      migrationsFolder,
      migrationsSchema: schemaName === 'public' ? 'drizzle' : schemaName,
    });
  if (!handle.pool) return run();
  // Replicas starting together on one PostgreSQL: one migrates, the others wait and then find nothing to do.
  const lockClient = await handle.pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock(hashtext($1))', [`atrium-migrate:${schemaName}`]);
    if (schemaName !== 'public') await lockClient.query(`create schema if not exists "${schemaName}"`);
    await run();
  } finally {
    await lockClient.query('select pg_advisory_unlock(hashtext($1))', [`atrium-migrate:${schemaName}`]).catch(() => undefined);
    lockClient.release();
  }
}
