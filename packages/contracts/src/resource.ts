/**
 * The resource kit's definition: a team's own records (products, orders, tickets) described once, and
 * from that description the calls with their schemas, the permission codes and the route. The server
 * registers the calls and serves them from one table; the console builds the list page and the form
 * from the same definition. `npm run new:resource` writes a definition file from a JSON spec
 * (docs/resources.md); the spec's own check (`resourceSpecProblems`) lives here too, so the command and
 * `defineResource` refuse the same mistakes.
 */
import type { Locale } from './locale.ts';
import type { ResourcePermission } from './resource-names.ts';
import { isRealDate } from './query-values.ts';
import { defineLifecycle, lifecycleProblems, type Lifecycle, type LifecycleSpec } from './lifecycle.ts';

export type Labels = Record<Locale, string>;


export const resourceFieldTypes = ['string', 'text', 'integer', 'decimal', 'boolean', 'date', 'datetime', 'enum', 'reference'] as const;
export type ResourceFieldType = (typeof resourceFieldTypes)[number];
export const resourceFilterKinds = ['contains', 'prefix', 'equals', 'range'] as const;
export type ResourceFilterKind = (typeof resourceFilterKinds)[number];

export interface ResourceFieldSpec {
  name: string;
  type: ResourceFieldType;
  label: Labels;
  required?: boolean;
  /** Strings (compared without regard to case) and integers. */
  unique?: boolean;
  default?: string | number | boolean;
  filter?: ResourceFilterKind;
  sortable?: boolean;
  /** Not a column of the table unless the operator shows it. */
  hidden?: boolean;
  /** Set on create only. */
  readOnly?: boolean;
  /** string, text: characters; integer, decimal: the largest value. */
  max?: number;
  min?: number;
  /** decimal: digits after the point (default 2). */
  scale?: number;
  /** string: a regular expression the whole value must match. */
  pattern?: string;
  /** string: a value the field accepts, like the team's own (`T-0042`): the generated tests' values are made from it. */
  example?: string;
  /** enum: the values in the order the select offers them. */
  values?: { value: string; label: Labels }[];
  /** reference: the other resource's `name`. */
  to?: string;
}

/**
 * A record's own rows inside it (an order's lines): a table of the child resource's rows, each referring to
 * its parent (`<parent>_id`), edited in the parent's form and saved with the parent in one transaction
 * under the parent's version. The child has no page, calls or data scope of its own: it is reached only
 * through its parent (docs/resources.md, "Order lines").
 */
export interface ChildrenFieldSpec {
  name: string;
  type: 'children';
  label: Labels;
  /** The child resource's name (`orderLine`): its table is its plural in snake case (`order_lines`). */
  resource: string;
  /** The child's plural (default the name with an s). */
  plural?: string;
  /** The child's fields: as a resource's, without `unique`, `filter`, `sortable`, `hidden` or `readOnly`. */
  fields: ResourceFieldSpec[];
  /** What deleting the parent does to its rows: `cascade` deletes them with it, `restrict` refuses while it has any (409 IN_USE). Default `cascade`. */
  onDelete?: 'cascade' | 'restrict';
  /** At least one row. */
  required?: boolean;
  /** The most rows a parent holds (default and at most CHILDREN_MAX). */
  max?: number;
}

/** The rows a parent holds at most (the form edits them all at once). */
export const CHILDREN_MAX = 500;

export interface ResourceSpec {
  name: string;
  plural?: string;
  label: Labels;
  pluralLabel: Labels;
  /** `group`: an existing menu group (`list`, `form`, `system`, ...) or a new one with its label and order. */
  menu: { group: string; groupLabel?: Labels; order?: number };
  /**
   * Whether each record belongs to a department and an owner, and is reached only by those whose data scope
   * reaches it (default true: docs/resources.md, "Scoped records"). `false` for data every holder of the
   * permission shares, such as a catalogue (products, units).
   */
  scoped?: boolean;
  fields: (ResourceFieldSpec | ChildrenFieldSpec)[];
  /** States, transitions and approvals (lifecycle.ts, docs/resources.md "Life cycles"). */
  lifecycle?: LifecycleSpec;
}

/** Whether a valid pattern accepts the whole value (an invalid one is a problem of its own). */
function patternAccepts(pattern: string, value: string): boolean {
  try {
    return new RegExp(`^(?:${pattern})$`, 'u').test(value);
  } catch {
    return true;
  }
}

