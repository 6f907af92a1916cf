import { eq, sql } from 'drizzle-orm';
import type { DataScope } from '@atrium/contracts';
import type { Db } from './client.ts';
import { roleDepartments, roles } from './schema/auth.ts';

type RolePermissions = ReadonlyMap<string, ReadonlySet<string>>;

/** A role's data scope as stored (decision 033): the scope, a custom scope's departments, the per-resource overrides. */
export interface ScopeRule {
  dataScope: DataScope;
  /** Sorted; empty unless `custom` (the role service clears them when another scope is chosen). */
  departmentIds: readonly number[];
  scopes: Readonly<Record<string, DataScope>>;
}

/** What a role without a row reaches: nothing of anyone else's (a session whose role vanished mid-flight). */
export const NO_SCOPE: ScopeRule = Object.freeze({ dataScope: 'own', departmentIds: Object.freeze([]), scopes: Object.freeze({}) });

/** What the request gate needs of every role: its permissions, its data scope, and the roles requiring two-step verification. */
export interface RoleRules {
  permissions: RolePermissions;
  dataScopes: ReadonlyMap<string, ScopeRule>;
  requireTwoStep: ReadonlySet<string>;
}

interface Known {
  generation: string;
  map: RoleRules;
}

const known = new WeakMap<Db, Known>();

/** A role's custom departments as one sorted array (empty without any). */
export const roleDepartmentIds = sql<number[]>`(select coalesce(array_agg(${roleDepartments.departmentId} order by ${roleDepartments.departmentId}), '{}') from ${roleDepartments} where ${eq(roleDepartments.roleId, roles.id)})`;

async function readRoles(db: Db): Promise<RoleRules> {
  const rows = await db
    .select({ code: roles.code, permissions: roles.permissions, requireMfa: roles.requireMfa, dataScope: roles.dataScope, scopes: roles.scopes, departmentIds: roleDepartmentIds })
    .from(roles);
  return {
    permissions: new Map(rows.map((r) => [r.code, new Set(r.permissions)])),
    dataScopes: new Map(rows.map((r) => [r.code, Object.freeze({ dataScope: r.dataScope, departmentIds: Object.freeze(r.departmentIds.map(Number)), scopes: Object.freeze({ ...r.scopes }) })])),
    requireTwoStep: new Set(rows.filter((r) => r.requireMfa).map((r) => r.code)),
  };
}

/**
 * Every role's permissions, as of the roles table's write generation the session lookup read beside the
 * session (sessions/session-lookup.ts, db/list-generations.ts): kept per database while that generation
 * holds, read again as soon as any replica changed any role. So the pipeline's permission check costs no
 * statement of its own, and a change still applies from the next request everywhere. Without a generation
 * (its counters missing) the table is read each time.
 */
export async function roleRules(db: Db, generation: string | null): Promise<RoleRules> {
  if (generation === null) return readRoles(db);
  const hit = known.get(db);
  if (hit && hit.generation === generation) return hit.map;
  const map = await readRoles(db);
  known.set(db, { generation, map });
  return map;
}
