/**
 * What `npm run new:resource` and `npm run remove:resource` do, apart from reading the repository and
 * touching the disk: check the specs against each other and against what exists, and work out every file
 * to write or change. Nothing here writes; `applyChanges` does, all or nothing. The file texts are the
 * repository's conventions (docs/resources.md lists them), so a generated resource reads like a written one.
 */
import type { ResourceDef, ResourceSpec } from '@atrium/contracts/resource';
import type * as ResourceKit from '@atrium/contracts/resource';

/** The line in each registry above which the command adds a resource's line. */
export const MARKER = '// new:resource adds its lines above this one';

export const paths = {
  contractsRegistry: 'packages/contracts/src/resources/index.ts',
  serverRegistry: 'apps/server/src/modules/resources/index.ts',
  webRegistry: 'apps/web/src/features/resources/index.ts',
  migrations: 'apps/server/drizzle',
  journal: 'apps/server/drizzle/meta/_journal.json',
  definition: (name: string) => `packages/contracts/src/resources/${name}.ts`,
  serverModule: (name: string) => `apps/server/src/modules/resources/${name}.ts`,
  serverTest: (name: string) => `apps/server/src/modules/resources/${name}.test.ts`,
  webPage: (kebabName: string) => `apps/web/src/features/resources/${kebabName}-page.tsx`,
  browserTest: (kebabPlural: string) => `e2e/specs/resource-${kebabPlural}.test.ts`,
  migration: (tag: string) => `apps/server/drizzle/${tag}.sql`,
};

/** What the command needs of the repository it works on (repo.ts loads it from the files). */
export interface Repo {
  /** A file's text, undefined when it does not exist. Paths are relative to the repository, with `/`. */
  read(path: string): string | undefined;
  /** The file names in a directory (none when it does not exist). */
  list(dir: string): string[];
  /** The registry's resources, as the contracts define them. */
  resources: readonly ResourceDef[];
  /** The console's pages (leaf routes) and the menu groups (top-level routes with children). */
  pages: readonly { path: string; name?: string }[];
  groups: readonly string[];
  calls: readonly { id: string; path: string }[];
  permissions: readonly string[];
  kit: Pick<typeof ResourceKit, 'resourceSpecProblems' | 'defineResource' | 'snakeCase' | 'kebabCase' | 'RESOURCE_NAME_PATTERN'>;
  /** The server kit's migration text; undefined when the server kit is not in the repository. */
  migrationSql?: (def: ResourceDef, tag: string, others: readonly ResourceDef[]) => string;
}

/** One file the command writes: `before` undefined creates it, `after` undefined deletes it. */
export interface Change {
  path: string;
  before: string | undefined;
  after: string | undefined;
}

interface Planned {
  /** The spec file (new) or the resource (remove), and its files in the order they are written. */
  source: string;
  def: ResourceDef;
  files: { path: string; kind: 'new' | 'changed' | 'deleted' }[];
}

export interface Plan {
  problems: string[];
  resources: Planned[];
  changes: Change[];
  /** What the command prints after the list (remove: the table that stays). */
  notes: string[];
}

/* ---------- text of the generated files ---------- */

const WIDTH = 160;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

