/**
 * The resource kit's definition: a team's own records (products, orders, tickets) described once, and
 * from that description the calls with their schemas, the permission codes and the route. The server
 * registers the calls and serves them from one table; the console builds the list page and the form
 * from the same definition. `npm run new:resource` writes a definition file from a JSON spec
 * (docs/resources.md); the spec's own check (`resourceSpecProblems`) lives here too, so the command and
 * `defineResource` refuse the same mistakes.
 */
import * as z from './zod.ts';
import { defineCall, type CallDef } from './call.ts';
import type { Locale } from './locale.ts';
import type { ResourcePermission } from './resource-names.ts';
import { msg } from './messages/validation.ts';
import { blankToUndefined, isRealDate, parseInstant } from './query-values.ts';
import { maxChars } from './text.ts';

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
  /** enum: the values in the order the select offers them. */
  values?: { value: string; label: Labels }[];
  /** reference: the other resource's `name`. */
  to?: string;
}

export interface ResourceSpec {
  name: string;
  plural?: string;
  label: Labels;
  pluralLabel: Labels;
  /** `group`: an existing menu group (`list`, `form`, `system`, ...) or a new one with its label and order. */
  menu: { group: string; groupLabel?: Labels; order?: number };
  fields: ResourceFieldSpec[];
}

/** Names a field cannot take: the record's own columns and the list's query parameters. */
const reservedFieldNames = ['id', 'version', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy', 'current', 'pageSize', 'sort'] as const;
export const RESOURCE_NAME_PATTERN = /^[a-z][a-zA-Z0-9]{1,30}$/;
const FIELD_NAME_PATTERN = /^[a-z][a-zA-Z0-9]{0,30}$/;
const resourcePageSizes = [10, 20, 50, 100] as const;
const INT_MAX = 2_147_483_647;
/** Digits of a decimal column in all: numeric(18, scale). */
const DECIMAL_PRECISION = 18;
const OPTIONS_LIMIT = 20;

/** `productLine` -> `product_line`: a table or column name. */
export const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
/** `productLines` -> `product-lines`: a path segment. */
export const kebabCase = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

const rangeTypes: readonly ResourceFieldType[] = ['integer', 'decimal', 'date', 'datetime'];
const textTypes: readonly ResourceFieldType[] = ['string', 'text'];

/**
 * Every problem of a spec, one message each, naming the field (`fields[2].type: unknown type "money"`).
 * `known`: the resources already defined (a reference may point at one of them or at another resource
 * of the same batch).
 */
export function resourceSpecProblems(input: unknown, known: readonly string[] = []): string[] {
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
  allowed(spec, ['$schema', 'name', 'plural', 'label', 'pluralLabel', 'menu', 'fields'], '');
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
    allowed(field, ['name', 'type', 'label', 'required', 'unique', 'default', 'filter', 'sortable', 'hidden', 'readOnly', 'max', 'min', 'scale', 'pattern', 'values', 'to'], at);
    const name = field.name;
    if (typeof name !== 'string' || !FIELD_NAME_PATTERN.test(name)) problems.push(`${at}.name: must match ${FIELD_NAME_PATTERN.source}`);
    else if ((reservedFieldNames as readonly string[]).includes(name)) problems.push(`${at}.name: "${name}" is reserved`);
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
    if (field.scale !== undefined && (type !== 'decimal' || !Number.isInteger(field.scale) || (field.scale as number) < 0 || (field.scale as number) > 6)) problems.push(`${at}.scale: decimals only, 0 to 6`);
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
      const ok =
        type === 'boolean' ? typeof d === 'boolean'
        : type === 'integer' ? Number.isInteger(d)
        : type === 'enum' ? Array.isArray(field.values) && field.values.some((v: { value?: unknown }) => v?.value === d)
        : type === 'decimal' ? typeof d === 'string' && /^-?\d+(\.\d+)?$/.test(d)
        : type === 'date' ? typeof d === 'string' && isRealDate(d)
        : type === 'reference' || type === 'datetime' ? false
        : typeof d === 'string';
      if (!ok) problems.push(`${at}.default: not a value of a ${type} field`);
    }
  });
  if (!spec.fields.some((f: { type?: unknown }) => f?.type === 'string')) problems.push('fields: at least one string field is required (it names a record in pickers and the audit trail)');
  return problems;
}

