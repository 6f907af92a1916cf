import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ResourceDef } from '@atrium/contracts/resource';
import { RESOURCE_OPTIONS_LIMIT, resourceCalls } from '@atrium/contracts/resource-calls';
import type { Locale } from '@atrium/contracts';
import type { Db } from '../../db/client.ts';
import { violatedConstraint } from '../../db/errors.ts';
import { diffFields, removedFields } from '../../audit/audit-entry.ts';
import { AppError } from '../../http/errors.ts';
import { registerCall } from '../../http/register-call.ts';
import { csvLine, sendCsv, type CsvBatch } from '../shared/csv.ts';
import { AnswerCache } from '../shared/list-cache.ts';
import { deleteRow, exportRows, findRow, firstReferrer, insertRow, labelsOf, listRows, optionRows, rowExists, uniqueTaken, updateRow, type ExportCursor, type ResourceRow } from './resource.repository.ts';

/**
 * The server half of the resource kit: a resource's seven calls (list, export, options, get, create,
 * update, delete) from its definition, with the checks every resource needs: unique values (409
 * UNIQUE_VIOLATION naming the field), references that exist (400 on the field) and are not deleted while
 * referred to (409 IN_USE), optimistic concurrency (409 VERSION_CONFLICT: two operators editing one
 * record never overwrite each other silently). Permissions, validation, the audit entry and its
 * transaction come from the call table and registerCall, as for every other call.
 */

/** What a team may add to a resource's behaviour (docs/resources.md); every hook is optional. */
export interface ResourceHooks {
  /** Before a create or an update is written (inside its transaction): check or complete the values, or throw an AppError. */
  beforeWrite?: (values: Record<string, unknown>, ctx: { db: Db; existing: ResourceRow | null }) => Promise<void> | void;
}

interface ResourceList {
  list: ResourceRow[];
  total: number;
  totalCapped: boolean;
  current: number;
  pageSize: number;
  labels: Record<string, Record<string, string>>;
}

export interface ResourceModule {
  def: ResourceDef;
  /** Registers the calls; `all`: every registered resource (references and IN_USE look across them). */
  register(app: FastifyInstance, all: readonly ResourceDef[]): void;
}

const EXPORT_BATCH_ROWS = 1000;

export function resourceModule(def: ResourceDef, hooks: ResourceHooks = {}): ResourceModule {
  return { def, register: (app, all) => registerResource(app, def, all, hooks) };
}

/** The fields the trail shows before and after a write: every field (a text's value included). */
const auditedFields = (def: ResourceDef) => def.fields.map((f) => f.name);

/** The resource a reference field points at (itself, or another registered one; undefined: none). */
const referredBy = (def: ResourceDef, all: readonly ResourceDef[], to: string | undefined) => (to === def.name ? def : all.find((r) => r.name === to));

/** `{ supplier: { "3": "Acme" } }` for the reference fields of the given records. */
async function referenceLabels(db: Db, def: ResourceDef, all: readonly ResourceDef[], records: readonly ResourceRow[]): Promise<Record<string, Record<string, string>>> {
  const labels: Record<string, Record<string, string>> = {};
  for (const f of def.fields) {
    if (f.type !== 'reference') continue;
    const other = referredBy(def, all, f.to);
    if (!other) continue;
    const ids = [...new Set(records.map((r) => r[f.name]).filter((v): v is number => typeof v === 'number'))];
    labels[f.name] = await labelsOf(db, other, ids);
  }
  return labels;
}

/** The checks a create or an update passes before it is written; throws the refusal the client can act on. */
async function checkValues(db: Db, def: ResourceDef, all: readonly ResourceDef[], values: Record<string, unknown>, exceptId?: number): Promise<void> {
  const missing: { path: string; message: string }[] = [];
  for (const f of def.fields) {
    const value = values[f.name];
    if (value === undefined || value === null) continue;
    if (f.type === 'reference') {
      const other = referredBy(def, all, f.to);
      if (!other || !(await rowExists(db, other, value as number))) missing.push({ path: f.name, message: 'validation.invalidValue' });
    }
  }
  if (missing.length > 0) throw new AppError('VALIDATION_FAILED', { details: missing });
  for (const f of def.fields) {
    if (!f.unique || values[f.name] === undefined || values[f.name] === null) continue;
    if (await uniqueTaken(db, def, f, values[f.name], exceptId)) throw new AppError('UNIQUE_VIOLATION', { details: [{ path: f.name, message: 'validation.invalidValue' }] });
  }
}

