import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { systemPermissions, type PasswordLogin, type PhoneLogin } from '@atrium/contracts';
import type { MfaLoginBody } from '@atrium/contracts/calls/mfa';
import { hashToken } from '../../sessions/resolve-session.ts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { findUserById, findUserByPhone, findUserByUsername, updateUser, type UserRow } from '../shared/users.repository.ts';
import { Sweeper } from '../../db/sweep.ts';
import {
  beginAttempt,
  bumpSmsAttempts,
  clearPairFailures,
  consumeSmsCode,
  deleteSmsCodesSentAt,
  dropAttempt,
  insertCaptcha,
  insertSmsCode,
  lastSmsSentAt,
  latestSmsCode,
  lockPhone,
  loginRisk,
  rememberDevice,
  sweepLoginState,
  takeCaptcha,
  type LoginRisk,
} from './auth.repository.ts';
import { captchaDataUrl, randomCaptchaText } from './captcha-image.ts';
import { contextHash, verifyAgainstDummy, verifyPassword } from '../../security/passwords.ts';
import { createSession } from '../../sessions/session.service.ts';
import { countTicketFailure, deleteTicket, findMfa, findTicket, insertTicket } from './mfa.repository.ts';
import { checkSecondStep, newTicket } from './mfa.service.ts';
import { holdsEveryPermission } from './oidc.repository.ts';
import {
  ADDRESS_BLOCK_AFTER_FAILURES,
  ADDRESS_CAPTCHA_AFTER_FAILURES,
  CAPTCHA_AFTER_FAILURES,
  FAILURE_WINDOW_MS,
  LOCK_AFTER_FAILURES,
  UNKNOWN_DEVICE_LOCK_AFTER_FAILURES,
} from './sign-in-limits.ts';
import type { SmsProvider } from './sms-provider.ts';

/** A device that has not signed in to the account for this long is unknown again. */
const KNOWN_DEVICE_DAYS = 90;
const CAPTCHA_TTL_SECONDS = 120;
const SMS_TTL_SECONDS = 300;
const SMS_RESEND_SECONDS = 60;
const SMS_MAX_ATTEMPTS = 5;

export interface AuthEnv {
  db: Db;
  config: AppConfig;
  now: Date;
  ip: string;
  fingerprint: string;
  userAgent: string;
  /**
   * Writes the sign-in's audit entry in the transaction that opens the session, or that gives the ticket
   * of the second step (`summary` then says so).
   */
  record?: (db: Db, who: SignedIn['user'], summary?: string) => Promise<void>;
}

const equalHex = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Admin accounts start in the admin role (they may switch to user and back). */
/** A sign-in's answer, and who signed in (for the audit entry; not sent). */
export interface SignedIn {
  answer: { token: string; expiresAt: string; mustChangePassword?: true } | { mfaRequired: true; mfaTicket: string; expiresAt: string };
  user: { id: number; username: string; role: string };
}

/** How long the second step of a sign-in may take, and how many wrong codes void it. */
const MFA_TICKET_SECONDS = 300;
const MFA_TICKET_FAILURES = 5;

/**
 * After the first step (password or phone code, with the captcha rules): an account with two-step
 * verification gets the ticket of the second step, bound to this device; any other a session.
 */
