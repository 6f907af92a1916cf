/**
 * The audit log's view in the URL (lib/list-url-state.ts). Times travel as ISO 8601 instants with their
 * offset from UTC (`from`, `to`; the contract refuses one without, so the URL drops it); the filter form
 * shows them in local time. An end before the start is dropped.
 */
import { auditFilterSchema, auditListQuerySchema, auditResults, type AuditResult } from '@atrium/contracts/calls/system';
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
