/**
 * A resource list's view in the URL (lib/list-url-state.ts): its filters under the fields' names (a
 * range as the name twice, start then end; a scoped record's `department` and `owner` as ids), `sort` (a field, `-` before it for descending; none: the
 * server's `-createdAt`), and the page. The definition's list query schema reads the URL.
 */
import type { ResourceDef } from '@atrium/contracts/resource';
import { resourceSchemas } from '@atrium/contracts/resource-calls';
import { listUrl, type ListUrl, type ListUrlState } from '../../../lib/list-url-state';
import { scopeFieldsOf } from './scope-names';

/** The filters as the URL holds them, and `sort`. */
export type ResourceFilters = Partial<Record<string, string | [string, string]>>;
export type ResourceUrlState = ListUrlState<ResourceFilters>;

const urls = new WeakMap<ResourceDef, ListUrl<ResourceFilters>>();

export function resourceUrl(def: ResourceDef): ListUrl<ResourceFilters> {
  let url = urls.get(def);
  if (!url) {
    const filters = [...def.fields.filter((f) => f.filter).map((f) => f.name), ...scopeFieldsOf(def), 'sort'];
    url = listUrl<ResourceFilters>({ query: resourceSchemas(def).listQuery, filters });
    urls.set(def, url);
  }
  return url;
}

export type SortOrder = 'ascend' | 'descend';

/** The column order a `sort` value asks for (`-price`: price, descending). */
export function sortOrderOf(sort: ResourceFilters[string], field: string): SortOrder | undefined {
  if (typeof sort !== 'string') return undefined;
  if (sort === field) return 'ascend';
  if (sort === `-${field}`) return 'descend';
  return undefined;
}

/** The `sort` value of a column's order; none (the default order) when the column's sorting is cleared. */
export function sortValue(field: string, order: SortOrder | undefined): string | undefined {
  if (!order) return undefined;
  return order === 'ascend' ? field : `-${field}`;
}