const quote = (s: string) =>
  `'${s
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')}'`;
const key = (k: string) => (IDENTIFIER.test(k) ? k : quote(k));
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function inline(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[${value.map(inline).join(', ')}]`;
  if (isObject(value)) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return entries.length === 0 ? '{}' : `{ ${entries.map(([k, v]) => `${key(k)}: ${inline(v)}`).join(', ')} }`;
  }
  return typeof value === 'string' ? quote(value) : String(value);
}

/**
 * A JSON value as a TypeScript literal the way the repository writes them: single quotes, trailing
 * commas, on one line while it fits in 160 columns (`used`: the columns before it on its line, and the
 * comma after it), one property per line when it does not.
 */
export function tsLiteral(value: unknown, indent = '', used = 0): string {
  const one = inline(value);
  if (indent.length + used + one.length <= WIDTH || (!Array.isArray(value) && !isObject(value))) return one;
  const inner = `${indent}  `;
  if (Array.isArray(value)) return `[\n${value.map((v) => `${inner}${tsLiteral(v, inner, 1)},`).join('\n')}\n${indent}]`;
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  return `{\n${entries.map(([k, v]) => `${inner}${key(k)}: ${tsLiteral(v, inner, key(k).length + 3)},`).join('\n')}\n${indent}}`;
}

const specKeys = ['name', 'plural', 'label', 'pluralLabel', 'menu', 'fields'];
const menuKeys = ['group', 'groupLabel', 'order'];
const fieldKeys = ['name', 'type', 'to', 'label', 'required', 'unique', 'default', 'min', 'max', 'scale', 'pattern', 'filter', 'sortable', 'hidden', 'readOnly', 'values'];
const labelKeys = ['zh-CN', 'en-US'];

/** The properties in the order the definitions list them (`$schema`, an editor's hint, is left out). */
function ordered(value: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (value[k] !== undefined) out[k] = value[k];
  for (const [k, v] of Object.entries(value)) if (!(k in out) && k !== '$schema') out[k] = v;
  return out;
}
const labels = (value: unknown) => ordered(value as Record<string, unknown>, labelKeys);

function normalizedSpec(spec: ResourceSpec): Record<string, unknown> {
  const menu = ordered(spec.menu, menuKeys);
  if (menu.groupLabel) menu.groupLabel = labels(menu.groupLabel);
  return ordered(
    {
      ...spec,
      label: labels(spec.label),
      pluralLabel: labels(spec.pluralLabel),
      menu,
      fields: spec.fields.map((f) => {
        const field = ordered({ ...f }, fieldKeys);
        field.label = labels(f.label);
        if (f.values) field.values = f.values.map((v) => ordered({ value: v.value, label: labels(v.label) }, ['value', 'label']));
        return field;
      }),
    },
    specKeys,
  );
}

const pascalCase = (name: string) => name[0]!.toUpperCase() + name.slice(1);

function definitionFile(spec: ResourceSpec, def: ResourceDef, all: readonly ResourceDef[]): string {
  const en = def.pluralLabel['en-US'];
  const refers = def.fields
    .filter((f) => f.type === 'reference')
    .map((f) => `Its \`${f.name}\` field refers to ${f.to === def.name ? 'another of them' : (all.find((r) => r.name === f.to)?.pluralLabel['en-US'].toLowerCase() ?? f.to)}: one in use cannot be deleted.`);
  const lines = [
    `${en} (${def.pluralLabel['zh-CN']}) in the ${def.menu.group} menu group: the calls at ${def.apiPath}, the page at ${def.path}.`,
    ...refers,
    'Written by `npm run new:resource`, and the team\'s own from here: a new field also needs a migration that adds its column (docs/resources.md).',
  ];
  return [
    "import { defineResource } from '../resource.ts';",
    '',
    '/**',
    ...wrap(lines.join(' '), 105).map((l) => ` * ${l}`),
    ' */',
    `export const ${def.name} = defineResource(${tsLiteral(normalizedSpec(spec), '', `export const ${def.name} = defineResource(`.length + 2)});`,
    '',
  ].join('\n');
}

