import { randomBytes, randomInt } from 'node:crypto';
import type { PhoneLogin } from '@atrium/contracts';
import type { AppConfig } from '../../config.ts';
import { AppError } from '../../http/errors.ts';
import { contextHash, equalHex, keyedHash, purposeKey } from '../../security/passwords.ts';
import { findUserById, findUserByPhone } from '../shared/users.repository.ts';
import { bumpSmsAttempts, consumeSmsCode, deleteSmsCodesSentAt, insertSmsCode, lastSmsSentAt, latestSmsCode, lockPhone, rememberDevice } from './auth.repository.ts';
import { onlyAdministrators, type AuthEnv, type SignedIn } from './open-session.ts';
import { deviceHash, KNOWN_DEVICE_DAYS } from './sign-in-limits.ts';
import type { SmsProvider } from './sms-provider.ts';
import { firstStepPassed } from './two-step-sign-in.ts';

// Phone sign-in, and the SMS codes it and the phone binding (modules/user) send and check.

const SMS_TTL_SECONDS = 300;
const SMS_RESEND_SECONDS = 60;
const SMS_MAX_ATTEMPTS = 5;

export async function loginWithPhone(env: AuthEnv, body: PhoneLogin): Promise<SignedIn> {
  const { db, now } = env;
  const userId = await verifySmsCode(env, body.tel, 'login', body.code);
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
 * A code as stored: `k1.` and HMAC-SHA256 under a key derived from SECRET_KEY, so that a copy of the
 * database alone cannot try the million codes against it. Codes stored unkeyed by an earlier version
 * (alive 5 minutes at most) are still checked as they were.
 */
function smsCodeHash(config: AppConfig, purpose: 'login' | 'bind', tel: string, code: string, stored = 'k1.'): string {
  if (!stored.startsWith('k1.')) return contextHash(`${purpose}:${tel}`, code);
  return `k1.${keyedHash(purposeKey(config.secretKey, 'sms-codes'), `${purpose}:${tel}\u0000${code}`)}`;
}

/**
 * Checks a code against the newest one sent to `tel` for `purpose`: at most 5 tries, 5 minutes, one use.
 * Returns the account the code was issued for (null when the number belonged to nobody).
 */
export async function verifySmsCode(
  env: Pick<AuthEnv, 'db' | 'config' | 'now'>,
  tel: string,
  purpose: 'login' | 'bind',
  code: string,
  forUserId?: number,
): Promise<number | null> {
  const { db, now } = env;
  const invalid = () => new AppError('CAPTCHA_INVALID', { message: 'login.error.captchaInvalid' });
  const row = await latestSmsCode(db, tel, purpose);
  if (!row || row.consumedAt || row.expiresAt.getTime() <= now.getTime() || row.attempts >= SMS_MAX_ATTEMPTS) throw invalid();
  // A bind code only counts for the account that asked for it; anyone else's try is a wrong guess.
  const mine = forUserId === undefined || row.userId === forUserId;
  if (!mine || !equalHex(row.codeHash, smsCodeHash(env.config, purpose, tel, code.trim(), row.codeHash))) {
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
  env: Pick<AuthEnv, 'db' | 'config' | 'now'> & { sms: SmsProvider },
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
      codeHash: deliverTo === null ? `k1.${randomBytes(32).toString('hex')}` : smsCodeHash(env.config, purpose, tel, code),
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

export async function sendLoginCode(env: Pick<AuthEnv, 'db' | 'config' | 'now'> & { sms: SmsProvider }, tel: string) {
  const user = await findUserByPhone(env.db, tel);
  return sendSmsCode(env, tel, 'login', user?.id ?? null);
}
