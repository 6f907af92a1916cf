// The embedded engine. Imported only where it is used (openDatabase() without DATABASE_URL, the test
// harness), so a server on PostgreSQL never loads PGlite's WASM module.
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Db, DbHandle } from './client.ts';
import * as schema from './schema/index.ts';

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
  const client = new PGlite(dir);
  await client.waitReady;
  return pgliteHandle(client);
}