/** Words into lines of at most `width` characters (the doc comments' paragraphs). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

const serverModuleFile = (def: ResourceDef) =>
  [
    `import { ${def.name} } from '@atrium/contracts/resources/${def.name}';`,
    "import { resourceModule } from './kit.ts';",
    '',
    `/** ${def.pluralLabel['en-US']}: served by the resource kit as defined; what is particular to them goes in the hooks (docs/resources.md). */`,
    `export const ${def.name}Module = resourceModule(${def.name});`,
    '',
  ].join('\n');

const serverTestFile = (def: ResourceDef) =>
  `import { ${def.name} } from '@atrium/contracts/resources/${def.name}';\nimport { describeResource } from './resource-suite.ts';\n\ndescribeResource(${def.name});\n`;

const webPageFile = (def: ResourceDef) =>
  [
    `import { ${def.name} } from '@atrium/contracts/resources/${def.name}';`,
    "import { ResourcePage } from './kit/resource-page';",
    '',
    `/** ${def.pluralLabel['en-US']}, as the resource kit draws them (docs/resources.md says how to replace a part). */`,
    `export default function ${pascalCase(def.name)}Page() {`,
    `  return <ResourcePage def={${def.name}} />;`,
    '}',
    '',
  ].join('\n');

const browserTestFile = (def: ResourceDef) =>
  `import { ${def.name} } from '@atrium/contracts/resources/${def.name}';\nimport { describeResourcePage } from '../lib/resource-suite';\n\ndescribeResourcePage(${def.name});\n`;

/** The lines a resource has in each registry: an import (none for the console's lazy pages) and an entry. */
function registryLines(def: ResourceDef, kebabCase: (s: string) => string) {
  return {
    [paths.contractsRegistry]: { importLine: `import { ${def.name} } from './${def.name}.ts';`, entry: `${def.name},` },
    [paths.serverRegistry]: { importLine: `import { ${def.name}Module } from './${def.name}.ts';`, entry: `${def.name}Module,` },
    [paths.webRegistry]: { importLine: undefined, entry: `'Resource:${def.name}': () => import('./${kebabCase(def.name)}-page.tsx'),` },
  } as Record<string, { importLine: string | undefined; entry: string }>;
}

/* ---------- registry edits ---------- */

const markerIndex = (lines: string[]) => lines.findIndex((l) => l.trim() === MARKER);

/** The import statements of a file: first and last line, and the module they import. */
function importStatements(lines: string[]) {
  const out: { start: number; end: number; from: string }[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^import\s/.test(lines[i]!)) continue;
    const start = i;
    while (i < lines.length && !/(from\s+|^import\s+)'[^']+';\s*$/.test(lines[i]!)) i++;
    const from = /'([^']+)';\s*$/.exec(lines[Math.min(i, lines.length - 1)]!)?.[1] ?? '';
    out.push({ start, end: i, from });
  }
  return out;
}

/** `text` with `entry` above the marker (at its indentation) and `importLine` among the imports, sorted by module. */
export function addToRegistry(text: string, entry: string, importLine?: string): string {
  const lines = text.split('\n');
  const at = markerIndex(lines);
  if (at < 0) throw new Error(`no line "${MARKER}"`);
  const indent = /^\s*/.exec(lines[at]!)![0];
  lines.splice(at, 0, `${indent}${entry}`);
  if (importLine) {
    const from = /'([^']+)';$/.exec(importLine)![1]!;
    const imports = importStatements(lines);
    const next = imports.find((s) => s.from > from);
    const where = next ? next.start : imports.length > 0 ? imports.at(-1)!.end + 1 : 0;
    lines.splice(where, 0, importLine);
  }
  return lines.join('\n');
}

/** `text` without the resource's lines; `missing` gets the lines that were not there (edited by hand). */
export function removeFromRegistry(text: string, entry: string, importLine: string | undefined, missing: string[]): string {
  const lines = text.split('\n');
  const drop = (wanted: string, trim: boolean) => {
    const i = lines.findIndex((l) => (trim ? l.trim() : l) === wanted);
    if (i < 0) missing.push(wanted);
    else lines.splice(i, 1);
  };
  drop(entry, true);
  if (importLine) drop(importLine, false);
  return lines.join('\n');
}

/* ---------- the migration journal ---------- */

interface Journal {
  entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
  [k: string]: unknown;
}

/** The journal as drizzle-kit writes it: 2-space JSON, with the original's final newline or its lack. */
const journalText = (journal: Journal, original: string) => JSON.stringify(journal, null, 2) + (original.endsWith('\n') ? '\n' : '');

/* ---------- checks ---------- */

/** The tables the migrations create, with the file that creates each (`CREATE TABLE "x"`, `create table if not exists x`). */
function existingTables(repo: Repo): Map<string, string> {
  const tables = new Map<string, string>();
  for (const file of repo.list(paths.migrations).filter((f) => f.endsWith('.sql')).sort()) {
    const sql = repo.read(`${paths.migrations}/${file}`) ?? '';
    for (const m of sql.matchAll(/create\s+(?:unlogged\s+)?table\s+(?:if\s+not\s+exists\s+)?(?:"?[\w]+"?\.)?"?([\w]+)"?/gi)) {
      const table = m[1]!.toLowerCase();
      if (!tables.has(table)) tables.set(table, `${paths.migrations}/${file}`);
    }
  }
  return tables;
}

interface Candidate {
  file: string;
  spec: Record<string, unknown>;
  name?: string;
  plural?: string;
  group?: string;
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

const refersTo = (spec: Record<string, unknown>) =>
  Array.isArray(spec.fields) ? spec.fields.filter((f) => isObject(f) && f.type === 'reference' && typeof f.to === 'string').map((f) => (f as { to: string }).to) : [];

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
    candidates.push({ file, spec, name, plural, group });
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
    for (const p of repo.kit.resourceSpecProblems(c.spec, known)) say(p);
    const earlier = candidates.slice(0, i);
    if (c.name) {
      if (registered.includes(c.name)) say(`name: the resource "${c.name}" already exists (${paths.contractsRegistry})`);
      else if (earlier.some((o) => o.name === c.name)) say(`name: "${c.name}" is also the name of ${earlier.find((o) => o.name === c.name)!.file}`);
      const taken = resourcePermissions(c.name).filter((p) => repo.permissions.includes(p));
      if (taken.length > 0) say(`name: the permission${taken.length > 1 ? 's' : ''} ${taken.join(', ')} already exist${taken.length > 1 ? '' : 's'}`);
      else if (permissionResources.has(c.name)) say(`name: "${c.name}" already names permissions (${permissionResources.get(c.name)}); the resource's would join them`);
      for (const path of [paths.definition(c.name), paths.serverModule(c.name), paths.serverTest(c.name), paths.webPage(kebabCase(c.name))]) problems.push(...fileProblems(c, path));
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
  const journalOriginal = repo.read(paths.journal);
  let journal: Journal | undefined;
  try {
    journal = JSON.parse(journalOriginal ?? '') as Journal;
    if (!Array.isArray(journal.entries)) throw new Error('no entries');
  } catch {
    problems.push(`${paths.journal}: missing or not a drizzle journal`);
  }
  if (!repo.migrationSql) problems.push('apps/server/src/modules/resources/migration-sql.ts: missing (the server kit writes the table\'s SQL)');

  const sorted = orderByReferences(candidates.map((c) => ({ ...c, refersTo: refersTo(c.spec) })));
  if (sorted.cycle) problems.push(`${sorted.cycle.map((n) => candidates.find((c) => c.name === n)?.file).find(Boolean)}: the references ${sorted.cycle.join(' -> ')} go round in a circle: create one of them first, then add its reference with a migration of its own (docs/resources.md)`);
  if (problems.length > 0) return { problems, resources: [], changes: [], notes: [] };

  // Every file, in the order the resources are created: a referred resource's table comes first.
  const texts = new Map<string, string | undefined>();
  const current = (path: string) => (texts.has(path) ? texts.get(path) : repo.read(path));
  const planned: Planned[] = [];
  const defs: ResourceDef[] = [];
  let { idx, when } = journal!.entries.at(-1) ?? { idx: -1, when: 0 };
  for (const c of sorted.order) {
    const spec = c.spec as unknown as ResourceSpec;
    const def = repo.kit.defineResource(spec);
    const files: Planned['files'] = [];
    const put = (path: string, text: string) => {
      files.push({ path, kind: current(path) === undefined ? 'new' : 'changed' });
      texts.set(path, text);
    };
    idx += 1;
    // Drizzle's migrator applies a migration only when it is newer than the last one a database ran.
    when = Math.max(now, when + 1);
    const tag = `${String(idx).padStart(4, '0')}_${def.table}`;
    const lines = registryLines(def, kebabCase);
    put(paths.definition(def.name), definitionFile(spec, def, [...repo.resources, ...defs]));
    put(paths.contractsRegistry, addToRegistry(current(paths.contractsRegistry)!, lines[paths.contractsRegistry]!.entry, lines[paths.contractsRegistry]!.importLine));
    put(paths.migration(tag), repo.migrationSql!(def, tag, [...repo.resources, ...defs]));
    journal!.entries.push({ idx, version: '7', when, tag, breakpoints: true });
    put(paths.journal, journalText(journal!, journalOriginal!));
    put(paths.serverModule(def.name), serverModuleFile(def));
    put(paths.serverRegistry, addToRegistry(current(paths.serverRegistry)!, lines[paths.serverRegistry]!.entry, lines[paths.serverRegistry]!.importLine));
    put(paths.serverTest(def.name), serverTestFile(def));
    put(paths.webPage(kebabCase(def.name)), webPageFile(def));
    put(paths.webRegistry, addToRegistry(current(paths.webRegistry)!, lines[paths.webRegistry]!.entry));
    put(paths.browserTest(kebabCase(def.plural)), browserTestFile(def));
    defs.push(def);
    planned.push({ source: c.file, def, files });
  }
  const changes = [...texts].map(([path, after]) => ({ path, before: repo.read(path), after }));
  return { problems, resources: planned, changes, notes: [] };
}

