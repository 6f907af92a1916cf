import { sliceDefs } from './slices.ts';

/**
 * Data scope (issue 39, decision 033): which records a role's holders reach in every scoped resource.
 * `all` every record; `department-tree` those of the holder's department and every one below it;
 * `department` the holder's department's only; `custom` those of the role's chosen departments, each with
 * everything below it; `own` those the holder owns.
 */
export const dataScopes = ['all', 'department-tree', 'department', 'custom', 'own'] as const;
export type DataScope = (typeof dataScopes)[number];

/**
 * Whether a role's scope or any of its per-resource overrides is `custom`: every `custom` of a role reaches
 * the role's one list of departments, so then it needs at least one.
 */
export function usesCustomScope(dataScope: DataScope | undefined, scopes: Readonly<Record<string, DataScope>> | undefined): boolean {
  return dataScope === 'custom' || Object.values(scopes ?? {}).includes('custom');
}

/**
 * The resources whose records belong to a department and an owner, so a role may scope each on its own
 * (`scopes`): the accounts (delegated administration), and what the slices declare (`scopedResources`: a
 * team's resource, the demo's collections). Names are permission resources (`user` of `user:read`), so
 * the role editor labels them as it labels the permission tree.
 */
export const scopedResources: readonly string[] = ['user', ...new Set(sliceDefs.flatMap((s) => s.scopedResources ?? []))];

export function isScopedResource(name: string): boolean {
  return scopedResources.includes(name);
}