/**
 * A write that lost a race to another (the checks above passed, then a concurrent write took the value or
 * removed the referred record), or a table outside the kit that refers to the record, meets the table's
 * own constraints: answered as the checks would have, never as a 500. Names follow migration-sql.ts:
 * `<table>_<column>_unique`, `<table>_<column>_fk`.
 */
async function asRefusal<T>(def: ResourceDef, all: readonly ResourceDef[], write: () => Promise<T>, onForeignKey: 'field' | 'in-use'): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const violated = violatedConstraint(err);
    if (!violated) throw err;
    if (violated.code === '23503' && onForeignKey === 'in-use') {
      // the referring table's constraint: a resource's name when it is one, else the constraint's table and column
      const referrer = all.find((r) => violated.constraint.startsWith(`${r.table}_`))?.name ?? violated.constraint.replace(/_fk$/, '');
      throw new AppError('IN_USE', { details: { referredBy: referrer } });
    }
    const field = def.fields.find((f) => violated.constraint === `${def.table}_${f.column}_${violated.code === '23505' ? 'unique' : 'fk'}`);
    if (!field) throw err;
    if (violated.code === '23505') throw new AppError('UNIQUE_VIOLATION', { details: [{ path: field.name, message: 'validation.invalidValue' }] });
    throw new AppError('VALIDATION_FAILED', { details: [{ path: field.name, message: 'validation.invalidValue' }] });
  }
}

/** A summary for the trail: the action and the record's title (`created product "Desk lamp"`). */
const summaryOf = (def: ResourceDef, verb: string, row: ResourceRow) => `${verb} ${def.name} ${JSON.stringify(String(row[def.titleField] ?? row.id))}`;

function registerResource(app: FastifyInstance, def: ResourceDef, all: readonly ResourceDef[], hooks: ResourceHooks): void {
  const calls = resourceCalls(def);
  const load = async (db: Db, id: number, lock = false) => {
    const row = await findRow(db, def, id, lock);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  };
  const withLabels = async (db: Db, row: ResourceRow) => ({ ...row, labels: await referenceLabels(db, def, all, [row]) });

  // The tables a page reads: the resource's own, and those its reference labels come from.
  const referred = def.fields.flatMap((f) => (f.type === 'reference' ? [referredBy(def, all, f.to)?.table] : []));
  const pages = new AnswerCache<ResourceList>([...new Set([def.table, ...referred.filter((t) => t !== undefined)])]);
  registerCall(
    app,
    calls.list,
    ({ db, req, query }) =>
      // the parsed query's keys come in the schema's order: equal requests give equal keys
      pages.answer(db, JSON.stringify(query), req.generations, async () => {
        const { current, pageSize, sort, ...filters } = query as Record<string, unknown> & { current: number; pageSize: number; sort: string };
        const page = await listRows(db, def, filters, sort, (current - 1) * pageSize, pageSize);
        const labels = await referenceLabels(db, def, all, page.rows);
        return { value: { list: page.rows, total: page.total, totalCapped: page.capped, current, pageSize, labels }, weight: page.rows.length };
      }),
    { reads: pages.tables },
  );

  registerCall(app, calls.export, async ({ db, reply, query, locale, now }) => exportCsv(db, def, all, reply, query as Record<string, unknown>, locale, now()));

  registerCall(app, calls.options, async ({ db, query }) => {
    const { keyword, id } = query as { keyword?: string; id?: number };
    return optionRows(db, def, keyword, id, RESOURCE_OPTIONS_LIMIT);
  });

  registerCall(app, calls.get, async ({ db, params }) => withLabels(db, await load(db, (params as { id: number }).id)));

  registerCall(app, calls.create, async ({ db, body, session, now, audit }) => {
    const values = { ...(body as Record<string, unknown>) };
    await hooks.beforeWrite?.(values, { db, existing: null });
    await checkValues(db, def, all, values);
    const id = await asRefusal(def, all, () => insertRow(db, def, values, session.userId, now()), 'field');
    const row = await load(db, id);
    audit.set({ targetType: def.name, targetId: id, summary: summaryOf(def, 'created', row), changes: diffFields<ResourceRow>(null, row, auditedFields(def)) });
    return withLabels(db, row);
  });

  registerCall(app, calls.update, async ({ db, params, body, session, now, audit }) => {
    const id = (params as { id: number }).id;
    const { version, ...values } = body as Record<string, unknown> & { version: number };
    const before = await load(db, id, true);
    if (before.version !== version) throw new AppError('VERSION_CONFLICT', { details: { version: before.version } });
    await hooks.beforeWrite?.(values, { db, existing: before });
    await checkValues(db, def, all, values, id);
    await asRefusal(def, all, () => updateRow(db, def, id, values, session.userId, now()), 'field');
    const after = await load(db, id);
    audit.set({ targetType: def.name, targetId: id, summary: summaryOf(def, 'updated', after), changes: diffFields(before, after, auditedFields(def)) });
    return withLabels(db, after);
  });

  registerCall(app, calls.delete, async ({ db, params, query, audit }) => {
    const id = (params as { id: number }).id;
    const before = await load(db, id, true);
    if (before.version !== (query as { version: number }).version) throw new AppError('VERSION_CONFLICT', { details: { version: before.version } });
    const referrer = await firstReferrer(db, def, id, all);
    if (referrer) throw new AppError('IN_USE', { details: { referredBy: referrer } });
    await asRefusal(def, all, () => deleteRow(db, def, id), 'in-use');
    audit.set({ targetType: def.name, targetId: id, summary: summaryOf(def, 'deleted', before), changes: removedFields(before, auditedFields(def)) });
    return { id };
  });
}

