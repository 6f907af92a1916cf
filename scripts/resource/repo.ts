/**
 * The repository the commands work on, read from its files: by default the one this script belongs to,
 * or `ATRIUM_ROOT` (the tests point it at a scratch copy). The registry of slices (and the resources among
 * them), route table, call table, permission catalogue and roles are imported from that repository's own
 * contracts, so the checks see exactly what its server and console will see.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ResourceDef } from '@atrium/contracts/resource';
import type * as ResourceKit from '@atrium/contracts/resource';
import type * as Registry from '@atrium/contracts/slices';
import type * as Routes from '@atrium/contracts/routes';
import type * as Permissions from '@atrium/contracts/permissions';
import type * as Calls from '@atrium/contracts/calls/index';
import type * as Samples from '@atrium/contracts/resource-sample';
import type { Disk } from './apply.ts';
import type { Repo } from './plan.ts';

export const repoRoot = () => resolve(process.env.ATRIUM_ROOT ?? join(dirname(fileURLToPath(import.meta.url)), '../..'));

const MIGRATION_SQL = 'apps/server/src/modules/resources/migration-sql.ts';
const MIGRATIONS = 'apps/server/drizzle';

export async function loadRepo(root = repoRoot()): Promise<Repo> {
  const load = <T>(path: string) => import(pathToFileURL(join(root, path)).href) as Promise<T>;
  const kit = await load<typeof ResourceKit>('packages/contracts/src/resource.ts');
  const { resources, sliceDefs } = await load<typeof Registry>('packages/contracts/src/slices.ts');
  const { routeTable, flattenRoutes } = await load<typeof Routes>('packages/contracts/src/routes.ts');
  const { permissions, builtInRoleCodes, sliceRoles } = await load<typeof Permissions>('packages/contracts/src/permissions.ts');
  const { allCalls } = await load<typeof Calls>('packages/contracts/src/calls/index.ts');
  type MigrationSql = (def: ResourceDef, tag: string, others: readonly ResourceDef[]) => string;
  const samples = join(root, 'packages/contracts/src/resource-sample.ts');
  const sampleProblems = existsSync(samples) ? (await load<typeof Samples>('packages/contracts/src/resource-sample.ts')).resourceSampleProblems : undefined;
  const serverKit = existsSync(join(root, MIGRATION_SQL)) ? await load<{ resourceMigrationSql: MigrationSql; resourceScopeUpgradeSql?: (def: ResourceDef, tag: string) => string }>(MIGRATION_SQL) : undefined;
  const files = (dir: string): string[] =>
    existsSync(join(root, dir)) ? readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(`${dir}/${e.name}`) : [`${dir}/${e.name}`])) : [];
  return {
    read: (path) => (existsSync(join(root, path)) ? readFileSync(join(root, path), 'utf8') : undefined),
    list: (dir) => (existsSync(join(root, dir)) ? readdirSync(join(root, dir)) : []),
    files,
    resources,
    slices: sliceDefs.map((s) => s.name),
    // the core's first, then every slice's folder of migrations (a journal in meta/), wherever it lives in the server
    migrationFolders: [
      MIGRATIONS,
      ...files('apps/server/src')
        .filter((f) => f.endsWith('/migrations/meta/_journal.json'))
        .map((f) => f.slice(0, -'/meta/_journal.json'.length))
        .sort(),
    ],
    pages: flattenRoutes(routeTable).map((r) => ({ path: r.path, name: r.name })),
    // a group only resources make is labelled by one of them (menu.groupLabel), not by the console
    groups: routeTable.filter((r) => r.children?.some((c) => !c.name?.startsWith('Resource:'))).map((r) => r.path),
    calls: allCalls.map((c) => ({ id: c.id, path: c.path })),
    permissions,
    roles: [...builtInRoleCodes, ...Object.keys(sliceRoles)],
    kit,
    sampleProblems,
    committedText: (path) => {
      try {
        return execFileSync('git', ['show', `HEAD:${path}`], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
      } catch {
        // not in the commit checked out, or no git repository there
        return undefined;
      }
    },
    committed: (path) => {
      try {
        execFileSync('git', ['cat-file', '-e', `HEAD:${path}`], { cwd: root, stdio: 'ignore' });
        return true;
      } catch {
        // not in the commit checked out, or no git repository there
        return false;
      }
    },
    migrationSql: serverKit?.resourceMigrationSql,
    scopeUpgradeSql: serverKit?.resourceScopeUpgradeSql,
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