/** Names a field cannot take: the record's own columns and the list's query parameters. */
const reservedFieldNames = ['id', 'version', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy', 'current', 'pageSize', 'sort'] as const;
/** A scoped record's system fields (and what would share their columns, `department_id` and `owner_id`). */
const scopeFieldNames = ['department', 'owner', 'departmentId', 'ownerId'] as const;
export const RESOURCE_NAME_PATTERN = /^[a-z][a-zA-Z0-9]{1,30}$/;
const FIELD_NAME_PATTERN = /^[a-z][a-zA-Z0-9]{0,30}$/;
export const INT_MAX = 2_147_483_647;

/** `productLine` -> `product_line`: a table or column name. */
export const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
/** `productLines` -> `product-lines`: a path segment. */
export const kebabCase = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

const rangeTypes: readonly ResourceFieldType[] = ['integer', 'decimal', 'date', 'datetime'];
const textTypes: readonly ResourceFieldType[] = ['string', 'text'];

/**
 * Every problem of a spec, one message each, naming the field (`fields[2].type: unknown type "money"`).
 * `known`: the resources already defined (a reference may point at one of them or at another resource
 * of the same batch); `roles`: the role codes a life cycle's approval may name.
 */
export function resourceSpecProblems(input: unknown, known: readonly string[] = [], roles: readonly string[] = [], child = false): string[] {
  const problems: string[] = [];
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return ['the spec must be a JSON object'];
  const spec = input as Record<string, unknown>;
  const labels = (value: unknown, where: string) => {
    const v = value as Record<string, unknown> | undefined;
    for (const locale of ['zh-CN', 'en-US'] as const) {
      if (typeof v?.[locale] !== 'string' || (v[locale] as string).trim() === '') problems.push(`${where}.${locale}: a label in ${locale} is required`);
    }
  };
  const allowed = (value: Record<string, unknown>, keys: readonly string[], where: string) => {
    for (const key of Object.keys(value)) if (!keys.includes(key)) problems.push(`${where}${where ? '.' : ''}${key}: unknown property`);
  };
  allowed(spec, ['$schema', 'name', 'plural', 'label', 'pluralLabel', 'menu', 'scoped', 'fields', 'lifecycle'], '');
  if (spec.scoped !== undefined && typeof spec.scoped !== 'boolean') problems.push('scoped: must be true or false');
  if (typeof spec.name !== 'string' || !RESOURCE_NAME_PATTERN.test(spec.name)) problems.push(`name: must match ${RESOURCE_NAME_PATTERN.source} (a singular like "product")`);
  if (spec.plural !== undefined && (typeof spec.plural !== 'string' || !RESOURCE_NAME_PATTERN.test(spec.plural))) problems.push(`plural: must match ${RESOURCE_NAME_PATTERN.source}`);
  if (spec.plural !== undefined && spec.plural === spec.name) problems.push('plural: must differ from name');
  labels(spec.label, 'label');
  labels(spec.pluralLabel, 'pluralLabel');
  const menu = spec.menu as Record<string, unknown> | undefined;
  if (typeof menu !== 'object' || menu === null) problems.push('menu: an object with the menu group is required');
  else {
    allowed(menu, ['group', 'groupLabel', 'order'], 'menu');
    if (typeof menu.group !== 'string' || !/^[a-z][a-z0-9-]{1,30}$/.test(menu.group)) problems.push('menu.group: a menu group name such as "list" or "catalog" is required');
    if (menu.groupLabel !== undefined) labels(menu.groupLabel, 'menu.groupLabel');
    if (menu.order !== undefined && (typeof menu.order !== 'number' || !Number.isFinite(menu.order))) problems.push('menu.order: must be a number');
  }
  if (!Array.isArray(spec.fields) || spec.fields.length === 0) {
    problems.push('fields: at least one field is required');
    return problems;
  }
  const seen = new Set<string>();
  spec.fields.forEach((raw: unknown, i) => {
    const at = `fields[${i}]`;
    if (typeof raw !== 'object' || raw === null) {
      problems.push(`${at}: must be an object`);
      return;
    }
    const field = raw as Record<string, unknown>;
    if (field.type === 'children' && !child) {
      problems.push(...childrenProblems(spec, field, at, known, seen));
      return;
    }
    allowed(field, ['name', 'type', 'label', 'required', 'unique', 'default', 'filter', 'sortable', 'hidden', 'readOnly', 'max', 'min', 'scale', 'pattern', 'example', 'values', 'to'], at);
    if (child) for (const flag of ['unique', 'filter', 'sortable', 'hidden', 'readOnly'] as const) if (field[flag] !== undefined) problems.push(`${at}.${flag}: a child row's field has no ${flag === 'readOnly' ? 'read-only' : flag} setting (its rows are edited and shown in their parent's form)`);
    const name = field.name;
    if (typeof name !== 'string' || !FIELD_NAME_PATTERN.test(name)) problems.push(`${at}.name: must match ${FIELD_NAME_PATTERN.source}`);
    else if ((reservedFieldNames as readonly string[]).includes(name)) problems.push(`${at}.name: "${name}" is reserved`);
    else if (spec.scoped !== false && (scopeFieldNames as readonly string[]).includes(name)) problems.push(`${at}.name: "${name}" is reserved: a scoped record has its own department and owner (or the spec says "scoped": false)`);
    else if (seen.has(name)) problems.push(`${at}.name: "${name}" is used twice`);
    else seen.add(name);
    const type = field.type as ResourceFieldType;
    if (!resourceFieldTypes.includes(type)) {
      problems.push(`${at}.type: unknown type "${String(field.type)}" (one of ${resourceFieldTypes.join(', ')})`);
      return;
    }
    labels(field.label, `${at}.label`);
    for (const flag of ['required', 'unique', 'sortable', 'hidden', 'readOnly'] as const) {
      if (field[flag] !== undefined && typeof field[flag] !== 'boolean') problems.push(`${at}.${flag}: must be true or false`);
    }
    if (field.unique && type !== 'string' && type !== 'integer') problems.push(`${at}.unique: only strings and integers can be unique`);
    if (field.filter !== undefined) {
      const kind = field.filter as ResourceFilterKind;
      if (!resourceFilterKinds.includes(kind)) problems.push(`${at}.filter: unknown filter "${String(kind)}" (one of ${resourceFilterKinds.join(', ')})`);
      else if (kind === 'range' && !rangeTypes.includes(type)) problems.push(`${at}.filter: "range" is for numbers, dates and datetimes`);
      else if ((kind === 'contains' || kind === 'prefix') && type !== 'string') problems.push(`${at}.filter: "${kind}" is for strings`);
      else if (type === 'text') problems.push(`${at}.filter: a text field is never a filter`);
    }
    if (field.sortable && type === 'text') problems.push(`${at}.sortable: a text field cannot be sorted`);
    for (const bound of ['min', 'max', 'scale'] as const) {
      if (field[bound] !== undefined && (typeof field[bound] !== 'number' || !Number.isFinite(field[bound]))) problems.push(`${at}.${bound}: must be a number`);
    }
    if ((field.min !== undefined || field.max !== undefined) && !['string', 'text', 'integer', 'decimal'].includes(type)) problems.push(`${at}: min and max are for strings and numbers`);
    if (textTypes.includes(type) && field.max !== undefined && (!Number.isInteger(field.max) || (field.max as number) < 1 || (field.max as number) > 10_000)) problems.push(`${at}.max: a length from 1 to 10000`);
    if (type === 'integer') {
      for (const bound of ['min', 'max'] as const) {
        const v = field[bound];
        if (typeof v === 'number' && (!Number.isInteger(v) || Math.abs(v) > INT_MAX)) problems.push(`${at}.${bound}: an integer within ±${INT_MAX}`);
      }
    }
    if (field.scale !== undefined && type !== 'decimal') problems.push(`${at}.scale: for decimals only`);
    else if (typeof field.scale === 'number' && Number.isFinite(field.scale) && (!Number.isInteger(field.scale) || field.scale < 0 || field.scale > 6)) problems.push(`${at}.scale: ${field.scale} digits after the point: from 0 to 6`);
    if (typeof field.min === 'number' && typeof field.max === 'number' && field.min > field.max) problems.push(`${at}.min: larger than max`);
    if (field.pattern !== undefined) {
      if (type !== 'string' || typeof field.pattern !== 'string') problems.push(`${at}.pattern: a regular expression, for strings only`);
      else {
        try {
          new RegExp(field.pattern, 'u');
        } catch {
          problems.push(`${at}.pattern: not a valid regular expression`);
        }
      }
    }
    if (field.example !== undefined) {
      const example = field.example;
      const max = typeof field.max === 'number' ? field.max : 100;
      if (type !== 'string' || typeof example !== 'string') problems.push(`${at}.example: a value, for strings only`);
      else if (example.trim() === '' || example.trim() !== example) problems.push(`${at}.example: must not be blank nor start or end with spaces`);
      else if ([...example].length > max) problems.push(`${at}.example: longer than max (${max} characters)`);
      else if (typeof field.pattern === 'string' && !patternAccepts(field.pattern, example)) problems.push(`${at}.example: "${example}" does not match the pattern /${field.pattern}/`);
    }
    if (type === 'enum') {
      const values = field.values;
      if (!Array.isArray(values) || values.length === 0) problems.push(`${at}.values: an enum needs its values`);
      else {
        const taken = new Set<string>();
        values.forEach((v: unknown, j) => {
          const value = (v as Record<string, unknown> | null)?.value;
          if (typeof value !== 'string' || !/^[A-Za-z0-9_-]{1,40}$/.test(value)) problems.push(`${at}.values[${j}].value: letters, digits, "_" or "-", at most 40`);
          else if (taken.has(value)) problems.push(`${at}.values[${j}].value: "${value}" is used twice`);
          else taken.add(value);
          labels((v as Record<string, unknown> | null)?.label, `${at}.values[${j}].label`);
        });
      }
    } else if (field.values !== undefined) problems.push(`${at}.values: for enums only`);
    if (type === 'reference') {
      if (typeof field.to !== 'string') problems.push(`${at}.to: a reference names the resource it points at`);
      else if (field.to !== spec.name && !known.includes(field.to)) problems.push(`${at}.to: no resource "${field.to}"`);
    } else if (field.to !== undefined) problems.push(`${at}.to: for references only`);
    if (field.default !== undefined) {
      const d = field.default;
      const article = /^[aeiou]/.test(type) ? 'an' : 'a';
      const ok =
        type === 'boolean' ? typeof d === 'boolean'
        : type === 'integer' ? Number.isInteger(d)
        : type === 'enum' ? Array.isArray(field.values) && field.values.some((v: { value?: unknown }) => v?.value === d)
        : type === 'decimal' ? typeof d === 'string' && /^-?\d+(\.\d+)?$/.test(d)
        : type === 'date' ? typeof d === 'string' && isRealDate(d)
        : typeof d === 'string';
      if (type === 'datetime' || type === 'reference') problems.push(`${at}.default: ${article} ${type} field has no default (a form starts it empty; a hook may set it, docs/resources.md)`);
      else if (!ok) problems.push(`${at}.default: not a value of ${article} ${type} field`);
    }
  });
  if (!child && !spec.fields.some((f: { type?: unknown }) => f?.type === 'string')) problems.push('fields: at least one string field is required (it names a record in pickers and the audit trail)');
  if (spec.lifecycle !== undefined) {
    const fieldNames = spec.fields.flatMap((f: { name?: unknown; type?: unknown }) => (typeof f?.name === 'string' && f.type !== 'children' ? [f.name] : []));
    const reserved = [...reservedFieldNames, ...(spec.scoped !== false ? scopeFieldNames : [])];
    problems.push(...lifecycleProblems(spec.lifecycle, { fields: fieldNames, scoped: spec.scoped !== false, roles, labels, allowed, fieldPattern: FIELD_NAME_PATTERN, reserved }));
  }
  return problems;
}

/** Names a child row's field cannot take: its own columns (`position`) and the one naming its parent (`<parent>Id`). */
const childReservedNames = (parent: string) => ['position', `${parent}Id`];

/**
 * The problems of a `children` field (`fields[4]`): its own settings, then its rows' fields checked as a
 * resource's (with the child's rules), each named under the field (`fields[4].fields[1].type: ...`).
 */
function childrenProblems(spec: Record<string, unknown>, field: Record<string, unknown>, at: string, known: readonly string[], seen: Set<string>): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(field)) if (!['name', 'type', 'label', 'resource', 'plural', 'fields', 'onDelete', 'required', 'max'].includes(key)) problems.push(`${at}.${key}: unknown property`);
  const name = field.name;
  if (typeof name !== 'string' || !FIELD_NAME_PATTERN.test(name)) problems.push(`${at}.name: must match ${FIELD_NAME_PATTERN.source}`);
  else if ((reservedFieldNames as readonly string[]).includes(name) || (spec.scoped !== false && (scopeFieldNames as readonly string[]).includes(name))) problems.push(`${at}.name: "${name}" is reserved`);
  else if (seen.has(name)) problems.push(`${at}.name: "${name}" is used twice`);
  else seen.add(name);
  const resource = field.resource;
  if (typeof resource !== 'string' || !RESOURCE_NAME_PATTERN.test(resource)) problems.push(`${at}.resource: the child resource's name, matching ${RESOURCE_NAME_PATTERN.source} (a singular like "orderLine")`);
  else if (resource === spec.name || known.includes(resource)) problems.push(`${at}.resource: "${resource}" names a resource already; a child resource is its parent's own`);
  else if ((spec.fields as unknown[]).some((f) => f !== field && (f as Record<string, unknown> | null)?.type === 'children' && (f as Record<string, unknown>).resource === resource)) problems.push(`${at}.resource: "${resource}" is the child of another field`);
  if (field.onDelete !== undefined && field.onDelete !== 'cascade' && field.onDelete !== 'restrict') problems.push(`${at}.onDelete: "cascade" (the rows go with their parent) or "restrict" (a parent with rows is not deleted)`);
  if (field.required !== undefined && typeof field.required !== 'boolean') problems.push(`${at}.required: must be true or false`);
  if (field.max !== undefined && (!Number.isInteger(field.max) || (field.max as number) < 1 || (field.max as number) > CHILDREN_MAX)) problems.push(`${at}.max: a number of rows from 1 to ${CHILDREN_MAX}`);
  if (!Array.isArray(field.fields) || field.fields.length === 0) {
    problems.push(`${at}.fields: a child row needs at least one field`);
    return problems;
  }
  // the rows' fields as a resource's (its name, plural and labels named under this field)
  const child = { name: resource, plural: field.plural, label: field.label, pluralLabel: field.label, menu: { group: 'children' }, scoped: false, fields: field.fields };
  const own = resourceSpecProblems(child, [...known, ...(typeof spec.name === 'string' ? [spec.name] : [])], [], true);
  for (const p of own) {
    if (p.startsWith('pluralLabel.') || (p.startsWith('name:') && problems.some((q) => q.startsWith(`${at}.resource:`)))) continue;
    problems.push(p.startsWith('name:') ? `${at}.resource:${p.slice(5)}` : `${at}.${p}`);
  }
  field.fields.forEach((f: unknown, i) => {
    const fieldName = (f as Record<string, unknown> | null)?.name;
    if (typeof spec.name === 'string' && typeof fieldName === 'string' && childReservedNames(spec.name).includes(fieldName)) problems.push(`${at}.fields[${i}].name: "${fieldName}" is reserved (a child row's order, or the column naming its parent)`);
    if ((f as Record<string, unknown> | null)?.type === 'reference' && (f as Record<string, unknown>).to === resource) problems.push(`${at}.fields[${i}].to: a child row refers to no other row of its own kind`);
  });
  return problems;
}