/** A cell of the export as a person reads it: labels for enums, booleans and references, in the caller's language. */
function cellText(def: ResourceDef, row: ResourceRow, name: string, labels: Record<string, Record<string, string>>, locale: Locale): string {
  const field = def.fields.find((f) => f.name === name)!;
  const value = row[name];
  if (value === null || value === undefined) return '';
  if (field.type === 'enum') return field.values!.find((v) => v.value === value)?.label[locale] ?? String(value);
  if (field.type === 'boolean') return value ? (locale === 'zh-CN' ? '是' : 'Yes') : locale === 'zh-CN' ? '否' : 'No';
  if (field.type === 'reference') return labels[name]?.[String(value)] ?? String(value);
  return String(value);
}

/**
 * Every record of the filters as CSV, as the collections' export: BOM, the caller's language, the
 * list's order, no row cap; read in batches and written as the client takes them, so memory stays flat.
 * The first batch is read before the headers go out, so a failing query still answers in the envelope.
 */
async function exportCsv(db: Db, def: ResourceDef, all: readonly ResourceDef[], reply: FastifyReply, query: Record<string, unknown>, locale: Locale, now: Date): Promise<FastifyReply> {
  const { sort, ...filters } = query as Record<string, unknown> & { sort: string };
  const columns = def.fields.map((f) => f.name);
  const batch = async (cursor: ExportCursor | undefined): Promise<CsvBatch> => {
    const { rows, next } = await exportRows(db, def, filters, sort, cursor, EXPORT_BATCH_ROWS);
    const labels = await referenceLabels(db, def, all, rows);
    const text = rows.map((row) => csvLine([String(row.id), ...columns.map((c) => cellText(def, row, c, labels, locale)), row.createdAt as string])).join('');
    return { text, next: rows.length < EXPORT_BATCH_ROWS ? undefined : () => batch(next) };
  };
  const first = await batch(undefined);
  const header = ['ID', ...def.fields.map((f) => f.label[locale]), locale === 'zh-CN' ? '创建时间' : 'Created'];
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return sendCsv(reply, { name: `${def.plural}-${stamp}.csv`, header, what: def.name }, first);
}

/** Registers every resource of the registry. */
export function registerResourceModules(app: FastifyInstance, modules: readonly ResourceModule[]): void {
  const defs = modules.map((m) => m.def);
  for (const m of modules) m.register(app, defs);
}
