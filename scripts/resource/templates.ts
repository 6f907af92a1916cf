/**
 * The text of the files `new:resource` writes, and of the lines it adds to the registries: the
 * repository's conventions (docs/resources.md lists them), so a generated resource reads like a written one.
 */
import type { ChildrenFieldSpec, ResourceDef, ResourceFieldSpec, ResourceSpec } from '@atrium/contracts/resource';
import { paths } from './plan.ts';

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
export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

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

const specKeys = ['name', 'plural', 'label', 'pluralLabel', 'menu', 'scoped', 'fields', 'lifecycle'];
const menuKeys = ['group', 'groupLabel', 'order'];
const childrenKeys = ['name', 'type', 'resource', 'plural', 'label', 'required', 'max', 'onDelete', 'fields'];
const fieldKeys = ['name', 'type', 'to', 'label', 'required', 'unique', 'default', 'min', 'max', 'scale', 'pattern', 'example', 'filter', 'sortable', 'hidden', 'readOnly', 'values'];
const labelKeys = ['zh-CN', 'en-US'];
const lifecycleKeys = ['field', 'label', 'initial', 'states', 'transitions', 'roles'];
const stateKeys = ['value', 'label', 'locks'];
const transitionKeys = ['name', 'from', 'to', 'label', 'requires', 'comment', 'approval'];

/** The properties in the order the definitions list them (`$schema`, an editor's hint, is left out). */
function ordered(value: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (value[k] !== undefined) out[k] = value[k];
  for (const [k, v] of Object.entries(value)) if (!(k in out) && k !== '$schema') out[k] = v;
  return out;
}
const labels = (value: unknown) => ordered(value as Record<string, unknown>, labelKeys);

function normalizedMenu(spec: Pick<ResourceSpec, 'menu'>): Record<string, unknown> {
  const menu = ordered(spec.menu, menuKeys);
  if (menu.groupLabel) menu.groupLabel = labels(menu.groupLabel);
  return menu;
}

/**
 * A definition file's text with its `menu: {...}` literal replaced by `menu`, or undefined when the file
 * has no such literal (edited by hand).
 */
export function withMenu(text: string, menu: ResourceSpec['menu']): string | undefined {
  const found = /^([ \t]*)menu: \{/m.exec(text);
  if (!found) return undefined;
  const start = found.index + found[0].length - 1;
  let depth = 0;
  let quote: string | undefined;
  for (let i = start; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = undefined;
    } else if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return `${text.slice(0, start)}${tsLiteral(normalizedMenu({ menu }), found[1], 'menu: '.length + 1)}${text.slice(i + 1)}`;
  }
  return undefined;
}

/** A life cycle's keys in the order the definitions list them (docs/resources.md, "Life cycles"). */
function normalizedLifecycle(lifecycle: NonNullable<ResourceSpec['lifecycle']>): Record<string, unknown> {
  const out = ordered({ ...lifecycle }, lifecycleKeys);
  if (lifecycle.label) out.label = labels(lifecycle.label);
  out.states = lifecycle.states.map((s) => ({ ...ordered({ ...s }, stateKeys), label: labels(s.label) }));
  out.transitions = lifecycle.transitions.map((t) => {
    const transition = ordered({ ...t }, transitionKeys);
    transition.label = labels(t.label);
    if (t.approval) transition.approval = ordered({ ...t.approval }, ['by', 'role']);
    return transition;
  });
  if (lifecycle.roles) out.roles = Object.fromEntries(Object.entries(lifecycle.roles).map(([code, r]) => [code, ordered({ name: labels(r.name), description: labels(r.description) }, ['name', 'description'])]));
  return out;
}

function normalizedField(f: ResourceFieldSpec): Record<string, unknown> {
  const field = ordered({ ...f }, fieldKeys);
  field.label = labels(f.label);
  if (f.values) field.values = f.values.map((v) => ordered({ value: v.value, label: labels(v.label) }, ['value', 'label']));
  return field;
}

/** A `children` field: its own keys, then its rows' fields as a resource's. */
function normalizedChildren(f: ChildrenFieldSpec): Record<string, unknown> {
  const field = ordered({ ...f }, childrenKeys);
  field.label = labels(f.label);
  field.fields = f.fields.map(normalizedField);
  return field;
}

function normalizedSpec(spec: ResourceSpec): Record<string, unknown> {
  const menu = normalizedMenu(spec);
  return ordered(
    {
      ...spec,
      label: labels(spec.label),
      pluralLabel: labels(spec.pluralLabel),
      menu,
      fields: spec.fields.map((f) => (f.type === 'children' ? normalizedChildren(f) : normalizedField(f))),
      ...(spec.lifecycle ? { lifecycle: normalizedLifecycle(spec.lifecycle) } : {}),
    },
    specKeys,
  );
}

const pascalCase = (name: string) => name[0]!.toUpperCase() + name.slice(1);