/* ---------- the derived definition ---------- */

export interface ResourceField extends ResourceFieldSpec {
  /** The database column. */
  column: string;
  /**
   * The life cycle's state field (an enum of its states, created in the initial one): a column, a filter and
   * in the trail like any field, but never written by a create or an update, only by a transition.
   */
  state?: true;
}

export interface ResourceDef {
  name: string;
  plural: string;
  label: Labels;
  pluralLabel: Labels;
  menu: { group: string; groupLabel?: Labels; order?: number };
  /**
   * Whether records have a department and an owner (`department`, `owner`: columns `department_id`,
   * `owner_id`) and are read and written within the caller's data scope; the spec's `scoped`, default true.
   */
  scoped: boolean;
  fields: ResourceField[];
  /** The table, the plural in snake case. */
  table: string;
  /** The page's path, `/<group>/<plural in kebab case>`. */
  path: string;
  /** The calls' base path, `/api/<plural in kebab case>`. */
  apiPath: string;
  /** The field that names a record (the first string field): pickers, the audit trail's summary. */
  titleField: string;
  permissions: { read: ResourcePermission; write: ResourcePermission; export: ResourcePermission; import: ResourcePermission };
  /** Its states, transitions and approvals, when the spec declares them; its state field is among `fields`. */
  lifecycle?: Lifecycle;
  /** Its `children` fields (an order's lines), in the spec's order; not among `fields`, which are its table's columns. */
  children: ChildrenField[];
}

