import { queryOptions } from '@tanstack/react-query';
import { call, endpoints } from './api';

/**
 * What awaits the caller's approval (待我审批, docs/resources.md "Life cycles"): the navbar's count and the
 * page's list share one key, so every transition fired anywhere refreshes both.
 */
export const approvalsKeys = {
  all: ['approvals'] as const,
  count: ['approvals', 'count'] as const,
  list: (query: Record<string, unknown>) => ['approvals', 'list', query] as const,
};

/** How many records await the caller (counted up to 1 000; the badge says "99+" past 99). */
export const approvalsCountQuery = () =>
  queryOptions({ queryKey: approvalsKeys.count, queryFn: () => call(endpoints.approvals.count, {}, { dedupe: false }), staleTime: 0 });
