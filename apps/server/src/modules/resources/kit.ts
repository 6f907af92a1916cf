import type { FastifyInstance, FastifyReply } from 'fastify';
import { kebabCase, type ChildrenField, type ResourceDef } from '@atrium/contracts/resource';
import { BULK_MATCHING_MAX, RESOURCE_OPTIONS_LIMIT, TRAIL_LIMIT, resourceCalls } from '@atrium/contracts/resource-calls';
import { resourceSqlNamesInUse } from '@atrium/contracts/resource-names';
import type { Locale } from '@atrium/contracts';
import type { Db } from '../../db/client.ts';
import type { ServerSlice } from '../../slice.ts';
import { violatedConstraint } from '../../db/errors.ts';
import { diffFields, removedFields, say, type Said } from '../../audit/audit-entry.ts';
import { AppError } from '../../http/errors.ts';
import { registerCall } from '../../http/register-call.ts';
import { csvLine, sendCsv, type CsvBatch } from '../../lists/csv.ts';
import { AnswerCache } from '../../lists/list-cache.ts';
import { sendXlsx, type SheetBatch, type SheetCell } from '../../lists/xlsx.ts';
import { placeRecord } from '../../lists/placement.ts';
import { scopedBy, scopeKey, type Reach } from '../../lists/scope.ts';
import type { RequestScope } from '../../sessions/data-scope.ts';
import type { SessionInfo } from '../../http/context.ts';
import { registerImport } from './import.ts';
import { scopeColumnNames } from './import-template.ts';
import { recordNamed, resourceNamed } from './trail-names.ts';
import { actorOf, afterCreate, afterDelete, afterUpdate, assertChildrenUnlocked, assertDeletable, assertUnlocked, registerLifecycle, withTransitions } from './lifecycle.ts';
import {
  childCount,
  childRows,
  countMatching,
  deleteRow,
  deleteRows,
  exportRows,
  findRow,
  insertRow,
  labelsOf,
  listReads,
  listRows,
  lockMatching,
  lockRows,
  optionRows,
  referrersOf,
  rowExists,
  rowsById,
  sameChildRow,
  scopeLabels,
  trailOf,
  uniqueTaken,
  updateRow,
  updateRows,
  writeChildren,
  type ChildRow,
  type ExportCursor,
  type ReachOf,
  type RecordScope,
  type Referrer,
  type ResourceRow,
} from './resource.repository.ts';

/**
 * The server half of the resource kit: a resource's seven calls (list, export, options, get, create,
 * update, delete) from its definition, with the checks every resource needs: unique values (409
 * UNIQUE_VIOLATION naming the field), references that exist (400 on the field) and are not deleted while
 * referred to (409 IN_USE), optimistic concurrency (409 VERSION_CONFLICT: two operators editing one
 * record never overwrite each other silently). A scoped resource's records (the default: docs/resources.md,
 * "Scoped records") are read and written within the caller's data scope on every path, in the query: out of
 * it a record is not there (lists, totals, exports, pickers) or not found (404, by id), a write that would
 * put it outside is 403 OUT_OF_SCOPE, and a reference to one is refused as if it did not exist.
 * Permissions, validation, the audit entry and its transaction come from the call table and registerCall,
 * as for every other call.
 */

/**
 * What a team may add to a resource's behaviour (docs/resources.md); every hook is optional.
 * @public (a resource's server slice may name it for hooks of its own)
 */
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

/** What a resource's server slice adds to its definition (`resourceServerSlice`). */
export interface ResourceSliceOptions {
  /** Its migrations folder (`migrationsBeside(import.meta.url)`): the table, then the team's changes to it. */
  migrations?: string;
  hooks?: ResourceHooks;
}

const EXPORT_BATCH_ROWS = 1000;

/**
 * A team's resource as a slice of the server (src/slice.ts, one line of src/slices.ts): the kit's seven
 * calls for the definition, with the hooks; references and IN_USE look across every resource the server
 * serves. Its name, the resource's in kebab case, names its migrations journal.
 */
export function resourceServerSlice(def: ResourceDef, options: ResourceSliceOptions = {}): ServerSlice {
  return {
    name: kebabCase(def.name),
    resource: def,
    ...(options.migrations ? { migrations: options.migrations } : {}),
    register: (app, { resources }) => registerResource(app, def, resources, options.hooks ?? {}),
  };
}

/** The fields the trail shows before and after a write: every field (a text's value included), and a scoped record's department and owner. */
const auditedFields = (def: ResourceDef) => [...def.fields.map((f) => f.name), ...(def.scoped ? ['department', 'owner'] : [])];

/** What the caller reaches of `of` in this request (undefined: `of` is not scoped), read through the handler's `db` (a write's transaction). */
const reachOf = (db: Db, scope: RequestScope, of: ResourceDef): Promise<Reach | undefined> => (of.scoped ? scope.reach(of.name, db) : Promise.resolve(undefined));