/* ---------- the derived definition ---------- */

export interface ResourceField extends ResourceFieldSpec {
  /** The database column. */
  column: string;
}

export interface ResourceDef {
  name: string;
  plural: string;
  label: Labels;
  pluralLabel: Labels;
  menu: { group: string; groupLabel?: Labels; order?: number };
  fields: ResourceField[];
  /** The table, the plural in snake case. */
  table: string;
  /** The page's path, `/<group>/<plural in kebab case>`. */
  path: string;
  /** The calls' base path, `/api/<plural in kebab case>`. */
  apiPath: string;
  /** The field that names a record (the first string field): pickers, the audit trail's summary. */
  titleField: string;
  permissions: { read: ResourcePermission; write: ResourcePermission; export: ResourcePermission };
  schemas: {
    record: z.ZodType;
    form: z.ZodObject;
    update: z.ZodType;
    filter: z.ZodObject;
    listQuery: z.ZodObject;
  };
  calls: { list: CallDef; export: CallDef; options: CallDef; get: CallDef; create: CallDef; update: CallDef; delete: CallDef };
}

const idParams = z.object({ id: z.coerce.number({ error: 'validation.invalidType' }).int('validation.invalidType').positive('validation.invalidValue').max(INT_MAX, 'validation.invalidValue') });

function decimalPattern(scale: number): RegExp {
  const whole = DECIMAL_PRECISION - scale;
  return scale === 0 ? new RegExp(`^-?\\d{1,${whole}}$`) : new RegExp(`^-?\\d{1,${whole}}(\\.\\d{1,${scale}})?$`);
}

/** A decimal's value as the database answers it, with its scale (`19.9` -> `19.90`). */
export function formatDecimal(value: string, scale: number): string {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  const text = scale === 0 ? whole : `${whole}.${fraction.padEnd(scale, '0').slice(0, scale)}`;
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}

