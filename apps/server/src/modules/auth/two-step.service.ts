import { randomBytes, randomInt } from 'node:crypto';
import type { TwoStepConfirmBody, TwoStepSetup, TwoStepStatus } from '@atrium/contracts/calls/two-step';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { SessionInfo } from '../../http/context.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { contextHash, keyedHash, purposeKey, verifyPassword } from '../../security/passwords.ts';
import { open, seal } from '../../security/secret-box.ts';
import { base32, newTotpSecret, otpauthUri, totpStep } from '../../security/totp.ts';
import { findUserById, type UserRow } from '../shared/users.repository.ts';
import {
  disableTwoStep,
  enableTwoStep,
  findTwoStep,
  findUnkeyedRecoveryHashes,
  putPendingSecret,
  putRecoveryHashes,
  replaceRecoveryHashes,
  rolesRequireTwoStep,
  useRecoveryHash,
  useStep,
  type TwoStepRow,
} from './two-step.repository.ts';

/** Recovery codes given at once. */
const RECOVERY_CODES = 10;
/** Letters and digits no one confuses when copying them (no 0/O, 1/I/L, 5/S, 2/Z). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrtuvwxy346789';

/**
 * The sealing context of an account's secrets: a sealed secret copied onto another account does not open.
 * This string and the `mfa-recovery…` ones below are inputs of stored secrets and hashes, so they keep the
 * old word (decision 028): a new one would leave every stored secret and recovery code unreadable.
 */
const sealContext = (userId: number) => `mfa:${userId}`;
const codeInvalid = () => new AppError('MFA_CODE_INVALID');

/** `abcde-fghjk`: ten characters (~47 bits), in two groups for reading aloud. */
function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/**
 * The form recovery codes were stored in before they were keyed: SHA-256 of a code as typed (any case,
 * with or without the dash or spaces) and its account. A copy of the database alone could try every code
 * against it, so it is only ever an input of `keyed`.
 */
const unkeyedRecoveryHash = (userId: number, code: string) => contextHash(`mfa-recovery:${userId}`, code.toLowerCase().replace(/[\s-]/g, ''));

/** Stored form: `k1.` and HMAC-SHA256, under a key derived from SECRET_KEY, of the unkeyed form. */
const KEYED = 'k1.';
const keyed = (config: AppConfig, unkeyed: string) => `${KEYED}${keyedHash(purposeKey(config.secretKey, 'mfa-recovery-codes'), unkeyed)}`;

/** A code as typed, in the stored form; and in the earlier one, which a server of the earlier version may have written since this one started. */
const recoveryHashes = (config: AppConfig, userId: number, code: string): [string, string] => {
  const unkeyed = unkeyedRecoveryHash(userId, code);
  return [keyed(config, unkeyed), unkeyed];
};

function newRecoveryCodes(config: AppConfig, userId: number): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  return { codes, hashes: codes.map((c) => keyed(config, unkeyedRecoveryHash(userId, c))) };
}

/**
 * Keys every recovery code still stored unkeyed (HMAC over the stored hash: the code is not needed, so
 * none stops working). Run at every start; each row is replaced only if it did not change meanwhile.
 * Answers how many accounts' codes it keyed.
 */
