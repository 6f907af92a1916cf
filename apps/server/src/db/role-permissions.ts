import type { Db } from './client.ts';
import { roles } from './schema/auth.ts';

export type RolePermissions = ReadonlyMap<string, ReadonlySet<string>>;

interface Known {
  generation: string;
  map: RolePermissions;
}

const known = new WeakMap<Db, Known>();

async function readRoles(db: Db): Promise<RolePermissions> {
  const rows = await db.select({ code: roles.code, permissions: roles.permissions }).from(roles);
  return new Map(rows.map((r) => [r.code, new Set(r.permissions)]));
}

/**
 * Every role's permissions, as of the roles table's write generation the session lookup read beside the
 * session (db/sessions.ts, db/list-generations.ts): kept per database while that generation holds, read
 * again as soon as any replica changed any role. So the pipeline's permission check costs no statement of
 * its own, and a change still applies from the next request everywhere. Without a generation (its
 * counters missing) the table is read each time.
 */
export async function rolePermissions(db: Db, generation: string | null): Promise<RolePermissions> {
  if (generation === null) return readRoles(db);
  const hit = known.get(db);
  if (hit && hit.generation === generation) return hit.map;
  const map = await readRoles(db);
  known.set(db, { generation, map });
  return map;
}