const resourcePermissions = (name: string) => ['read', 'write', 'export'].map((a) => `${name}:${a}`);

/** The migration that creates a table: the file and its journal tag. */
function creatingMigration(repo: Repo, table: string): string | undefined {
  const re = new RegExp(`create\\s+table\\s+(?:if\\s+not\\s+exists\\s+)?(?:"?\\w+"?\\.)?"?${table}"?[\\s(]`, 'i');
  return repo
    .list(paths.migrations)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .find((f) => re.test(repo.read(`${paths.migrations}/${f}`) ?? ''));
}

/** Everything `remove:resource <name>` deletes and changes, or why it refuses. */
export function planRemove(repo: Repo, name: string): Plan {
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
  const migrationFile = creatingMigration(repo, def.table);
  const tag = migrationFile?.replace(/\.sql$/, '');
  const tableWord = new RegExp(`(^|[^\\w])"?${def.table}"?([^\\w]|$)`, 'i');
  // (a referring resource's migration uses the table too: said once above)
  for (const f of problems.length > 0 ? [] : repo.list(paths.migrations).filter((f) => f.endsWith('.sql') && f !== migrationFile)) {
    if (tableWord.test(repo.read(`${paths.migrations}/${f}`) ?? '')) problems.push(`${name}: the migration ${paths.migrations}/${f} also uses the table "${def.table}"; a fresh database could not run it without the table: take it out by hand first`);
  }
  if (problems.length > 0) return { problems, resources: [], changes: [], notes: [] };

  const { kebabCase } = repo.kit;
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
  del(paths.definition(name));
  registry(paths.contractsRegistry);
  if (migrationFile) {
    del(`${paths.migrations}/${migrationFile}`);
    edit(paths.journal, (before) => {
      const journal = JSON.parse(before) as Journal;
      const entries = journal.entries.filter((e) => e.tag !== tag);
      return entries.length === journal.entries.length ? before : journalText({ ...journal, entries }, before);
    });
  } else notes.push(`no migration in ${paths.migrations} creates the table "${def.table}"`);
  del(paths.serverModule(name));
  registry(paths.serverRegistry);
  del(paths.serverTest(name));
  del(paths.webPage(kebabCase(name)));
  registry(paths.webRegistry);
  del(paths.browserTest(kebabCase(def.plural)));
  if (migrationFile) {
    notes.push(
      `The table "${def.table}" stays in every database where ${tag} ran: this command never touches a database.`,
      'To drop it there (its rows go with it), by hand:',
      `  drop table "${def.table}";                        -- PGlite, or PostgreSQL without DATABASE_SCHEMA`,
      `  drop table "<DATABASE_SCHEMA>"."${def.table}";    -- PostgreSQL with DATABASE_SCHEMA set`,
      'Until it is dropped there, a resource with the same table cannot be created again in that database.',
    );
  }
  return { problems, resources: [{ source: name, def, files }], changes, notes };
}

