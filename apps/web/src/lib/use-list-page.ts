import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ListUrl, ListUrlState } from './list-url-state';

/** What every list call answers beside its rows. */
interface ListAnswer {
  total: number;
  /** More matches than the server counts (the resource kit's lists): the total is a lower bound. */
  totalCapped?: boolean;
}

/**
 * The view of a list page held by the URL (the collections, the accounts, the audit log and every resource
 * of the kit share it): the state read from the URL, the list query that follows it, and `go` to change
 * it. Unknown or invalid query values are dropped and the URL normalised in place; a page beyond the last
 * one (after deletions elsewhere) moves to the last page, unless the total is capped.
 */
export function useListPage<F, T extends ListAnswer, K extends QueryKey>(url: ListUrl<F>, queryOf: (state: ListUrlState<F>) => UseQueryOptions<T, Error, T, K>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => url.parse(searchParams), [url, searchParams]);
  const list = useQuery(queryOf(state));
  const go = useCallback((next: ListUrlState<F>, replace = false) => setSearchParams(url.toParams(next), { replace }), [url, setSearchParams]);

  useEffect(() => {
    const normalised = url.toParams(state).toString();
    if (normalised !== searchParams.toString()) setSearchParams(normalised, { replace: true });
  }, [url, state, searchParams, setSearchParams]);

  const total = list.data?.total ?? 0;
  useEffect(() => {
    if (list.isPlaceholderData || !list.data || total === 0 || list.data.totalCapped) return;
    const last = Math.ceil(total / state.pageSize);
    if (state.current > last) go({ ...state, current: last }, true);
  }, [list.data, list.isPlaceholderData, total, state, go]);

  return { state, list, total, go };
}

/**
 * A download the page's toolbar starts (导出 / 下载): busy while it runs, the transport shows a failure.
 */
export function useDownload<A extends unknown[]>(run: (...args: A) => Promise<unknown>): [busy: boolean, start: (...args: A) => void] {
  const [busy, setBusy] = useState(false);
  const start = useCallback((...args: A) => {
    setBusy(true);
    run(...args)
      .catch(() => undefined)
      .finally(() => setBusy(false));
  }, [run]);
  return [busy, start];
}