/**
 * An IN_USE refusal's details: the referring resource and how many of its records the caller reaches, with
 * `countCapped` past the count's cap and `outOfScope` when records beyond the caller's reach refer too (never counted).
 */
const inUseDetails = (referrer: Referrer) => ({
  referredBy: referrer.name,
  count: referrer.count,
  ...(referrer.capped ? { countCapped: true } : {}),
  ...(referrer.outOfScope ? { outOfScope: true } : {}),
});

/** The resource a reference field points at (itself, or another registered one; undefined: none). */
const referredBy = (def: ResourceDef, all: readonly ResourceDef[], to: string | undefined) => (to === def.name ? def : all.find((r) => r.name === to));

/**
 * `{ supplier: { "3": "Acme" } }` for the reference fields of the given records: the referred records the
 * reader reaches (`reachOf`), by their titles; one beyond its reach is named by nothing but its id (decision 057).
 */
async function referenceLabels(db: Db, def: ResourceDef, all: readonly ResourceDef[], records: readonly ResourceRow[], reachOf: ReachOf): Promise<Record<string, Record<string, string>>> {
  const labels: Record<string, Record<string, string>> = {};
  for (const f of def.fields) {
    if (f.type !== 'reference') continue;
    const other = referredBy(def, all, f.to);
    if (!other) continue;
    const ids = [...new Set(records.map((r) => r[f.name]).filter((v): v is number => typeof v === 'number'))];
    labels[f.name] = await labelsOf(db, other, ids, await reachOf(other));
  }
  return labels;
}

/** The resources a record's labels name records of (its references' and its rows'), scoped: their reaches change a list's labels. */
const labelledScoped = (def: ResourceDef, all: readonly ResourceDef[]): ResourceDef[] => {
  const fields = [...def.fields, ...def.children.flatMap((c) => c.def.fields)];
  const named = fields.filter((f) => f.type === 'reference').map((f) => referredBy(def, all, f.to));
  return [...new Set(named)].filter((r): r is ResourceDef => r !== undefined && r.scoped);
};

/** One record's rows of a `children` field in their order (locked until the transaction ends when `lock`). */
const rowsOfRecord = async (db: Db, c: ChildrenField, id: number, lock = false): Promise<ChildRow[]> => (await childRows(db, c, [id], lock)).map(({ parent: _, ...row }) => row);

/** A record's rows of each `children` field (`{ lines: [...] }`), and their references' labels under `<children>.<field>`. */
async function childrenOf(db: Db, def: ResourceDef, all: readonly ResourceDef[], rowId: number, reachOf: ReachOf): Promise<{ rows: Record<string, ChildRow[]>; labels: Record<string, Record<string, string>> }> {
  const rows: Record<string, ChildRow[]> = {};
  const labels: Record<string, Record<string, string>> = {};
  for (const c of def.children) {
    const found = await rowsOfRecord(db, c, rowId);
    rows[c.name] = found;
    for (const [name, byId] of Object.entries(await referenceLabels(db, c.def, all, found as ResourceRow[], reachOf))) labels[`${c.name}.${name}`] = byId;
  }
  return { rows, labels };
}

/**
 * The checks of a save's rows of its `children` fields, each problem named by the row (`lines[3].product`):
 * a row's id is one of the record's rows (`existing`; a create has none), a reference names a record the
 * writer reaches (as a field's would: a row that keeps its reference is not asked again).
 */
async function checkChildren(db: Db, scope: RequestScope, def: ResourceDef, all: readonly ResourceDef[], values: Record<string, unknown>, existing: Record<string, ChildRow[]>): Promise<void> {
  const problems: { path: string; message: string }[] = [];
  for (const c of def.children) {
    const rows = values[c.name] as Record<string, unknown>[] | undefined;
    if (!rows) continue;
    const had = new Map((existing[c.name] ?? []).map((r) => [r.id, r]));
    const asked = new Map<string, boolean>();
    for (const [i, row] of rows.entries()) {
      const before = typeof row.id === 'number' ? had.get(row.id) : undefined;
      if (typeof row.id === 'number' && !before) problems.push({ path: `${c.name}[${i}].id`, message: 'validation.noSuchRow' });
      for (const f of c.def.fields) {
        const value = row[f.name];
        if (f.type !== 'reference' || value === undefined || value === null || value === before?.[f.name]) continue;
        const other = all.find((r) => r.name === f.to);
        const key = `${f.to}:${String(value)}`;
        if (!asked.has(key)) asked.set(key, Boolean(other && (await rowExists(db, other, value as number, await reachOf(db, scope, other)))));
        if (!asked.get(key)) problems.push({ path: `${c.name}[${i}].${f.name}`, message: 'validation.noSuchRecord' });
      }
    }
  }
  if (problems.length > 0) throw new AppError('VALIDATION_FAILED', { details: problems });
}