/** The schema of one field's value in a create or update body. */
function valueSchema(field: ResourceFieldSpec): z.ZodType {
  switch (field.type) {
    case 'string':
    case 'text': {
      const max = field.max ?? (field.type === 'string' ? 100 : 2000);
      let s = z.string({ error: 'validation.invalidType' }).trim().check(maxChars(max, msg('common.maxLength', { n: max })));
      if (field.required) s = s.min(1, { error: 'common.required', abort: true });
      if (field.pattern) {
        const re = new RegExp(`^(?:${field.pattern})$`, 'u');
        s = s.refine((v) => v === '' || re.test(v), 'validation.invalidValue');
      }
      return s;
    }
    case 'integer': {
      let n = z.number({ error: 'validation.invalidType' }).int('validation.invalidType');
      n = n.min(field.min ?? -INT_MAX, msg('validation.tooSmall', { n: field.min ?? -INT_MAX })).max(field.max ?? INT_MAX, msg('validation.tooBig', { n: field.max ?? INT_MAX }));
      return n;
    }
    case 'decimal': {
      const pattern = decimalPattern(field.scale ?? 2);
      let d = z.string({ error: 'validation.invalidType' }).trim().regex(pattern, 'validation.invalidValue');
      if (field.min !== undefined) d = d.refine((v) => !pattern.test(v) || Number(v) >= field.min!, msg('validation.tooSmall', { n: field.min }));
      if (field.max !== undefined) d = d.refine((v) => !pattern.test(v) || Number(v) <= field.max!, msg('validation.tooBig', { n: field.max }));
      return d;
    }
    case 'boolean':
      return z.boolean({ error: 'validation.invalidType' });
    case 'date':
      return z.string({ error: 'validation.invalidType' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalidValue').refine(isRealDate, 'validation.invalidValue');
    case 'datetime':
      return z
        .string({ error: 'validation.invalidType' })
        .refine((v) => parseInstant(v) !== null, 'validation.invalidValue')
        .transform((v) => parseInstant(v)!.toISOString());
    case 'enum':
      return z.enum(field.values!.map((v) => v.value) as [string, ...string[]], { error: 'validation.invalidValue' });
    case 'reference':
      return z.number({ error: 'validation.invalidType' }).int('validation.invalidType').positive('validation.invalidValue').max(INT_MAX, 'validation.invalidValue');
  }
}

/** The value of a field in a record as the calls answer it. */
function recordValueSchema(field: ResourceFieldSpec): z.ZodType {
  const base =
    field.type === 'integer' || field.type === 'reference' ? z.number().int()
    : field.type === 'boolean' ? z.boolean()
    : z.string();
  return base.nullable();
}

/** A filter's schema in the list query (an empty value: no filter). */
function filterSchema(field: ResourceFieldSpec): z.ZodType {
  const kind = field.filter!;
  if (kind === 'range') {
    const one = field.type === 'integer' ? z.coerce.number({ error: 'validation.invalidType' }).int('validation.invalidType') : valueSchema({ ...field, required: false, min: undefined, max: undefined });
    return z.preprocess(
      (v) => (v === undefined || v === '' ? undefined : Array.isArray(v) ? v : [v]),
      z
        .tuple([one, one], { error: 'validation.invalidValue' })
        .refine(([start, end]) => (field.type === 'decimal' ? Number(start) <= Number(end) : (start as string | number) <= (end as string | number)), 'validation.invalidValue')
        .optional(),
    );
  }
  if (field.type === 'boolean') return z.preprocess(blankToUndefined, z.enum(['true', 'false'], { error: 'validation.invalidValue' }).transform((v) => v === 'true').optional());
  if (field.type === 'integer' || field.type === 'reference') return z.preprocess(blankToUndefined, z.coerce.number({ error: 'validation.invalidType' }).int('validation.invalidType').min(-INT_MAX).max(INT_MAX).optional());
  if (field.type === 'enum') return z.preprocess(blankToUndefined, z.enum(field.values!.map((v) => v.value) as [string, ...string[]], { error: 'validation.invalidValue' }).optional());
  if (field.type === 'string') return z.preprocess(blankToUndefined, z.string().trim().check(maxChars(100, msg('common.maxLength', { n: 100 }))).optional());
  return z.preprocess(blankToUndefined, valueSchema({ ...field, required: false }).optional());
}

/** The sort values a list accepts: a sortable field or the creation time, `-` before it for descending. */
function resourceSortKeys(def: Pick<ResourceDef, 'fields'>): string[] {
  const names = ['createdAt', 'updatedAt', ...def.fields.filter((f) => f.sortable).map((f) => f.name)];
  return names.flatMap((n) => [n, `-${n}`]);
}

/**
 * Derives everything of a resource from its spec: the calls (list, export, options, get, create,
 * update, delete) with their schemas, the permission codes and the page's path. Throws on a spec with
 * problems (the command refuses them before writing anything).
 */
export function defineResource(spec: ResourceSpec): ResourceDef {
  // Whether a reference's resource exists is the registry's check (resources.test.ts), not one file's.
  const problems = resourceSpecProblems(spec, spec.fields.filter((f) => f.type === 'reference').map((f) => f.to!));
  if (problems.length > 0) throw new Error(`resource "${spec.name}": ${problems.join('; ')}`);
  const plural = spec.plural ?? `${spec.name}s`;
  const fields: ResourceField[] = spec.fields.map((f) => ({ ...f, column: snakeCase(f.name) }));
  const apiPath = `/api/${kebabCase(plural)}`;
  const permissions = { read: `${spec.name}:read`, write: `${spec.name}:write`, export: `${spec.name}:export` } as const;

  const formShape: Record<string, z.ZodType> = {};
  for (const f of fields) {
    const value = valueSchema(f);
    formShape[f.name] = f.required ? value : z.preprocess((v) => (v === '' ? null : v), value.nullable().optional());
  }
  const form = z.object(formShape).strict();
  const editable = fields.filter((f) => !f.readOnly).map((f) => f.name);
  const update = form
    .pick(Object.fromEntries(editable.map((n) => [n, true])) as Record<string, true>)
    .extend({ version: z.number({ error: 'validation.invalidType' }).int('validation.invalidType').min(1, 'validation.invalidValue') })
    .strict();

  const actor = z.object({ id: z.number().int(), name: z.string() }).nullable();
  const record = z.object({
    id: z.number().int(),
    ...Object.fromEntries(fields.map((f) => [f.name, recordValueSchema(f)])),
    version: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
    createdBy: actor,
    updatedBy: actor,
  });
  /** Per reference field, the labels of the records the page refers to: `{ supplier: { "3": "Acme" } }`. */
  const labelsSchema = z.record(z.string(), z.record(z.string(), z.string()));
  const sortKeys = resourceSortKeys({ fields });
  const filter = z.object(Object.fromEntries(fields.filter((f) => f.filter).map((f) => [f.name, filterSchema(f)])));
  const listQuery = filter.extend({
    sort: z.preprocess(blankToUndefined, z.enum(sortKeys as [string, ...string[]], { error: 'validation.invalidValue' }).default('-createdAt')),
    current: z.preprocess(blankToUndefined, z.coerce.number({ error: 'validation.invalidType' }).int('validation.invalidType').min(1, msg('validation.tooSmall', { n: 1 })).max(INT_MAX, 'validation.invalidValue').default(1)),
    pageSize: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'validation.invalidType' })
        .refine((n) => (resourcePageSizes as readonly number[]).includes(n), 'validation.invalidValue')
        .default(10),
    ),
  });
  const exportQuery = filter.extend({ sort: listQuery.shape.sort });
  const list = z.object({ list: z.array(record), total: z.number().int(), current: z.number().int(), pageSize: z.number().int(), labels: labelsSchema });
  const detail = record.extend({ labels: labelsSchema });
  const optionsQuery = z.object({
    keyword: z.preprocess(blankToUndefined, z.string().trim().check(maxChars(100, msg('common.maxLength', { n: 100 }))).optional()),
    id: z.preprocess(blankToUndefined, idParams.shape.id.optional()),
  });
  const options = z.array(z.object({ id: z.number().int(), label: z.string() }));
  const versionQuery = z.object({ version: z.coerce.number({ error: 'validation.invalidType' }).int('validation.invalidType').min(1, 'validation.invalidValue') });
  const title = spec.label['en-US'].toLowerCase();
  const many = spec.pluralLabel['en-US'].toLowerCase();

  const calls = {
    list: defineCall({ id: `${spec.name}.list`, method: 'GET', path: apiPath, access: 'signed', permission: permissions.read, summary: `${spec.pluralLabel['en-US']}: filters, sort, paging (10/20/50/100)`, query: listQuery, response: list }),
    export: defineCall({ id: `${spec.name}.export`, method: 'GET', path: `${apiPath}/export`, access: 'signed', permission: permissions.export, summary: `Every ${title} of the filters as a streamed CSV (BOM, caller language, no row cap)`, query: exportQuery, responseKind: 'csv' }),
    options: defineCall({ id: `${spec.name}.options`, method: 'GET', path: `${apiPath}/options`, access: 'signed', permission: permissions.read, summary: `At most ${OPTIONS_LIMIT} ${many} matching a keyword, for pickers`, query: optionsQuery, response: options }),
    get: defineCall({ id: `${spec.name}.get`, method: 'GET', path: `${apiPath}/:id`, access: 'signed', permission: permissions.read, summary: `One ${title}`, params: idParams, response: detail }),
    create: defineCall({ id: `${spec.name}.create`, method: 'POST', path: apiPath, access: 'signed', permission: permissions.write, summary: `Creates a ${title}`, body: form, response: detail, writes: true }),
    update: defineCall({ id: `${spec.name}.update`, method: 'PUT', path: `${apiPath}/:id`, access: 'signed', permission: permissions.write, summary: `Edits a ${title} at its version (409 VERSION_CONFLICT when someone saved first)`, params: idParams, body: update, response: detail, writes: true }),
    delete: defineCall({ id: `${spec.name}.delete`, method: 'DELETE', path: `${apiPath}/:id`, access: 'signed', permission: permissions.write, summary: `Deletes a ${title} at its version (409 IN_USE while another record refers to it)`, params: idParams, query: versionQuery, response: z.object({ id: z.number().int() }), writes: true }),
  } as ResourceDef['calls'];

  return {
    name: spec.name,
    plural,
    label: spec.label,
    pluralLabel: spec.pluralLabel,
    menu: spec.menu,
    fields,
    table: snakeCase(plural),
    path: `/${spec.menu.group}/${kebabCase(plural)}`,
    apiPath,
    titleField: fields.find((f) => f.type === 'string')!.name,
    permissions,
    schemas: { record, form, update, filter, listQuery },
    calls,
  };
}

export const RESOURCE_OPTIONS_LIMIT = OPTIONS_LIMIT;
