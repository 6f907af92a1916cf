/**
 * A resource's import (docs/resources.md, "Import"): a CSV or XLSX file uploaded, its columns mapped to the
 * fields (by their headers in either language, the mapping editable), every row checked and the problems
 * reported by row, column and field, then written all or nothing in one transaction, new records created and,
 * optionally, those matched by a unique field updated. The check and the write run on the server as a job of
 * their own: it goes on when the browser closes, reports its progress and stops when cancelled.
 */
import * as z from './zod.ts';
import { defineCall, type CallDef } from './call.ts';
import { msg, typeError } from './messages/msg.ts';
import { INT_MAX, type ResourceDef } from './resource.ts';

/** The largest file an import takes (bytes). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Rows of data (the header not counted) an import takes at most. */
export const IMPORT_MAX_ROWS = 100_000;
/** Columns a file may have at most. */
export const IMPORT_MAX_COLUMNS = 100;
/** Characters a cell may hold at most (a field's own limit is usually lower, and checked as the form checks it). */
export const IMPORT_MAX_CELL_CHARS = 10_000;
/** Rows the preview shows. */
export const IMPORT_PREVIEW_ROWS = 10;
/** Problems an import's answer lists (the report has every one kept). */
export const IMPORT_ERRORS_SHOWN = 100;
/** Problems an import keeps for its report; past it the check stops counting (`errorsCapped`). */
export const IMPORT_ERRORS_KEPT = 10_000;

/**
 * Where an import stands: `uploaded` (read, its columns and preview known), `checking`, `checked` (with its
 * problems, or ready to write), `writing`, then `done`, `failed` (nothing written: `failure` says why),
 * `cancelled`, or `interrupted` (the server stopped while it ran; nothing written).
 */
const importStatuses = ['uploaded', 'checking', 'checked', 'writing', 'done', 'failed', 'cancelled', 'interrupted'] as const;
export type ImportStatus = (typeof importStatuses)[number];
/** A job still at work. */
export const importRunning: readonly ImportStatus[] = ['checking', 'writing'];

/** The columns a file's header may name besides the fields: a scoped record's department and owner. */
export const importScopeColumns = ['department', 'owner'] as const;

/** What a column may be mapped to: a field a create sets (not a life cycle's state) and a scoped record's department and owner. */
export function importFields(def: ResourceDef): string[] {
  return [...def.fields.filter((f) => !f.state).map((f) => f.name), ...(def.scoped ? importScopeColumns : [])];
}

/** The fields an import may match existing records by: unique ones. */
const importMatchFields = (def: ResourceDef): string[] => def.fields.filter((f) => f.unique).map((f) => f.name);

const importProblem = z.object({ row: z.number().int(), column: z.string(), field: z.string().nullable(), message: z.string() });
export type ImportProblem = z.infer<typeof importProblem>;

const importJob = z.object({
  id: z.number().int(),
  fileName: z.string(),
  format: z.enum(['csv', 'xlsx']),
  status: z.enum(importStatuses),
  /** The file's header. */
  columns: z.array(z.string()),
  /** For each column, the field its header names (null: none). */
  suggested: z.array(z.string().nullable()),
  /** The columns (indexes) whose header names no field: a check without a mapping of the caller's own refuses them. */
  unmatched: z.array(z.number().int()),
  /** The first rows as the file has them (IMPORT_PREVIEW_ROWS at most). */
  preview: z.array(z.array(z.string())),
  /** Rows of data in the file. */
  rows: z.number().int(),
  /** The mapping the last check used (null before one). */
  mapping: z.array(z.string().nullable()).nullable(),
  matchBy: z.string().nullable(),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  /** What the rows do: records created and updated; after a write, matched rows that changed nothing (`unchanged`, counted apart from `updated`). */
  counts: z.object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int() }),
  /** Rows with at least one problem, and the first problems (in the caller's language). */
  errorRows: z.number().int(),
  errors: z.array(importProblem),
  errorsCapped: z.boolean(),
  /** Why a `failed` import wrote nothing, in the caller's language. */
  failure: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ImportJob = z.infer<typeof importJob>;

