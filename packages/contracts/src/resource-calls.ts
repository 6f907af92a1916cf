/**
 * A resource's calls and schemas, from its definition (resource.ts): what the server registers and the
 * console's page and form check with. Kept apart from the definition because it needs the schema library,
 * which the route table, the menu and the sign-in page do without. Built once per definition.
 */
import * as z from './zod.ts';
import { defineCall, type CallDef } from './call.ts';
import { msg, typeError } from './messages/msg.ts';
import { patternExample, patternRule } from './pattern-hint.ts';
import { blankToUndefined, hasOffset, isRealDate, parseInstant } from './query-values.ts';
import { INT_MAX, kebabCase, type ChildrenField, type ResourceDef, type ResourceFieldSpec } from './resource.ts';
import { maxChars } from './text.ts';
import { currentPageSchema } from './paging.ts';

const resourcePageSizes = [10, 20, 50, 100] as const;
/** Digits of a decimal column in all: numeric(18, scale). */
const DECIMAL_PRECISION = 18;
/** Records a picker is offered at most. */
export const RESOURCE_OPTIONS_LIMIT = 20;

export interface ResourceSchemas {
  record: z.ZodType;
  form: z.ZodObject;
  update: z.ZodType;
  filter: z.ZodObject;
  listQuery: z.ZodObject;
}

export interface ResourceCalls {
  list: CallDef;
  /** Many records at once: the ones selected (at their versions) or every one the filters match (their count confirmed). */
  bulkDelete: CallDef;
  bulkUpdate: CallDef;
  /** How many records the filters match, counted up to one past BULK_MATCHING_MAX: what a bulk action over them asks to confirm. */
  count: CallDef;
  /** A record's audit entries, newest first: its own page's history. */
  trail: CallDef;
  export: CallDef;
  options: CallDef;
  get: CallDef;
  create: CallDef;
  update: CallDef;
  delete: CallDef;
  /** A resource with a life cycle: a record's transitions, newest first. */
  history?: CallDef;
  /** A resource with a life cycle: a transition's name that is none of its transitions (404 UNKNOWN_TRANSITION). */
  unknownTransition?: CallDef;
}

/** Records selected on the page a bulk action takes at most (their ids and versions travel in the body). */
export const BULK_SELECTED_MAX = 1000;
/** Records matching the filters a bulk action takes at most, in one transaction with an audit entry each. */
export const BULK_MATCHING_MAX = 10_000;

/**
 * The fields a bulk edit may set on many records to one value: what an edit may change (not `readOnly`, not
 * a life cycle's state), and not a `unique` field (one value on two records would break it); a scoped
 * record's department and owner too (reassigning records is the common case).
 */
export function bulkFields(def: ResourceDef): string[] {
  return [...def.fields.filter((f) => !f.readOnly && !f.state && !f.unique).map((f) => f.name), ...(def.scoped ? ['department', 'owner'] : [])];
}

/** The longest comment a transition takes (characters). */
export const TRANSITION_COMMENT_MAX = 500;
/** The history rows a record's answer holds at most (the newest). */
export const HISTORY_LIMIT = 200;
/** The audit entries a record's page shows at most (the newest). */
export const TRAIL_LIMIT = 200;

const idParams = z.object({ id: z.coerce.number({ error: 'validation.invalidType' }).int('validation.invalidType').positive('validation.invalidValue').max(INT_MAX, 'validation.invalidValue') });

/**
 * A decimal's text, checked a step at a time so the message says which step failed: a number at all,
 * its places after the point (the field's scale), its digits before it (numeric(18, scale)).
 */
function decimalSchema(scale: number): { schema: z.ZodString; valid: (v: string) => boolean } {
  const whole = DECIMAL_PRECISION - scale;
  const number = /^-?(\d+)(?:\.(\d+))?$/;
  // the digits after and before the point, counted without a match's array (an import checks 100 000 of them)
  const places = (v: string) => {
    const point = v.indexOf('.');
    return !number.test(v) || (point < 0 ? 0 : v.length - point - 1) <= scale;
  };
  const digits = (v: string) => {
    const point = v.indexOf('.');
    return !number.test(v) || (point < 0 ? v.length : point) - (v.startsWith('-') ? 1 : 0) <= whole;
  };
  const tooPrecise = scale === 0 ? 'validation.scaleNone' : scale === 1 ? 'validation.scaleOne' : msg('validation.scale', { n: scale });
  const schema = z
    .string({ error: typeError })
    .trim()
    .regex(number, { error: msg('validation.decimal', { example: scale === 0 ? '12' : `12.${'5'.padEnd(scale, '0')}` }), abort: true })
    .refine(places, { error: tooPrecise, abort: true })
    .refine(digits, { error: msg('validation.wholeDigits', { n: whole }), abort: true });
  return { schema, valid: (v) => number.test(v) && places(v) && digits(v) };
}

