import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** The readiness probe's round trip: the database answers a statement. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