/** The trail's changes of a save's rows: each `children` field given and changed, its rows before and after (their fields' values). */
function childChanges(def: ResourceDef, values: Record<string, unknown>, before: Record<string, ChildRow[]>, after: Record<string, ChildRow[]>): { field: string; before: unknown; after: unknown }[] {
  const plain = (rows: readonly ChildRow[] | undefined) => (rows ?? []).map(({ id: _, ...fields }) => fields);
  return def.children.flatMap((c) => {
    if (values[c.name] === undefined) return [];
    const was = before[c.name] ?? [];
    const now = after[c.name] ?? [];
    const unchanged = was.length === now.length && was.every((row, i) => row.id === now[i]!.id && sameChildRow(c, row, now[i]!));
    return unchanged ? [] : [{ field: c.name, before: was.length > 0 ? plain(was) : null, after: now.length > 0 ? plain(now) : null }];
  });
}

/**
 * The checks a create or an update passes before it is written; throws the refusal the client can act on.
 * A reference to a record of a scoped resource the writer does not reach is refused as one to a record that
 * does not exist: its existence is not the writer's to learn. An update's reference that stays as it was
 * (`before`) is not asked again: the record may refer to one its editor does not reach, and keeps it.
 */
async function checkValues(db: Db, scope: RequestScope, def: ResourceDef, all: readonly ResourceDef[], values: Record<string, unknown>, before?: ResourceRow): Promise<void> {
  const exceptId = before?.id;
  const missing: { path: string; message: string }[] = [];
  for (const f of def.fields) {
    const value = values[f.name];
    if (value === undefined || value === null) continue;
    if (f.type === 'reference' && value !== before?.[f.name]) {
      const other = referredBy(def, all, f.to);
      if (!other || !(await rowExists(db, other, value as number, await reachOf(db, scope, other)))) missing.push({ path: f.name, message: 'validation.noSuchRecord' });
    }
  }
  if (missing.length > 0) throw new AppError('VALIDATION_FAILED', { details: missing });
  for (const f of def.fields) {
    if (!f.unique || values[f.name] === undefined || values[f.name] === null) continue;
    if (await uniqueTaken(db, def, f, values[f.name], exceptId)) throw new AppError('UNIQUE_VIOLATION', { details: [{ path: f.name, message: 'validation.alreadyUsed' }] });
  }
}

/**
 * A write that lost a race to another (the checks above passed, then a concurrent write took the value or
 * removed the referred record), or a table outside the kit that refers to the record, meets the table's
 * own constraints: answered as the checks would have, never as a 500. Names follow migration-sql.ts:
 * `<table>_<column>_unique`, `<table>_<column>_fk`, shortened as `resourceSqlName` shortens them (or cut
 * by PostgreSQL, in a migration written before: `resourceSqlNamesInUse`).
 */
async function asRefusal<T>(def: ResourceDef, all: readonly ResourceDef[], write: () => Promise<T>, onForeignKey: 'field' | 'in-use'): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const violated = violatedConstraint(err);
    if (!violated) throw err;
    if (violated.code === '23503' && onForeignKey === 'in-use') {
      // the referring table's constraint: a resource's name when it is one, else the constraint's table and column
      const referrer =
        all.find((r) => r.fields.some((f) => f.type === 'reference' && f.to === def.name && resourceSqlNamesInUse(r.table, f.column, 'fk').includes(violated.constraint)))?.name ??
        all.find((r) => violated.constraint.startsWith(`${r.table}_`))?.name ??
        violated.constraint.replace(/_fk$/, '');
      throw new AppError('IN_USE', { details: { referredBy: referrer } });
    }
    const field = def.fields.find((f) => resourceSqlNamesInUse(def.table, f.column, violated.code === '23505' ? 'unique' : 'fk').includes(violated.constraint));
    if (!field) throw err;
    if (violated.code === '23505') throw new AppError('UNIQUE_VIOLATION', { details: [{ path: field.name, message: 'validation.alreadyUsed' }] });
    throw new AppError('VALIDATION_FAILED', { details: [{ path: field.name, message: 'validation.noSuchRecord' }] });
  }
}

/**
 * Where a scoped record is put by a create (`before` null) or an update: the department and owner given,
 * else those it has, else the writer's department and the writer, within the writer's scope (403
 * OUT_OF_SCOPE, and the trail records the refusal: http/register-call.ts) and active (400 on the field):
 * the one rule of every scoped record, lists/placement.ts.
 */
