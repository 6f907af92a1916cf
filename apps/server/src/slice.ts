import { existsSync } from 'node:fs';
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ResourceDef } from '@atrium/contracts/resource';
import type { Db } from './db/client.ts';
import type { SeedAccount } from './db/seed/accounts.ts';

/**
 * What a slice's seed gets: the core's seeded accounts, the moment of seeding (seeded times are relative to
 * it) and a way to seed accounts of its own.
 * @public (the slices' API: used by whichever slices the registry holds, maybe none)
 */
export interface SliceSeedContext {
  /** The seeded administrator (`admin`). */
  readonly adminId: number;
  /** The seeded everyday account (`user`). */
  readonly userId: number;
  readonly now: Date;
  /**
   * Seeds an account with a known password, listed in the start log with the core's;
   * answers its id. Its roles are built-in or the slices' (contracts `SliceDef.roles`), seeded before any
   * slice's seed.
   */
  addAccount(account: SeedAccount): Promise<number>;
}

/**
 * A slice of the server: the calls of a group of pages (packages/contracts/src/slice.ts) with their tables
 * and sample data. It joins the server through one line of the registry (slices.ts) and leaves it the same
 * way; the core names no slice.
 *
 * - `register` serves the slice's calls (`registerCall` with the calls of its contracts), after the core's.
 * - `resource`: a team's resource is a slice too, made by the resource kit from its definition
 *   (`resourceServerSlice`), with its table's migrations in a folder of its own like any slice's.
 * - `migrations`: a drizzle migrations folder of its own (`meta/_journal.json` and the SQL files), applied
 *   after the core's by drizzle's migrator with a journal of its own (`__drizzle_migrations_<name>`), in the
 *   same schema and under the same lock (db/migrate.ts). Written idempotently (IF NOT EXISTS) when the
 *   tables may already exist. A list table the slice caches answers of is watched from there:
 *   `SELECT atrium_watch_list('<table>');` (db/list-generations.ts).
 * - `seed`: its sample rows on an empty database outside production, after the core's seed, in the same
 *   transaction (db/seed/index.ts).
 */
export interface ServerSlice {
  /** Lower-case letters, digits and `-` (it names the slice's migrations journal). */
  readonly name: string;
  /** Serves its calls; a slice of sample data alone has none. */
  register?(app: FastifyInstance, served: ServedSlices): void;
  /** Absolute path of the slice's migrations folder. */
  readonly migrations?: string;
  seed?(db: Db, ctx: SliceSeedContext): Promise<void>;
  /** A team's resource, when the slice is one (`resourceServerSlice` of modules/resources/kit.ts: docs/resources.md). */
  readonly resource?: ResourceDef;
}

/**
 * What `register` learns of the other slices the server serves.
 * @public (the slices' API)
 */
export interface ServedSlices {
  /** The team's resources (every slice's `resource`, in registry order): a reference may point at any of them. */
  readonly resources: readonly ResourceDef[];
}

/**
 * The `migrations` folder beside a slice's module (`migrationsBeside(import.meta.url)`). The compiled
 * server (dist/, `npm run build`) has no SQL of its own beside its modules: it reads the folder from the
 * sources' same place (src/) when it is not found beside the compiled module.
 * @public (the slices' API: used by whichever slices the registry holds, maybe none)
 */
export function migrationsBeside(moduleUrl: string): string {
  const beside = fileURLToPath(new URL('./migrations', moduleUrl));
  const compiled = beside.lastIndexOf(`${sep}dist${sep}`);
  if (existsSync(beside) || compiled === -1) return beside;
  return `${beside.slice(0, compiled)}${sep}src${sep}${beside.slice(compiled + 6)}`;
}
