// The embedded engine. Imported only where it is used (openDatabase() without DATABASE_URL, the test
// harness), so a server on PostgreSQL never loads PGlite's WASM module.
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Db, DbHandle } from './client.ts';
import * as schema from './schema/index.ts';

/**
 * What every PGlite of Atrium's is opened with: the extensions its migrations create (pg_trgm, for the
 * resources' substring indexes), which PGlite must have loaded before `CREATE EXTENSION` finds them.
 */
export const pgliteOptions = (more: PGliteOptions = {}): PGliteOptions => ({ ...more, extensions: { pg_trgm } });

export function pgliteHandle(client: PGlite): DbHandle {
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    schemaName: 'public',
    pglite: client,
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/** Opens (creating when missing) the PGlite data directory `dir`. */
export async function openPglite(dir: string): Promise<DbHandle> {
  const client = new PGlite(dir, pgliteOptions());
  await client.waitReady;
  return pgliteHandle(client);
}
