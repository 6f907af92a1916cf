import * as z from '../../zod.ts';
import { maxChars } from '../../text.ts';
import { defineCall } from '../../call.ts';
import { msg } from '../../messages/msg.ts';
import { blankToUndefined, isRealDate } from '../../query-values.ts';
import { idParamsSchema } from '../../paging.ts';

/** Collections ("policy" rows in the call paths), listed by the search table. */
export const contentTypes = ['img', 'horizontalVideo', 'verticalVideo'] as const;
export const filterTypes = ['artificial', 'rules'] as const;
export const policyStatuses = ['online', 'offline'] as const;
const policyPageSizes = [10, 20, 50, 100] as const;
const POLICY_COUNT_MAX = 100_000_000;
export const POLICY_NAME_MAX = 50;
const POLICY_NUMBER_FILTER_MAX = 32;
/** Import limits (批量导入): file size and row count. */
export const POLICY_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const POLICY_IMPORT_MAX_ROWS = 5000;
/** Columns of an import file (header names, any order) and of the table / export (table order). */
export const policyImportColumns = ['name', 'contentType', 'filterType', 'count', 'status'] as const;
export const policyExportColumns = ['number', 'name', 'contentType', 'filterType', 'count', 'createdTime', 'status'] as const;

export type ContentType = (typeof contentTypes)[number];
export type FilterType = (typeof filterTypes)[number];
export type PolicyStatus = (typeof policyStatuses)[number];

const policySchema = z.object({
  id: z.number().int(),
  /** Unique 8-digit number set by the server. */
  number: z.string(),
  name: z.string(),
  contentType: z.enum(contentTypes),
  filterType: z.enum(filterTypes),
  count: z.number().int(),
  status: z.enum(policyStatuses),
  /** ISO 8601 UTC. */
  createdTime: z.string(),
});
export type Policy = z.infer<typeof policySchema>;
const policyDetailSchema = policySchema.extend({ updatedAt: z.string() });
export type PolicyDetail = z.infer<typeof policyDetailSchema>;

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const dateSchema = z.string().regex(DATE_PATTERN, 'validation.invalidValue').refine(isRealDate, 'validation.invalidValue');

/**
 * Applied filters of the search table. `createdTime` comes twice in the query (start,
 * end; inclusive days); `name` matches as a case-insensitive substring, `number` as a prefix.
 */
const policyFilterSchema = z.object({
  number: z.preprocess(blankToUndefined, z.string().trim().check(maxChars(POLICY_NUMBER_FILTER_MAX, msg('common.maxLength', { n: POLICY_NUMBER_FILTER_MAX }))).optional()),
  name: z.preprocess(blankToUndefined, z.string().trim().check(maxChars(POLICY_NAME_MAX, msg('common.maxLength', { n: POLICY_NAME_MAX }))).optional()),
  contentType: z.preprocess(blankToUndefined, z.enum(contentTypes, { error: 'validation.invalidValue' }).optional()),
  filterType: z.preprocess(blankToUndefined, z.enum(filterTypes, { error: 'validation.invalidValue' }).optional()),
  status: z.preprocess(blankToUndefined, z.enum(policyStatuses, { error: 'validation.invalidValue' }).optional()),
  createdTime: z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : Array.isArray(v) ? v : [v]),
    z
      .tuple([dateSchema, dateSchema], { error: 'validation.invalidValue' })
      .refine(([start, end]) => start <= end, 'validation.invalidValue')
      .optional(),
  ),
});
export type PolicyFilter = z.infer<typeof policyFilterSchema>;

export const policyListQuerySchema = policyFilterSchema.extend({
  current: z.preprocess(blankToUndefined, z.coerce.number({ error: 'validation.invalidType' }).int('validation.invalidType').min(1, msg('validation.tooSmall', { n: 1 })).default(1)),
  pageSize: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'validation.invalidType' })
      .refine((n) => (policyPageSizes as readonly number[]).includes(n), 'validation.invalidValue')
      .default(10),
  ),
});
export type PolicyListQuery = z.infer<typeof policyListQuerySchema>;

