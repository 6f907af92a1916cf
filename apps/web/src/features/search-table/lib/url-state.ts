/**
 * The search table's applied filters and page live in the URL, so a link, a reload,
 * back/forward and the tab bar all restore the same view. This module is the only place that reads
 * or writes those query parameters.
 */
import {
  contentTypes,
  filterTypes,
  policyPageSizes as pageSizes,
  policyStatuses as statuses,
  POLICY_NAME_MAX,
  POLICY_NUMBER_FILTER_MAX,
  type ContentType,
  type FilterType,
  type PolicyStatus,
} from '@atrium/contracts/calls/policy';

export { contentTypes, filterTypes, pageSizes, statuses };
export type { ContentType, FilterType, PolicyStatus };
export type PageSize = (typeof pageSizes)[number];

export interface PolicyFilters {
  number?: string;
  name?: string;
  contentType?: ContentType;
  filterType?: FilterType;
  /** Inclusive `YYYY-MM-DD` start and end dates. */
  createdTime?: [string, string];
  status?: PolicyStatus;
}

export interface TableUrlState {
  filters: PolicyFilters;
  current: number;
  pageSize: PageSize;
}

export const DEFAULT_PAGE_SIZE: PageSize = 10;
const MAX_NUMBER_LENGTH = POLICY_NUMBER_FILTER_MAX;
const MAX_NAME_LENGTH = POLICY_NAME_MAX;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

function text(value: string | null, max: number): string | undefined {
  const trimmed = value?.trim() ?? '';
  return trimmed && trimmed.length <= max ? trimmed : undefined;
}

/** True for a real calendar date written `YYYY-MM-DD`. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function dateRange(values: string[]): [string, string] | undefined {
  if (values.length !== 2) return undefined;
  const [start, end] = values as [string, string];
  if (!isIsoDate(start) || !isIsoDate(end) || start > end) return undefined;
  return [start, end];
}

function positiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d{1,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 ? n : undefined;
}

/** Reads the query; unknown or invalid values are dropped (the caller then normalises the URL). */
export function parseTableUrl(search: URLSearchParams): TableUrlState {
  const filters: PolicyFilters = {
    number: text(search.get('number'), MAX_NUMBER_LENGTH),
    name: text(search.get('name'), MAX_NAME_LENGTH),
    contentType: oneOf(contentTypes, search.get('contentType')),
    filterType: oneOf(filterTypes, search.get('filterType')),
    createdTime: dateRange(search.getAll('createdTime')),
    status: oneOf(statuses, search.get('status')),
  };
  const sizeValue = Number(search.get('pageSize'));
  const pageSize = (pageSizes as readonly number[]).includes(sizeValue) ? (sizeValue as PageSize) : DEFAULT_PAGE_SIZE;
  return { filters: compactFilters(filters), current: positiveInt(search.get('current')) ?? 1, pageSize };
}

/** Drops unset filters so that equal states compare equal. */
export function compactFilters(filters: PolicyFilters): PolicyFilters {
  const out: PolicyFilters = {};
  const number = filters.number?.trim();
  const name = filters.name?.trim();
  if (number) out.number = number;
  if (name) out.name = name;
  if (filters.contentType) out.contentType = filters.contentType;
  if (filters.filterType) out.filterType = filters.filterType;
  if (filters.createdTime) out.createdTime = filters.createdTime;
  if (filters.status) out.status = filters.status;
  return out;
}

/** The filter part of the query, in a fixed order (also used for the export). */
export function filtersToParams(filters: PolicyFilters): URLSearchParams {
  const params = new URLSearchParams();
  const f = compactFilters(filters);
  if (f.number) params.set('number', f.number);
  if (f.name) params.set('name', f.name);
  if (f.contentType) params.set('contentType', f.contentType);
  if (f.filterType) params.set('filterType', f.filterType);
  if (f.createdTime) {
    params.append('createdTime', f.createdTime[0]);
    params.append('createdTime', f.createdTime[1]);
  }
  if (f.status) params.set('status', f.status);
  return params;
}

/** The whole query; `current` 1 and `pageSize` 10 are omitted. */
export function tableStateToParams(state: TableUrlState): URLSearchParams {
  const params = filtersToParams(state.filters);
  if (state.current !== 1) params.set('current', String(state.current));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(state.pageSize));
  return params;
}

/** The request query of `GET /api/list/policy`: the applied filters plus the page, always. */
export function tableStateToQuery(state: TableUrlState): Record<string, string | number | string[]> {
  const f = compactFilters(state.filters);
  const query: Record<string, string | number | string[]> = { current: state.current, pageSize: state.pageSize };
  if (f.number) query.number = f.number;
  if (f.name) query.name = f.name;
  if (f.contentType) query.contentType = f.contentType;
  if (f.filterType) query.filterType = f.filterType;
  if (f.createdTime) query.createdTime = [...f.createdTime];
  if (f.status) query.status = f.status;
  return query;
}