export function definitionFile(spec: ResourceSpec, def: ResourceDef, all: readonly ResourceDef[]): string {
  const en = def.pluralLabel['en-US'];
  const refers = def.fields
    .filter((f) => f.type === 'reference')
    .map((f) => `Its \`${f.name}\` field refers to ${f.to === def.name ? 'another of them' : (all.find((r) => r.name === f.to)?.pluralLabel['en-US'].toLowerCase() ?? f.to)}: one in use cannot be deleted.`);
  const lines = [
    `${en} (${def.pluralLabel['zh-CN']}) in the ${def.menu.group} menu group: the calls at ${def.apiPath}, the page at ${def.path}.`,
    ...refers,
    def.scoped
      ? 'Each record has a department and an owner, and is read and written within the caller\'s data scope (docs/resources.md, "Scoped records").'
      : `Not scoped: whoever holds ${def.permissions.read} reads every one of them.`,
    ...(def.lifecycle ? [lifecycleSentence(def, def.lifecycle)] : []),
    ...def.children.map(
      (c) =>
        `Its \`${c.name}\` are rows of its own (table ${c.def.table}), edited in its form and saved with it under its version; ${c.onDelete === 'cascade' ? 'they are deleted with it' : 'one with rows cannot be deleted'}.`,
    ),
    'Written by `npm run new:resource`, and the team\'s own from here: a new field also needs a migration that adds its column (docs/resources.md).',
  ];
  return [
    "import { defineResource } from '../resource.ts';",
    "import { resourceSlice } from '../resource-slice.ts';",
    '',
    '/**',
    ...wrap(lines.join(' '), 105).map((l) => ` * ${l}`),
    ' */',
    `export const ${def.name} = defineResource(${tsLiteral(normalizedSpec(spec), '', `export const ${def.name} = defineResource(`.length + 2)});`,
    '',
    '/** Its slice of the contracts (slices.ts): its permissions, and its page and calls from the definition. */',
    `export const ${def.name}Slice = resourceSlice(${def.name});`,
    '',
  ].join('\n');
}

/** `the <many> a, b and c`; past six, `its 20 <many>` (without `many`: `a, b and c`, `20 of them`). */
function series(words: readonly string[], many?: string): string {
  if (words.length > 6) return many ? `its ${words.length} ${many}` : `${words.length} of them`;
  const list = words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
  return many ? `the ${many} ${list}` : list;
}

/** The header's sentence on a life cycle: the state a record starts in, what moves it, who approves. */
function lifecycleSentence(def: ResourceDef, lifecycle: NonNullable<ResourceDef['lifecycle']>): string {
  const names = lifecycle.transitions.map((t) => t.name);
  const approvals = lifecycle.transitions.filter((t) => t.approval).map((t) => t.name);
  const states = lifecycle.states.length > 6 ? `${lifecycle.states.length} states` : lifecycle.states.map((s) => s.value).join(', ');
  const permission = `\`${def.name}:${names[0]}\`${names.length > 1 ? ', ...' : ''}`;
  const approved = approvals.length === 0 ? '' : `; ${series(approvals)} ${approvals.length === 1 ? 'is' : 'are'} fired by an approver`;
  return `Its records have a life cycle (docs/resources.md, "Life cycles"): each starts in ${lifecycle.initial}, and its \`${lifecycle.field}\` (${states}) changes only by ${series(names, 'transitions')}, each a permission of its own (${permission})${approved}.`;
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

const importDefinition = (def: ResourceDef) => `import { ${def.name} } from '@atrium/contracts/resources/${def.name}';`;

export const serverSliceFile = (def: ResourceDef) =>
  [
    importDefinition(def),
    "import { resourceServerSlice } from '../../modules/resources/kit.ts';",
    "import { migrationsBeside } from '../../slice.ts';",
    '',
    '/**',
    ` * ${def.pluralLabel['en-US']} on the server: the resource kit's calls for the definition, the table from migrations/ beside`,
    ' * this file (a journal of its own); what is particular to them goes in the hooks (docs/resources.md).',
    ' */',
    `export const ${def.name}ServerSlice = resourceServerSlice(${def.name}, { migrations: migrationsBeside(import.meta.url) });`,
    '',
  ].join('\n');

export const serverTestFile = (def: ResourceDef) => `${importDefinition(def)}\nimport { describeResource } from '../../modules/resources/resource-suite.ts';\n\ndescribeResource(${def.name});\n`;

export const webSliceFile = (def: ResourceDef, kebabName: string) =>
  [
    importDefinition(def),
    "import { resourceWebSlice } from '../../features/resources/kit/web-slice';",
    '',
    `/** ${def.pluralLabel['en-US']} in the console: the page beside this file, the titles and texts from the definition. */`,
    `export const ${def.name}WebSlice = resourceWebSlice(${def.name}, () => import('./${kebabName}-page.tsx'));`,
    '',
  ].join('\n');

export const webPageFile = (def: ResourceDef) =>
  [
    importDefinition(def),
    "import { ResourcePage } from '../../features/resources/kit/resource-page';",
    '',
    `/** ${def.pluralLabel['en-US']}, as the resource kit draws them (docs/resources.md says how to replace a part). */`,
    `export default function ${pascalCase(def.name)}Page() {`,
    `  return <ResourcePage def={${def.name}} />;`,
    '}',
    '',
  ].join('\n');

export const browserTestFile = (def: ResourceDef) => `${importDefinition(def)}\nimport { describeResourcePage } from '../lib/resource-suite';\n\ndescribeResourcePage(${def.name});\n`;

/** The lines a resource's slice has in each registry: its import and its entry. */
export function registryLines(def: ResourceDef, kebabCase: (s: string) => string) {
  const kebab = kebabCase(def.name);
  return {
    [paths.contractsRegistry]: { importLine: `import { ${def.name}Slice } from './resources/${def.name}.ts';`, entry: `${def.name}Slice,` },
    [paths.serverRegistry]: { importLine: `import { ${def.name}ServerSlice } from './resources/${kebab}/index.ts';`, entry: `${def.name}ServerSlice,` },
    [paths.webRegistry]: { importLine: `import { ${def.name}WebSlice } from './resources/${kebab}/index.ts';`, entry: `${def.name}WebSlice,` },
  } as Record<string, { importLine: string; entry: string }>;
}
