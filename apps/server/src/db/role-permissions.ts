import type { Db } from './client.ts';
import { roles } from './schema/auth.ts';

type RolePermissions = ReadonlyMap<string, ReadonlySet<string>>;

/** What the request gate needs of every role: its permissions, and the roles requiring two-step verification. */
export interface RoleRules {
  permissions: RolePermissions;
  requireMfa: ReadonlySet<string>;
}

interface Known {
  generation: string;
  map: RoleRules;
}

const known = new WeakMap<Db, Known>();

async function readRoles(db: Db): Promise<RoleRules> {
  const rows = await db.select({ code: roles.code, permissions: roles.permissions, requireMfa: roles.requireMfa }).from(roles);
  return { permissions: new Map(rows.map((r) => [r.code, new Set(r.permissions)])), requireMfa: new Set(rows.filter((r) => r.requireMfa).map((r) => r.code)) };
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
