/**
 * 待我审批's view in the URL (lib/list-url-state.ts): the resource it is filtered by, and the page; the list
 * call's own query schema reads it. Its query shares the navbar count's key (lib/approvals.ts), so a
 * transition fired anywhere refreshes both.
 */
import { approvalCalls } from '@atrium/contracts/calls/approvals';
import { resources } from '@atrium/contracts/slices';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { call, endpoints } from '../../../lib/api';
import { approvalsKeys } from '../../../lib/approvals';
import { listUrl, type ListUrlState } from '../../../lib/list-url-state';

export interface ApprovalFilters {
  resource?: string;
}
export type ApprovalsUrlState = ListUrlState<ApprovalFilters>;

export const approvalsUrl = listUrl<ApprovalFilters>({ query: approvalCalls.list.query as z.ZodObject, filters: ['resource'] });

export const approvalsListQuery = (state: ApprovalsUrlState) => {
  const query = approvalsUrl.toQuery(state);
  return queryOptions({
    queryKey: approvalsKeys.list(query),
    queryFn: () => call(endpoints.approvals.list, { query }),
    // Paging keeps the previous rows on screen (with the loading state) instead of an empty table.
    placeholderData: keepPreviousData,
  });
};

/** The resources whose records may await an approval: the filter's choices, and the rows' definitions. */
export const approvalResources = resources.filter((r) => (r.lifecycle?.awaiting.length ?? 0) > 0);
