import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oidcTickets, oidcTransactions, roles, userIdentities, users } from '../../db/schema/auth.ts';

export interface OidcTransaction {
  bindingHash: string;
  nonce: string;
  codeVerifier: string;
  redirect: string;
  expiresAt: Date;
}

/** A new sign-in on its way to the provider (the expired ones are removed on the way). */
export async function insertTransaction(db: Db, stateHash: string, row: OidcTransaction, now: Date): Promise<void> {
  await db.delete(oidcTransactions).where(lt(oidcTransactions.expiresAt, now));
  await db.insert(oidcTransactions).values({ stateHash, ...row });
}

/** Takes the transaction of a state: single use (of two callbacks with one state, one gets it). */
export async function takeTransaction(db: Db, stateHash: string): Promise<OidcTransaction | undefined> {
  const [row] = await db.delete(oidcTransactions).where(eq(oidcTransactions.stateHash, stateHash)).returning({
    bindingHash: oidcTransactions.bindingHash,
    nonce: oidcTransactions.nonce,
    codeVerifier: oidcTransactions.codeVerifier,
    redirect: oidcTransactions.redirect,
    expiresAt: oidcTransactions.expiresAt,
  });
  return row;
}

export async function insertTicket(db: Db, tokenHash: string, row: { userId: number; bindingHash: string; redirect: string; expiresAt: Date }, now: Date): Promise<void> {
  await db.delete(oidcTickets).where(lt(oidcTickets.expiresAt, now));
  await db.insert(oidcTickets).values({ tokenHash, ...row });
}

/** Takes a ticket still valid at `now`: single use. */
export async function takeTicket(db: Db, tokenHash: string, now: Date): Promise<{ userId: number; bindingHash: string; redirect: string } | undefined> {
  const [row] = await db
    .delete(oidcTickets)
    .where(and(eq(oidcTickets.tokenHash, tokenHash), gt(oidcTickets.expiresAt, now)))
    .returning({ userId: oidcTickets.userId, bindingHash: oidcTickets.bindingHash, redirect: oidcTickets.redirect });
  return row;
}

/** The account linked to a person of a provider. */
export async function findLinkedAccount(db: Db, issuer: string, subject: string): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)));
  return row?.userId;
}

export async function linkAccount(db: Db, issuer: string, subject: string, userId: number, now: Date): Promise<void> {
  await db.insert(userIdentities).values({ issuer, subject, userId, linkedAt: now });
}

/** Which of these role codes exist. */
export async function existingRoles(db: Db, codes: readonly string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db.select({ code: roles.code }).from(roles).where(inArray(roles.code, [...codes]));
  return new Set(rows.map((r) => r.code));
}

/** The lower-cased usernames that are `base` or `base-<n>`, for picking the next free one. */
export async function usernamesLike(db: Db, base: string): Promise<Set<string>> {
  const escaped = base.replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await db
    .select({ name: sql<string>`lower(${users.username})` })
    .from(users)
    .where(sql`lower(${users.username}) = ${base} or lower(${users.username}) like ${`${escaped}-%`}`);
  return new Set(rows.map((r) => r.name));
}

/** Whether an account holds this e-mail (without regard to case). */
export async function emailHeld(db: Db, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return rows.length > 0;
}

export async function insertCompanyAccount(
  db: Db,
  values: { accountId: string; username: string; name: string; email: string | null; roles: string[] },
  now: Date,
): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({ ...values, passwordHash: null, source: 'oidc', registeredAt: now, updatedAt: now })
    .returning({ id: users.id });
  return row!.id;
}

export async function setRoles(db: Db, userId: number, codes: string[], now: Date): Promise<void> {
  await db.update(users).set({ roles: codes, updatedAt: now }).where(eq(users.id, userId));
}

/** Whether one of these roles holds every one of `permissions` (a full administrator's). */
export async function holdsEveryPermission(db: Db, codes: readonly string[], permissions: readonly string[]): Promise<boolean> {
  if (codes.length === 0) return false;
  const rows = await db.select({ permissions: roles.permissions }).from(roles).where(inArray(roles.code, [...codes]));
  return rows.some((r) => permissions.every((p) => r.permissions.includes(p)));
}
