import type { CollectionCreateBody, CollectionPatch } from '@atrium/contracts/demo/search-table/calls';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, download, upload } from '../../../lib/api';
import { tableUrl, type CollectionFilters, type TableUrlState } from '../lib/url-state';
import { collectionEndpoints } from './endpoints';

/** Query keys of the collections; every write invalidates `collectionKeys.all`, keeping filters and page. */
export const collectionKeys = {
  all: ['collection'] as const,
  lists: () => [...collectionKeys.all, 'list'] as const,
  list: (state: TableUrlState) => [...collectionKeys.lists(), tableUrl.toQuery(state)] as const,
  detail: (id: number) => [...collectionKeys.all, 'detail', id] as const,
};

export const collectionListQuery = (state: TableUrlState) =>
  queryOptions({
    queryKey: collectionKeys.list(state),
    queryFn: () => call(collectionEndpoints.list, { query: tableUrl.toQuery(state) }),
    // Paging keeps the previous rows on screen (with the loading state) instead of an empty table.
    placeholderData: keepPreviousData,
  });

export const collectionDetailQuery = (id: number) =>
  queryOptions({
    queryKey: collectionKeys.detail(id),
    queryFn: () => call(collectionEndpoints.get, { params: { id } }),
    staleTime: 0,
  });

export const createCollection = (body: CollectionCreateBody) => call(collectionEndpoints.create, { body });
export const updateCollection = (id: number, body: CollectionPatch) => call(collectionEndpoints.patch, { params: { id }, body });
export const deleteCollection = (id: number) => call(collectionEndpoints.delete, { params: { id } });

export function importCollections(file: File, onProgress: (percent: number) => void, signal?: AbortSignal) {
  const form = new FormData();
  form.append('file', file);
  return upload(collectionEndpoints.import, { body: form }, { onProgress, signal });
}

/** The export streams every row of the applied filters (no paging); the browser saves the body as a file. */
export function exportCollections(filters: CollectionFilters) {
  return download(collectionEndpoints.export, { query: tableUrl.filterQuery(filters) }, { timeout: 60_000 });
}
