/**
 * The audit log's applied filters and page live in the URL, read with the list call's own query schema.
 * Times travel as ISO 8601 instants (`from`, `to`); the filter form shows them in local time.
 */
import { auditFilterSchema, auditListQuerySchema, auditResults, type AuditResult } from '@atrium/contracts/calls/system';
import { parseInstant } from '@atrium/contracts/query-values';
import type { z } from 'zod';
import { formatDateTime } from '../../../lib/format';

export { auditResults };
export const pageSizes = [10, 20, 50, 100] as const;
type PageSize = (typeof pageSizes)[number];

export interface AuditFilters {
  from?: string;
  to?: string;
  /** An account id or a username. */
  actor?: string;
  /** A call id such as `system.user.create`. */
  action?: string;
  result?: AuditResult;
}

export interface AuditUrlState {
  filters: AuditFilters;
  current: number;
  pageSize: PageSize;
}

/** The filters in the order they are written to the URL. */
const filterKeys = ['from', 'to', 'actor', 'action', 'result'] as const satisfies readonly (keyof AuditFilters)[];

type Shape = typeof auditListQuerySchema.shape;
function read<K extends keyof Shape>(search: URLSearchParams, key: K): z.output<Shape[K]> | undefined {
  const parsed = auditListQuerySchema.shape[key].safeParse(search.get(key) ?? undefined);
  return parsed.success ? (parsed.data as z.output<Shape[K]>) : undefined;
}

/** Each value is read on its own (an invalid one is dropped); an end before the start is dropped too. */
export function parseAuditUrl(search: URLSearchParams): AuditUrlState {
  const filters: AuditFilters = {};
  for (const key of filterKeys) {
    const value = read(search, key);
    if (value) Object.assign(filters, { [key]: value });
  }
  if (!auditFilterSchema.safeParse(filters).success) delete filters.to;
  const pageSize = read(search, 'pageSize');
  return { filters, current: read(search, 'current') ?? 1, pageSize: pageSizes.find((size) => size === pageSize) ?? 10 };
}

/** The filter part of the query in a fixed order (also the export's query). */
export function auditFiltersToQuery(filters: AuditFilters): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of filterKeys) {
    const value = filters[key]?.trim();
    if (value) query[key] = value;
  }
  return query;
}

/** The whole URL query; page 1 and page size 10 are omitted. */
export function auditStateToParams(state: AuditUrlState): URLSearchParams {
  const params = new URLSearchParams(auditFiltersToQuery(state.filters));
  if (state.current !== 1) params.set('current', String(state.current));
  if (state.pageSize !== 10) params.set('pageSize', String(state.pageSize));
  return params;
}

/** The request query of the audit list: the applied filters and the page, always. */
export function auditStateToQuery(state: AuditUrlState): Record<string, string | number> {
  return { ...auditFiltersToQuery(state.filters), current: state.current, pageSize: state.pageSize };
}

/** `YYYY-MM-DD HH:mm:ss` in local time, as the range picker shows it, for an instant of the URL. */
export function instantToLocal(value: string): string | undefined {
  const at = parseInstant(value);
  return at ? formatDateTime(at.toISOString()) : undefined;
}

/** The picker's local `YYYY-MM-DD HH:mm:ss` as an ISO 8601 instant (UTC), as the URL and the server take it. */
export function localToInstant(value: string): string | undefined {
  const at = new Date(value.trim().replace(' ', 'T'));
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}
