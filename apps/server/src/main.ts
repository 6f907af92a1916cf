/**
 * Server entry: config -> lock (PGlite) -> open database -> migrate -> seed when empty (not in production)
 * -> build app -> listen. SIGTERM/SIGINT: stop accepting, let running requests finish, close the
 * database, release the lock.
 */
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase, type DbHandle } from './db/client.ts';
import { acquireLock, DataDirLockedError, type DirLock } from './db/lock.ts';
import { migrateDatabase } from './db/migrate.ts';
import { seedDatabase } from './db/seed/index.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }

  let lock: DirLock | undefined;
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

  let handle: DbHandle | undefined;
  try {
    handle = await openDatabase(config);
    await migrateDatabase(handle);
    const seed = await seedDatabase(handle.db, config);
    const app = await buildApp(config, { db: handle.db, engine: handle.engine });
    if (seed.seeded) {
      app.log.info('Seeded demo data. Demo accounts (development only):');
      for (const a of seed.accounts) app.log.info(`  ${a.username} / ${a.password}  roles ${a.roles.join(', ')}  phone ${a.phone}`);
    }

    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      app.log.info({ signal }, 'shutting down: no new connections, finishing running requests');
      const force = setTimeout(() => {
        app.log.error('shutdown took longer than 15 s; exiting');
        process.exit(1);
      }, 15_000);
      force.unref();
      try {
        await app.close(); // stops listening, waits for in-flight requests
        await handle?.close();
      } finally {
        lock?.release();
      }
      process.exit(0);
    };
    process.once('SIGTERM', () => void stop('SIGTERM'));
    process.once('SIGINT', () => void stop('SIGINT'));

    const address = await app.listen({ port: config.port, host: config.host });
    app.log.info(`Atrium listening on ${address} (database: ${handle.engine === 'pglite' ? `PGlite in ${join(config.dataDir, 'pgdata')}` : 'PostgreSQL'})`);
  } catch (err) {
    console.error(err);
    await handle?.close().catch(() => undefined);
    lock?.release();
    process.exit(1);
  }
}

void main();
