import { sql } from 'drizzle-orm';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../client.ts';
import { users } from '../schema/auth.ts';
import { coreAccounts, insertSeedAccount, seedAccounts, type SeedAccount } from './accounts.ts';
import type { ServerSlice } from '../../slice.ts';
import { seedContent } from './content.ts';

export interface SeedResult {
  seeded: boolean;
  /** Printed in the start log so a new user knows how to sign in. */
  accounts: Array<{ username: string; password: string; roles: readonly string[]; phone: string }>;
}

/**
 * Seeds an empty database outside production: the roles the slices bring and the core's accounts
 * (accounts.ts), the core's content of db/seed/content.ts, then each slice's sample data and accounts
 * (`slices`: the registry's, src/slices.ts), in one transaction. Production never gets accounts with known
 * passwords (use the create-admin CLI).
 */
export async function seedDatabase(db: Db, config: Pick<AppConfig, 'nodeEnv'>, slices: readonly Pick<ServerSlice, 'seed'>[], now = new Date()): Promise<SeedResult> {
  if (!Array.isArray(slices)) throw new TypeError('seedDatabase: pass the slices to seed (serverSlices of src/slices.ts, or [])');
  if (config.nodeEnv === 'production') return { seeded: false, accounts: [] };
  const seeded: SeedAccount[] = [...coreAccounts];
  const ids = await db.transaction(async (tx) => {
    // Replicas starting together on an empty PostgreSQL: one seeds, the others wait and find accounts.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('atrium-seed:' || current_schema()))`);
    const [existing] = await tx.select({ n: sql<number>`count(*)::int` }).from(users);
    if ((existing?.n ?? 0) > 0) return null;
    const created = await seedAccounts(tx, now);
    await seedContent(tx, created, now);
    const addAccount = (account: SeedAccount) => {
      seeded.push(account);
      return insertSeedAccount(tx, account, now);
    };
    for (const slice of slices) await slice.seed?.(tx, { adminId: created.adminId, userId: created.userId, now, addAccount });
    return created;
  });
  if (!ids) return { seeded: false, accounts: [] };
  return { seeded: true, accounts: seeded.map((a) => ({ username: a.username, password: a.password, roles: a.roles, phone: a.phone })) };
}
