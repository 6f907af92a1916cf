import { and, desc, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { captchas, loginAttempts, loginDevices, smsCodes, users } from '../../db/schema/auth.ts';

/** Failures in the window around one sign-in attempt, and whether its device is known to the account. */
export interface LoginRisk {
  /** For this username from this device. */
  pair: number;
  /** For this username from any device. */
  user: number;
  /** From this device for any username. */
  device: number;
  /** From this client address for any username. */
  address: number;
  oldestPair: Date | null;
  oldestUser: Date | null;
  oldestAddress: Date | null;
  /** The device signed in to the account of this username since `knownSince`. */
  knownDevice: boolean;
}

const asDate = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string | Date));

/**
 * One statement: the four failure counts (an index per key: username, fingerprint, ip) and the
 * known-device lookup. An empty fingerprint (a client that sent none) is never a known device.
 */
export async function loginRisk(
  db: Db,
  q: { username: string; fingerprint: string; fingerprintHash: string; ip: string; since: Date; knownSince: Date },
): Promise<LoginRisk> {
  const forUser = eq(loginAttempts.username, q.username);
  const forDevice = eq(loginAttempts.fingerprint, q.fingerprint);
  const forAddress = eq(loginAttempts.ip, q.ip);
  const forPair = and(forUser, forDevice);
  const known = q.fingerprint
    ? sql<boolean>`exists (select 1 from ${loginDevices} join ${users} on ${users.id} = ${loginDevices.userId}
        where lower(${users.username}) = ${q.username} and ${loginDevices.fingerprintHash} = ${q.fingerprintHash} and ${loginDevices.lastSeenAt} >= ${q.knownSince})`
    : sql<boolean>`false`;
  const [row] = await db
    .select({
      pair: sql<number>`count(*) filter (where ${forPair})`,
      user: sql<number>`count(*) filter (where ${forUser})`,
      device: sql<number>`count(*) filter (where ${forDevice})`,
      address: sql<number>`count(*) filter (where ${forAddress})`,
      oldestPair: sql<Date | null>`min(${loginAttempts.at}) filter (where ${forPair})`,
      oldestUser: sql<Date | null>`min(${loginAttempts.at}) filter (where ${forUser})`,
      oldestAddress: sql<Date | null>`min(${loginAttempts.at}) filter (where ${forAddress})`,
      known,
    })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.success, false), gte(loginAttempts.at, q.since), or(forUser, forDevice, forAddress)));
  return {
    pair: Number(row?.pair ?? 0),
    user: Number(row?.user ?? 0),
    device: q.fingerprint ? Number(row?.device ?? 0) : 0,
    address: Number(row?.address ?? 0),
    oldestPair: asDate(row?.oldestPair),
    oldestUser: asDate(row?.oldestUser),
    oldestAddress: asDate(row?.oldestAddress),
    knownDevice: row?.known === true,
  };
}

/**
 * Writes the attempt as a failure before its password is checked, and returns its id: concurrent
 * attempts then count each other, so a burst cannot slip past the limits between a check and a write.
 */
export async function beginAttempt(db: Db, row: { username: string; fingerprint: string; ip: string; at: Date }): Promise<number> {
  const [inserted] = await db
    .insert(loginAttempts)
    .values({ ...row, success: false })
    .returning({ id: loginAttempts.id });
  return inserted!.id;
}

/** Removes an attempt that turned out not to be a failure (refused before the password, or signed in). */
export async function dropAttempt(db: Db, id: number): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.id, id));
}

/**
 * A successful sign-in ends the failures of that username from that device (and drops rows older than
 * the window). Failures from other devices stay: they concern the devices that made them.
 */
export async function clearPairFailures(db: Db, username: string, fingerprint: string, olderThan: Date): Promise<void> {
  await db.delete(loginAttempts).where(or(and(eq(loginAttempts.username, username), eq(loginAttempts.fingerprint, fingerprint)), lt(loginAttempts.at, olderThan)));
}

/** Records (or refreshes) a device that signed in to the account, and forgets the account's stale ones. */
export async function rememberDevice(db: Db, userId: number, fingerprintHash: string, now: Date, staleBefore: Date): Promise<void> {
  await db
    .insert(loginDevices)
    .values({ userId, fingerprintHash, firstSeenAt: now, lastSeenAt: now })
    .onConflictDoUpdate({ target: [loginDevices.userId, loginDevices.fingerprintHash], set: { lastSeenAt: now } });
  await db.delete(loginDevices).where(and(eq(loginDevices.userId, userId), lt(loginDevices.lastSeenAt, staleBefore)));
}

/** Background clean-up: failures past the window, devices unused for too long. */
export async function sweepLoginState(db: Db, failuresBefore: Date, devicesBefore: Date): Promise<void> {
  await db.delete(loginAttempts).where(lt(loginAttempts.at, failuresBefore));
  await db.delete(loginDevices).where(lt(loginDevices.lastSeenAt, devicesBefore));
}

export async function insertCaptcha(db: Db, row: { id: string; answerHash: string; expiresAt: Date }, now: Date): Promise<void> {
  await db.delete(captchas).where(lt(captchas.expiresAt, now));
  await db.insert(captchas).values(row);
}

/** Deletes and returns the captcha: each one is checked at most once, right or wrong. */
export async function takeCaptcha(db: Db, id: string): Promise<{ answerHash: string; expiresAt: Date } | undefined> {
  const rows = await db.delete(captchas).where(eq(captchas.id, id)).returning({ answerHash: captchas.answerHash, expiresAt: captchas.expiresAt });
  return rows[0];
}

export async function lastSmsSentAt(db: Db, tel: string): Promise<Date | null> {
  const rows = await db.select({ sentAt: smsCodes.sentAt }).from(smsCodes).where(eq(smsCodes.tel, tel)).orderBy(desc(smsCodes.sentAt)).limit(1);
  return rows[0]?.sentAt ?? null;
}

export async function insertSmsCode(
  db: Db,
  row: { tel: string; purpose: 'login' | 'bind'; userId: number | null; codeHash: string; sentAt: Date; expiresAt: Date },
): Promise<void> {
  await db.delete(smsCodes).where(lt(smsCodes.expiresAt, new Date(row.sentAt.getTime() - 24 * 3600 * 1000)));
  await db.insert(smsCodes).values(row);
}

export async function latestSmsCode(db: Db, tel: string, purpose: 'login' | 'bind') {
  const rows = await db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.tel, tel), eq(smsCodes.purpose, purpose)))
    .orderBy(desc(smsCodes.sentAt), desc(smsCodes.id))
    .limit(1);
  return rows[0];
}

export async function bumpSmsAttempts(db: Db, id: number): Promise<void> {
  await db
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + 1` })
    .where(eq(smsCodes.id, id));
}

/** Marks the code used; false when another request used it first. */
export async function consumeSmsCode(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(smsCodes)
    .set({ consumedAt: now })
    .where(and(eq(smsCodes.id, id), isNull(smsCodes.consumedAt)))
    .returning({ id: smsCodes.id });
  return rows.length > 0;
}

/** Serialises sends for one phone number across replicas (transaction-scoped advisory lock). */
export async function lockPhone(db: Db, tel: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${tel}`}))`);
}

export async function deleteSmsCodesSentAt(db: Db, tel: string, sentAt: Date): Promise<void> {
  await db.delete(smsCodes).where(and(eq(smsCodes.tel, tel), eq(smsCodes.sentAt, sentAt)));
}
