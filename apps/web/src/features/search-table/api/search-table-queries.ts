import type { Policy, PolicyDetail, PolicyForm, PolicyImportResult, PolicyPatch } from '@atrium/contracts/calls/policy';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { filtersToParams, tableStateToQuery, type PolicyFilters, type TableUrlState } from '../lib/url-state';

export interface PolicyPage {
  list: Policy[];
  total: number;
}

/** Query keys of the collections; every write invalidates `policyKeys.all`, keeping filters and page. */
export const policyKeys = {
  all: ['policy'] as const,
  lists: () => [...policyKeys.all, 'list'] as const,
  list: (state: TableUrlState) => [...policyKeys.lists(), tableStateToQuery(state)] as const,
  detail: (id: number) => [...policyKeys.all, 'detail', id] as const,
};

export const policyListQuery = (state: TableUrlState) =>
  queryOptions({
    queryKey: policyKeys.list(state),
    // Never shared through the transport's 900 ms de-dup window: a refetch after a write must see it.
    queryFn: () => api.get<PolicyPage>('/api/list/policy', { query: tableStateToQuery(state), cache: false }),
    // Paging keeps the previous rows on screen (with the loading state) instead of an empty table.
    placeholderData: keepPreviousData,
  });

export const policyDetailQuery = (id: number) =>
  queryOptions({
    queryKey: policyKeys.detail(id),
    queryFn: () => api.get<PolicyDetail>(`/api/list/policy/${id}`, { cache: false }),
    staleTime: 0,
  });

export const createPolicy = (body: PolicyForm) => api.post<PolicyDetail>('/api/list/policy', body, { cache: false });
export const updatePolicy = (id: number, body: PolicyPatch) => api.patch<PolicyDetail>(`/api/list/policy/${id}`, body, { cache: false });
export const deletePolicy = (id: number) => api.delete<{ id: number }>(`/api/list/policy/${id}`, { cache: false });

export function importPolicies(file: File, onProgress: (percent: number) => void, signal?: AbortSignal) {
  const form = new FormData();
  form.append('file', file);
  return api.upload<PolicyImportResult>('/api/list/policy/import', form, { onProgress, signal });
}

/** The export streams every row of the applied filters (no paging); the browser saves the body as a file. */
export function exportPolicies(filters: PolicyFilters) {
  const query: Record<string, string[]> = {};
  for (const [key, value] of filtersToParams(filters)) (query[key] ??= []).push(value);
  return api.download('/api/list/policy/export', { query, timeout: 60_000 });
}