/**
 * What a value refused by a string field's `pattern` is told: the format by an example (the spec's own,
 * else one made from a pattern of one fixed shape), else, for one character class repeated, how many
 * characters and which (3 到 20 个字符，可用 A–Z, 0–9, -), else the pattern itself.
 */
export function patternMessage(pattern: string, given: string | undefined): string {
  const example = given ?? patternExample(pattern);
  if (example !== undefined) return msg('validation.format', { example });
  const rule = patternRule(pattern);
  if (!rule) return msg('validation.pattern', { pattern });
  const { min, max, chars } = rule;
  if (max === min) return msg('validation.charsExactly', { n: min, chars });
  if (max === undefined) return min === 0 ? msg('validation.charsOnly', { chars }) : msg('validation.charsAtLeast', { n: min, chars });
  return min === 0 ? msg('validation.charsAtMost', { n: max, chars }) : msg('validation.charsBetween', { min, max, chars });
}

/** A time with its offset from UTC: one without would be read in a zone nobody chose. */
const instantSchema = z
  .string({ error: typeError })
  .trim()
  .refine((v) => parseInstant(v) !== null, { error: 'validation.datetime', abort: true })
  .refine(hasOffset, 'validation.datetimeOffset')
  .transform((v) => parseInstant(v)!.toISOString());

