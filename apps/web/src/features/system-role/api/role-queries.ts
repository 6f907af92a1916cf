import { systemCalls, type RoleCreateBody, type RoleUpdateBody } from '@atrium/contracts/calls/system';
import { departmentCalls } from '@atrium/contracts/calls/department';
import { queryOptions } from '@tanstack/react-query';
import { call, endpointOf } from '../../../lib/api';
import type { Locale } from '../../../lib/i18n';

/** The calls of this page, straight from the contract (the page loads its schemas for the editor anyway). */
const api = {
  permissions: endpointOf(systemCalls.permissions),
  list: endpointOf(systemCalls.roleList),
  create: endpointOf(systemCalls.roleCreate),
  update: endpointOf(systemCalls.roleUpdate),
  delete: endpointOf(systemCalls.roleDelete),
};

export const roleKeys = {
  /** Every role query, the account pages' role choices included: a role write invalidates them all. */
  all: ['system', 'role'] as const,
  list: ['system', 'role', 'list'] as const,
  /** The catalogue's labels come in the caller's language. */
  permissions: (locale: Locale) => ['system', 'permission', locale] as const,
};

export const roleListQuery = () => queryOptions({ queryKey: roleKeys.list, queryFn: () => call(api.list) });

export const permissionCatalogueQuery = (locale: Locale) =>
  queryOptions({ queryKey: roleKeys.permissions(locale), queryFn: () => call(api.permissions), staleTime: Infinity });

/** A taken code shows on its field instead of a toast. */
export const createRole = (body: RoleCreateBody) => call(api.create, { body }, { expectedErrors: ['ROLE_CODE_TAKEN'] });
export const updateRole = (id: number, body: RoleUpdateBody) => call(api.update, { params: { id }, body });
/** Refusals (ROLE_IN_USE, ROLE_BUILT_IN) are the transport's toast with the server's text. */
export const deleteRole = (id: number) => call(api.delete, { params: { id } });

const departmentTreeEndpoint = endpointOf(departmentCalls.departmentTree);

/** Every department, flat (the custom scope's tree); read by a caller holding `department:read`. */
export const departmentTreeQuery = () => queryOptions({ queryKey: ['system', 'department', 'tree'] as const, queryFn: () => call(departmentTreeEndpoint) });
