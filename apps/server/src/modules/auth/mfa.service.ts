import { randomBytes, randomInt } from 'node:crypto';
import type { MfaConfirmBody, MfaSetup, MfaStatus } from '@atrium/contracts/calls/mfa';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { SessionInfo } from '../../http/context.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { contextHash, verifyPassword } from '../../security/passwords.ts';
import { open, seal } from '../../security/secret-box.ts';
import { base32, newTotpSecret, otpauthUri, totpStep } from '../../security/totp.ts';
import { findUserById, type UserRow } from '../shared/users.repository.ts';
import {
  disableMfa,
  enableMfa,
  findMfa,
  putPendingSecret,
  putRecoveryHashes,
  rolesRequireMfa,
  useRecoveryHash,
  useStep,
  type MfaRow,
} from './mfa.repository.ts';

/** Recovery codes given at once. */
const RECOVERY_CODES = 10;
/** Letters and digits no one confuses when copying them (no 0/O, 1/I/L, 5/S, 2/Z). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrtuvwxy346789';

/** The sealing context of an account's secrets: a sealed secret copied onto another account does not open. */
const sealContext = (userId: number) => `mfa:${userId}`;
const codeInvalid = () => new AppError('MFA_CODE_INVALID');

/** `abcde-fghjk`: ten characters (~47 bits), in two groups for reading aloud. */
function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** A recovery code as typed (any case, with or without the dash or spaces), hashed for its account. */
const recoveryHash = (userId: number, code: string) => contextHash(`mfa-recovery:${userId}`, code.toLowerCase().replace(/[\s-]/g, ''));

function newRecoveryCodes(userId: number): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  return { codes, hashes: codes.map((c) => recoveryHash(userId, c)) };
}

function openSecret(config: AppConfig, userId: number, sealed: string | null): Uint8Array {
  const secret = sealed === null ? undefined : open(config.secretKey, sealContext(userId), sealed);
  // A secret that does not open was sealed under another SECRET_KEY: no code can match it.
  if (!secret) throw codeInvalid();
  return secret;
}

/**
 * Checks a second step against the account's enabled secret: six digits as a TOTP code (its step recorded
 * as used, once, in one statement: a second server given the same code refuses it), anything else as a
 * recovery code (removed as it is used). False when it does not match or was used already.
 */
export async function checkSecondStep(db: Db, config: AppConfig, userId: number, row: MfaRow, input: string, now: Date): Promise<boolean> {
  const typed = input.trim();
  if (/^\d{6}$/.test(typed)) {
    const step = totpStep(openSecret(config, userId, row.secret), typed, now);
    return step !== null && (await useStep(db, userId, step, now));
  }
  return useRecoveryHash(db, userId, recoveryHash(userId, typed), now);
}

export async function mfaStatus(db: Db, session: SessionInfo): Promise<MfaStatus> {
  const user = await account(db, session.userId);
  const row = user.mfaEnabledAt ? await findMfa(db, user.id) : undefined;
  return {
    enabled: user.mfaEnabledAt !== null,
    enrolledAt: user.mfaEnabledAt?.toISOString() ?? null,
    recoveryCodesLeft: row?.recoveryHashes.length ?? 0,
    required: session.mfaRequired,
  };
}

async function account(db: Db, userId: number): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('SESSION_EXPIRED');
  return user;
}

/** A new pending secret for the caller's authenticator app (409 when it is on already). */
export async function startSetup(db: Db, config: AppConfig, session: SessionInfo, now: Date): Promise<MfaSetup> {
  const user = await account(db, session.userId);
  // Its company's provider owns its second factor.
  if (user.source === 'oidc') throw new AppError('SSO_ACCOUNT');
  if (user.mfaEnabledAt) throw new AppError('MFA_ALREADY_ENABLED');
  const secret = newTotpSecret();
  await putPendingSecret(db, user.id, seal(config.secretKey, sealContext(user.id), Buffer.from(secret)), now);
  return { secret: base32(secret), otpauthUri: otpauthUri(secret, user.username) };
}

/** Turns it on with a code of the pending secret; the recovery codes are answered this once. */
export async function enable(db: Db, config: AppConfig, session: SessionInfo, code: string, now: Date): Promise<{ recoveryCodes: string[] }> {
  return db.transaction(async (tx) => {
    const row = await findMfa(tx, session.userId, true);
    const user = await account(tx, session.userId);
    if (user.mfaEnabledAt) throw new AppError('MFA_ALREADY_ENABLED');
    if (!row?.pendingSecret) throw codeInvalid();
    const step = totpStep(openSecret(config, user.id, row.pendingSecret), code, now);
    if (step === null) throw codeInvalid();
    const { codes, hashes } = newRecoveryCodes(user.id);
    await enableMfa(tx, user.id, row.pendingSecret, step, hashes, now);
    return { recoveryCodes: codes };
  });
}

/**
 * The password and a second step of the caller, for turning it off or renewing the recovery codes. Checked
 * outside the change's transaction: a used step or recovery code stays used even when the change is refused.
 */
async function confirm(db: Db, config: AppConfig, session: SessionInfo, body: MfaConfirmBody, now: Date): Promise<UserRow> {
  const user = await account(db, session.userId);
  if (!(await verifyPassword(user.passwordHash, body.password))) throw fieldError('password', 'userSetting.password.old.wrong');
  const row = user.mfaEnabledAt ? await findMfa(db, user.id) : undefined;
  if (!row || !(await checkSecondStep(db, config, user.id, row, body.code, now))) throw codeInvalid();
  return user;
}

/** Turns it off (409 while a role the account holds requires it). */
export async function disable(db: Db, config: AppConfig, session: SessionInfo, body: MfaConfirmBody, now: Date): Promise<{ enabled: false }> {
  if (await rolesRequireMfa(db, session.roles)) throw new AppError('MFA_REQUIRED_BY_ROLE');
  const user = await confirm(db, config, session, body, now);
  await db.transaction(async (tx) => {
    if (await rolesRequireMfa(tx, session.roles)) throw new AppError('MFA_REQUIRED_BY_ROLE');
    await disableMfa(tx, user.id, now);
  });
  return { enabled: false };
}

/** Ten new recovery codes; the earlier ones stop working. */
export async function renewRecoveryCodes(db: Db, config: AppConfig, session: SessionInfo, body: MfaConfirmBody, now: Date): Promise<{ recoveryCodes: string[] }> {
  const user = await confirm(db, config, session, body, now);
  const { codes, hashes } = newRecoveryCodes(user.id);
  await putRecoveryHashes(db, user.id, hashes, now);
  return { recoveryCodes: codes };
}

/** An administrator's reset: off, secrets and codes forgotten (the caller ends the account's sessions). */
export async function resetMfa(db: Db, userId: number, now: Date): Promise<boolean> {
  return disableMfa(db, userId, now);
}

/** The opaque ticket of a sign-in's second step (its hash is stored). */
export const newTicket = () => randomBytes(32).toString('base64url');
