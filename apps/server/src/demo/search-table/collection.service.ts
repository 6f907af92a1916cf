import type { FastifyReply } from 'fastify';
import { translateValidation, type Locale } from '@atrium/contracts';
import {
  contentTypes,
  filterTypes,
  collectionExportColumns,
  collectionStatuses,
  type Collection,
  type CollectionCreateBody,
  type CollectionDetail,
  type CollectionFilter,
  type CollectionImportResult,
  type CollectionList,
  type CollectionListQuery,
  type CollectionPatch,
} from '@atrium/contracts/demo/search-table/calls';
import type { Db } from '../../db/client.ts';
import type { Generations } from '../../db/list-generations.ts';
import type { JsonText } from '../../http/envelope.ts';
import { diffFields, removedFields, say, type AuditDraft, type Said } from '../../audit/audit-entry.ts';
import { AppError } from '../../http/errors.ts';
import type { MultipartBody } from '../../http/multipart.ts';
import { AnswerCache } from '../../lists/list-cache.ts';
import { sendCsv, type CsvBatch } from '../../lists/csv.ts';
import { placeRecord, type PlacementFields } from '../../lists/placement.ts';
import { scopeCondition } from '../../lists/scope.ts';
import type { RequestScope } from '../../sessions/data-scope.ts';
import { checkImportFile } from './collection-import.ts';
import {
  collectionLabels,
  collectionReads,
  collectionScope,
  deleteCollection,
  exportBatch,
  filterConditions,
  filterKey,
  findCollection,
  insertCollections,
  listCollections,
  lockCollection,
  updateCollection,
  type CollectionValues,
  type ExportCursor,
  type ExportLabels,
  type CollectionListRow,
  type CollectionRow,
} from './collection.repository.ts';

/** A collection in the reader's language (a list row's time is ISO text already; a record's a Date). */
function toCollection(row: CollectionListRow | CollectionRow, locale: Locale): Collection {
  return {
    id: row.id,
    number: row.number,
    name: locale === 'en-US' ? (row.nameEn ?? row.name) : row.name,
    contentType: row.contentType,
    filterType: row.filterType,
    count: row.count,
    status: row.status,
    createdTime: typeof row.createdTime === 'string' ? row.createdTime : row.createdTime.toISOString(),
    department: row.departmentId,
    owner: row.ownerId,
  };
}
async function toDetail(db: Db, row: CollectionRow, locale: Locale): Promise<CollectionDetail> {
  return { ...toCollection(row, locale), updatedAt: row.updatedAt.toISOString(), labels: await collectionLabels(db, [row], locale) };
}

/**
 * The list's answers as sent, kept at the generations of the collections and of the departments and accounts
 * their labels name, and per reach of the caller (lists/list-cache.ts): never served to another scope.
 */
export const collectionPages = new AnswerCache<CollectionList>({ reads: collectionReads, scope: collectionScope });

/** What the collections' calls read of their context. */
interface Ctx {
  db: Db;
  scope: RequestScope;
  locale: Locale;
}
const reachOf = (scope: RequestScope) => scope.reach(collectionScope.resource);

/**
 * One page of the list as sent, in the reader's language, within the caller's reach: while the generations
 * have not moved, a page asked again by a caller of the same reach costs the generations' read alone
 * (`known`: read with the request, when signed).
 */
export async function listPage({ db, scope, locale }: Ctx, query: CollectionListQuery, timeZone: string, known: Generations | null): Promise<JsonText<CollectionList>> {
  const { current, pageSize } = query;
  const offset = (current - 1) * pageSize;
  const reach = await reachOf(scope);
  return collectionPages.answer(db, { key: `${locale}:${offset}:${pageSize}:${filterKey(query, timeZone)}`, known, reach }, async () => {
    const page = await listCollections(db, query, timeZone, offset, pageSize, reach);
    const labels = await collectionLabels(db, page.rows, locale);
    return { value: { list: page.rows.map((row) => toCollection(row, locale)), total: page.total, current, pageSize, labels }, weight: page.rows.length };
  });
}

export async function getCollection({ db, scope, locale }: Ctx, id: number): Promise<CollectionDetail> {
  const row = await findCollection(db, id, await reachOf(scope));
  if (!row) throw new AppError('NOT_FOUND');
  return toDetail(db, row, locale);
}

/** The trail's summaries of the collections' writes, in each language (audit/audit-entry.ts `say`). */
const said = {
  created: { 'zh-CN': '新建集合 {number}', 'en-US': 'created collection {number}' },
  updated: { 'zh-CN': '编辑集合 {number}', 'en-US': 'updated collection {number}' },
  deleted: { 'zh-CN': '删除集合 {number}', 'en-US': 'deleted collection {number}' },
  imported: { 'zh-CN': '导入了 {n} 个集合', 'en-US': 'imported {n} collections' },
  importRefused: { 'zh-CN': '未导入集合：{n} 行被拒绝', 'en-US': 'imported no collection: {n} rows refused' },
} satisfies Record<string, Said>;

/** The fields of a collection the trail shows before and after a write. */
const AUDITED_FIELDS = ['number', 'name', 'contentType', 'filterType', 'count', 'status', 'departmentId', 'ownerId'] as const;