/** The schema of one field's value in a create or update body. */
function valueSchema(field: ResourceFieldSpec): z.ZodType {
  switch (field.type) {
    case 'string':
    case 'text': {
      const max = field.max ?? (field.type === 'string' ? 100 : 2000);
      let s = z.string({ error: typeError }).trim().check(maxChars(max, msg('common.maxLength', { n: max })));
      if (field.required) s = s.min(1, { error: 'common.required', abort: true });
      if (field.pattern) {
        const re = new RegExp(`^(?:${field.pattern})$`, 'u');
        s = s.refine((v) => v === '' || re.test(v), patternMessage(field.pattern, field.example));
      }
      return s;
    }
    case 'integer': {
      let n = z.number({ error: typeError }).int('validation.scaleNone');
      n = n.min(field.min ?? -INT_MAX, msg('validation.tooSmall', { n: field.min ?? -INT_MAX })).max(field.max ?? INT_MAX, msg('validation.tooBig', { n: field.max ?? INT_MAX }));
      return n;
    }
    case 'decimal': {
      const { schema, valid } = decimalSchema(field.scale ?? 2);
      let d = schema;
      if (field.min !== undefined) d = d.refine((v) => !valid(v) || Number(v) >= field.min!, msg('validation.tooSmall', { n: field.min }));
      if (field.max !== undefined) d = d.refine((v) => !valid(v) || Number(v) <= field.max!, msg('validation.tooBig', { n: field.max }));
      return d;
    }
    case 'boolean':
      return z.boolean({ error: typeError });
    case 'date':
      return z.string({ error: typeError }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date', abort: true }).refine(isRealDate, 'validation.date');
    case 'datetime':
      return instantSchema;
    case 'enum':
      return z.enum(field.values!.map((v) => v.value) as [string, ...string[]], { error: (iss) => (iss.input === undefined || iss.input === null ? 'common.required' : 'validation.invalidValue') });
    case 'reference':
      return z.number({ error: typeError }).int('validation.invalidType').positive('validation.invalidValue').max(INT_MAX, 'validation.invalidValue');
  }
}

/**
 * A `children` field's rows in a create or an update: each row's fields as a form's (`lines[3].quantity`
 * names a problem), the id of a row the parent has or none for a new one, at most the field's `max`.
 */
function childrenSchema(c: ChildrenField): z.ZodType {
  const shape: Record<string, z.ZodType> = { id: z.number({ error: typeError }).int('validation.invalidType').positive('validation.invalidValue').max(INT_MAX, 'validation.invalidValue').optional() };
  for (const f of c.def.fields) shape[f.name] = f.required ? valueSchema(f) : z.preprocess((v) => (v === '' ? null : v), valueSchema(f).nullable().optional());
  let rows = z.array(z.object(shape).strict(), { error: typeError }).max(c.max, msg('validation.childrenMax', { n: c.max }));
  if (c.required) rows = rows.min(1, 'common.required');
  return rows.superRefine((list, ctx) => {
    const seen = new Set<number>();
    list.forEach((row, i) => {
      const id = (row as { id?: number }).id;
      if (id === undefined) return;
      if (seen.has(id)) ctx.addIssue({ code: 'custom', message: 'validation.childRowRepeated', path: [i, 'id'] });
      seen.add(id);
    });
  });
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
    const end = z.preprocess(blankToUndefined, one.optional());
    const inOrder = ([start, end]: unknown[]) =>
      start === undefined || end === undefined || (field.type === 'decimal' ? Number(start) <= Number(end) : (start as string | number) <= (end as string | number));
    // The name twice, start then end; either may be empty (an open end), and the name once is a start.
    return z.preprocess(
      (v) => {
        const ends = Array.isArray(v) ? v : [v];
        return ends.every((e) => blankToUndefined(e) === undefined) ? undefined : ends.length === 1 ? [ends[0], undefined] : ends;
      },
      z
        .tuple([end, end], { error: 'validation.rangeTwoValues' })
        .refine(inOrder, 'validation.rangeOrder')
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

const built = new WeakMap<ResourceDef, { schemas: ResourceSchemas; calls: ResourceCalls }>();

function build(def: ResourceDef): { schemas: ResourceSchemas; calls: ResourceCalls } {
  const { fields, apiPath, permissions } = def;
  const formShape: Record<string, z.ZodType> = {};
  // the state field is written by transitions only: a create or an update that names it is refused (strict)
  for (const f of fields.filter((f) => !f.state)) {
    const value = valueSchema(f);
    formShape[f.name] = f.required ? value : z.preprocess((v) => (v === '' ? null : v), value.nullable().optional());
  }
  // A scoped record's department and owner (ids, like references): left out, the writer's department and
  // the writer; both editable (a record is reassigned), the server keeping them within the writer's scope.
  const scopeShape: Record<string, z.ZodType> = {};
  if (def.scoped) for (const name of ['department', 'owner']) scopeShape[name] = z.preprocess((v) => (v === '' ? null : v), valueSchema({ name, type: 'reference', label: def.label }).nullable().optional());
  Object.assign(formShape, scopeShape);
  // A parent's rows (an order's lines): each row's fields as a form's, and the id of a row it has (none: a new
  // row). A create without them creates none; an update without them leaves them as they are.
  const childLists = Object.fromEntries(def.children.map((c) => [c.name, childrenSchema(c)]));
  const form = z.object({ ...formShape, ...Object.fromEntries(def.children.map((c) => [c.name, c.required ? childLists[c.name]! : childLists[c.name]!.optional()])) }).strict();
  const editable = [...fields.filter((f) => !f.readOnly && !f.state).map((f) => f.name), ...Object.keys(scopeShape)];
  const update = form
    .pick(Object.fromEntries(editable.map((n) => [n, true])) as Record<string, true>)
    .extend({ version: z.number({ error: typeError }).int('validation.invalidType').min(1, 'validation.invalidValue'), ...Object.fromEntries(def.children.map((c) => [c.name, childLists[c.name]!.optional()])) })
    .strict();

  const actor = z.object({ id: z.number().int(), name: z.string() }).nullable();
  const record = z.object({
    id: z.number().int(),
    ...Object.fromEntries(fields.map((f) => [f.name, recordValueSchema(f)])),
    ...(def.scoped ? { department: z.number().int(), owner: z.number().int() } : {}),
    version: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
    createdBy: actor,
    updatedBy: actor,
    // the transitions the caller may fire now (a life cycle's): its permission, the state, an approver not asking themselves
    ...(def.lifecycle ? { transitions: z.array(z.string()) } : {}),
  });
  /**
   * Per reference field, the labels of the records the page refers to: `{ supplier: { "3": "Acme" } }`; a
   * scoped record's departments' and owners' names under `department` and `owner`.
   */
  const labelsSchema = z.record(z.string(), z.record(z.string(), z.string()));
  const sortKeys = resourceSortKeys({ fields });
  const filterShape = Object.fromEntries(fields.filter((f) => f.filter).map((f) => [f.name, filterSchema(f)]));
  // a scoped list filters by department (it and every one below it) and by owner
  if (def.scoped) for (const name of ['department', 'owner']) filterShape[name] = filterSchema({ name, type: 'reference', label: def.label, filter: 'equals' });
  const filter = z.object(filterShape);
  const listQuery = filter.extend({
    sort: z.preprocess(blankToUndefined, z.enum(sortKeys as [string, ...string[]], { error: 'validation.invalidValue' }).default('-createdAt')),
    current: currentPageSchema,
    pageSize: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'validation.invalidType' })
        .refine((n) => (resourcePageSizes as readonly number[]).includes(n), 'validation.invalidValue')
        .default(10),
    ),
  });
  // a CSV file (the default) or an XLSX workbook
  const exportQuery = filter.extend({ sort: listQuery.shape.sort, format: z.preprocess(blankToUndefined, z.enum(['csv', 'xlsx'], { error: 'validation.invalidValue' }).default('csv')) });
  const list = z.object({ list: z.array(record), total: z.number().int(), totalCapped: z.boolean(), current: z.number().int(), pageSize: z.number().int(), labels: labelsSchema });
  // a record by id carries its rows (a list's records do not); their references' labels are under `<children>.<field>`
  const detail = record.extend({
    labels: labelsSchema,
    ...Object.fromEntries(def.children.map((c) => [c.name, z.array(z.object({ id: z.number().int(), ...Object.fromEntries(c.def.fields.map((f) => [f.name, recordValueSchema(f)])) }))])),
  });
  const optionsQuery = z.object({
    keyword: z.preprocess(blankToUndefined, z.string().trim().check(maxChars(100, msg('common.maxLength', { n: 100 }))).optional()),
    id: z.preprocess(blankToUndefined, idParams.shape.id.optional()),
  });
  const options = z.array(z.object({ id: z.number().int(), label: z.string() }));
  const versionQuery = z.object({ version: z.coerce.number({ error: 'validation.invalidType' }).int('validation.invalidType').min(1, 'validation.invalidValue') });
  const title = def.label['en-US'].toLowerCase();
  const many = def.pluralLabel['en-US'].toLowerCase();

  // A bulk action's records: those selected, each at the version the operator saw (a stale one refuses the
  // whole action), or every record the list's filters match (written as the list's query writes them), with
  // the count the operator confirmed (another count refuses it). Exactly one of the two.
  const versioned = z.object({ id: z.number({ error: typeError }).int('validation.invalidType').positive('validation.invalidValue').max(INT_MAX, 'validation.invalidValue'), version: z.number({ error: typeError }).int('validation.invalidType').min(1, 'validation.invalidValue') }).strict();
  const bulkTarget = {
    records: z
      .array(versioned, { error: typeError })
      .min(1, 'common.required')
      .max(BULK_SELECTED_MAX, msg('validation.bulkSelectedMax', { n: BULK_SELECTED_MAX }))
      .refine((list) => new Set(list.map((r) => r.id)).size === list.length, 'validation.bulkRepeated')
      .optional(),
    matching: z
      .object({
        filters: filter.strict(),
        count: z.number({ error: typeError }).int('validation.invalidType').min(1, msg('validation.tooSmall', { n: 1 })).max(BULK_MATCHING_MAX, msg('validation.bulkMatchingMax', { n: BULK_MATCHING_MAX })),
      })
      .strict()
      .optional(),
  };
  const oneTarget = (body: { records?: unknown; matching?: unknown }) => (body.records === undefined) !== (body.matching === undefined);
  const bulkDeleteBody = z.object(bulkTarget).strict().refine(oneTarget, { error: 'validation.bulkTarget', path: ['records'] });
  const settable = bulkFields(def);
  // a value any of those fields takes (each with the text rule of its own); then the one named, below
  const settableValues = [...new Set(settable.map((name) => formShape[name]!))];
  const bulkUpdateBody = z
    .object({
      ...bulkTarget,
      field: settable.length > 0 ? z.enum(settable as [string, ...string[]], { error: (iss) => (iss.input === undefined ? 'common.required' : 'validation.bulkField') }) : z.never({ error: 'validation.bulkField' }),
      value: settableValues.length > 1 ? z.union(settableValues as [z.ZodType, z.ZodType, ...z.ZodType[]]) : (settableValues[0] ?? z.never()),
    })
    .strict()
    .refine(oneTarget, { error: 'validation.bulkTarget', path: ['records'] })
    // the value as the form checks the field (`value` names the problem), converted as the form converts it
    .transform((body, ctx) => {
      const parsed = formShape[body.field]!.safeParse(body.value);
      if (parsed.success) return { ...body, value: parsed.data ?? null };
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: ['value', ...issue.path] });
      return z.NEVER;
    });
  const bulkAnswer = z.object({ count: z.number().int() });
  /** A bulk edit's records written, and those that held the value already (left as they were). */
  const bulkUpdateAnswer = z.object({ count: z.number().int(), unchanged: z.number().int() });
  const countAnswer = z.object({ count: z.number().int(), capped: z.boolean() });
  const trailEntry = z.object({
    id: z.number().int(),
    action: z.string(),
    at: z.string(),
    actor: actor,
    summary: z.string(),
    changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
  });

  const calls = {
    list: defineCall({ id: `${def.name}.list`, method: 'GET', path: apiPath, access: 'signed', permission: permissions.read, summary: `${def.pluralLabel['en-US']}: filters, sort, paging (10/20/50/100)`, query: listQuery, response: list }),
    export: defineCall({ id: `${def.name}.export`, method: 'GET', path: `${apiPath}/export`, access: 'signed', permission: permissions.export, summary: `Every ${title} of the filters as a streamed CSV (BOM, caller language, no row cap), or an XLSX workbook (\`format=xlsx\`)`, query: exportQuery, responseKind: 'csv' }),
    options: defineCall({ id: `${def.name}.options`, method: 'GET', path: `${apiPath}/options`, access: 'signed', permission: permissions.read, summary: `At most ${RESOURCE_OPTIONS_LIMIT} ${many} matching a keyword, for pickers`, query: optionsQuery, response: options }),
    get: defineCall({ id: `${def.name}.get`, method: 'GET', path: `${apiPath}/:id`, access: 'signed', permission: permissions.read, summary: `One ${title}`, params: idParams, response: detail }),
    create: defineCall({ id: `${def.name}.create`, method: 'POST', path: apiPath, access: 'signed', permission: permissions.write, summary: `Creates a ${title}`, body: form, response: detail, writes: true }),
    update: defineCall({ id: `${def.name}.update`, method: 'PUT', path: `${apiPath}/:id`, access: 'signed', permission: permissions.write, summary: `Edits a ${title} at its version (409 VERSION_CONFLICT when someone saved first)`, params: idParams, body: update, response: detail, writes: true }),
    count: defineCall({ id: `${def.name}.count`, method: 'GET', path: `${apiPath}/count`, access: 'signed', permission: permissions.read, summary: `How many ${many} the filters match, counted up to ${BULK_MATCHING_MAX} (then \`capped\`)`, query: filter, response: countAnswer }),
    trail: defineCall({ id: `${def.name}.trail`, method: 'GET', path: `${apiPath}/:id/trail`, access: 'signed', permission: permissions.read, summary: `A ${title}'s audit entries, newest first (at most ${TRAIL_LIMIT}): who changed what, and when`, params: idParams, response: z.object({ list: z.array(trailEntry) }) }),
    bulkDelete: defineCall({ id: `${def.name}.bulk-delete`, method: 'POST', path: `${apiPath}/bulk-delete`, access: 'signed', permission: permissions.write, summary: `Deletes ${many} at once, all or none: those selected (at their versions, at most ${BULK_SELECTED_MAX}) or those the filters match (their count confirmed, at most ${BULK_MATCHING_MAX}); an audit entry each`, body: bulkDeleteBody, response: bulkAnswer, writes: true }),
    bulkUpdate: defineCall({ id: `${def.name}.bulk-update`, method: 'POST', path: `${apiPath}/bulk-update`, access: 'signed', permission: permissions.write, summary: `Sets one field of ${many} to one value, all or none, selected or matching as bulk-delete; an audit entry for each record it changes (one that holds the value already is left as it is)`, body: bulkUpdateBody, response: bulkUpdateAnswer, writes: true }),
    delete: defineCall({ id: `${def.name}.delete`, method: 'DELETE', path: `${apiPath}/:id`, access: 'signed', permission: permissions.write, summary: `Deletes a ${title} at its version (409 IN_USE while another record refers to it)`, params: idParams, query: versionQuery, response: z.object({ id: z.number().int() }), writes: true }),
  } as ResourceCalls;
  if (def.lifecycle) {
    const transitionBody = z.object({ version: z.number().optional(), comment: z.string().check(maxChars(TRANSITION_COMMENT_MAX, msg('common.maxLength', { n: TRANSITION_COMMENT_MAX }))).optional() });
    const historyRow = z.object({ id: z.number().int(), transition: z.string(), from: z.string(), to: z.string(), actor, comment: z.string().nullable(), at: z.string() });
    calls.history = defineCall({ id: `${def.name}.history`, method: 'GET', path: `${apiPath}/:id/history`, access: 'signed', permission: permissions.read, summary: `A ${title}'s transitions, newest first (at most ${HISTORY_LIMIT})`, params: idParams, response: z.object({ list: z.array(historyRow) }) });
    calls.unknownTransition = defineCall({ id: `${def.name}.transition`, method: 'POST', path: `${apiPath}/:id/transitions/:name`, access: 'signed', permission: permissions.read, summary: `A name that is none of the ${title}'s transitions: 404 UNKNOWN_TRANSITION naming them`, params: idParams.extend({ name: z.string().check(maxChars(100, msg('common.maxLength', { n: 100 }))) }), body: transitionBody, response: detail });
  }

  return { schemas: { record, form, update, filter, listQuery }, calls };
}

