/**
 * `remove:resource`'s plan: what it deletes and changes to take a generated resource out (its slice: the
 * definition, the server's and the console's folders, the browser suite, the registry lines), the label
 * of its menu group moved to a resource that stays, and its table dropped by a new migration of the core's
 * where git has the one that created it; or why it refuses.
 */
import { creatingMigration, dropMigrationSql, journalText, type Journal } from './migrations.ts';
import { paths, type Change, type Plan, type Planned, type Repo } from './plan.ts';
import { removeFromRegistry } from './registry.ts';
import { registryLines, withMenu } from './templates.ts';

/** Everything `remove:resource <name>` deletes and changes, or why it refuses. */
export function planRemove(repo: Repo, name: string, now = Date.now()): Plan {
  const def = repo.resources.find((r) => r.name === name);
  if (!def) {
    const names = repo.resources.map((r) => r.name);
    return { problems: [`${name}: no such resource in ${paths.contractsRegistry}${names.length > 0 ? ` (there: ${names.join(', ')})` : ' (it lists none)'}`], resources: [], changes: [], notes: [] };
  }
  const problems: string[] = [];
  for (const other of repo.resources) {
    if (other === def) continue;
    const fields = other.fields.filter((f) => f.type === 'reference' && f.to === name).map((f) => f.name);
    if (fields.length > 0) problems.push(`${name}: the resource "${other.name}" refers to it (${fields.map((f) => `${other.name}.${f}`).join(', ')}); remove that first, or its reference`);
  }
  const { kebabCase } = repo.kit;
  const kebab = kebabCase(name);
  const sliceFolder = paths.sliceMigrations(kebab);
  // its slice's folder, or the core's for a resource generated before resources were slices (decision 030)
  const migrationPath = creatingMigration(repo, def);
  const inCore = migrationPath?.startsWith(`${paths.migrations}/`) === true;
  const tag = migrationPath?.slice(migrationPath.lastIndexOf('/') + 1).replace(/\.sql$/, '');
  const tableWord = new RegExp(`(^|[^\\w])"?${def.table}"?([^\\w]|$)`, 'i');
  // Another migration that uses the table: in another slice's folder, or in the core's after the table was
  // created there or last dropped (one before is an earlier resource of that name, removed since).
  // (a referring resource's migration uses the table too: said once above)
  const coreFiles = repo.list(paths.migrations).filter((f) => f.endsWith('.sql')).sort();
  const since = [inCore ? migrationPath!.slice(paths.migrations.length + 1) : '', ...coreFiles.filter((f) => f.endsWith(`_drop_${def.table}.sql`))].sort().at(-1)!;
  const others = [
    ...coreFiles.filter((f) => f > since).map((f) => `${paths.migrations}/${f}`),
    ...repo.migrationFolders.filter((d) => d !== paths.migrations && d !== sliceFolder).flatMap((d) => repo.list(d).filter((f) => f.endsWith('.sql')).map((f) => `${d}/${f}`)),
  ];
  for (const f of problems.length > 0 ? [] : others) {
    if (tableWord.test(repo.read(f) ?? '')) problems.push(`${name}: the migration ${f} also uses the table "${def.table}"; a fresh database could not run it without the table: take it out by hand first`);
  }
  // The group's label (and place in the menu) goes to the next resource of the group, where none other has it.
  const group = def.menu.group;
  const heir = def.menu.groupLabel && !repo.groups.includes(`/${group}`) && !repo.resources.some((r) => r !== def && r.menu.group === group && r.menu.groupLabel) ? repo.resources.find((r) => r !== def && r.menu.group === group) : undefined;
  const heirText = heir && repo.read(paths.definition(heir.name));
  const heirMenu = heir && { ...heir.menu, groupLabel: def.menu.groupLabel, order: heir.menu.order ?? def.menu.order };
  const heirAfter = heirText === undefined ? undefined : withMenu(heirText, heirMenu!);
  if (heir && heirAfter === undefined) {
    problems.push(
      `${name}: it gives the menu group "${group}" its label, and ${heir.name} stays in that group: ${paths.definition(heir.name)} has no \`menu: {...}\` the command can change; give ${heir.name} \`menu.groupLabel\` by hand first`,
    );
  }
  if (problems.length > 0) return { problems, resources: [], changes: [], notes: [] };

  const files: Planned['files'] = [];
  const changes: Change[] = [];
  const notes: string[] = [];
  const del = (path: string) => {
    const before = repo.read(path);
    if (before === undefined) notes.push(`${path} was already gone`);
    else {
      changes.push({ path, before, after: undefined });
      files.push({ path, kind: 'deleted' });
    }
  };
  const edit = (path: string, after: (before: string) => string) => {
    const before = repo.read(path);
    if (before === undefined) return notes.push(`${path} is missing: nothing to take out of it`);
    const text = after(before);
    if (text !== before) {
      changes.push({ path, before, after: text });
      files.push({ path, kind: 'changed' });
    }
  };
  const lines = registryLines(def, kebabCase);
  const registry = (path: string) =>
    edit(path, (before) => {
      const missing: string[] = [];
      const text = removeFromRegistry(before, lines[path]!.entry, lines[path]!.importLine, missing);
      for (const m of missing) notes.push(`${path}: no line "${m}" (edited by hand?): check the file`);
      return text;
    });
  /** Every file of a slice's folder (the generated ones, and any the team added). */
  const folder = (path: string, known: string[]) => {
    const found = repo.files(path);
    for (const f of [...known, ...found.filter((f) => !known.includes(f)).sort()]) del(f);
  };
  del(paths.definition(name));
  if (heir) {
    edit(paths.definition(heir.name), () => heirAfter!);
    notes.push(`The menu group "${group}" keeps its label: ${heir.name} has it now (${paths.definition(heir.name)}).`);
  }
  registry(paths.contractsRegistry);
  // A committed migration may have run anywhere: a new one of the core's drops the table (it runs after
  // the slice's folder is gone). One that was never committed goes: with its slice's folder, or from the
  // core's folder with its journal entry.
  const kept = migrationPath !== undefined && (inCore ? repo.committed?.(migrationPath) === true : committedInSlice(repo, kebab, tag!));
  let dropTag: string | undefined;
  if (migrationPath && kept) {
    edit(paths.journal, (before) => {
      const journal = JSON.parse(before) as Journal;
      const last = journal.entries.at(-1) ?? { idx: -1, when: 0 };
      const idx = last.idx + 1;
      dropTag = `${String(idx).padStart(4, '0')}_drop_${def.table}`;
      journal.entries.push({ idx, version: '7', when: Math.max(now, last.when + 1), tag: dropTag, breakpoints: true });
      return journalText(journal, before);
    });
    if (dropTag) {
      const sql = dropMigrationSql(def, dropTag, tag!);
      changes.push({ path: paths.migration(dropTag), before: undefined, after: sql });
      files.push({ path: paths.migration(dropTag), kind: 'new' });
    }
  } else if (migrationPath && inCore) {
    del(migrationPath);
    edit(paths.journal, (before) => {
      const journal = JSON.parse(before) as Journal;
      const entries = journal.entries.filter((e) => e.tag !== tag);
      return entries.length === journal.entries.length ? before : journalText({ ...journal, entries }, before);
    });
  } else if (!migrationPath) notes.push(`no migration in ${sliceFolder} or ${paths.migrations} creates the table "${def.table}"`);
  folder(`apps/server/src/resources/${kebab}`, [paths.serverSlice(kebab), ...(migrationPath && !inCore ? [migrationPath, paths.sliceJournal(kebab)] : []), paths.serverTest(kebab)]);
  registry(paths.serverRegistry);
  folder(`apps/web/src/resources/${kebab}`, [paths.webSlice(kebab), paths.webPage(kebab)]);
  registry(paths.webRegistry);
  del(paths.browserTest(kebabCase(def.plural)));
  if (dropTag) {
    notes.push(
      `${migrationPath} is committed (a database may have run it): the new migration ${paths.migration(dropTag)} drops the table${inCore ? ' (the one that created it stays)' : ', and runs after the slice\'s folder is gone'}:`,
      ...dropMigrationSql(def, dropTag, tag!).trimEnd().split('\n').map((l) => `  ${l}`),
      `Every database where ${tag} ran drops "${def.table}" and its rows at its next start (npm start applies it); a resource with the same table can be created again.`,
    );
  } else if (migrationPath && !kept) {
    notes.push(
      `The table "${def.table}" stays in every database where ${tag} ran: this command never touches a database.`,
      'To drop it there (its rows go with it), by hand:',
      ...(def.lifecycle ? [`  delete from "awaiting_approvals" where "resource" = '${def.name}';   -- first: what of it awaits an approval`] : []),
      `  drop table "${def.table}";                        -- PGlite, or PostgreSQL without DATABASE_SCHEMA`,
      `  drop table "<DATABASE_SCHEMA>"."${def.table}";    -- PostgreSQL with DATABASE_SCHEMA set`,
      'Until it is dropped there, a resource with the same table cannot be created again in that database.',
    );
  }
  return { problems, resources: [{ source: name, def, files }], changes, notes };
}

/**
 * Whether git has the slice's migration of that tag as its journal dates it now: a resource generated
 * again after a removal has a migration of the same path, committed only once its new journal entry is.
 */
function committedInSlice(repo: Repo, kebab: string, tag: string): boolean {
  const entryOf = (text: string | undefined) => {
    try {
      return (JSON.parse(text ?? '') as Journal).entries.find((e) => e.tag === tag);
    } catch {
      return undefined;
    }
  };
  const now = entryOf(repo.read(paths.sliceJournal(kebab)));
  const committed = entryOf(repo.committedText?.(paths.sliceJournal(kebab)));
  return now !== undefined && committed?.when === now.when;
}
