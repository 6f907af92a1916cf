/**
 * A list's applied filters and page live in the URL, so a link, a reload, back/forward and the tab bar
 * all restore the same view. One implementation for every list page (the collections, the accounts, the
 * audit log): a list names its call's query schema and the filters it keeps in the URL, and gets the
 * reading, the writing and the request query from here. The list call's own field schemas read the
 * URL, so the console keeps exactly what the server would accept.
 */
import type { z } from 'zod';

/** The page sizes every list offers (the lists' query schemas accept them). */
export const listPageSizes = [10, 20, 50, 100] as const;
type ListPageSize = (typeof listPageSizes)[number];
const DEFAULT_PAGE_SIZE: ListPageSize = 10;

/** A filter as the URL holds it: one value, or a range (its key twice, start then end). */
type FilterValue = string | [string, string];

export interface ListUrlState<F> {
  filters: F;
  current: number;
  pageSize: ListPageSize;
}

/** The request query of a list call (and of its export, without the page). */
type ListQuery = Record<string, string | number | string[]>;

export interface ListUrl<F> {
  /**
   * Reads the URL one field at a time with the call's schema: an invalid value is dropped (a page or
   * page size falls back to its default) without losing the others; the page then normalises the URL.
   */
  parse(search: URLSearchParams): ListUrlState<F>;
  /** The filters without the unset ones, text trimmed, in the URL's order: equal views compare equal. */
  compact(filters: F): F;
  /** The applied filters as the list's export takes them. */
  filterQuery(filters: F): Record<string, string | string[]>;
  /** The whole URL query in a fixed order; page 1 and page size 10 are omitted. */
  toParams(state: ListUrlState<F>): URLSearchParams;
  /** The list call's request query: the applied filters and the page, always. */
  toQuery(state: ListUrlState<F>): ListQuery;
}

export interface ListUrlOptions<F> {
  /** The list call's query schema (`current`, `pageSize` and the filters). */
  query: z.ZodObject;
  /** The filters kept in the URL, in the order they are written. */
  filters: readonly (keyof F & string)[];
  /** The filters' check as a whole (a range's end before its start): the filters its issues name are dropped. */
  whole?: z.ZodType;
}

export function listUrl<F extends { [K in keyof F]?: FilterValue }>(options: ListUrlOptions<F>): ListUrl<F> {
  const { shape } = options.query;
  const fieldOf = (key: string): z.ZodType => {
    const field = shape[key];
    if (!field) throw new Error(`the list query has no field "${key}"`);
    return field as z.ZodType;
  };
  // Unknown names fail at once (a typo in a list's definition), not as a filter that never applies.
  for (const key of ['current', 'pageSize', ...options.filters]) fieldOf(key);

  /** The URL's value when the call's schema accepts it (as the URL has it: a filter is sent as it was read). */
  const read = (search: URLSearchParams, key: string): string | string[] | undefined => {
    const values = search.getAll(key);
    const raw = values.length === 0 ? undefined : values.length === 1 ? values[0] : values;
    return raw !== undefined && fieldOf(key).safeParse(raw).success ? raw : undefined;
  };

  const compact = (filters: F): F => {
    const out: Partial<Record<string, FilterValue>> = {};
    for (const key of options.filters) {
      const value = filters[key] as FilterValue | undefined;
      if (Array.isArray(value)) out[key] = [value[0], value[1]];
      else if (typeof value === 'string' && value.trim() !== '') out[key] = value.trim();
    }
    return out as F;
  };

  const filterQuery = (filters: F): Record<string, string | string[]> => {
    const query: Record<string, string | string[]> = {};
    for (const [key, value] of Object.entries(compact(filters)) as [string, FilterValue][]) query[key] = Array.isArray(value) ? [...value] : value;
    return query;
  };

  return {
    parse(search) {
      const raw: Partial<Record<string, FilterValue>> = {};
      for (const key of options.filters) {
        const value = read(search, key) as FilterValue | undefined;
        if (value !== undefined) raw[key] = value;
      }
      let filters = compact(raw as F);
      const check = options.whole?.safeParse(filters);
      if (check && !check.success) {
        const named = new Set(check.error.issues.map((issue) => String(issue.path[0])));
        filters = compact(Object.fromEntries(Object.entries(filters).filter(([key]) => !named.has(key))) as F);
      }
      const current = Number(read(search, 'current') ?? 1);
      const pageSize = Number(read(search, 'pageSize'));
      return { filters, current, pageSize: listPageSizes.find((size) => size === pageSize) ?? DEFAULT_PAGE_SIZE };
    },
    compact,
    filterQuery,
    toParams(state) {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(filterQuery(state.filters))) {
        for (const one of Array.isArray(value) ? value : [value]) params.append(key, one);
      }
      if (state.current !== 1) params.set('current', String(state.current));
      if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(state.pageSize));
      return params;
    },
    toQuery(state) {
      return { ...filterQuery(state.filters), current: state.current, pageSize: state.pageSize };
    },
  };
}
