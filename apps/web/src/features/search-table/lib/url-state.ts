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
  policyListQuerySchema,
  type ContentType,
  type FilterType,
  type PolicyListQuery,
  type PolicyStatus,
} from '@atrium/contracts/calls/policy';

export { contentTypes, filterTypes, pageSizes, statuses };
type PageSize = (typeof pageSizes)[number];

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

const DEFAULT_PAGE_SIZE: PageSize = 10;

type QueryField = keyof typeof policyListQuerySchema.shape;

/** The query value as the server reads it: `createdTime` repeats (start, end), the others come once. */
function queryValue(search: URLSearchParams, field: QueryField): string | string[] | undefined {
  if (field === 'createdTime') {
    const values = search.getAll(field);
    return values.length ? values : undefined;
  }
  return search.get(field) ?? undefined;
}

/**
 * Reads the query with the list call's own schema, one field at a time: an invalid value is dropped
 * (or falls back to its default) without losing the others, and the caller then normalises the URL.
 */
export function parseTableUrl(search: URLSearchParams): TableUrlState {
  const fields = Object.fromEntries(
    (Object.keys(policyListQuerySchema.shape) as QueryField[]).map((field) => {
      const parsed = policyListQuerySchema.shape[field].safeParse(queryValue(search, field));
      // An invalid page or page size reads as absent, i.e. its default.
      return [field, parsed.success ? parsed.data : policyListQuerySchema.shape[field].parse(undefined)];
    }),
  ) as PolicyListQuery;
  const { current, pageSize, ...filters } = fields;
  return { filters: compactFilters(filters as PolicyFilters), current, pageSize: pageSize as PageSize };
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
