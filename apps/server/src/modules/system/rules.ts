import { randomInt } from 'node:crypto';
import { PASSWORD_PATTERN, systemPermissions, type Locale } from '@atrium/contracts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { AuditDraft } from '../../audit/audit-entry.ts';
import type { SessionInfo } from '../../http/context.ts';
import type { ScopeRule } from '../../db/role-permissions.ts';
import { scopeExceeds } from '../../sessions/data-scope.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { fullAdministratorExists, lockAdministrators } from './account.repository.ts';

/** What the system services read of a call's context (a CallContext of a signed call is one). */
export interface SystemCtx {
  db: Db;
  session: SessionInfo;
  locale: Locale;
  config: AppConfig;
  now: () => Date;
  audit: AuditDraft;
}

/** Nobody grants more than they hold: every permission given must be one the caller's acting role has. */
export function assertGrantable(session: SessionInfo, permissions: Iterable<string>): void {
  for (const permission of permissions) if (!session.permissions.has(permission)) throw new AppError('FORBIDDEN');
}

/**
 * Nobody grants a wider data scope than their own (decision 033): a role's scope, for holders in each of
 * `holderDepartments`, must reach no department the caller's acting role does not (403 FORBIDDEN).
 */
export async function assertScopeGrantable({ db, session }: Pick<SystemCtx, 'db' | 'session'>, rule: ScopeRule, holderDepartments: readonly number[]): Promise<void> {
  if (await scopeExceeds(session.scope, rule, holderDepartments, db)) throw new AppError('FORBIDDEN');
}

/**
 * Call before a change that may take away a full administrator (an active account whose role holds every
 * system permission), before any row lock: such changes then run one at a time. The returned check, called
 * after the change, refuses it (LAST_ADMIN, the transaction rolls back) when it left none where one was.
 */
export async function guardAdministrators(db: Db): Promise<() => Promise<void>> {
  await lockAdministrators(db);
  const before = await fullAdministratorExists(db, systemPermissions);
  return async () => {
    if (before && !(await fullAdministratorExists(db, systemPermissions))) throw new AppError('LAST_ADMIN');
  };
}

/** The constraint a unique violation names, along the error's cause chain. */
function violatedConstraint(err: unknown): string {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
  }
  return '';
}

/**
 * A write that lost a race for a unique value (checked before, taken meanwhile by another request) answers
 * what the check would have: the key of the value's index. Other errors pass unchanged.
 */
export function uniqueConflict(err: unknown): unknown {
  if (!isUniqueViolation(err)) return err;
  const constraint = violatedConstraint(err);
  if (constraint === 'roles_code_uq') return new AppError('ROLE_CODE_TAKEN');
  if (constraint === 'users_username_lower_uq') return new AppError('USERNAME_TAKEN');
  if (constraint === 'users_phone_uq') return new AppError('PHONE_TAKEN');
  if (constraint === 'users_email_uq') return fieldError('email', EMAIL_TAKEN);
  if (constraint === 'departments_sibling_name_uq') return new AppError('DEPARTMENT_NAME_TAKEN');
  if (constraint === 'departments_code_uq') return new AppError('DEPARTMENT_CODE_TAKEN');
  return new AppError('CONFLICT');
}

/** The message save-info gives an e-mail another account has. */
export const EMAIL_TAKEN = 'userSetting.form.error.email.taken';

const ONE_TIME_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const ONE_TIME_LENGTH = 16;

/** A one-time password: 16 letters and digits (about 93 bits), with at least one of each case and a digit. */
export function oneTimePassword(): string {
  for (;;) {
    let text = '';
    for (let i = 0; i < ONE_TIME_LENGTH; i++) text += ONE_TIME_ALPHABET[randomInt(ONE_TIME_ALPHABET.length)];
    if (/[a-z]/.test(text) && /[A-Z]/.test(text) && /\d/.test(text) && PASSWORD_PATTERN.test(text)) return text;
  }
}