const policyListSchema = z.object({ list: z.array(policySchema), total: z.number().int(), current: z.number().int(), pageSize: z.number().int() });
export type PolicyList = z.infer<typeof policyListSchema>;

/** The collection form (新建, 编辑): the same schema validates the console form, create and import rows. */
export const policyFormSchema = z.object({
  name: z
    .string({ error: 'searchTable.error.name.required' })
    .trim()
    .min(1, { error: 'searchTable.error.name.required', abort: true })
    .check(maxChars(POLICY_NAME_MAX, msg('common.maxLength', { n: POLICY_NAME_MAX }))),
  contentType: z.enum(contentTypes, { error: 'searchTable.error.contentType.required' }),
  filterType: z.enum(filterTypes, { error: 'searchTable.error.filterType.required' }),
  count: z
    .number({ error: 'searchTable.error.count.required' })
    .int('searchTable.error.count.range')
    .min(0, 'searchTable.error.count.range')
    .max(POLICY_COUNT_MAX, 'searchTable.error.count.range'),
  status: z.enum(policyStatuses, { error: 'searchTable.error.status.required' }),
});
export type PolicyForm = z.infer<typeof policyFormSchema>;
export const policyCreateBodySchema = policyFormSchema.strict();
export const policyPatchBodySchema = policyFormSchema.partial().strict();
export type PolicyPatch = z.infer<typeof policyPatchBodySchema>;

const importErrorSchema = z.object({ line: z.number().int(), column: z.string(), message: z.string() });
const policyImportResultSchema = z.object({ imported: z.number().int(), failed: z.number().int(), errors: z.array(importErrorSchema) });
export type PolicyImportResult = z.infer<typeof policyImportResultSchema>;

export const policyCalls = {
  list: defineCall({ id: 'policy.list', method: 'GET', path: '/api/list/policy', access: 'signed', permission: 'policy:read', summary: 'Collections: filters, paging (10/20/50/100), newest first then id', query: policyListQuerySchema, response: policyListSchema }),
  // Static paths are registered before `:id` (router specificity handles it, but keep them first for readers).
  export: defineCall({
    id: 'policy.export', method: 'GET', path: '/api/list/policy/export', access: 'signed', permission: 'policy:export', summary: 'All collections of the filters as a streamed CSV (BOM, caller language, no row cap)',
    query: policyFilterSchema, responseKind: 'csv',
  }),
  import: defineCall({
    id: 'policy.import', method: 'POST', path: '/api/list/policy/import', access: 'signed', permission: 'policy:import', summary: 'CSV import (multipart `file`, UTF-8, <= 2 MB, 1-5000 rows), all or nothing',
    requestKind: 'multipart', response: policyImportResultSchema, writes: true,
  }),
  get: defineCall({ id: 'policy.get', method: 'GET', path: '/api/list/policy/:id', access: 'signed', permission: 'policy:write', summary: 'One collection with updatedAt', params: idParamsSchema, response: policyDetailSchema }),
  create: defineCall({ id: 'policy.create', method: 'POST', path: '/api/list/policy', access: 'signed', permission: 'policy:write', summary: 'Creates a collection; the server sets number and createdTime', body: policyCreateBodySchema, response: policyDetailSchema, writes: true }),
  patch: defineCall({ id: 'policy.update', method: 'PATCH', path: '/api/list/policy/:id', access: 'signed', permission: 'policy:write', summary: 'Updates any subset of the form fields', params: idParamsSchema, body: policyPatchBodySchema, response: policyDetailSchema, writes: true }),
  delete: defineCall({ id: 'policy.delete', method: 'DELETE', path: '/api/list/policy/:id', access: 'signed', permission: 'policy:write', summary: 'Deletes a collection', params: idParamsSchema, response: z.object({ id: z.number().int() }), writes: true }),
};
