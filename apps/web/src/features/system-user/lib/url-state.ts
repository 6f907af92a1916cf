/**
 * The account list's applied filters and page live in the URL (a link, a reload, back/forward and the
 * tab bar restore the view). This module is the only place that reads or writes those parameters, and it
 * reads them with the list call's own query schema.
 */
import { accountStatuses, userListQuerySchema, type AccountStatus } from '@atrium/contracts/calls/system';
import type { z } from 'zod';

export { accountStatuses };
export const pageSizes = [10, 20, 50, 100] as const;
type PageSize = (typeof pageSizes)[number];

export interface UserFilters {
  /** Username, name, phone or e-mail. */
  keyword?: string;
  /** A role code. */
  role?: string;
  status?: AccountStatus;
}

export interface UserUrlState {
  filters: UserFilters;
  current: number;
  pageSize: PageSize;
}

/** The filters in the order they are written to the URL. */
const filterKeys = ['keyword', 'role', 'status'] as const satisfies readonly (keyof UserFilters)[];

/** One query field read by its schema; an invalid value reads as absent (and is then normalised away). */
type Shape = typeof userListQuerySchema.shape;
function read<K extends keyof Shape>(search: URLSearchParams, key: K): z.output<Shape[K]> | undefined {
  const parsed = userListQuerySchema.shape[key].safeParse(search.get(key) ?? undefined);
  return parsed.success ? (parsed.data as z.output<Shape[K]>) : undefined;
}

export function parseUserUrl(search: URLSearchParams): UserUrlState {
  const filters: UserFilters = {};
  const keyword = read(search, 'keyword');
  const role = read(search, 'role');
  const status = read(search, 'status');
  if (keyword) filters.keyword = keyword;
  if (role) filters.role = role;
  if (status) filters.status = status;
  const pageSize = read(search, 'pageSize');
  return {
    filters,
    current: read(search, 'current') ?? 1,
    pageSize: pageSizes.find((size) => size === pageSize) ?? 10,
  };
}

/** The whole query in a fixed order; page 1 and page size 10 are omitted. */
export function userStateToParams(state: UserUrlState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of filterKeys) {
    const value = state.filters[key]?.trim();
    if (value) params.set(key, value);
  }
  if (state.current !== 1) params.set('current', String(state.current));
  if (state.pageSize !== 10) params.set('pageSize', String(state.pageSize));
  return params;
}

/** The request query of the account list: the applied filters and the page, always. */
export function userStateToQuery(state: UserUrlState): Record<string, string | number> {
  return { ...state.filters, current: state.current, pageSize: state.pageSize };
}
