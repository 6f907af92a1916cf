import { systemCalls } from '@atrium/contracts/calls/system';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, download, endpointOf } from '../../../lib/api';
import { auditUrl, type AuditFilters, type AuditUrlState } from '../lib/url-state';

/** The calls of this page, straight from the contract (the page loads its schemas for the URL anyway). */
const api = {
  list: endpointOf(systemCalls.auditList),
  export: endpointOf(systemCalls.auditExport),
};

export const auditKeys = {
  lists: () => ['system', 'audit', 'list'] as const,
  list: (state: AuditUrlState) => [...auditKeys.lists(), auditUrl.toQuery(state)] as const,
};

export const auditListQuery = (state: AuditUrlState) =>
  queryOptions({
    queryKey: auditKeys.list(state),
    queryFn: () => call(api.list, { query: auditUrl.toQuery(state) }),
    // Paging keeps the previous rows on screen (with the loading state) instead of an empty table.
    placeholderData: keepPreviousData,
  });

/** The export streams every entry of the applied filters (no paging); the browser saves the CSV. */
export const exportAudit = (filters: AuditFilters) => download(api.export, { query: auditUrl.filterQuery(filters) }, { timeout: 60_000 });
