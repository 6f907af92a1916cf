/**
 * The search table's view in the URL (lib/list-url-state.ts): the collection filters of the list call,
 * `createdTime` as its key twice (start, end), either empty for an open end.
 */
import {
  contentTypes,
  filterTypes,
  collectionStatuses as statuses,
  collectionListQuerySchema,
  type ContentType,
  type FilterType,
  type CollectionStatus,
} from '@atrium/contracts/demo/search-table/calls';
import { listUrl, type ListUrlState } from '../../../lib/list-url-state';

export { contentTypes, filterTypes, statuses };

export interface CollectionFilters {
  number?: string;
  name?: string;
  contentType?: ContentType;
  filterType?: FilterType;
  /** Inclusive `YYYY-MM-DD` start and end dates, either `''` for an open end (a link's key once: a start). */
  createdTime?: string | [string, string];
  status?: CollectionStatus;
  /** A department's id (with every department below it). */
  department?: string;
  /** An owner's account id. */
  owner?: string;
}

export type TableUrlState = ListUrlState<CollectionFilters>;

export const tableUrl = listUrl<CollectionFilters>({ query: collectionListQuerySchema, filters: ['number', 'name', 'contentType', 'filterType', 'createdTime', 'status', 'department', 'owner'] });