async function placement(db: Db, scope: RequestScope, def: ResourceDef, values: Record<string, unknown>, before: RecordScope | null): Promise<RecordScope> {
  const given = (name: 'department' | 'owner') => (typeof values[name] === 'number' ? (values[name] as number) : undefined);
  return placeRecord(db, (await reachOf(db, scope, def))!, scope, { department: given('department'), owner: given('owner') }, before);
}

/** The trail's summaries of the kit's writes, in each language (audit/audit-entry.ts `say`). */
const said = {
  created: { 'zh-CN': '新建{record}', 'en-US': 'created {record}' },
  updated: { 'zh-CN': '编辑{record}', 'en-US': 'updated {record}' },
  deleted: { 'zh-CN': '删除{record}', 'en-US': 'deleted {record}' },
  refusedCreate: { 'zh-CN': '已拒绝：{resource}不在操作人的数据范围内', 'en-US': "refused: {resource} outside the writer's data scope" },
  refusedMove: { 'zh-CN': '已拒绝：{resource} #{id} 将移出操作人的数据范围', 'en-US': "refused: {resource} {id} moved outside the writer's data scope" },
  refusedBulkMove: { 'zh-CN': '已拒绝：{resource}记录将移出操作人的数据范围', 'en-US': "refused: {resource} records moved outside the writer's data scope" },
} satisfies Record<string, Said>;

/** A summary for the trail: the action and the record (`created product "Desk lamp"`, 新建商品“Desk lamp”). */
const summaryOf = (def: ResourceDef, verb: 'created' | 'updated' | 'deleted', row: ResourceRow) => say(said[verb], { record: recordNamed(def, row) });

/**
 * The list's filters as the repository reads them: a scoped list's `department` becomes that department
 * and every one below it (from the tree in memory, as of this request: no recursive query).
 */
async function listFilters(db: Db, def: ResourceDef, scope: RequestScope, filters: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (!def.scoped || typeof filters.department !== 'number') return filters;
  return { ...filters, department: [...(await scope.tree(db)).reach([filters.department])] };
}

/** A save's rows of each `children` field it gives, as the trail compares them with the rows before (an id kept, else none). */
function asGiven(values: Record<string, unknown>, existing: Record<string, ChildRow[]>): Record<string, ChildRow[]> {
  return Object.fromEntries(Object.keys(existing).flatMap((name) => (values[name] === undefined ? [] : [[name, (values[name] as Record<string, unknown>[]).map((row) => ({ ...row, id: typeof row.id === 'number' ? row.id : 0 }))]])));
}

/**
 * A delete of records with rows a `restrict` children field keeps: 409 IN_USE naming the field, how many
 * rows and (the first 20 of) the records holding them; nothing deleted. A `cascade` field's rows go with them.
 */
async function assertNoRestrictingRows(db: Db, def: ResourceDef, ids: readonly number[]): Promise<void> {
  for (const c of def.children) {
    if (c.onDelete !== 'restrict') continue;
    const held = await childCount(db, c, ids);
    if (held.count > 0) throw new AppError('IN_USE', { details: { children: c.name, count: held.count, ids: held.ids } });
  }
}

