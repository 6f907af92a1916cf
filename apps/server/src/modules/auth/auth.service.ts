import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { PasswordLogin, PhoneLogin, Role } from '@atrium/contracts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { findUserById, findUserByPhone, findUserByUsername } from '../user/user.repository.ts';
import {
  bumpSmsAttempts,
  clearFailures,
  consumeSmsCode,
  deleteSmsCodesSentAt,
  countRecentFailures,
  insertCaptcha,
  insertSmsCode,
  lastSmsSentAt,
  latestSmsCode,
  lockPhone,
  recordFailure,
  takeCaptcha,
} from './auth.repository.ts';
import { captchaDataUrl, randomCaptchaText } from './captcha-image.ts';
import { contextHash, verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { createSession, toRoles } from './session.service.ts';
import type { SmsProvider } from './sms-provider.ts';

export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const CAPTCHA_AFTER_FAILURES = 3;
export const LOCK_AFTER_FAILURES = 10;
export const CAPTCHA_TTL_SECONDS = 120;
export const SMS_TTL_SECONDS = 300;
export const SMS_RESEND_SECONDS = 60;
export const SMS_MAX_ATTEMPTS = 5;

export interface AuthEnv {
  db: Db;
  config: AppConfig;
  now: Date;
  ip: string;
  fingerprint: string;
  userAgent: string;
}

const equalHex = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Admin accounts start in the admin role (they may switch to user and back). */
export function initialRole(roles: Role[]): Role {
  return roles.includes('admin') ? 'admin' : roles[0]!;
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

export async function loginWithPassword(env: AuthEnv, body: PasswordLogin): Promise<{ token: string; expiresAt: string }> {
  const { db, config, now } = env;
  const username = body.username.trim().toLowerCase();
  const failures = await countRecentFailures(db, username, env.fingerprint, new Date(now.getTime() - FAILURE_WINDOW_MS));
  if (failures.byUser >= LOCK_AFTER_FAILURES) {
    const until = (failures.oldestUserFailure?.getTime() ?? now.getTime()) + FAILURE_WINDOW_MS;
    throw new AppError('ACCOUNT_LOCKED', {
      message: 'login.error.accountLocked',
      headers: { 'Retry-After': String(Math.max(1, Math.ceil((until - now.getTime()) / 1000))) },
    });
  }
  const captchaRequired =
    config.captcha === 'always' ||
    (config.captcha === 'adaptive' && (failures.byUser >= CAPTCHA_AFTER_FAILURES || failures.byFingerprint >= CAPTCHA_AFTER_FAILURES));
  if (captchaRequired) {
    if (!body.captchaId || !body.captcha) throw new AppError('CAPTCHA_REQUIRED', { message: 'login.error.captchaRequired' });
    if (!(await checkCaptcha(db, body.captchaId, body.captcha, now))) throw new AppError('CAPTCHA_INVALID', { message: 'login.error.captchaInvalid' });
  }

  const user = await findUserByUsername(db, username);
  const ok = user ? await verifyPassword(user.passwordHash, body.password) : await verifyAgainstDummy(body.password);
  const roles = user ? toRoles(user.roles) : [];
  if (!user || !ok || roles.length === 0) {
    await recordFailure(db, { username, fingerprint: env.fingerprint, ip: env.ip, at: now });
    const next = config.captcha === 'always' || (config.captcha === 'adaptive' && (failures.byUser + 1 >= CAPTCHA_AFTER_FAILURES || failures.byFingerprint + 1 >= CAPTCHA_AFTER_FAILURES));
    throw new AppError('INVALID_CREDENTIALS', { message: 'login.error.invalidCredentials', details: { captchaRequired: next } });
  }
  await clearFailures(db, username, env.fingerprint, new Date(now.getTime() - FAILURE_WINDOW_MS));
  const session = await createSession(db, config, { userId: user.id, role: initialRole(roles), fingerprint: env.fingerprint, now, ip: env.ip, userAgent: env.userAgent });
  return { token: session.token, expiresAt: session.expiresAt.toISOString() };
}

export async function loginWithPhone(env: AuthEnv, body: PhoneLogin): Promise<{ token: string; expiresAt: string }> {
  const { db, config, now } = env;
  const userId = await verifySmsCode(db, body.tel, 'login', body.code, now);
  const user = userId === null ? undefined : await findUserById(db, userId);
  const roles = user ? toRoles(user.roles) : [];
  // The code was sent to this number for this account: if the number moved since, it no longer signs in.
  if (!user || user.phone !== body.tel || roles.length === 0) throw new AppError('CAPTCHA_INVALID', { message: 'login.error.captchaInvalid' });
  const session = await createSession(db, config, { userId: user.id, role: initialRole(roles), fingerprint: env.fingerprint, now, ip: env.ip, userAgent: env.userAgent });
  return { token: session.token, expiresAt: session.expiresAt.toISOString() };
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
  await env.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
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