/* ---------- writing ---------- */

export interface Disk {
  read(path: string): string | undefined;
  write(path: string, text: string): void;
  remove(path: string): void;
  /** Creates the directory and its missing parents; returns those it created, outermost first. */
  makeDirs(dir: string): string[];
  removeDir(dir: string): void;
}

/**
 * Writes every change, or none: when one fails, the ones already made are undone (files created are
 * deleted, files changed or deleted get their text back, directories created are removed) and the error
 * is thrown again.
 */
export function applyChanges(changes: readonly Change[], disk: Disk): void {
  const done: Change[] = [];
  const dirs: string[] = [];
  try {
    for (const change of changes) {
      if (change.after === undefined) disk.remove(change.path);
      else {
        if (change.path.includes('/')) dirs.push(...disk.makeDirs(change.path.slice(0, change.path.lastIndexOf('/'))));
        disk.write(change.path, change.after);
      }
      done.push(change);
    }
  } catch (err) {
    const undoProblems: string[] = [];
    for (const change of done.reverse()) {
      try {
        if (change.before === undefined) disk.remove(change.path);
        else disk.write(change.path, change.before);
      } catch (undoErr) {
        undoProblems.push(`${change.path}: ${(undoErr as Error).message}`);
      }
    }
    for (const dir of dirs.reverse()) {
      try {
        disk.removeDir(dir);
      } catch {
        // not empty: something else is in it now
      }
    }
    const message = `${(err as Error).message}; every file written before it was put back${undoProblems.length > 0 ? `, except: ${undoProblems.join('; ')}` : ''}`;
    throw new Error(message, { cause: err });
  }
}
