import type { FastifyReply } from 'fastify';
import { translateValidation, type Locale } from '@atrium/contracts';
import {
  contentTypes,
  filterTypes,
  collectionExportColumns,
  collectionStatuses,
  type Collection,
  type CollectionDetail,
  type CollectionFilter,
  type CollectionForm,
  type CollectionImportResult,
  type CollectionList,
  type CollectionListQuery,
  type CollectionPatch,
} from '@atrium/contracts/demo/search-table/calls';
import type { Db } from '../../db/client.ts';
import type { Generations } from '../../db/list-generations.ts';
import type { JsonText } from '../../http/envelope.ts';
import { diffFields, removedFields, type AuditDraft } from '../../audit/audit-entry.ts';
import { AppError } from '../../http/errors.ts';
import type { MultipartBody } from '../../http/multipart.ts';
import { AnswerCache } from '../../modules/shared/list-cache.ts';
import { sendCsv, type CsvBatch } from '../../modules/shared/csv.ts';
import { checkImportFile } from './collection-import.ts';
import {
  deleteCollection,
  exportBatch,
  filterConditions,
  filterKey,
  findCollection,
  insertCollections,
  listCollections,
  updateCollection,
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
  };
}
const toDetail = (row: CollectionRow, locale: Locale): CollectionDetail => ({ ...toCollection(row, locale), updatedAt: row.updatedAt.toISOString() });

/** The list's answers as sent, kept at the generation of the collections (modules/shared/list-cache.ts). */
export const collectionPages = new AnswerCache<CollectionList>(['collections']);

/**
 * One page of the list as sent, in the reader's language: while the table's generation has not moved, a
 * page asked again costs the generation's read alone (`known`: read with the request, when signed).
 */
export async function listPage(db: Db, query: CollectionListQuery, locale: Locale, timeZone: string, known: Generations | null): Promise<JsonText<CollectionList>> {
  const { current, pageSize } = query;
  const offset = (current - 1) * pageSize;
  return collectionPages.answer(db, `${locale}:${offset}:${pageSize}:${filterKey(query, timeZone)}`, known, async () => {
    const page = await listCollections(db, query, timeZone, offset, pageSize);
    return { value: { list: page.rows.map((row) => toCollection(row, locale)), total: page.total, current, pageSize }, weight: page.rows.length };
  });
}

export async function getCollection(db: Db, id: number, locale: Locale): Promise<CollectionDetail> {
  const row = await findCollection(db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toDetail(row, locale);
}

/** The fields of a collection the trail shows before and after a write. */
const AUDITED_FIELDS = ['number', 'name', 'contentType', 'filterType', 'count', 'status'] as const;

export async function createCollection(db: Db, form: CollectionForm, locale: Locale, now: Date, audit: AuditDraft): Promise<CollectionDetail> {
  const [row] = await insertCollections(db, [form], now);
  audit.set({ summary: `created collection ${row!.number}`, changes: diffFields<CollectionRow>(null, row!, AUDITED_FIELDS) });
  return toDetail(row!, locale);
}

export async function patchCollection(db: Db, id: number, patch: CollectionPatch, locale: Locale, now: Date, audit: AuditDraft): Promise<CollectionDetail> {
  const rows = await updateCollection(db, id, patch, now);
  if (!rows) throw new AppError('NOT_FOUND');
  audit.set({ summary: `updated collection ${rows.after.number}`, changes: diffFields(rows.before, rows.after, AUDITED_FIELDS) });
  return toDetail(rows.after, locale);
}

export async function removeCollection(db: Db, id: number, audit: AuditDraft): Promise<{ id: number }> {
  const row = await deleteCollection(db, id);
  if (!row) throw new AppError('NOT_FOUND');
  audit.set({ summary: `deleted collection ${row.number}`, changes: removedFields(row, AUDITED_FIELDS) });
  return { id };
}

/** CSV import, all or nothing: every row is checked first; one transaction writes them all. */
export async function importCollections(db: Db, body: MultipartBody, locale: Locale, now: Date, audit: AuditDraft): Promise<CollectionImportResult> {
  const check = checkImportFile(
    body.files.find((f) => f.field === 'file'),
    locale,
  );
  if (!check.ok) return { imported: 0, failed: check.failed, errors: check.errors };
  const rows = await db.transaction((tx) => insertCollections(tx, check.forms, now));
  audit.set({ targetType: 'collection', targetId: null, summary: `imported ${rows.length} collections` });
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
 * Streams every collection of the filters as CSV (the search table's 下载, sendCsv): titles and labels in the
 * caller's language, table column order, keyset batches formatted by the database, no row cap.
 */
export async function exportCollections(db: Db, reply: FastifyReply, filter: CollectionFilter, locale: Locale, timeZone: string, now: Date): Promise<FastifyReply> {
  const t = (key: string) => translateValidation(key, locale);
  const where = filterConditions(filter, timeZone);
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
