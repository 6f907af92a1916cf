import * as z from '../../zod.ts';
import { maxChars } from '../../text.ts';
import { defineCall } from '../../call.ts';
import { msg } from '../../messages/msg.ts';
import { blankToUndefined, isRealDate } from '../../query-values.ts';
import { currentPageSchema, idParamsSchema } from '../../paging.ts';
import { searchTableColumnKeys, tableDensities } from './index.ts';

/** Collections (the call paths keep the spec's `/api/list/policy`), listed by the search table. */
export const contentTypes = ['img', 'horizontalVideo', 'verticalVideo'] as const;
export const filterTypes = ['artificial', 'rules'] as const;
export const collectionStatuses = ['online', 'offline'] as const;
const collectionPageSizes = [10, 20, 50, 100] as const;
export const COLLECTION_COUNT_MAX = 100_000_000;
export const COLLECTION_NAME_MAX = 50;
const COLLECTION_NUMBER_FILTER_MAX = 32;
/** Import limits (批量导入): file size and row count. */
export const COLLECTION_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const COLLECTION_IMPORT_MAX_ROWS = 5000;
/** Columns of an import file (header names, any order) and of the table / export (table order). */
export const collectionImportColumns = ['name', 'contentType', 'filterType', 'count', 'status'] as const;
export const collectionExportColumns = ['number', 'name', 'contentType', 'filterType', 'count', 'createdTime', 'status', 'department', 'owner'] as const;

export type ContentType = (typeof contentTypes)[number];
export type FilterType = (typeof filterTypes)[number];
export type CollectionStatus = (typeof collectionStatuses)[number];

const collectionSchema = z.object({
  id: z.number().int(),
  /** Unique 8-digit number set by the server. */
  number: z.string(),
  name: z.string(),
  contentType: z.enum(contentTypes),
  filterType: z.enum(filterTypes),
  count: z.number().int(),
  status: z.enum(collectionStatuses),
  /** ISO 8601 UTC. */
  createdTime: z.string(),
  /** The department it belongs to and the account responsible for it (issue 39): ids, their names in `labels`. */
  department: z.number().int(),
  owner: z.number().int(),
});
export type Collection = z.infer<typeof collectionSchema>;
/** The names of the departments and owners an answer refers to, by id: `{ department: { "7": "上海分部" }, owner: { "12": "Li Lei" } }`. */
const collectionLabelsSchema = z.object({ department: z.record(z.string(), z.string()), owner: z.record(z.string(), z.string()) });
export type CollectionLabels = z.infer<typeof collectionLabelsSchema>;
const collectionDetailSchema = collectionSchema.extend({ updatedAt: z.string(), labels: collectionLabelsSchema });
export type CollectionDetail = z.infer<typeof collectionDetailSchema>;

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const dateSchema = z.string().regex(DATE_PATTERN, 'validation.invalidValue').refine(isRealDate, 'validation.invalidValue');

/** A created-time end: a day, or empty for an open end. */
const createdEnd = z.preprocess(blankToUndefined, dateSchema.optional());

/** A department or an account named by id in a query (a positive 32-bit integer). */
const idFilter = z.preprocess(
  blankToUndefined,
  z.coerce.number({ error: 'validation.invalidType' }).int('validation.invalidType').positive('validation.invalidValue').max(2_147_483_647, 'validation.invalidValue').optional(),
);
/** A department or an account named by id in a body. */
const recordId = z.number({ error: 'validation.invalidType' }).int('validation.invalidType').positive('validation.invalidValue').max(2_147_483_647, 'validation.invalidValue');

/**
 * Applied filters of the search table. `createdTime` comes twice in the query (start,
 * end; inclusive days), either empty for an open end (`createdTime=&createdTime=2026-03-31`: up to that
 * day; the name once is a start); `name` matches as a case-insensitive substring, `number` as a prefix;
 * `department` is the department and every one below it, `owner` an account.
 */
const collectionFilterSchema = z.object({
  number: z.preprocess(blankToUndefined, z.string().trim().check(maxChars(COLLECTION_NUMBER_FILTER_MAX, msg('common.maxLength', { n: COLLECTION_NUMBER_FILTER_MAX }))).optional()),
  name: z.preprocess(blankToUndefined, z.string().trim().check(maxChars(COLLECTION_NAME_MAX, msg('common.maxLength', { n: COLLECTION_NAME_MAX }))).optional()),
  contentType: z.preprocess(blankToUndefined, z.enum(contentTypes, { error: 'validation.invalidValue' }).optional()),
  filterType: z.preprocess(blankToUndefined, z.enum(filterTypes, { error: 'validation.invalidValue' }).optional()),
  status: z.preprocess(blankToUndefined, z.enum(collectionStatuses, { error: 'validation.invalidValue' }).optional()),
  createdTime: z.preprocess(
    (v) => {
      const ends = Array.isArray(v) ? v : [v, undefined];
      return ends.every((end) => blankToUndefined(end) === undefined) ? undefined : ends;
    },
    z
      .tuple([createdEnd, createdEnd], { error: 'validation.invalidValue' })
      .refine(([start, end]) => start === undefined || end === undefined || start <= end, 'validation.invalidValue')
      .optional(),
  ),
  department: idFilter,
  owner: idFilter,
});
export type CollectionFilter = z.infer<typeof collectionFilterSchema>;

