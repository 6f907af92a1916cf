/**
 * `new:resource`'s plan: every spec checked against the others of the run and against what the
 * repository has, then every file to write or change, a referred resource first.
 */
import type { ResourceDef, ResourceSpec } from '@atrium/contracts/resource';
import { existingTables, sliceJournalText } from './migrations.ts';
import { paths, type Plan, type Planned, type Repo } from './plan.ts';
import { addToRegistry, MARKER, markerIndex } from './registry.ts';
import { browserTestFile, definitionFile, isObject, registryLines, serverSliceFile, serverTestFile, webPageFile, webSliceFile } from './templates.ts';

interface Candidate {
  file: string;
  spec: Record<string, unknown>;
  name?: string;
  plural?: string;
  group?: string;
  /** The role codes its life cycle brings (`lifecycle.roles`). */
  roles: string[];
}

/** `a` before `b` whenever b refers to a, otherwise the order given; `cycle`: resources that refer to each other in a loop. */
export function orderByReferences<T extends { name?: string; refersTo: string[] }>(items: readonly T[]): { order: T[]; cycle?: string[] } {
  const left = [...items];
  const order: T[] = [];
  while (left.length > 0) {
    const i = left.findIndex((item) => item.refersTo.every((to) => to === item.name || !left.some((other) => other !== item && other.name === to)));
    if (i < 0) {
      // every one left waits for another: follow the references from the first to find the loop
      const path = [left[0]!.name ?? '?'];
      let at = left[0]!;
      for (;;) {
        const nextName = at.refersTo.find((to) => to !== at.name && left.some((o) => o.name === to))!;
        const seenAt = path.indexOf(nextName);
        path.push(nextName);
        if (seenAt >= 0) return { order, cycle: path.slice(seenAt) };
        at = left.find((o) => o.name === nextName)!;
      }
    }
    order.push(left.splice(i, 1)[0]!);
  }
  return { order };
}

/** The resources a spec refers to: by its reference fields and by those of its `children` fields' rows. */
const refersTo = (spec: Record<string, unknown>): string[] =>
  Array.isArray(spec.fields)
    ? spec.fields.flatMap((f) => (!isObject(f) ? [] : f.type === 'reference' && typeof f.to === 'string' ? [f.to] : f.type === 'children' ? refersTo({ fields: f.fields }) : []))
    : [];

/**
 * Checks every spec and works out every file: `inputs` are the spec files as named on the command line
 * with their text (undefined: unreadable). With problems, `changes` is empty.
 */