function registerResource(app: FastifyInstance, def: ResourceDef, all: readonly ResourceDef[], hooks: ResourceHooks): void {
  const calls = resourceCalls(def);
  /** The record within the caller's reach, else 404 exactly as for an id that names none. */
  const load = async (db: Db, scope: RequestScope, id: number, lock = false) => {
    const row = await findRow(db, def, id, await reachOf(db, scope, def), lock);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  };
  const labelsFor = async (db: Db, scope: RequestScope, rows: readonly ResourceRow[], locale: Locale) => ({
    ...(await referenceLabels(db, def, all, rows, (of) => reachOf(db, scope, of))),
    ...(def.scoped ? await scopeLabels(db, rows, locale) : {}),
  });
  /** A record's answer: its labels, and with a life cycle the transitions the caller may fire now. */
  const withLabels = async (db: Db, session: SessionInfo, scope: RequestScope, row: ResourceRow, locale: Locale) => {
    const [answered] = def.lifecycle ? await withTransitions(db, def, await actorOf(db, session, scope), [row]) : [row];
    if (def.children.length === 0) return { ...answered!, labels: await labelsFor(db, scope, [row], locale) };
    const children = await childrenOf(db, def, all, row.id, (of) => reachOf(db, scope, of));
    return { ...answered!, ...children.rows, labels: { ...(await labelsFor(db, scope, [row], locale)), ...children.labels } };
  };
  /** A save's rows written (the fields given; a create's absent ones as none), then all of them as they now are. */
  const saveChildren = async (db: Db, id: number, values: Record<string, unknown>, existing: Record<string, ChildRow[]>) => {
    for (const c of def.children) if (values[c.name] !== undefined || !existing[c.name]) await asRefusal(def, all, () => writeChildren(db, c, id, (values[c.name] as Record<string, unknown>[] | undefined) ?? [], existing[c.name] ?? []), 'field');
    return Object.fromEntries(await Promise.all(def.children.map(async (c) => [c.name, await rowsOfRecord(db, c, id)] as const)));
  };
  const scopeOfRow = (row: ResourceRow): RecordScope | null => (def.scoped ? { department: row.department as number, owner: row.owner as number } : null);
  // A scoped call, or a write that checks a reference to a scoped resource, reckons the caller's reach from
  // the departments' tree, kept at their generation: read with the request's round trip, it costs no
  // statement of its own (and none inside a write's transaction).
  const labelled = labelledScoped(def, all);
  // a life cycle's answers ask who leads which department (approvals by department leader), from the same tree
  const scoped = def.scoped || labelled.length > 0 || def.lifecycle ? { reads: ['departments'] } : {};

  // Kept at the generations of every table a page reads (its list source's declaration), and for a scoped
  // resource per reach: a page is never served to a caller who reaches other rows.
  const pages = new AnswerCache<ResourceList>({ reads: listReads(def, all), ...(def.scoped ? { scope: scopedBy(def.name) } : {}) });
  registerCall(
    app,
    calls.list,
    async ({ db, req, query, session, scope, locale }) => {
      const reach = await reachOf(db, scope, def);
      // the parsed query's keys come in the schema's order: equal requests give equal keys (a scoped page's
      // labels name departments in the reader's language, and referred records only within the reader's
      // reach of their resources: those reaches are part of the key too)
      const reaches = await Promise.all(labelled.map(async (of) => `${of.name}:${scopeKey((await reachOf(db, scope, of))!)}|`));
      const key = `${def.scoped ? `${locale}|` : ''}${reaches.join('')}${JSON.stringify(query)}`;
      const page = pages.answer(db, { key, known: req.generations, reach }, async () => {
        const { current, pageSize, sort, ...filters } = query as Record<string, unknown> & { current: number; pageSize: number; sort: string };
        const page = await listRows(db, def, pages.tables, await listFilters(db, def, scope, filters), sort, (current - 1) * pageSize, pageSize, reach);
        const labels = await labelsFor(db, scope, page.rows, locale);
        return { value: { list: page.rows, total: page.total, totalCapped: page.capped, current, pageSize, labels }, weight: page.rows.length };
      });
      if (!def.lifecycle) return page;
      // the page is the same for everyone who reaches its rows; the transitions offered on each are the caller's
      const kept = JSON.parse((await page).text) as ResourceList;
      return { ...kept, list: await withTransitions(db, def, await actorOf(db, session, scope), kept.list) };
    },
    { reads: [...new Set([...pages.tables, ...(def.lifecycle || labelled.length > 0 ? ['departments'] : [])])] },
  );

  registerCall(app, calls.export, async ({ db, reply, query, scope, locale, now }) => exportFile(db, scope, def, all, reply, query as Record<string, unknown>, locale, now()), scoped);

  registerCall(app, calls.options, async ({ db, query, scope }) => {
    const { keyword, id } = query as { keyword?: string; id?: number };
    return optionRows(db, def, keyword, id, RESOURCE_OPTIONS_LIMIT, await reachOf(db, scope, def));
  }, scoped);

  registerCall(app, calls.get, async ({ db, params, session, scope, locale }) => withLabels(db, session, scope, await load(db, scope, (params as { id: number }).id), locale), scoped);

  // a record's page: who changed it and how, for whoever reads the record (404 beyond the caller's reach)
  registerCall(app, calls.trail, async ({ db, params, scope, locale }) => {
    const { id } = await load(db, scope, (params as { id: number }).id);
    return { list: await trailOf(db, def, id, TRAIL_LIMIT, locale) };
  }, scoped);

  registerCall(app, calls.create, async ({ db, body, session, scope, now, audit, locale }) => {
    const values = { ...(body as Record<string, unknown>) };
    audit.set({ summary: say(said.refusedCreate, { resource: resourceNamed(def) }) });
    await hooks.beforeWrite?.(values, { db, existing: null });
    const placed = def.scoped ? await placement(db, scope, def, values, null) : undefined;
    await checkValues(db, scope, def, all, values);
    await checkChildren(db, scope, def, all, values, {});
    const id = await asRefusal(def, all, () => insertRow(db, def, values, session.userId, now(), placed), 'field');
    const rows = await saveChildren(db, id, values, {});
    const row = await load(db, scope, id);
    if (def.lifecycle) await afterCreate(db, def, row, session.userId, now());
    audit.set({ targetType: def.name, targetId: id, summary: summaryOf(def, 'created', row), changes: [...diffFields<ResourceRow>(null, row, auditedFields(def)), ...childChanges(def, values, {}, rows)] });
    return withLabels(db, session, scope, row, locale);
  }, scoped);

  /** The record as written, whoever reaches it now (a write's placement kept it within the writer's scope). */
  const reload = async (db: Db, id: number) => (await findRow(db, def, id, def.scoped ? { scope: 'all', departmentIds: null, ownerId: null } : undefined))!;

  registerCall(app, calls.update, async ({ db, params, body, session, scope, now, audit, locale }) => {
    const id = (params as { id: number }).id;
    const { version, ...values } = body as Record<string, unknown> & { version: number };
    const before = await load(db, scope, id, true);
    if (before.version !== version) throw new AppError('VERSION_CONFLICT', { details: { version: before.version } });
    if (def.lifecycle) assertUnlocked(def, before, values);
    // the rows as they are, locked with their parent until the save ends
    const existing = Object.fromEntries(await Promise.all(def.children.map(async (c) => [c.name, await rowsOfRecord(db, c, id, true)] as const)));
    await checkChildren(db, scope, def, all, values, existing);
    const rowsChanged = childChanges(def, values, existing, asGiven(values, existing)).map((c) => c.field);
    if (def.lifecycle) assertChildrenUnlocked(def, before, rowsChanged);
    audit.set({ summary: say(said.refusedMove, { resource: resourceNamed(def), id }) });
    await hooks.beforeWrite?.(values, { db, existing: before });
    const placed = def.scoped ? await placement(db, scope, def, values, scopeOfRow(before)) : undefined;
    await checkValues(db, scope, def, all, values, before);
    // a save of the values the record holds (a form saved as it was opened) is no new version and no entry
    if (!(await asRefusal(def, all, () => updateRow(db, def, id, values, session.userId, now(), placed, rowsChanged.length === 0), 'field'))) {
      audit.unchanged();
      return withLabels(db, session, scope, before, locale);
    }
    const rows = await saveChildren(db, id, values, existing);
    const after = await reload(db, id);
    if (def.lifecycle) await afterUpdate(db, def, after);
    audit.set({ targetType: def.name, targetId: id, summary: summaryOf(def, 'updated', after), changes: [...diffFields(before, after, auditedFields(def)), ...childChanges(def, values, existing, rows)] });
    return withLabels(db, session, scope, after, locale);
  }, scoped);

  registerCall(app, calls.delete, async ({ db, params, query, scope, audit }) => {
    const id = (params as { id: number }).id;
    const before = await load(db, scope, id, true);
    if (before.version !== (query as { version: number }).version) throw new AppError('VERSION_CONFLICT', { details: { version: before.version } });
    if (def.lifecycle) assertDeletable(def, before);
    await assertNoRestrictingRows(db, def, [id]);
    const gone = Object.fromEntries(await Promise.all(def.children.map(async (c) => [c.name, await rowsOfRecord(db, c, id)] as const)));
    // which resource refers to the record and how many of its records the caller reaches (the console names both)
    const referrer = await referrersOf(db, def, [id], all, (of) => reachOf(db, scope, of));
    if (referrer) throw new AppError('IN_USE', { details: inUseDetails(referrer) });
    await asRefusal(def, all, () => deleteRow(db, def, id), 'in-use');
    if (def.lifecycle) await afterDelete(db, def, id);
    // the rows deleted with it (`cascade`) in its entry
    audit.set({ targetType: def.name, targetId: id, summary: summaryOf(def, 'deleted', before), changes: [...removedFields(before, auditedFields(def)), ...childChanges(def, gone, gone, {})] });
    return { id };
  }, scoped);

  if (def.lifecycle) registerLifecycle(app, def, { load, reload, answer: withLabels, title: (row) => recordNamed(def, row), options: scoped });
  registerBulk(app, def, all, hooks, scoped);
  registerImport(app, def, all, hooks);
}

