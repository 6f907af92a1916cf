import type { TwoStepLoginBody } from '@atrium/contracts/calls/two-step';
import { AppError } from '../../http/errors.ts';
import { hashToken } from '../../sessions/resolve-session.ts';
import { findUserById, type UserRow } from '../shared/users.repository.ts';
import { beginAttempt, clearPairFailures, loginRisk } from './auth.repository.ts';
import { countTicketFailure, deleteTicket, findTwoStep, findTicket, insertTicket } from './two-step.repository.ts';
import { checkSecondStep, newTicket } from './two-step.service.ts';
import { signIn, type AuthEnv, type SignedIn } from './open-session.ts';
import { deviceHash, FAILURE_WINDOW_MS, judgeSignIn, KNOWN_DEVICE_DAYS } from './sign-in-limits.ts';
import { signInSaid } from './trail-texts.ts';

// The second step of a sign-in (two-step verification): the ticket the first step gives, and its check.

/** How long the second step of a sign-in may take, and how many wrong codes void it. */
const MFA_TICKET_SECONDS = 300;
const MFA_TICKET_FAILURES = 5;

/**
 * After the first step (password or phone code, with the captcha rules): an account with two-step
 * verification gets the ticket of the second step, bound to this device; any other a session.
 */
export async function firstStepPassed(env: AuthEnv, user: UserRow, triedAs: string): Promise<SignedIn> {
  if (user.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
  if (!user.mfaEnabledAt) return signIn(env, user);
  const { db, now } = env;
  const who = { id: user.id, username: user.username, role: user.roles[0]! };
  const ticket = newTicket();
  const expiresAt = new Date(now.getTime() + MFA_TICKET_SECONDS * 1000);
  await db.transaction(async (tx) => {
    await insertTicket(tx, hashToken(ticket), { userId: user.id, username: triedAs, fingerprint: env.fingerprint, failures: 0, expiresAt }, now);
    await env.record?.(tx, who, signInSaid.secondStepDue);
  });
  return { answer: { mfaRequired: true, mfaTicket: ticket, expiresAt: expiresAt.toISOString() }, user: who };
}

/**
 * The second step: the ticket of the first, from the device it was given to, and a TOTP code or a recovery
 * code. A wrong one counts as a failed sign-in of the name tried (the lockout rules apply as to a wrong
 * password), and the fifth voids the ticket: the sign-in starts over. The failure's cause carries the
 * account to the audit trail (auth.routes.ts).
 */
export async function loginSecondStep(env: AuthEnv, body: TwoStepLoginBody): Promise<SignedIn & { answer: { token: string } }> {
  const { db, config, now, fingerprint } = env;
  const tokenHash = hashToken(body.mfaTicket);
  const ticket = await findTicket(db, tokenHash);
  if (!ticket || ticket.expiresAt.getTime() <= now.getTime() || ticket.fingerprint !== fingerprint) throw new AppError('MFA_TICKET_INVALID');
  const who = { userId: ticket.userId, username: ticket.username };
  const user = await findUserById(db, ticket.userId);
  if (!user || user.status !== 'active') throw new AppError('ACCOUNT_DISABLED', { cause: who });
  const row = user.mfaEnabledAt ? await findTwoStep(db, user.id) : undefined;
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