export function planNew(repo: Repo, inputs: readonly { file: string; text: string | undefined }[], now = Date.now()): Plan {
  const problems: string[] = [];
  const { kebabCase, snakeCase } = repo.kit;
  const candidates: Candidate[] = [];
  for (const { file, text } of inputs) {
    if (text === undefined) {
      problems.push(`${file}: cannot read the file`);
      continue;
    }
    let spec: unknown;
    try {
      spec = JSON.parse(text);
    } catch (err) {
      problems.push(`${file}: not valid JSON (${(err as Error).message})`);
      continue;
    }
    if (!isObject(spec)) {
      problems.push(`${file}: the spec must be a JSON object`);
      continue;
    }
    const str = (v: unknown, re: RegExp) => (typeof v === 'string' && re.test(v) ? v : undefined);
    const name = str(spec.name, repo.kit.RESOURCE_NAME_PATTERN);
    const plural = spec.plural === undefined ? name && `${name}s` : str(spec.plural, repo.kit.RESOURCE_NAME_PATTERN);
    const group = isObject(spec.menu) ? str(spec.menu.group, /^[a-z][a-z0-9-]{1,30}$/) : undefined;
    const lifecycle = isObject(spec.lifecycle) ? spec.lifecycle : undefined;
    const roles = lifecycle && isObject(lifecycle.roles) ? Object.keys(lifecycle.roles) : [];
    candidates.push({ file, spec, name, plural, group, roles });
  }

  // What exists: the registry, the route and call tables, the permission catalogue, the migrations' tables.
  const registered = repo.resources.map((r) => r.name);
  const known = [...registered, ...candidates.flatMap((c) => (c.name ? [c.name] : []))];
  const tables = existingTables(repo);
  const permissionResources = new Map<string, string>();
  for (const p of repo.permissions) if (!permissionResources.has(p.split(':')[0]!)) permissionResources.set(p.split(':')[0]!, p);
  const labelledGroups = new Set(repo.groups.map((g) => g.slice(1)));
  for (const r of repo.resources) if (r.menu.groupLabel) labelledGroups.add(r.menu.group);
  for (const c of candidates) if (c.group && isObject(c.spec.menu) && c.spec.menu.groupLabel !== undefined) labelledGroups.add(c.group);

  const fileProblems = (c: Candidate, path: string) => (repo.read(path) !== undefined ? [`${c.file}: ${path} already exists`] : []);
  candidates.forEach((c, i) => {
    const say = (message: string) => problems.push(`${c.file}: ${message}`);
    // an approval may name a built-in role, a slice's, its own (lifecycle.roles) or one another spec of the run brings
    const batchRoles = candidates.flatMap((o) => (o === c ? [] : o.roles.filter((code) => !c.roles.includes(code))));
    const specProblems = repo.kit.resourceSpecProblems(c.spec, known, [...repo.roles, ...batchRoles]);
    for (const p of specProblems) say(p);
    // values the generated server and browser suites can fill the form with, for every field
    if (specProblems.length === 0 && repo.sampleProblems) for (const p of repo.sampleProblems(repo.kit.defineResource(c.spec as unknown as ResourceSpec))) say(p);
    const earlier = candidates.slice(0, i);
    for (const code of c.roles) {
      const other = earlier.find((o) => o.roles.includes(code));
      if (other && !repo.roles.includes(code)) say(`lifecycle.roles.${code}: the role "${code}" is also brought by ${other.file}; one spec brings it, the other names it in its approvals`);
    }
    if (c.name) {
      const kebab = kebabCase(c.name);
      if (registered.includes(c.name)) say(`name: the resource "${c.name}" already exists (${paths.contractsRegistry})`);
      else if (earlier.some((o) => o.name === c.name)) say(`name: "${c.name}" is also the name of ${earlier.find((o) => o.name === c.name)!.file}`);
      // a slice's name names its migrations journal (the server's __drizzle_migrations_<name>)
      else if (repo.slices.some((s) => kebabCase(s) === kebab)) say(`name: the slice "${repo.slices.find((s) => kebabCase(s) === kebab)}" exists (${paths.contractsRegistry}); a resource is a slice of that name`);
      const taken = resourcePermissions(c.name).filter((p) => repo.permissions.includes(p));
      if (taken.length > 0) say(`name: the permission${taken.length > 1 ? 's' : ''} ${taken.join(', ')} already exist${taken.length > 1 ? '' : 's'}`);
      else if (permissionResources.has(c.name)) say(`name: "${c.name}" already names permissions (${permissionResources.get(c.name)}); the resource's would join them`);
      for (const path of [paths.definition(c.name), paths.serverSlice(kebab), paths.serverTest(kebab), paths.sliceJournal(kebab), paths.webSlice(kebab), paths.webPage(kebab)]) problems.push(...fileProblems(c, path));
    }
    if (c.plural) {
      const table = snakeCase(c.plural);
      if (tables.has(table)) say(`plural: the table "${table}" already exists (${tables.get(table)})`);
      else if (earlier.some((o) => o.plural && snakeCase(o.plural) === table)) say(`plural: the table "${table}" is also the table of ${earlier.find((o) => o.plural && snakeCase(o.plural) === table)!.file}`);
      const apiPath = `/api/${kebabCase(c.plural)}`;
      const call = repo.calls.find((k) => k.path === apiPath || k.path.startsWith(`${apiPath}/`));
      if (call) say(`plural: the calls' path ${apiPath} is taken (${call.id}: ${call.path})`);
      problems.push(...fileProblems(c, paths.browserTest(kebabCase(c.plural))));
    }
    // a `children` field's table is created with the resource's
    for (const f of Array.isArray(c.spec.fields) ? c.spec.fields : []) {
      if (!isObject(f) || f.type !== 'children' || typeof f.resource !== 'string') continue;
      const table = snakeCase(typeof f.plural === 'string' ? f.plural : `${f.resource}s`);
      if (tables.has(table)) say(`fields: the table "${table}" of the rows "${String(f.name)}" already exists (${tables.get(table)})`);
      else if (candidates.some((o) => o.plural && snakeCase(o.plural) === table)) say(`fields: the table "${table}" of the rows "${String(f.name)}" is also the table of ${candidates.find((o) => o.plural && snakeCase(o.plural) === table)!.file}`);
    }
    if (c.group) {
      const groupPage = repo.pages.find((p) => p.path === `/${c.group}`);
      if (groupPage) say(`menu.group: /${c.group} is a page (${groupPage.name ?? groupPage.path}), not a menu group`);
      else if (!labelledGroups.has(c.group)) say(`menu.groupLabel: "${c.group}" is a new menu group: give its label in zh-CN and en-US (and its order in the menu, default 9)`);
      if (c.plural) {
        const path = `/${c.group}/${kebabCase(c.plural)}`;
        const page = repo.pages.find((p) => p.path === path);
        if (page) say(`plural: the page ${path} already exists (route ${page.name ?? page.path})`);
        else if (earlier.some((o) => o.group && o.plural && `/${o.group}/${kebabCase(o.plural)}` === path)) say(`plural: the page ${path} is also the page of another spec`);
      }
    }
  });
  for (const registry of [paths.contractsRegistry, paths.serverRegistry, paths.webRegistry]) {
    const text = repo.read(registry);
    if (text === undefined) problems.push(`${registry}: missing (the registry the command adds a line to)`);
    else if (markerIndex(text.split('\n')) < 0) problems.push(`${registry}: no line "${MARKER}"`);
  }
  if (!repo.migrationSql) problems.push('apps/server/src/modules/resources/migration-sql.ts: missing (the server kit writes the table\'s SQL)');

  const sorted = orderByReferences(candidates.map((c) => ({ ...c, refersTo: refersTo(c.spec) })));
  if (sorted.cycle) problems.push(`${sorted.cycle.map((n) => candidates.find((c) => c.name === n)?.file).find(Boolean)}: the references ${sorted.cycle.join(' -> ')} go round in a circle: create one of them first, then add its reference with a migration of its own (docs/resources.md)`);
  if (problems.length > 0) return { problems, resources: [], changes: [], notes: [] };

  // Every file, in the order the resources are created: a referred resource's slice comes first in the
  // registries, so its table is created first (slices migrate in registry order).
  const texts = new Map<string, string | undefined>();
  const current = (path: string) => (texts.has(path) ? texts.get(path) : repo.read(path));
  const planned: Planned[] = [];
  const defs: ResourceDef[] = [];
  let when = now - 1;
  for (const c of sorted.order) {
    const spec = c.spec as unknown as ResourceSpec;
    const def = repo.kit.defineResource(spec);
    const kebab = kebabCase(def.name);
    const files: Planned['files'] = [];
    const put = (path: string, text: string) => {
      files.push({ path, kind: current(path) === undefined ? 'new' : 'changed' });
      texts.set(path, text);
    };
    const lines = registryLines(def, kebabCase);
    const register = (path: string) => put(path, addToRegistry(current(path)!, lines[path]!.entry, lines[path]!.importLine));
    // The slice's first migration, in a journal of its own; dated after the run's earlier ones.
    when = Math.max(now, when + 1);
    const tag = `0000_${def.table}`;
    put(paths.definition(def.name), definitionFile(spec, def, [...repo.resources, ...defs]));
    register(paths.contractsRegistry);
    put(paths.serverSlice(kebab), serverSliceFile(def));
    put(`${paths.sliceMigrations(kebab)}/${tag}.sql`, repo.migrationSql!(def, tag, [...repo.resources, ...defs]));
    put(paths.sliceJournal(kebab), sliceJournalText(tag, when));
    put(paths.serverTest(kebab), serverTestFile(def));
    register(paths.serverRegistry);
    put(paths.webSlice(kebab), webSliceFile(def, kebab));
    put(paths.webPage(kebab), webPageFile(def));
    register(paths.webRegistry);
    put(paths.browserTest(kebabCase(def.plural)), browserTestFile(def));
    defs.push(def);
    planned.push({ source: c.file, def, files });
  }
  const changes = [...texts].map(([path, after]) => ({ path, before: repo.read(path), after }));
  return { problems, resources: planned, changes, notes: [] };
}

const resourcePermissions = (name: string) => ['read', 'write', 'export'].map((a) => `${name}:${a}`);