/** What a bulk action's body names: the records selected at their versions, or the filters and the count confirmed. */
interface BulkTarget {
  records?: { id: number; version: number }[];
  matching?: { filters: Record<string, unknown>; count: number };
}

/**
 * Many records at once (docs/resources.md, "Bulk actions"): delete them, or set one field to one value. All
 * or nothing, in the call's one transaction with one audit entry per record. The records are read within
 * the caller's reach and locked; the whole action is refused, naming the records, when one selected is
 * missing or out of reach (404, the two alike), stale (409 VERSION_CONFLICT), locked by its state (409
 * FIELD_LOCKED) or referred to (409 IN_USE), and when the filters now match another count than the one
 * confirmed (409 COUNT_CHANGED with the count).
 */
function registerBulk(app: FastifyInstance, def: ResourceDef, all: readonly ResourceDef[], hooks: ResourceHooks, options: { reads?: string[] }): void {
  const calls = resourceCalls(def);

  registerCall(app, calls.count, async ({ db, query, scope }) => {
    const n = await countMatching(db, def, await listFilters(db, def, scope, query as Record<string, unknown>), await reachOf(db, scope, def), BULK_MATCHING_MAX);
    return { count: Math.min(n, BULK_MATCHING_MAX), capped: n > BULK_MATCHING_MAX };
  }, options);

  /** The target's records, locked, or the refusal that names what stands in the way. */
  const targets = async (db: Db, scope: RequestScope, target: BulkTarget): Promise<ResourceRow[]> => {
    const reach = await reachOf(db, scope, def);
    if (target.matching) {
      const rows = await lockMatching(db, def, await listFilters(db, def, scope, target.matching.filters), reach, BULK_MATCHING_MAX);
      if (rows.length !== target.matching.count) throw new AppError('COUNT_CHANGED', { details: { count: Math.min(rows.length, BULK_MATCHING_MAX), ...(rows.length > BULK_MATCHING_MAX ? { capped: true } : {}) } });
      return rows;
    }
    const wanted = target.records!;
    const rows = await lockRows(db, def, wanted.map((r) => r.id), reach);
    const found = new Map(rows.map((r) => [r.id, r]));
    const missing = wanted.filter((r) => !found.has(r.id)).map((r) => r.id);
    if (missing.length > 0) throw new AppError('NOT_FOUND', { details: { ids: missing } });
    const stale = wanted.filter((r) => found.get(r.id)!.version !== r.version).map((r) => ({ id: r.id, version: found.get(r.id)!.version }));
    if (stale.length > 0) throw new AppError('VERSION_CONFLICT', { details: { records: stale } });
    return rows;
  };
  /** Records whose state locks the change (a life cycle's), refused together. */
  const assertAll = (rows: readonly ResourceRow[], check: (row: ResourceRow) => void, fields: string[] | 'all') => {
    const locked = rows.filter((row) => {
      try {
        check(row);
        return false;
      } catch (error) {
        if (error instanceof AppError && error.key === 'FIELD_LOCKED') return true;
        throw error;
      }
    });
    if (locked.length > 0) throw new AppError('FIELD_LOCKED', { details: { fields, ids: locked.map((r) => r.id) } });
  };

  registerCall(app, calls.bulkDelete, async ({ db, body, scope, audit }) => {
    const rows = await targets(db, scope, body as BulkTarget);
    const ids = rows.map((r) => r.id);
    if (def.lifecycle) assertAll(rows, (row) => assertDeletable(def, row), 'all');
    await assertNoRestrictingRows(db, def, ids);
    const referrer = await referrersOf(db, def, ids, all, (of) => reachOf(db, scope, of));
    if (referrer) throw new AppError('IN_USE', { details: { ...inUseDetails(referrer), ids: referrer.ids } });
    await asRefusal(def, all, () => deleteRows(db, def, ids), 'in-use');
    if (def.lifecycle) for (const id of ids) await afterDelete(db, def, id);
    audit.setEach(rows.map((row) => ({ targetType: def.name, targetId: row.id, summary: summaryOf(def, 'deleted', row), changes: removedFields(row, auditedFields(def)) })));
    return { count: rows.length };
  }, options);

  registerCall(app, calls.bulkUpdate, async ({ db, body, session, scope, now, audit }) => {
    const { field, value, ...target } = body as BulkTarget & { field: string; value: unknown };
    audit.set({ summary: say(said.refusedBulkMove, { resource: resourceNamed(def) }) });
    const rows = await targets(db, scope, target);
    const values = { [field]: value };
    if (def.lifecycle) assertAll(rows, (row) => assertUnlocked(def, row, values), [field]);
    const scopeField = def.scoped && (field === 'department' || field === 'owner');
    const ids = rows.map((r) => r.id);
    const written: number[] = [];
    // a refusal of the value names the body's `value`, the bulk form's one input, not the field it sets
    await onValue(field, async () => {
      if (scopeField) {
        // the one department or owner every record gets: asked once, and only it (the placement's other half,
        // which each record keeps, is given as unchanged: a custom scope need not reach the writer's own department)
        if (value === null) throw new AppError('VALIDATION_FAILED', { details: [{ path: 'value', message: 'common.required' }] });
        await placeRecord(db, (await reachOf(db, scope, def))!, scope, { [field]: value as number }, { department: 0, owner: 0 });
      } else await checkValues(db, scope, def, all, values);
      if (hooks.beforeWrite) {
        // a team's hook sees each record, and may change the value it gets
        for (const row of rows) {
          const own = { ...values };
          await hooks.beforeWrite(own, { db, existing: row });
          if (await asRefusal(def, all, () => updateRow(db, def, row.id, own, session.userId, now(), scopeField ? { department: row.department as number, owner: row.owner as number, ...own } : undefined, true), 'field')) written.push(row.id);
        }
      } else written.push(...(await asRefusal(def, all, () => updateRows(db, def, ids, field, value, session.userId, now()), 'field')));
    });
    // a record that held the value already is left as it is, at its version and with no entry (decision 060)
    const after = await rowsById(db, def, written);
    if (def.lifecycle && scopeField) for (const row of after) await afterUpdate(db, def, row);
    const before = new Map(rows.map((r) => [r.id, r]));
    audit.setEach(after.map((row) => ({ targetType: def.name, targetId: row.id, summary: summaryOf(def, 'updated', row), changes: diffFields(before.get(row.id)!, row, auditedFields(def)) })));
    return { count: after.length, unchanged: rows.length - after.length };
  }, options);
}