export interface ImportCalls {
  /** Uploads a file (multipart `file`): its header and first rows, and the mapping its headers suggest. */
  upload: CallDef;
  /** The caller's latest import of the resource (null: none), as a page opened later finds the one running. */
  latest: CallDef;
  get: CallDef;
  /** Checks every row with the mapping (omitted: the suggested one) and, optionally, the unique field to match records by. */
  check: CallDef;
  /** Writes a checked import without problems, all or nothing. */
  commit: CallDef;
  cancel: CallDef;
  /** Every problem kept, as CSV in the caller's language: row, column, field, message. */
  report: CallDef;
  /** The columns an import reads, as a CSV's header or a workbook with a sheet saying what each takes. */
  template: CallDef;
}

const templateQuery = z.object({ format: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['csv', 'xlsx'], { error: 'validation.invalidValue' }).default('xlsx')) }).strict();

const importParams = z.object({
  importId: z.coerce.number({ error: 'validation.invalidType' }).int('validation.invalidType').positive('validation.invalidValue').max(INT_MAX, 'validation.invalidValue'),
});

const built = new WeakMap<ResourceDef, ImportCalls>();

/** A resource's import calls, under `<apiPath>/imports` and the permission `<name>:import`. */
export function resourceImportCalls(def: ResourceDef): ImportCalls {
  const known = built.get(def);
  if (known) return known;
  const base = `${def.apiPath}/imports`;
  const permission = def.permissions.import;
  const many = def.pluralLabel['en-US'].toLowerCase();
  const fields = importFields(def);
  const matchFields = importMatchFields(def);
  const checkBody = z
    .object({
      mapping: z
        .array(z.enum(fields as [string, ...string[]], { error: 'validation.importField' }).nullable(), { error: typeError })
        .max(IMPORT_MAX_COLUMNS, msg('validation.importColumns', { n: IMPORT_MAX_COLUMNS }))
        .refine((m) => new Set(m.filter((f) => f !== null)).size === m.filter((f) => f !== null).length, 'validation.importMappedTwice')
        .optional(),
      matchBy: (matchFields.length > 0 ? z.enum(matchFields as [string, ...string[]], { error: 'validation.invalidValue' }) : z.never({ error: 'validation.invalidValue' })).nullable().optional(),
    })
    .strict();
  const calls: ImportCalls = {
    upload: defineCall({ id: `${def.name}.import-upload`, method: 'POST', path: base, access: 'signed', permission, summary: `Uploads a CSV or XLSX file of ${many} (multipart \`file\`, at most ${IMPORT_MAX_BYTES / 1024 / 1024} MiB, ${IMPORT_MAX_ROWS} rows, ${IMPORT_MAX_COLUMNS} columns): its header, first rows and suggested mapping`, requestKind: 'multipart', bodyLimit: IMPORT_MAX_BYTES + 64 * 1024, response: importJob, writes: true }),
    latest: defineCall({ id: `${def.name}.import-latest`, method: 'GET', path: `${base}/latest`, access: 'signed', permission, summary: `The caller's latest import of ${many} (null: none)`, response: importJob.nullable() }),
    get: defineCall({ id: `${def.name}.import-get`, method: 'GET', path: `${base}/:importId`, access: 'signed', permission, summary: `An import of ${many}: its status, progress and problems`, params: importParams, response: importJob }),
    check: defineCall({ id: `${def.name}.import-check`, method: 'POST', path: `${base}/:importId/check`, access: 'signed', permission, summary: `Checks every row of an import (a job: its progress in the import's answer) with the mapping given or suggested`, params: importParams, body: checkBody, response: importJob, writes: true }),
    commit: defineCall({ id: `${def.name}.import-commit`, method: 'POST', path: `${base}/:importId/commit`, access: 'signed', permission, summary: `Writes a checked import without problems, all or nothing in one transaction (a job); one audit entry with its counts`, params: importParams, response: importJob, writes: true }),
    cancel: defineCall({ id: `${def.name}.import-cancel`, method: 'POST', path: `${base}/:importId/cancel`, access: 'signed', permission, summary: `Cancels an import: a running check or write stops, nothing is written`, params: importParams, response: importJob, writes: true }),
    template: defineCall({ id: `${def.name}.import-template`, method: 'GET', path: `${base}/template`, access: 'signed', permission, summary: `The columns an import of ${many} reads, in the caller's language: an XLSX workbook whose second sheet says what each takes (default), or a CSV header (\`format=csv\`)`, query: templateQuery, responseKind: 'file' }),
    report: defineCall({ id: `${def.name}.import-report`, method: 'GET', path: `${base}/:importId/report`, access: 'signed', permission, summary: `An import's problems as CSV (row, column, field, message; caller language)`, params: importParams, responseKind: 'csv' }),
  };
  built.set(def, calls);
  return calls;
}
