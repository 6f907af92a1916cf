import { departmentCalls, type DepartmentCreateBody, type DepartmentUpdateBody } from '@atrium/contracts/calls/department';
import { systemCalls } from '@atrium/contracts/calls/system';
import { queryOptions } from '@tanstack/react-query';
import { call, endpointOf, type CallOptions } from '../../../lib/api';
import type { PickerQuery } from '../../../components/options-select';
import type { Locale } from '../../../lib/i18n';

/** The calls of this page, straight from the contract (the page loads its schemas for the form anyway). */
const api = {
  tree: endpointOf(departmentCalls.departmentTree),
  create: endpointOf(departmentCalls.departmentCreate),
  update: endpointOf(departmentCalls.departmentUpdate),
  delete: endpointOf(departmentCalls.departmentDelete),
  reach: endpointOf(departmentCalls.departmentReach),
  leaders: endpointOf(systemCalls.userOptions),
};

export const departmentKeys = {
  /** Every department query: a department write invalidates them all (the account pages' choices included). */
  all: ['system', 'department'] as const,
  /** The root's name is in the reader's language until someone renames it. */
  tree: (locale: Locale) => ['system', 'department', 'tree', locale] as const,
  /** Under the accounts' keys: an account's change may take it off the picker (disabled) or rename it. */
  leaders: (query: PickerQuery) => ['system', 'user', 'options', query] as const,
};

/** Every department, flat (lib/tree.ts builds the tree). */
export const departmentTreeQuery = (locale: Locale) => queryOptions({ queryKey: departmentKeys.tree(locale), queryFn: () => call(api.tree), staleTime: 30_000 });

/**
 * The departments the caller may change (its scope of the accounts'; every one under `all`): the page offers
 * changes of these only, the server refuses the others. Under the departments' keys: a move asks again.
 */
export const departmentReachQuery = () => queryOptions({ queryKey: [...departmentKeys.all, 'reach'] as const, queryFn: () => call(api.reach), staleTime: 30_000 });

/**
 * The leader's picker: up to 20 active accounts whose name or username holds the keyword, or the one
 * held (`id`). A search asks again each time the picker opens (an account made meanwhile is offered).
 */
export const leaderOptionsQuery = (query: PickerQuery) =>
  queryOptions({ queryKey: departmentKeys.leaders(query), queryFn: () => call(api.leaders, { query }), staleTime: query.id === undefined ? 0 : 30_000 });

/** A taken name or code shows on its field, a cycle on the parent's, instead of a toast. */
const fieldErrors: CallOptions = { expectedErrors: ['DEPARTMENT_NAME_TAKEN', 'DEPARTMENT_CODE_TAKEN', 'DEPARTMENT_CYCLE'] };

export const createDepartment = (body: DepartmentCreateBody) => call(api.create, { body }, fieldErrors);
export const updateDepartment = (id: number, body: DepartmentUpdateBody) => call(api.update, { params: { id }, body }, fieldErrors);
/** A refusal for sub-departments or members (IN_USE) is the page's to show, with the counts. */
export const deleteDepartment = (id: number) => call(api.delete, { params: { id } }, { expectedErrors: ['IN_USE'] });