/** A bulk edit's write, its refusals of the one value (VALIDATION_FAILED on `field`) naming the body's `value` instead. */
async function onValue(field: string, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (!(error instanceof AppError) || error.key !== 'VALIDATION_FAILED' || !Array.isArray(error.details)) throw error;
    const details = error.details.map((d) => (d.path === field ? { ...d, path: 'value' } : d));
    throw new AppError('VALIDATION_FAILED', { ...(error.messageKey ? { message: error.messageKey } : {}), details });
  }
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

/** A cell of the workbook: a number kept a number (a decimal while the sheet holds it exactly), else the text the CSV has. */
function sheetCell(def: ResourceDef, row: ResourceRow, name: string, text: string): SheetCell {
  const field = def.fields.find((f) => f.name === name)!;
  const value = row[name];
  if (value === null || value === undefined) return null;
  if (field.type === 'integer') return value as number;
  if (field.type === 'decimal' && Math.abs(Number(value)) < 1e15 && Number(value).toFixed(field.scale ?? 2) === String(value)) return Number(value);
  return text;
}

/**
 * Every record of the filters as CSV or an XLSX workbook (`format`), as the collections' export: the caller's
 * language, the list's order, no row cap; read in batches and written as the client takes them, so memory
 * stays flat. The first batch is read before the headers go out, so a failing query still answers in the
 * envelope.
 */
