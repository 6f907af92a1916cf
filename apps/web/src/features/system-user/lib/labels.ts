import type { AccountSource } from '@atrium/contracts/calls/company-sign-in';
import type { Account, AccountStatus } from '@atrium/contracts/calls/system';

/** Enumerations travel as keys and are translated here. */
export const statusKey = (value: AccountStatus) => `systemUser.status.${value}`;
export const sourceKey = (value: AccountSource) => `systemUser.source.${value}`;
export const sourceTagColor: Record<AccountSource, string | undefined> = { local: undefined, oidc: 'arcoblue' };
export const statusBadge: Record<AccountStatus, 'success' | 'default'> = { active: 'success', disabled: 'default' };

/** Whether a failed-sign-in lock still holds. */
export const isLocked = (account: Pick<Account, 'lockedUntil'>, now = Date.now()) =>
  account.lockedUntil !== null && Date.parse(account.lockedUntil) > now;

/** Drawers take the whole width of a phone. */
export const DRAWER_WIDTH = 'min(560px, 100vw)';
