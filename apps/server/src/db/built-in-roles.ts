import { sql } from 'drizzle-orm';
import { builtInRoles, builtInRoleCodes } from '@atrium/contracts';
import type { Db } from './client.ts';
import { tableExists } from './list-generations.ts';
import { roles } from './schema/auth.ts';

/**
 * The built-in roles follow the contracts' catalogue: written on every start, so a permission added to
 * the catalogue is held by `admin` from the next start, on every replica's shared database. Their stored
 * names are the zh-CN ones; the server shows them in the caller's language.
 */
export async function installBuiltInRoles(db: Db): Promise<void> {
  if (!(await tableExists(db, 'roles'))) return;
  for (const code of builtInRoleCodes) {
    const role = builtInRoles[code];
    // The columns every version of the table has (named, so a database migrated to an earlier version, as
    // the upgrade tests make, takes it too); the others keep their defaults (a data scope of `all`).
    await db.execute(sql`insert into ${roles} (code, name, description, permissions, built_in)
      values (${code}, ${role.name['zh-CN']}, ${role.description['zh-CN']}, ${sql.param([...role.permissions], roles.permissions)}, true)
      on conflict (code) do update set permissions = excluded.permissions, built_in = true, name = excluded.name, description = excluded.description`);
  }
}