export const collectionListQuerySchema = collectionFilterSchema.extend({
  current: currentPageSchema,
  pageSize: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'validation.invalidType' })
      .refine((n) => (collectionPageSizes as readonly number[]).includes(n), 'validation.invalidValue')
      .default(10),
  ),
});
export type CollectionListQuery = z.infer<typeof collectionListQuerySchema>;

const collectionListSchema = z.object({ list: z.array(collectionSchema), total: z.number().int(), current: z.number().int(), pageSize: z.number().int(), labels: collectionLabelsSchema });
export type CollectionList = z.infer<typeof collectionListSchema>;

/** The collection form (新建, 编辑): the same schema validates the console form, create and import rows. */
export const collectionFormSchema = z.object({
  name: z
    .string({ error: 'searchTable.error.name.required' })
    .trim()
    .min(1, { error: 'searchTable.error.name.required', abort: true })
    .check(maxChars(COLLECTION_NAME_MAX, msg('common.maxLength', { n: COLLECTION_NAME_MAX }))),
  contentType: z.enum(contentTypes, { error: 'searchTable.error.contentType.required' }),
  filterType: z.enum(filterTypes, { error: 'searchTable.error.filterType.required' }),
  count: z
    .number({ error: 'searchTable.error.count.required' })
    .int('searchTable.error.count.range')
    .min(0, 'searchTable.error.count.range')
    .max(COLLECTION_COUNT_MAX, 'searchTable.error.count.range'),
  status: z.enum(collectionStatuses, { error: 'searchTable.error.status.required' }),
});
export type CollectionForm = z.infer<typeof collectionFormSchema>;
/**
 * Where a collection sits (issue 39): left out of a create, the writer's department and the writer; either
 * must be within the writer's data scope (403 OUT_OF_SCOPE). An import's rows take the importer's.
 */
const placement = { department: recordId.optional(), owner: recordId.optional() };
export const collectionCreateBodySchema = collectionFormSchema.extend(placement).strict();
export type CollectionCreateBody = z.infer<typeof collectionCreateBodySchema>;
export const collectionPatchBodySchema = collectionFormSchema.partial().extend(placement).strict();
export type CollectionPatch = z.infer<typeof collectionPatchBodySchema>;

const importErrorSchema = z.object({ line: z.number().int(), column: z.string(), message: z.string() });
const collectionImportResultSchema = z.object({ imported: z.number().int(), failed: z.number().int(), errors: z.array(importErrorSchema) });
export type CollectionImportResult = z.infer<typeof collectionImportResultSchema>;

export const collectionCalls = {
  list: defineCall({ id: 'collection.list', method: 'GET', path: '/api/list/policy', access: 'signed', permission: 'collection:read', summary: 'Collections: filters, paging (10/20/50/100), newest first then id', query: collectionListQuerySchema, response: collectionListSchema }),
  // Static paths are registered before `:id` (router specificity handles it, but keep them first for readers).
  export: defineCall({
    id: 'collection.export', method: 'GET', path: '/api/list/policy/export', access: 'signed', permission: 'collection:export', summary: 'All collections of the filters as a streamed CSV (BOM, caller language, no row cap)',
    query: collectionFilterSchema, responseKind: 'csv',
  }),
  import: defineCall({
    id: 'collection.import', method: 'POST', path: '/api/list/policy/import', access: 'signed', permission: 'collection:import', summary: 'CSV import (multipart `file`, UTF-8, <= 2 MB, 1-5000 rows), all or nothing',
    requestKind: 'multipart', response: collectionImportResultSchema, writes: true,
  }),
  get: defineCall({ id: 'collection.get', method: 'GET', path: '/api/list/policy/:id', access: 'signed', permission: 'collection:write', summary: 'One collection with updatedAt', params: idParamsSchema, response: collectionDetailSchema }),
  create: defineCall({ id: 'collection.create', method: 'POST', path: '/api/list/policy', access: 'signed', permission: 'collection:write', summary: 'Creates a collection; the server sets number and createdTime', body: collectionCreateBodySchema, response: collectionDetailSchema, writes: true }),
  patch: defineCall({ id: 'collection.update', method: 'PATCH', path: '/api/list/policy/:id', access: 'signed', permission: 'collection:write', summary: 'Updates any subset of the form fields', params: idParamsSchema, body: collectionPatchBodySchema, response: collectionDetailSchema, writes: true }),
  delete: defineCall({ id: 'collection.delete', method: 'DELETE', path: '/api/list/policy/:id', access: 'signed', permission: 'collection:write', summary: 'Deletes a collection', params: idParamsSchema, response: z.object({ id: z.number().int() }), writes: true }),
};

const columnsSchema = z
  .array(z.object({ key: z.enum(searchTableColumnKeys), visible: z.boolean() }).strict())
  .max(searchTableColumnKeys.length)
  .refine((a) => new Set(a.map((c) => c.key)).size === a.length, 'preferences.duplicate');

/** The search table's part of a user's stored preferences (/api/user/preferences): density, columns shown and their order. */
export const searchTablePreferences = { searchTable: z.object({ density: z.enum(tableDensities).optional(), columns: columnsSchema.optional() }).strict() };
