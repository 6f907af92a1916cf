/**
 * The search table's view in the URL (lib/list-url-state.ts): the collection filters of the list call,
 * `createdTime` as its key twice (start, end).
 */
import {
  contentTypes,
  filterTypes,
  policyStatuses as statuses,
  policyListQuerySchema,
  type ContentType,
  type FilterType,
  type PolicyStatus,
} from '@atrium/contracts/demo/search-table/calls';
import { listUrl, type ListUrlState } from '../../../lib/list-url-state';

export { contentTypes, filterTypes, statuses };

export interface PolicyFilters {
  number?: string;
  name?: string;
  contentType?: ContentType;
  filterType?: FilterType;
  /** Inclusive `YYYY-MM-DD` start and end dates. */
  createdTime?: [string, string];
  status?: PolicyStatus;
}

export type TableUrlState = ListUrlState<PolicyFilters>;

export const tableUrl = listUrl<PolicyFilters>({ query: policyListQuerySchema, filters: ['number', 'name', 'contentType', 'filterType', 'createdTime', 'status'] });
