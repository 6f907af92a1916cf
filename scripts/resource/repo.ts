/**
 * The repository the commands work on, read from its files: by default the one this script belongs to,
 * or `ATRIUM_ROOT` (the tests point it at a scratch copy). The registry, route table, call table and
 * permission catalogue are imported from that repository's own contracts, so the checks see exactly what
 * its server and console will see.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ResourceDef } from '@atrium/contracts/resource';
import type * as ResourceKit from '@atrium/contracts/resource';
import type * as Registry from '@atrium/contracts/resources/index';
import type * as Routes from '@atrium/contracts/routes';
import type * as Permissions from '@atrium/contracts/permissions';
import type * as Calls from '@atrium/contracts/calls/index';
import type { Disk, Repo } from './generator.ts';

export const repoRoot = () => resolve(process.env.ATRIUM_ROOT ?? join(dirname(fileURLToPath(import.meta.url)), '../..'));

const MIGRATION_SQL = 'apps/server/src/modules/resources/migration-sql.ts';

export async function loadRepo(root = repoRoot()): Promise<Repo> {
  const load = <T>(path: string) => import(pathToFileURL(join(root, path)).href) as Promise<T>;
  const kit = await load<typeof ResourceKit>('packages/contracts/src/resource.ts');
  const { resources } = await load<typeof Registry>('packages/contracts/src/resources/index.ts');
  const { routeTable, flattenRoutes } = await load<typeof Routes>('packages/contracts/src/routes.ts');
  const { permissions } = await load<typeof Permissions>('packages/contracts/src/permissions.ts');
  const { allCalls } = await load<typeof Calls>('packages/contracts/src/calls/index.ts');
  type MigrationSql = (def: ResourceDef, tag: string, others: readonly ResourceDef[]) => string;
  const migrationSql = existsSync(join(root, MIGRATION_SQL)) ? (await load<{ resourceMigrationSql: MigrationSql }>(MIGRATION_SQL)).resourceMigrationSql : undefined;
  return {
    read: (path) => (existsSync(join(root, path)) ? readFileSync(join(root, path), 'utf8') : undefined),
    list: (dir) => (existsSync(join(root, dir)) ? readdirSync(join(root, dir)) : []),
    resources,
    pages: flattenRoutes(routeTable).map((r) => ({ path: r.path, name: r.name })),
    groups: routeTable.filter((r) => r.children).map((r) => r.path),
    calls: allCalls.map((c) => ({ id: c.id, path: c.path })),
    permissions,
    kit,
    migrationSql,
  };
}

export function nodeDisk(root = repoRoot()): Disk {
  const at = (path: string) => join(root, path);
  return {
    read: (path) => (existsSync(at(path)) ? readFileSync(at(path), 'utf8') : undefined),
    write: (path, text) => writeFileSync(at(path), text),
    remove: (path) => rmSync(at(path)),
    makeDirs: (dir) => {
      const missing: string[] = [];
      for (let d = dir; d && d !== '.' && !existsSync(at(d)); d = dirname(d)) missing.unshift(d);
      if (missing.length > 0) mkdirSync(at(dir), { recursive: true });
      return missing;
    },
    removeDir: (dir) => rmdirSync(at(dir)),
  };
}
