import type { PolicyForm, PolicyPatch } from '@atrium/contracts/demo/search-table/calls';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, download, upload } from '../../../lib/api';
import { tableUrl, type PolicyFilters, type TableUrlState } from '../lib/url-state';
import { policyEndpoints } from './endpoints';

/** Query keys of the collections; every write invalidates `policyKeys.all`, keeping filters and page. */
export const policyKeys = {
  all: ['policy'] as const,
  lists: () => [...policyKeys.all, 'list'] as const,
  list: (state: TableUrlState) => [...policyKeys.lists(), tableUrl.toQuery(state)] as const,
  detail: (id: number) => [...policyKeys.all, 'detail', id] as const,
};

export const policyListQuery = (state: TableUrlState) =>
  queryOptions({
    queryKey: policyKeys.list(state),
    queryFn: () => call(policyEndpoints.list, { query: tableUrl.toQuery(state) }),
    // Paging keeps the previous rows on screen (with the loading state) instead of an empty table.
    placeholderData: keepPreviousData,
  });

export const policyDetailQuery = (id: number) =>
  queryOptions({
    queryKey: policyKeys.detail(id),
    queryFn: () => call(policyEndpoints.get, { params: { id } }),
    staleTime: 0,
  });

export const createPolicy = (body: PolicyForm) => call(policyEndpoints.create, { body });
export const updatePolicy = (id: number, body: PolicyPatch) => call(policyEndpoints.patch, { params: { id }, body });
export const deletePolicy = (id: number) => call(policyEndpoints.delete, { params: { id } });

export function importPolicies(file: File, onProgress: (percent: number) => void, signal?: AbortSignal) {
  const form = new FormData();
  form.append('file', file);
  return upload(policyEndpoints.import, { body: form }, { onProgress, signal });
}

/** The export streams every row of the applied filters (no paging); the browser saves the body as a file. */
export function exportPolicies(filters: PolicyFilters) {
  return download(policyEndpoints.export, { query: tableUrl.filterQuery(filters) }, { timeout: 60_000 });
}