/** A `children` field of a definition: the rows of its child resource that refer to the parent. */
export interface ChildrenField {
  name: string;
  label: Labels;
  required: boolean;
  max: number;
  onDelete: 'cascade' | 'restrict';
  /** The child resource: its name, table and fields (never registered, never scoped: it is reached through its parent). */
  def: ResourceDef;
  /** The child table's column naming the parent (`order_id`). */
  parentColumn: string;
}

/** A decimal's value as the database answers it, with its scale (`19.9` -> `19.90`). */
export function formatDecimal(value: string, scale: number): string {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  const text = scale === 0 ? whole : `${whole}.${fraction.padEnd(scale, '0').slice(0, scale)}`;
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}

/**
 * A resource's names from its spec: table and columns, the page's path and the calls' base path, the
 * permission codes. Its calls and schemas come from resourceCalls() and resourceSchemas()
 * (resource-calls.ts): the route table, the menu and the role editor read this without the schema
 * library, so a registered resource adds nothing to the sign-in page. Throws on a spec with problems (the
 * command refuses them before writing anything).
 */
export function defineResource(spec: ResourceSpec): ResourceDef {
  // Whether a reference's resource and an approval's role exist is the registry's check (resources.test.ts), not one file's.
  const own = Object.keys(spec.lifecycle?.roles ?? {});
  const roles = (spec.lifecycle?.transitions ?? []).flatMap((t) => (t.approval?.by === 'role' && !own.includes(t.approval.role) ? [t.approval.role] : []));
  const columnSpecs = spec.fields.filter((f): f is ResourceFieldSpec => f.type !== 'children');
  const childSpecs = spec.fields.filter((f): f is ChildrenFieldSpec => f.type === 'children');
  const referred = [...columnSpecs, ...childSpecs.flatMap((c) => c.fields)].flatMap((f) => (f.type === 'reference' && f.to ? [f.to] : []));
  const problems = resourceSpecProblems(spec, referred, roles);
  if (problems.length > 0) throw new Error(`resource "${spec.name}": ${problems.join('; ')}`);
  const plural = spec.plural ?? `${spec.name}s`;
  const lifecycle = spec.lifecycle && defineLifecycle(spec.name, spec.lifecycle);
  const fields: ResourceField[] = columnSpecs.map((f) => ({ ...f, column: snakeCase(f.name) }));
  // the state field last: an enum of the states, created in the initial one, filtered and sorted by them
  if (lifecycle) {
    fields.push({
      name: lifecycle.field,
      column: snakeCase(lifecycle.field),
      type: 'enum',
      label: lifecycle.label,
      required: true,
      default: lifecycle.initial,
      values: lifecycle.states.map((s) => ({ value: s.value, label: s.label })),
      filter: 'equals',
      sortable: true,
      state: true,
    });
  }
  const apiPath = `/api/${kebabCase(plural)}`;
  const permissions = { read: `${spec.name}:read`, write: `${spec.name}:write`, export: `${spec.name}:export`, import: `${spec.name}:import` } as const;

  return {
    name: spec.name,
    plural,
    label: spec.label,
    pluralLabel: spec.pluralLabel,
    menu: spec.menu,
    scoped: spec.scoped !== false,
    fields,
    table: snakeCase(plural),
    path: `/${spec.menu.group}/${kebabCase(plural)}`,
    apiPath,
    titleField: fields.find((f) => f.type === 'string')!.name,
    permissions,
    ...(lifecycle ? { lifecycle } : {}),
    children: childSpecs.map((c) => childrenField(spec, c)),
  };
}

/** A `children` field's definition: the child resource as a definition of its own (unregistered, unscoped), and the column naming the parent. */
function childrenField(parent: ResourceSpec, spec: ChildrenFieldSpec): ChildrenField {
  const plural = spec.plural ?? `${spec.resource}s`;
  const fields: ResourceField[] = spec.fields.map((f) => ({ ...f, column: snakeCase(f.name) }));
  const def: ResourceDef = {
    name: spec.resource,
    plural,
    label: spec.label,
    pluralLabel: spec.label,
    menu: parent.menu,
    scoped: false,
    fields,
    table: snakeCase(plural),
    path: '',
    apiPath: '',
    titleField: fields.find((f) => f.type === 'string')?.name ?? fields[0]!.name,
    permissions: { read: `${parent.name}:read`, write: `${parent.name}:write`, export: `${parent.name}:export`, import: `${parent.name}:import` },
    children: [],
  };
  return { name: spec.name, label: spec.label, required: spec.required === true, max: spec.max ?? CHILDREN_MAX, onDelete: spec.onDelete ?? 'cascade', def, parentColumn: `${snakeCase(parent.name)}_id` };
}
