/**
 * The migrations as the commands see them: drizzle's journals, the tables the migrations leave, the
 * migration that creates a resource's table and the one that drops it.
 *
 * A resource's table comes with its slice: a migrations folder of its own beside its server slice, with a
 * journal of its own (`apps/server/src/resources/<kebab>/migrations`), applied after the core's in
 * registry order (a referred resource is registered first). A resource generated before resources were
 * slices keeps its migration in the core's folder (docs/decisions/030-resources-as-slices.md). A removed
 * resource's table is dropped by a migration of the core's, which still runs once the slice's folder is gone.
 */
import type { ResourceDef } from '@atrium/contracts/resource';
import { paths, type Repo } from './plan.ts';

export interface Journal {
  entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
  [k: string]: unknown;
}

/** The journal as drizzle-kit writes it: 2-space JSON, with the original's final newline or its lack. */
export const journalText = (journal: Journal, original: string) => JSON.stringify(journal, null, 2) + (original.endsWith('\n') ? '\n' : '');

/** A new slice's journal with its first migration (drizzle-kit's layout, as the demo slices' journals). */
export const sliceJournalText = (tag: string, when: number) =>
  journalText({ version: '7', dialect: 'postgresql', entries: [{ idx: 0, version: '7', when, tag, breakpoints: true }] }, '\n');

/** The SQL files of a migrations folder, in the order its journal runs them. */
const sqlFiles = (repo: Repo, folder: string) =>
  repo
    .list(folder)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => `${folder}/${f}`);

/**
 * The tables the migrations leave, with the file that creates each (`CREATE TABLE "x"`, `create table if
 * not exists x`), in the order the migrator runs them (the core's folder, then the slices'): a table a
 * later migration drops (`DROP TABLE "x"`, as remove:resource writes) is not there.
 */
export function existingTables(repo: Repo): Map<string, string> {
  const tables = new Map<string, string>();
  for (const file of repo.migrationFolders.flatMap((folder) => sqlFiles(repo, folder))) {
    const sql = repo.read(file) ?? '';
    for (const m of sql.matchAll(/(create|drop)\s+(?:unlogged\s+)?table\s+(?:if\s+(?:not\s+)?exists\s+)?(?:"?[\w]+"?\.)?"?([\w]+)"?/gi)) {
      const table = m[2]!.toLowerCase();
      if (m[1]!.toLowerCase() === 'drop') tables.delete(table);
      else if (!tables.has(table)) tables.set(table, file);
    }
  }
  return tables;
}

/**
 * The migration that creates a resource's table: in its slice's folder, or, for a resource generated
 * before resources were slices, the last one of the core's folder (an earlier one may have been dropped since).
 */
export function creatingMigration(repo: Repo, def: ResourceDef): string | undefined {
  const re = new RegExp(`create\\s+table\\s+(?:if\\s+not\\s+exists\\s+)?(?:"?\\w+"?\\.)?"?${def.table}"?[\\s(]`, 'i');
  for (const folder of [paths.sliceMigrations(repo.kit.kebabCase(def.name)), paths.migrations]) {
    const found = sqlFiles(repo, folder).findLast((f) => re.test(repo.read(f) ?? ''));
    if (found) return found;
  }
  return undefined;
}

/**
 * The migration (of the core's folder) that drops a removed resource's table, for the databases that ran the
 * one creating it. A resource with a life cycle leaves no record awaiting an approval (the history of its
 * transitions stays, as its audit entries do: both are append-only).
 */
export const dropMigrationSql = (def: ResourceDef, tag: string, created: string) =>
  `-- ${tag}: the resource "${def.name}" removed (npm run remove:resource): its table goes, with its rows, where ${created} ran\n` +
  (def.lifecycle ? `DELETE FROM "awaiting_approvals" WHERE "resource" = '${def.name}';\n--> statement-breakpoint\n` : '') +
  // its rows' tables first: they refer to it
  def.children.map((c) => `DROP TABLE IF EXISTS "${c.def.table}";\n--> statement-breakpoint\n`).join('') +
  `DROP TABLE IF EXISTS "${def.table}";\n`;
