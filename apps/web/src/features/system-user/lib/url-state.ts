/** The account list's view in the URL (lib/list-url-state.ts). */
import { accountStatuses, userListQuerySchema, type AccountStatus } from '@atrium/contracts/calls/system';
import { listUrl, type ListUrlState } from '../../../lib/list-url-state';

export { accountStatuses };

export interface UserFilters {
  /** Username, name, phone or e-mail. */
  keyword?: string;
  /** A role code. */
  role?: string;
  status?: AccountStatus;
}

export type UserUrlState = ListUrlState<UserFilters>;

export const userUrl = listUrl<UserFilters>({ query: userListQuerySchema, filters: ['keyword', 'role', 'status'] });
