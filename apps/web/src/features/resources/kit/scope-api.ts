/**
 * The pickers of a scoped record's department and owner (issue 39): the server offers only what the
 * caller's scope for the resource reaches (`/api/scope/<resource>/departments` and `/owners`, under the
 * resource's read permission), and a new record's defaults (the caller's department when reached, the caller).
 */
import { scopeCalls } from '@atrium/contracts/calls/scope';
import { queryOptions } from '@tanstack/react-query';
import type { PickerQuery } from '../../../components/options-select';
import { call, endpointOf } from '../../../lib/api';
import type { Locale } from '../../../lib/i18n';
import { resourceKeys } from './resource-api';

const endpointsOf = (resource: string) => {
  const calls = scopeCalls(resource);
  return { departments: endpointOf(calls.departments), owners: endpointOf(calls.owners) };
};

/**
 * The departments a record may be put in, flat (parents first), and a new record's defaults; `held`: a
 * record's department, offered even when disabled. Under the resource's keys: a write of the resource
 * asks again, as do its pickers. A department's change shows on the next opening (30 s at most).
 */
export const scopeDepartmentsQuery = (resource: string, locale: Locale, held?: number) =>
  queryOptions({
    queryKey: [...resourceKeys.all(resource), 'scope-departments', locale, held ?? null] as const,
    queryFn: () => call(endpointsOf(resource).departments, { query: held === undefined ? {} : { id: held } }),
    staleTime: 30_000,
  });

/** The owner's picker: up to 20 accounts a record may be given to matching the keyword, or the one held. */
export const scopeOwnersQuery = (resource: string) => (query: PickerQuery) =>
  queryOptions({
    queryKey: [...resourceKeys.all(resource), 'scope-owners', query] as const,
    queryFn: () => call(endpointsOf(resource).owners, { query }),
    staleTime: query.id === undefined ? 0 : 30_000,
  });
