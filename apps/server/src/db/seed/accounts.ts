import { sql } from 'drizzle-orm';
import { demoRoles } from '@atrium/contracts';
import { rowsOf, type Db } from '../client.ts';
import { roles, users } from '../schema/auth.ts';
import { hashPassword } from '../../security/passwords.ts';

/** The demo accounts (README, Quick start). Never created in production (see index.ts). */
export const demoAccounts = [
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
    name: 'Demo User',
    email: 'user@example.com',
    job: 'editor',
    jobName: 'Content editor',
    organization: 'content',
    organizationName: 'Content team',
    certification: 0,
  },
  {
    username: 'auditor',
    password: 'auditor123',
    roles: ['auditor'],
    phone: '13700000000',
    accountId: '10003',
    name: 'Demo Auditor',
    email: 'auditor@example.com',
    job: 'compliance',
    jobName: 'Compliance officer',
    organization: 'risk',
    organizationName: 'Risk team',
    certification: 0,
  },
] as const;

export async function seedAccounts(db: Db, now: Date): Promise<{ adminId: number; userId: number }> {
  // The demo's custom role (the built-in ones are written by every start).
  for (const [code, role] of Object.entries(demoRoles)) {
    await db
      .insert(roles)
      .values({ code, name: role.name['zh-CN'], description: role.description['zh-CN'], permissions: [...role.permissions], builtIn: false })
      .onConflictDoNothing();
  }
  const ids: number[] = [];
  for (const a of demoAccounts) {
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
    ids.push(row!.id);
  }
  return { adminId: ids[0]!, userId: ids[1]! };
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
