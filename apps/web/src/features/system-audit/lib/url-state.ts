/**
 * The audit log's view in the URL (lib/list-url-state.ts). Times travel as ISO 8601 instants (`from`,
 * `to`); the filter form shows them in local time. An end before the start is dropped.
 */
import { auditFilterSchema, auditListQuerySchema, auditResults, type AuditResult } from '@atrium/contracts/calls/system';
import { parseInstant } from '@atrium/contracts/query-values';
import { formatDateTime } from '../../../lib/format';
import { listUrl, type ListUrlState } from '../../../lib/list-url-state';

export { auditResults };

export interface AuditFilters {
  from?: string;
  to?: string;
  /** An account id or a username. */
  actor?: string;
  /** A call id such as `system.user.create`. */
  action?: string;
  result?: AuditResult;
}

export type AuditUrlState = ListUrlState<AuditFilters>;

export const auditUrl = listUrl<AuditFilters>({ query: auditListQuerySchema, filters: ['from', 'to', 'actor', 'action', 'result'], whole: auditFilterSchema });

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
