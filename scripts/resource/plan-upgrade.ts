/**
 * `npm run upgrade:resources`' plan: the migrations that give the records of resources generated before
 * records were scoped (issue 39) their department and owner. A scoped resource whose table no migration
 * gives `department_id` gets one more migration, after its table's, in the folder that created the table:
 * its slice's own (a journal of its own), or the core's for a resource generated before resources were
 * slices (decision 030). The text is the server kit's (`resourceScopeUpgradeSql`); the command writes it
 * once, and a run with nothing left to upgrade writes nothing.
 */
import type { ResourceDef } from '@atrium/contracts/resource';
import { creatingMigration, journalText, type Journal } from './migrations.ts';
import type { Plan, Planned, Repo } from './plan.ts';

/** Whether a migration of `folder` gives the table its department (the table made scoped, or upgraded). */
function scopedIn(repo: Repo, folder: string, table: string): boolean {
  const upgrade = new RegExp(`alter\\s+table\\s+(?:"?\\w+"?\\.)?"?${table}"?\\s+add\\s+column\\s+(?:if\\s+not\\s+exists\\s+)?"?department_id"?`, 'i');
  return repo
    .list(folder)
    .filter((f) => f.endsWith('.sql'))
    .some((f) => upgrade.test(repo.read(`${folder}/${f}`) ?? ''));
}

export function planScopeUpgrade(repo: Repo, now = Date.now()): Plan {
  if (!repo.scopeUpgradeSql) return { problems: ['apps/server/src/modules/resources/migration-sql.ts: no resourceScopeUpgradeSql (the server kit writes the upgrade)'], resources: [], changes: [], notes: [] };
  const texts = new Map<string, string | undefined>();
  const current = (path: string) => (texts.has(path) ? texts.get(path) : repo.read(path));
  const planned: Planned[] = [];
  const notes: string[] = [];
  for (const def of repo.resources.filter((r: ResourceDef) => r.scoped)) {
    const created = creatingMigration(repo, def);
    if (!created) continue;
    const folder = created.slice(0, created.lastIndexOf('/'));
    // a table created scoped has the column in its CREATE TABLE
    if (/"department_id"/.test(repo.read(created) ?? '') || scopedIn(repo, folder, def.table)) continue;
    const journalPath = `${folder}/meta/_journal.json`;
    const original = current(journalPath);
    if (original === undefined) return { problems: [`${journalPath}: missing (the journal of ${created})`], resources: [], changes: [], notes: [] };
    const journal = JSON.parse(original) as Journal;
    const last = journal.entries.at(-1);
    const idx = last ? last.idx + 1 : 0;
    const tag = `${String(idx).padStart(4, '0')}_${def.table}_scope`;
    // dated after every entry of its journal: a database applies the migrations newer than the last it ran
    journal.entries.push({ idx, version: '7', when: Math.max(now, (last?.when ?? 0) + 1), tag, breakpoints: true });
    const file = `${folder}/${tag}.sql`;
    texts.set(file, repo.scopeUpgradeSql(def, tag));
    texts.set(journalPath, journalText(journal, original));
    planned.push({ source: def.name, def, files: [{ path: file, kind: 'new' }, { path: journalPath, kind: 'changed' }] });
    notes.push(`${def.name}: its ${def.table} get a department (the root) and an owner (the author, else the first administrator) at the next start (${file})`);
  }
  const changes = [...texts].map(([path, after]) => ({ path, before: repo.read(path), after }));
  return { problems: [], resources: planned, changes, notes };
}
