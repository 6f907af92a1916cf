import { sql } from 'drizzle-orm';
import { sliceRoles } from '@atrium/contracts';
import { rowsOf, type Db } from '../client.ts';
import { roles, users } from '../schema/auth.ts';
import { hashPassword } from '../../security/passwords.ts';

/** An account seeded with a known password, listed in the start log (README, Quick start). */
export interface SeedAccount {
  readonly username: string;
  readonly password: string;
  /** Built-in roles or the slices' (`roles` of their contracts), which exist by then. */
  readonly roles: readonly string[];
  readonly phone: string;
  readonly accountId: string;
  readonly name: string;
  readonly email: string;
  readonly job: string;
  readonly jobName: string;
  readonly organization: string;
  readonly organizationName: string;
  readonly certification: number;
}

/** The accounts every product starts with outside production (README, Quick start); never in production (see index.ts). */
export const coreAccounts = [
  {
    username: 'admin',
    password: 'admin123',
    // An admin may view the console as a user and back, so the account holds both roles.
    roles: ['admin', 'user'],
    phone: '13800000000',
    accountId: '10001',
    name: 'Atrium Admin',
    email: 'admin@example.com',
    job: 'operations',
    jobName: 'Operations lead',
    organization: 'platform',
    organizationName: 'Platform team',
    certification: 1,
  },
  {
    username: 'user',
    password: 'user123',
    roles: ['user'],
    phone: '13900000000',
    accountId: '10002',
    name: 'Atrium User',
    email: 'user@example.com',
    job: 'editor',
    jobName: 'Content editor',
    organization: 'content',
    organizationName: 'Content team',
    certification: 0,
  },
] as const satisfies readonly SeedAccount[];

/** Seeds one account with its known password, answering its id. */
export async function insertSeedAccount(db: Db, a: SeedAccount, now: Date): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({
      username: a.username,
      passwordHash: await hashPassword(a.password),
      roles: [...a.roles],
      phone: a.phone,
      accountId: a.accountId,
      name: a.name,
      email: a.email,
      job: a.job,
      jobName: a.jobName,
      organization: a.organization,
      organizationName: a.organizationName,
      certification: a.certification,
      countryRegion: 'china',
      registeredAt: now,
    })
    .returning({ id: users.id });
  return row!.id;
}

/**
 * The roles the slices bring (contracts `sliceRoles`), as custom roles an administrator may change (the
 * built-in ones are written by every start), then the core's accounts.
 */
export async function seedAccounts(db: Db, now: Date): Promise<{ adminId: number; userId: number }> {
  for (const [code, role] of Object.entries(sliceRoles)) {
    await db
      .insert(roles)
      .values({ code, name: role.name['zh-CN'], description: role.description['zh-CN'], permissions: [...role.permissions], builtIn: false })
      .onConflictDoNothing();
  }
  const [admin, user] = coreAccounts;
  return { adminId: await insertSeedAccount(db, admin, now), userId: await insertSeedAccount(db, user, now) };
}

/** Creates an account with a chosen password (CLI create-admin). */
export async function createAccount(db: Db, input: { username: string; password: string; roles: string[]; name?: string; phone?: string }): Promise<number> {
  const [first] = rowsOf<{ n: number }>(await db.execute(sql`select coalesce(max(id), 0) + 10001 as n from ${users}`));
  const [row] = await db
    .insert(users)
    .values({
      username: input.username.toLowerCase(),
      passwordHash: await hashPassword(input.password),
      roles: input.roles,
      accountId: String(first?.n ?? 10001),
      name: input.name ?? input.username,
      phone: input.phone ?? null,
    })
    .returning({ id: users.id });
  return row!.id;
}
