/**
 * The pickers of a scoped record's department and owner (issue 39), one pair for every scoped page: the
 * kit's resources, the collections, the accounts. The server offers only what the caller's scope for the
 * resource reaches (`/api/scope/<resource>/departments` and `/owners`, under the resource's read
 * permission), and a new record's defaults (the caller's department when reached, the caller).
 */
import { scopeCalls } from '@atrium/contracts/calls/scope';
import { queryOptions } from '@tanstack/react-query';
import type { PickerQuery } from '../../../components/options-select';
import { call, endpointOf } from '../../../lib/api';
import type { Locale } from '../../../lib/i18n';
import { departmentKeys } from './department-queries';

const endpointsOf = (resource: string) => {
  const calls = scopeCalls(resource);
  return { departments: endpointOf(calls.departments), owners: endpointOf(calls.owners) };
};

/**
 * Every department a record of `resource` may be put in or filtered by, flat (parents first), the disabled
 * ones with their status (a filter offers them, a form shows them but does not), and a new record's
 * defaults. Under the departments' keys: a department's write asks again.
 */
export const scopeDepartmentsQuery = (resource: string, locale: Locale) =>
  queryOptions({
    queryKey: [...departmentKeys.all, 'scope', resource, locale] as const,
    queryFn: () => call(endpointsOf(resource).departments),
    staleTime: 30_000,
  });

/** The owner's picker: up to 20 accounts a record of `resource` may be given to matching the keyword, or the one held. */
export const scopeOwnersQuery = (resource: string) => (query: PickerQuery) =>
  queryOptions({
    queryKey: ['system', 'user', 'scope', resource, query] as const,
    queryFn: () => call(endpointsOf(resource).owners, { query }),
    staleTime: query.id === undefined ? 0 : 30_000,
  });
