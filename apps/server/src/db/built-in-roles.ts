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
    await db
      .insert(roles)
      .values({ code, name: role.name['zh-CN'], description: role.description['zh-CN'], permissions: [...role.permissions], builtIn: true })
      .onConflictDoUpdate({ target: roles.code, set: { permissions: sql`excluded.permissions`, builtIn: true, name: sql`excluded.name`, description: sql`excluded.description` } });
  }
}
