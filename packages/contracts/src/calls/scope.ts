import * as z from '../zod.ts';
import { defineCall } from '../call.ts';
import { scopedResources } from '../data-scope.ts';
import type { Permission } from '../permissions.ts';
import { USER_OPTIONS_LIMIT, userOptionsQuerySchema, userOptionsSchema } from './system.ts';

/**
 * The pickers of a scoped record's department and owner (issue 39, data-scope.md §4): what the caller may
 * put a record of `resource` in, and whom they may give it to. One pair per scoped resource — the kit's, the
 * collections (`collection`), the accounts (`user`) — each under that resource's read permission
 * (`supplier:read`), so whoever reads the records may pick for them without managing departments or
 * accounts; the server answers only what the caller's scope for it reaches (decision 038).
 */

/**
 * A department as the picker's tree needs it: the flat list, parents before children, as the departments call
 * answers. A disabled one is there too, with its status: records and accounts stay in it, so a filter and a
 * column find it, but a form does not offer it (a write refuses it: 400 on the field).
 */
const scopeDepartmentSchema = z.object({ id: z.number().int(), parentId: z.number().int().nullable(), name: z.string(), status: z.enum(['active', 'disabled']) });
export type ScopeDepartment = z.infer<typeof scopeDepartmentSchema>;

/**
 * What a new record gets when its form leaves them as they are: the caller's department (null when the
 * caller's scope does not reach it, as a custom scope may not: then one must be picked) and the caller.
 */
const scopeDefaultsSchema = z.object({ department: z.number().int().nullable(), owner: z.object({ id: z.number().int(), label: z.string() }) });
export type ScopeDefaults = z.infer<typeof scopeDefaultsSchema>;

function build(resource: string) {
  const permission = `${resource}:read` as Permission;
  return {
    departments: defineCall({
      id: `scope.${resource}.departments`,
      method: 'GET',
      path: `/api/scope/${resource}/departments`,
      access: 'signed',
      permission,
      summary: `Every department a record of ${resource} may be put in or filtered by (the caller's scope for it; the disabled ones with their status), flat, each with its parent; and a new record's defaults`,
      response: z.object({ list: z.array(scopeDepartmentSchema), defaults: scopeDefaultsSchema }),
    }),
    owners: defineCall({
      id: `scope.${resource}.owners`,
      method: 'GET',
      path: `/api/scope/${resource}/owners`,
      access: 'signed',
      permission,
      summary: `At most ${USER_OPTIONS_LIMIT} active accounts a record of ${resource} may be given to (of departments the caller's scope reaches; the caller), by keyword or id`,
      query: userOptionsQuerySchema,
      response: userOptionsSchema,
    }),
  };
}

export type ScopeCalls = ReturnType<typeof build>;
const built = new Map<string, ScopeCalls>();

/** The two picker calls of a scoped resource (one of `scopedResources`). */
export function scopeCalls(resource: string): ScopeCalls {
  let found = built.get(resource);
  if (!found) built.set(resource, (found = build(resource)));
  return found;
}

/** Every scoped resource's picker calls: the call table's share (calls/index.ts). */
export const everyScopeCall = (): ScopeCalls[] => scopedResources.map(scopeCalls);