async function firstStepPassed(env: AuthEnv, user: UserRow, triedAs: string): Promise<SignedIn> {
  if (user.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
  if (!user.mfaEnabledAt) return signIn(env, user);
  const { db, now } = env;
  const who = { id: user.id, username: user.username, role: user.roles[0]! };
  const ticket = newTicket();
  const expiresAt = new Date(now.getTime() + MFA_TICKET_SECONDS * 1000);
  await db.transaction(async (tx) => {
    await insertTicket(tx, hashToken(ticket), { userId: user.id, username: triedAs, fingerprint: env.fingerprint, failures: 0, expiresAt }, now);
    await env.record?.(tx, who, 'first step passed; second step required');
  });
  return { answer: { mfaRequired: true, mfaTicket: ticket, expiresAt: expiresAt.toISOString() }, user: who };
}

/** Opens a session for an account whose credentials were checked: active role = its first role. */
export async function signIn(env: AuthEnv, user: UserRow): Promise<SignedIn & { answer: { token: string } }> {
  const { db, config, now } = env;
  if (user.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
  const role = user.roles[0]!;
  const who = { id: user.id, username: user.username, role };
  // The session and its audit entry commit together (the failure counters were settled before, on their own).
  const session = await db.transaction(async (tx) => {
    const opened = await createSession(tx, config, { userId: user.id, role, fingerprint: env.fingerprint, now, ip: env.ip, userAgent: env.userAgent });
    await updateUser(tx, user.id, { lastLoginAt: now });
    await env.record?.(tx, who);
    return opened;
  });
  const answer: { token: string; expiresAt: string; mustChangePassword?: true } = { token: session.token, expiresAt: session.expiresAt.toISOString() };
  if (user.mustChangePassword) answer.mustChangePassword = true;
  return { answer, user: who };
}

/**
 * The second step: the ticket of the first, from the device it was given to, and a TOTP code or a recovery
 * code. A wrong one counts as a failed sign-in of the name tried (the lockout rules apply as to a wrong
 * password), and the fifth voids the ticket: the sign-in starts over. The failure's cause carries the
 * account to the audit trail (auth.routes.ts).
 */
export async function loginSecondStep(env: AuthEnv, body: MfaLoginBody): Promise<SignedIn & { answer: { token: string } }> {
  const { db, config, now, fingerprint } = env;
  const tokenHash = hashToken(body.mfaTicket);
  const ticket = await findTicket(db, tokenHash);
  if (!ticket || ticket.expiresAt.getTime() <= now.getTime() || ticket.fingerprint !== fingerprint) throw new AppError('MFA_TICKET_INVALID');
  const who = { userId: ticket.userId, username: ticket.username };
  const user = await findUserById(db, ticket.userId);
  if (!user || user.status !== 'active') throw new AppError('ACCOUNT_DISABLED', { cause: who });
  const row = user.mfaEnabledAt ? await findMfa(db, user.id) : undefined;
  // Turned off (an administrator's reset) since the first step: that step alone decided nothing.
  if (!row) throw new AppError('MFA_TICKET_INVALID', { cause: who });

  const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
  const knownSince = new Date(now.getTime() - KNOWN_DEVICE_DAYS * 86_400_000);
  const risk = await loginRisk(db, { username: ticket.username, fingerprint, fingerprintHash: deviceHash(fingerprint), ip: env.ip, since, knownSince });
  const verdict = judgeSignIn(config.captcha, risk, now);
  if (verdict.refuse?.code === 'ACCOUNT_LOCKED') {
    const wait = Math.max(1, Math.ceil((verdict.refuse.until.getTime() - now.getTime()) / 1000));
    throw new AppError('ACCOUNT_LOCKED', { message: 'login.error.accountLocked', headers: { 'Retry-After': String(wait) }, cause: who });
  }

  const input = 'code' in body ? body.code : body.recoveryCode;
  if (!(await checkSecondStep(db, config, user.id, row, input, now))) {
    await beginAttempt(db, { username: ticket.username, fingerprint, ip: env.ip, at: now });
    const failures = await countTicketFailure(db, tokenHash);
    if (failures >= MFA_TICKET_FAILURES) {
      await deleteTicket(db, tokenHash);
      throw new AppError('MFA_TICKET_INVALID', { cause: who });
    }
    throw new AppError('MFA_CODE_INVALID', { cause: who });
  }
  // Single use: of two requests with one ticket, only the one that removes it signs in.
  if (!(await deleteTicket(db, tokenHash))) throw new AppError('MFA_TICKET_INVALID', { cause: who });
  await clearPairFailures(db, ticket.username, fingerprint, since);
  return signIn(env, user);
}

/**
 * PASSWORD_SIGNIN=admins: the password and phone forms are the way in for full administrators only (when
 * the company's provider is down); everyone else signs in with the company account. Checked once the
 * credentials are right, so the answer tells nothing to someone who does not know them.
 */
async function onlyAdministrators(env: AuthEnv, user: UserRow): Promise<void> {
  if (env.config.passwordSignIn !== 'admins') return;
  if (!(await holdsEveryPermission(env.db, user.roles, systemPermissions))) throw new AppError('FORBIDDEN', { message: 'login.error.passwordAdminsOnly' });
}

export async function issueCaptcha(env: Pick<AuthEnv, 'db' | 'now'>, text = randomCaptchaText()): Promise<{ id: string; image: string; ttl: number }> {
  const id = randomBytes(16).toString('hex');
  await insertCaptcha(env.db, { id, answerHash: contextHash(id, text.toLowerCase()), expiresAt: new Date(env.now.getTime() + CAPTCHA_TTL_SECONDS * 1000) }, env.now);
  return { id, image: captchaDataUrl(text), ttl: CAPTCHA_TTL_SECONDS };
}

async function checkCaptcha(db: Db, id: string, answer: string, now: Date): Promise<boolean> {
  const row = await takeCaptcha(db, id);
  if (!row || row.expiresAt.getTime() <= now.getTime()) return false;
  return equalHex(row.answerHash, contextHash(id, answer.trim().toLowerCase()));
}

type CaptchaMode = AppConfig['captcha'];

interface SignInVerdict {
  /** Refused before the password is looked at, and until when. */
  refuse: { code: 'ACCOUNT_LOCKED' | 'RATE_LIMITED'; until: Date } | null;
  captcha: boolean;
}

/** The rules above, over the failures before this attempt. */
function judgeSignIn(mode: CaptchaMode, risk: LoginRisk, now: Date): SignInVerdict {
  const endOf = (oldest: Date | null) => new Date((oldest ?? now).getTime() + FAILURE_WINDOW_MS);
  const stranger = !risk.knownDevice;
  let refuse: SignInVerdict['refuse'] = null;
  if (risk.pair >= LOCK_AFTER_FAILURES) refuse = { code: 'ACCOUNT_LOCKED', until: endOf(risk.oldestPair) };
  else if (stranger && risk.user >= (mode === 'off' ? LOCK_AFTER_FAILURES : UNKNOWN_DEVICE_LOCK_AFTER_FAILURES)) refuse = { code: 'ACCOUNT_LOCKED', until: endOf(risk.oldestUser) };
  else if (stranger && risk.address >= ADDRESS_BLOCK_AFTER_FAILURES) refuse = { code: 'RATE_LIMITED', until: endOf(risk.oldestAddress) };
  const risky =
    risk.pair >= CAPTCHA_AFTER_FAILURES ||
    (stranger && (risk.user >= CAPTCHA_AFTER_FAILURES || risk.device >= CAPTCHA_AFTER_FAILURES || risk.address >= ADDRESS_CAPTCHA_AFTER_FAILURES));
  return { refuse, captcha: mode === 'always' || (mode === 'adaptive' && risky) };
}

const deviceHash = (fingerprint: string) => contextHash('device', fingerprint);
const sweepers = new WeakMap<Db, Sweeper>();

export async function loginWithPassword(env: AuthEnv, body: PasswordLogin): Promise<SignedIn> {
  const { db, config, now, fingerprint } = env;
  const username = body.username.trim().toLowerCase();
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
  const knownSince = new Date(now.getTime() - KNOWN_DEVICE_DAYS * 86_400_000);
  if (!sweepers.has(db)) sweepers.set(db, new Sweeper(FAILURE_WINDOW_MS));
  sweepers.get(db)!.maybe(now, () => sweepLoginState(db, since, knownSince));

  // Counted before it is judged (see beginAttempt); removed again unless it ends as a wrong password.
  const attemptId = await beginAttempt(db, { username, fingerprint, ip: env.ip, at: now });
  let settled = false;
  try {
    const counted = await loginRisk(db, { username, fingerprint, fingerprintHash: deviceHash(fingerprint), ip: env.ip, since, knownSince });
    // this attempt's own row matches every key
    const before: LoginRisk = { ...counted, pair: counted.pair - 1, user: counted.user - 1, device: Math.max(0, counted.device - 1), address: counted.address - 1 };
    const verdict = judgeSignIn(config.captcha, before, now);
    if (verdict.refuse) {
      const wait = Math.max(1, Math.ceil((verdict.refuse.until.getTime() - now.getTime()) / 1000));
      const headers = { 'Retry-After': String(wait) };
      if (verdict.refuse.code === 'ACCOUNT_LOCKED') throw new AppError('ACCOUNT_LOCKED', { message: 'login.error.accountLocked', headers });
      throw new AppError('RATE_LIMITED', { message: 'login.error.rateLimited', headers, details: { retryAfter: wait } });
    }
    if (verdict.captcha) {
      if (!body.captchaId || !body.captcha) throw new AppError('CAPTCHA_REQUIRED', { message: 'login.error.captchaRequired' });
      if (!(await checkCaptcha(db, body.captchaId, body.captcha, now))) throw new AppError('CAPTCHA_INVALID', { message: 'login.error.captchaInvalid' });
    }

    const user = await findUserByUsername(db, username);
    const ok = user ? await verifyPassword(user.passwordHash, body.password) : await verifyAgainstDummy(body.password);
    if (!user || !ok || user.roles.length === 0) {
      settled = true; // the row stays: a failure
      const after: LoginRisk = { ...before, pair: before.pair + 1, user: before.user + 1, device: fingerprint ? before.device + 1 : 0, address: before.address + 1 };
      const next = judgeSignIn(config.captcha, after, now);
      // The failure that locks the account out (for this device, or for unknown ones) is the lockout event of
      // the trail; the cause carries it there (modules/auth/auth.routes.ts), never to the client.
      const lockout = next.refuse?.code === 'ACCOUNT_LOCKED' ? { lockedUntil: next.refuse.until } : undefined;
      throw new AppError('INVALID_CREDENTIALS', { message: 'login.error.invalidCredentials', details: { captchaRequired: next.captcha }, cause: lockout });
    }
    // The right password of a disabled account is no failure to count, and no sign-in.
    if (user.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
    await onlyAdministrators(env, user);
    // With a second step to come, the right password alone clears nothing: wrong codes count as failures
    // of this name and device until the second step passes (else each new first step would reset them).
    if (user.mfaEnabledAt) await dropAttempt(db, attemptId);
    else await clearPairFailures(db, username, fingerprint, since); // this attempt's row with them
    settled = true;
    if (fingerprint) await rememberDevice(db, user.id, deviceHash(fingerprint), now, knownSince);
    return await firstStepPassed(env, user, username);
  } finally {
    if (!settled) await dropAttempt(db, attemptId);
  }
}

export async function loginWithPhone(env: AuthEnv, body: PhoneLogin): Promise<SignedIn> {
  const { db, now } = env;
  const userId = await verifySmsCode(db, body.tel, 'login', body.code, now);
  const user = userId === null ? undefined : await findUserById(db, userId);
  // The code was sent to this number for this account: if the number moved since, it no longer signs in.
  if (!user || user.phone !== body.tel || user.roles.length === 0) throw new AppError('CAPTCHA_INVALID', { message: 'login.error.captchaInvalid' });
  // A company account signs in at its provider only.
  if (user.source === 'oidc') throw new AppError('INVALID_CREDENTIALS', { message: 'login.error.invalidCredentials' });
  if (user.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
  await onlyAdministrators(env, user);
  if (env.fingerprint) await rememberDevice(db, user.id, deviceHash(env.fingerprint), now, new Date(now.getTime() - KNOWN_DEVICE_DAYS * 86_400_000));
  return firstStepPassed(env, user, user.username.toLowerCase());
}

/**
 * Checks a code against the newest one sent to `tel` for `purpose`: at most 5 tries, 5 minutes, one use.
 * Returns the account the code was issued for (null when the number belonged to nobody).
 */
export async function verifySmsCode(db: Db, tel: string, purpose: 'login' | 'bind', code: string, now: Date, forUserId?: number): Promise<number | null> {
  const invalid = () => new AppError('CAPTCHA_INVALID', { message: 'login.error.captchaInvalid' });
  const row = await latestSmsCode(db, tel, purpose);
  if (!row || row.consumedAt || row.expiresAt.getTime() <= now.getTime() || row.attempts >= SMS_MAX_ATTEMPTS) throw invalid();
  // A bind code only counts for the account that asked for it; anyone else's try is a wrong guess.
  const mine = forUserId === undefined || row.userId === forUserId;
  if (!mine || !equalHex(row.codeHash, contextHash(`${purpose}:${tel}`, code.trim()))) {
    await bumpSmsAttempts(db, row.id);
    throw invalid();
  }
  if (row.userId === null || !(await consumeSmsCode(db, row.id, now))) throw invalid();
  return row.userId;
}

/**
 * Sends a 6-digit code, at most one per number per 60 s (across replicas: the check and the insert run
 * under an advisory lock on the number). `deliverTo` null means "answer the same but send nothing"
 * (sign-in codes for a number no account holds: the answer must not reveal whether it exists).
 */
export async function sendSmsCode(
  env: Pick<AuthEnv, 'db' | 'now'> & { sms: SmsProvider },
  tel: string,
  purpose: 'login' | 'bind',
  deliverTo: number | null,
): Promise<{ ttl: number; resendAfter: number }> {
  const { now } = env;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await env.db.transaction(async (db) => {
    await lockPhone(db, tel);
    const last = await lastSmsSentAt(db, tel);
    if (last && now.getTime() - last.getTime() < SMS_RESEND_SECONDS * 1000) {
      const wait = Math.ceil((last.getTime() + SMS_RESEND_SECONDS * 1000 - now.getTime()) / 1000);
      throw new AppError('RATE_LIMITED', { message: 'login.error.rateLimited', headers: { 'Retry-After': String(wait) }, details: { retryAfter: wait } });
    }
    await insertSmsCode(db, {
      tel,
      purpose,
      userId: deliverTo,
      // Numbers nobody holds get a random hash: no code can ever match it.
      codeHash: deliverTo === null ? randomBytes(32).toString('hex') : contextHash(`${purpose}:${tel}`, code),
      sentAt: now,
      expiresAt: new Date(now.getTime() + SMS_TTL_SECONDS * 1000),
    });
  });
  if (deliverTo !== null) {
    try {
      await env.sms.send(tel, code, now);
    } catch (err) {
      // Nothing was delivered: forget the code so the user may ask again at once.
      await deleteSmsCodesSentAt(env.db, tel, now).catch(() => undefined);
      throw new AppError('UNAVAILABLE', { cause: err });
    }
  }
  return { ttl: SMS_TTL_SECONDS, resendAfter: SMS_RESEND_SECONDS };
}

export async function sendLoginCode(env: Pick<AuthEnv, 'db' | 'now'> & { sms: SmsProvider }, tel: string) {
  const user = await findUserByPhone(env.db, tel);
  return sendSmsCode(env, tel, 'login', user?.id ?? null);
}