export async function keyStoredRecoveryCodes(db: Db, config: AppConfig, now: Date): Promise<number> {
  let keyedRows = 0;
  for (const row of await findUnkeyedRecoveryHashes(db, KEYED)) {
    const hashes = row.recoveryHashes.map((h) => (h.startsWith(KEYED) ? h : keyed(config, h)));
    if (await replaceRecoveryHashes(db, row.userId, row.recoveryHashes, hashes, now)) keyedRows++;
  }
  return keyedRows;
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
export async function checkSecondStep(db: Db, config: AppConfig, userId: number, row: TwoStepRow, input: string, now: Date): Promise<boolean> {
  const typed = input.trim();
  if (/^\d{6}$/.test(typed)) {
    const step = totpStep(openSecret(config, userId, row.secret), typed, now);
    return step !== null && (await useStep(db, userId, step, now));
  }
  return useRecoveryHash(db, userId, recoveryHashes(config, userId, typed), now);
}

export async function twoStepStatus(db: Db, session: SessionInfo): Promise<TwoStepStatus> {
  const user = await account(db, session.userId);
  const row = user.mfaEnabledAt ? await findTwoStep(db, user.id) : undefined;
  return {
    enabled: user.mfaEnabledAt !== null,
    enrolledAt: user.mfaEnabledAt?.toISOString() ?? null,
    recoveryCodesLeft: row?.recoveryHashes.length ?? 0,
    required: session.twoStep.required,
  };
}

async function account(db: Db, userId: number): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('SESSION_EXPIRED');
  return user;
}

/** A new pending secret for the caller's authenticator app (409 when it is on already). */
export async function startSetup(db: Db, config: AppConfig, session: SessionInfo, now: Date): Promise<TwoStepSetup> {
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
    const row = await findTwoStep(tx, session.userId, true);
    const user = await account(tx, session.userId);
    if (user.mfaEnabledAt) throw new AppError('MFA_ALREADY_ENABLED');
    if (!row?.pendingSecret) throw codeInvalid();
    const step = totpStep(openSecret(config, user.id, row.pendingSecret), code, now);
    if (step === null) throw codeInvalid();
    const { codes, hashes } = newRecoveryCodes(config, user.id);
    await enableTwoStep(tx, user.id, row.pendingSecret, step, hashes, now);
    return { recoveryCodes: codes };
  });
}

/**
 * The password and a second step of the caller, for turning it off or renewing the recovery codes. Checked
 * outside the change's transaction: a used step or recovery code stays used even when the change is refused.
 */
async function confirm(db: Db, config: AppConfig, session: SessionInfo, body: TwoStepConfirmBody, now: Date): Promise<UserRow> {
  const user = await account(db, session.userId);
  if (!(await verifyPassword(user.passwordHash, body.password))) throw fieldError('password', 'userSetting.password.old.wrong');
  const row = user.mfaEnabledAt ? await findTwoStep(db, user.id) : undefined;
  if (!row || !(await checkSecondStep(db, config, user.id, row, body.code, now))) throw codeInvalid();
  return user;
}

/** Turns it off (409 while a role the account holds requires it). */
export async function disable(db: Db, config: AppConfig, session: SessionInfo, body: TwoStepConfirmBody, now: Date): Promise<{ enabled: false }> {
  if (await rolesRequireTwoStep(db, session.roles)) throw new AppError('MFA_REQUIRED_BY_ROLE');
  const user = await confirm(db, config, session, body, now);
  await db.transaction(async (tx) => {
    if (await rolesRequireTwoStep(tx, session.roles)) throw new AppError('MFA_REQUIRED_BY_ROLE');
    await disableTwoStep(tx, user.id, now);
  });
  return { enabled: false };
}

/** Ten new recovery codes; the earlier ones stop working. */
export async function renewRecoveryCodes(db: Db, config: AppConfig, session: SessionInfo, body: TwoStepConfirmBody, now: Date): Promise<{ recoveryCodes: string[] }> {
  const user = await confirm(db, config, session, body, now);
  const { codes, hashes } = newRecoveryCodes(config, user.id);
  await putRecoveryHashes(db, user.id, hashes, now);
  return { recoveryCodes: codes };
}

/** An administrator's reset: off, secrets and codes forgotten (the caller ends the account's sessions). */
export async function resetTwoStep(db: Db, userId: number, now: Date): Promise<boolean> {
  return disableTwoStep(db, userId, now);
}

/** The opaque ticket of a sign-in's second step (its hash is stored). */
export const newTicket = () => randomBytes(32).toString('base64url');
