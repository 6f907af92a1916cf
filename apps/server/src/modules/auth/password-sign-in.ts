import type { PasswordLogin } from '@atrium/contracts';
import type { Db } from '../../db/client.ts';
import { Sweeper } from '../../db/sweep.ts';
import { AppError } from '../../http/errors.ts';
import { verifyAgainstDummy, verifyPassword } from '../../security/passwords.ts';
import { findUserByUsername } from '../shared/users.repository.ts';
import { beginAttempt, clearPairFailures, dropAttempt, loginRisk, rememberDevice, sweepLoginState, type LoginRisk } from './auth.repository.ts';
import { checkCaptcha } from './captcha.ts';
import { onlyAdministrators, type AuthEnv, type SignedIn } from './open-session.ts';
import { deviceHash, FAILURE_WINDOW_MS, judgeSignIn, KNOWN_DEVICE_DAYS } from './sign-in-limits.ts';
import { firstStepPassed } from './two-step-sign-in.ts';

// Password sign-in: the failure counts and their verdict (sign-in-limits.ts), the captcha, the password.

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