async function exportFile(db: Db, scope: RequestScope, def: ResourceDef, all: readonly ResourceDef[], reply: FastifyReply, query: Record<string, unknown>, locale: Locale, now: Date): Promise<FastifyReply> {
  const { sort, format, ...given } = query as Record<string, unknown> & { sort: string; format: 'csv' | 'xlsx' };
  const columns = def.fields.map((f) => f.name);
  // the rows the caller's list shows, within the reach of this request (every batch: the export is one request)
  const reach = await reachOf(db, scope, def);
  const filters = await listFilters(db, def, scope, given);
  // each record's cells as the CSV writes them (a person's text); the workbook keeps numbers numbers
  type Rows = { records: { row: ResourceRow; texts: string[] }[]; next: (() => Promise<Rows>) | undefined };
  const batch = async (cursor: ExportCursor | undefined): Promise<Rows> => {
    const { rows, next } = await exportRows(db, def, filters, sort, cursor, EXPORT_BATCH_ROWS, reach);
    const labels = await referenceLabels(db, def, all, rows, (of) => reachOf(db, scope, of));
    const placed = def.scoped ? await scopeLabels(db, rows, locale) : undefined;
    const scopeCells = (row: ResourceRow) => (placed ? [placed.department[String(row.department)] ?? '', placed.owner[String(row.owner)] ?? ''] : []);
    const records = rows.map((row) => ({ row, texts: [...columns.map((c) => cellText(def, row, c, labels, locale)), ...scopeCells(row), row.createdAt as string] }));
    return { records, next: rows.length < EXPORT_BATCH_ROWS ? undefined : () => batch(next) };
  };
  const first = await batch(undefined);
  const scopeHeader = def.scoped ? [scopeColumnNames[locale].department, scopeColumnNames[locale].owner] : [];
  const header = ['ID', ...def.fields.map((f) => f.label[locale]), ...scopeHeader, locale === 'zh-CN' ? '创建时间' : 'Created'];
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  if (format === 'xlsx') {
    const asSheet = (rows: Rows): SheetBatch => ({
      rows: rows.records.map(({ row, texts }) => [row.id, ...texts.map((text, i) => (i < columns.length ? sheetCell(def, row, columns[i]!, text) : text))]),
      next: rows.next && (async () => asSheet(await rows.next!())),
    });
    return sendXlsx(reply, { name: `${def.plural}-${stamp}.xlsx`, header, what: def.name, sheet: def.pluralLabel[locale] }, asSheet(first));
  }
  const asCsv = (rows: Rows): CsvBatch => ({ text: rows.records.map(({ row, texts }) => csvLine([String(row.id), ...texts])).join(''), next: rows.next && (async () => asCsv(await rows.next!())) });
  return sendCsv(reply, { name: `${def.plural}-${stamp}.csv`, header, what: def.name }, asCsv(first));
}