const transitionsBuilt = new WeakMap<ResourceDef, Record<string, CallDef>>();

/**
 * A life cycle's transitions, one call each by name: `POST <apiPath>/:id/transitions/<name>` with the
 * record's version and, where the transition takes one, a comment; under its own permission
 * (`order:approve`). Answers the record as the transition left it.
 */
export function resourceTransitionCalls(def: ResourceDef): Record<string, CallDef> {
  let done = transitionsBuilt.get(def);
  if (done) return done;
  const detail = api(def).calls.get.response!;
  const version = z.number({ error: typeError }).int('validation.invalidType').min(1, 'validation.invalidValue');
  const comment = z.string({ error: typeError }).trim().check(maxChars(TRANSITION_COMMENT_MAX, msg('common.maxLength', { n: TRANSITION_COMMENT_MAX })));
  done = Object.fromEntries(
    (def.lifecycle?.transitions ?? []).map((t) => {
      const body = z
        .object({
          version,
          ...(t.comment === 'required' ? { comment: comment.min(1, { error: 'common.required', abort: true }) } : t.comment === 'optional' ? { comment: z.preprocess((v) => (v === '' ? null : v), comment.nullable().optional()) } : {}),
        })
        .strict();
      const summary = `${t.label['en-US']}: ${t.from.join(', ')} -> ${t.to}${t.approval ? (t.approval.by === 'role' ? ` (approved by the role ${t.approval.role})` : ' (approved by the department leader)') : ''}`;
      return [t.name, defineCall({ id: `${def.name}.transition.${kebabCase(t.name)}`, method: 'POST', path: `${def.apiPath}/:id/transitions/${t.name}`, access: 'signed', permission: t.permission, summary, params: idParams, body, response: detail, writes: true })];
    }),
  );
  transitionsBuilt.set(def, done);
  return done;
}

function api(def: ResourceDef): { schemas: ResourceSchemas; calls: ResourceCalls } {
  let done = built.get(def);
  if (!done) built.set(def, (done = build(def)));
  return done;
}

/** The resource's seven calls (list, export, options, get, create, update, delete) with their schemas. */
export const resourceCalls = (def: ResourceDef): ResourceCalls => api(def).calls;

/** The schemas of a record, the form (create), an update, the filters and the list's query. */
export const resourceSchemas = (def: ResourceDef): ResourceSchemas => api(def).schemas;