const placementFields: PlacementFields = {
  department: { path: 'department', message: 'searchTable.error.department' },
  owner: { path: 'owner', message: 'searchTable.error.owner' },
};
/** A new collection: in the department and of the owner given, else the writer's own department and the writer (lists/placement.ts). */
export async function createCollection({ db, scope, locale }: Ctx, body: CollectionCreateBody, now: Date, audit: AuditDraft): Promise<CollectionDetail> {
  const { department, owner, ...form } = body;
  const placed = await placeRecord(db, await reachOf(scope), scope, { department, owner }, null, placementFields);
  const [row] = await insertCollections(db, [{ ...form, departmentId: placed.department, ownerId: placed.owner }], now);
  audit.set({ summary: say(said.created, { number: row!.number }), changes: diffFields<CollectionRow>(null, row!, AUDITED_FIELDS) });
  return toDetail(db, row!, locale);
}

/** An edit of a collection within reach (else 404); a new department or owner must be within it too (403). */
export async function patchCollection({ db, scope, locale }: Ctx, id: number, patch: CollectionPatch, now: Date, audit: AuditDraft): Promise<CollectionDetail> {
  const reach = await reachOf(scope);
  const before = await lockCollection(db, id, reach);
  if (!before) throw new AppError('NOT_FOUND');
  const { department, owner, ...form } = patch;
  const values: CollectionValues = { ...form };
  const placed = await placeRecord(db, reach, scope, { department, owner }, { department: before.departmentId, owner: before.ownerId }, placementFields);
  if (placed.department !== before.departmentId) values.departmentId = placed.department;
  if (placed.owner !== before.ownerId) values.ownerId = placed.owner;
  const rows = await updateCollection(db, before, values, now);
  if (!rows) throw new AppError('NOT_FOUND');
  audit.set({ summary: say(said.updated, { number: rows.after.number }), changes: diffFields(rows.before, rows.after, AUDITED_FIELDS) });
  return toDetail(db, rows.after, locale);
}

export async function removeCollection({ db, scope }: Ctx, id: number, audit: AuditDraft): Promise<{ id: number }> {
  const row = await deleteCollection(db, id, await reachOf(scope));
  if (!row) throw new AppError('NOT_FOUND');
  audit.set({ summary: say(said.deleted, { number: row.number }), changes: removedFields(row, AUDITED_FIELDS) });
  return { id };
}

/**
 * CSV import, all or nothing: every row is checked first; one transaction writes them all, in the importer's
 * department and owned by the importer (403 OUT_OF_SCOPE where that is outside the importer's own reach).
 */
export async function importCollections({ db, scope, locale }: Ctx, body: MultipartBody, now: Date, audit: AuditDraft): Promise<CollectionImportResult> {
  const check = checkImportFile(
    body.files.find((f) => f.field === 'file'),
    locale,
  );
  if (!check.ok) {
    // answered 200 with the rows' problems: the trail says that nothing was written, and why
    audit.set({ targetType: 'collection', targetId: null, summary: say(said.importRefused, { n: check.failed }) });
    return { imported: 0, failed: check.failed, errors: check.errors };
  }
  const reach = await reachOf(scope);
  const rows = await db.transaction(async (tx) => {
    const placed = await placeRecord(tx, reach, scope, {}, null, placementFields);
    return insertCollections(
      tx,
      check.forms.map((form) => ({ ...form, departmentId: placed.department, ownerId: placed.owner })),
      now,
    );
  });
  audit.set({ targetType: 'collection', targetId: null, summary: say(said.imported, { n: rows.length }) });
  return { imported: rows.length, failed: 0, errors: [] };
}

export const EXPORT_BATCH_ROWS = 1000;

/** `collections-YYYYMMDD-HHmmss.csv` in the server's time zone. */
function exportFileName(now: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `collections-${get('year')}${get('month')}${get('day')}-${get('hour')}${get('minute')}${get('second')}.csv`;
}

/**
 * Streams every collection of the filters within the caller's reach as CSV (the search table's 下载, sendCsv):
 * titles and labels in the caller's language, table column order ending with the department and the owner
 * (as the kit's export), keyset batches formatted by the database, no row cap.
 */
export async function exportCollections({ db, scope, locale }: Ctx, reply: FastifyReply, filter: CollectionFilter, timeZone: string, now: Date): Promise<FastifyReply> {
  const t = (key: string) => translateValidation(key, locale);
  const inScope = scopeCondition(await reachOf(scope), collectionScope);
  const where = inScope ? [...filterConditions(filter, timeZone), inScope] : filterConditions(filter, timeZone);
  const labelsOf = (keys: readonly string[], prefix: string) => Object.fromEntries(keys.map((k) => [k, t(`${prefix}.${k}`)]));
  const labels: ExportLabels = {
    contentType: labelsOf(contentTypes, 'searchTable.form.contentType'),
    filterType: labelsOf(filterTypes, 'searchTable.form.filterType'),
    status: labelsOf(collectionStatuses, 'searchTable.form.status'),
  };
  const batch = async (after: ExportCursor | undefined): Promise<CsvBatch> => {
    const { rows, text, last } = await exportBatch(db, where, timeZone, locale, labels, after, EXPORT_BATCH_ROWS);
    return { text: rows > 0 ? text : '', next: rows < EXPORT_BATCH_ROWS || !last ? undefined : () => batch(last) };
  };
  const first = await batch(undefined);
  const header = collectionExportColumns.map((c) => t(`searchTable.columns.${c}`));
  return sendCsv(reply, { name: exportFileName(now, timeZone), header, what: 'collection' }, first);
}
