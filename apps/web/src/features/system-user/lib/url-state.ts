/** The account list's view in the URL (lib/list-url-state.ts). */
import { accountSources, type AccountSource } from '@atrium/contracts/calls/company-sign-in';
import { accountStatuses, userListQuerySchema, type AccountStatus } from '@atrium/contracts/calls/system';
import { listUrl, type ListUrlState } from '../../../lib/list-url-state';

export { accountSources, accountStatuses };

export interface UserFilters {
  /** Username, name, phone or e-mail. */
  keyword?: string;
  /** A role code. */
  role?: string;
  status?: AccountStatus;
  /** Made in Atrium (`local`) or by company sign-in (`oidc`). */
  source?: AccountSource;
  /** A department's id: the accounts of it and of every department below it. */
  departmentId?: string;
}

export type UserUrlState = ListUrlState<UserFilters>;

export const userUrl = listUrl<UserFilters>({ query: userListQuerySchema, filters: ['keyword', 'role', 'status', 'source', 'departmentId'] });
