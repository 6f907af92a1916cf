import {
  contentTypes,
  filterTypes,
  COLLECTION_IMPORT_MAX_BYTES,
  COLLECTION_IMPORT_MAX_ROWS,
  collectionFormSchema,
  collectionImportColumns,
  collectionStatuses,
  type CollectionForm,
} from '@atrium/contracts/demo/search-table/calls';
import { msg, translateValidation, validationMessages, type Locale } from '@atrium/contracts';
import { AppError } from '../../http/errors.ts';
import type { MultipartFile } from '../../http/multipart.ts';
import { parseCsv } from '../../lists/csv.ts';
import { looksBinary } from '../../http/file-signature.ts';

interface ImportError {
  line: number;
  column: string;
  message: string;
}
export type ImportCheck = { ok: true; forms: CollectionForm[] } | { ok: false; failed: number; errors: ImportError[] };

const fileProblem = (key: string, status: 'VALIDATION_FAILED' | 'UNSUPPORTED_MEDIA_TYPE' | 'PAYLOAD_TOO_LARGE' = 'VALIDATION_FAILED') =>
  new AppError(status, { message: key, details: status === 'VALIDATION_FAILED' ? [{ path: 'file', message: key }] : undefined });

const csvTypes = new Set(['text/csv', 'application/csv', 'text/comma-separated-values', 'application/vnd.ms-excel']);

/** A CSV is recognised by its name or declared type, and its content must be text (no NUL, no binary signature). */
function assertCsv(file: MultipartFile): void {
  const named = /\.csv$/i.test(file.filename) || csvTypes.has(file.contentType.split(';')[0]!.trim().toLowerCase());
  if (looksBinary(file.data) || !named) throw fileProblem('searchTable.import.fileType', 'UNSUPPORTED_MEDIA_TYPE');
}

/** Accepted spellings of an enumeration: the key or its zh-CN or en-US label, case-insensitive. */
function labelMap<T extends string>(keys: readonly T[], labelKey: (k: T) => string): Map<string, T> {
  const map = new Map<string, T>();
  for (const key of keys) {
    map.set(key.toLowerCase(), key);
    for (const locale of ['zh-CN', 'en-US'] as const) {
      const label = validationMessages[locale][labelKey(key)];
      if (label) map.set(label.toLowerCase(), key);
    }
  }
  return map;
}
const enumColumns = {
  contentType: labelMap(contentTypes, (k) => `searchTable.form.contentType.${k}`),
  filterType: labelMap(filterTypes, (k) => `searchTable.form.filterType.${k}`),
  status: labelMap(collectionStatuses, (k) => `searchTable.form.status.${k}`),
};

/**
 * Reads an import file (the search table's 批量导入). File-level problems (not a CSV, too large, not UTF-8, empty, bad
 * header, no rows, more than 5 000 rows) throw; row problems are collected for every row, so the user
 * fixes the whole file at once, and nothing is written unless every row passes.
 */
export function checkImportFile(file: MultipartFile | undefined, locale: Locale): ImportCheck {
  if (!file) throw fileProblem('searchTable.import.error.fileRequired');
  if (file.data.length > COLLECTION_IMPORT_MAX_BYTES) throw fileProblem('searchTable.import.fileSize', 'PAYLOAD_TOO_LARGE');
  assertCsv(file);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file.data);
  } catch {
    throw fileProblem('searchTable.import.error.encoding');
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === '') throw fileProblem('searchTable.import.error.empty');

  const parsed = parseCsv(text);
  if (!parsed.ok) throw fileProblem('searchTable.import.error.quote');
  const [header, ...rows] = parsed.records;
  const names = header!.fields.map((f) => f.trim());
  const expected = new Set<string>(collectionImportColumns);
  if (names.length !== expected.size || new Set(names).size !== names.length || !names.every((n) => expected.has(n))) {
    throw fileProblem('searchTable.import.error.header');
  }
  if (rows.length === 0) throw fileProblem('searchTable.import.error.noRows');
  if (rows.length > COLLECTION_IMPORT_MAX_ROWS) throw fileProblem(msg('searchTable.import.error.tooManyRows', { rows: rows.length, n: COLLECTION_IMPORT_MAX_ROWS }));

  const t = (key: string) => translateValidation(key, locale);
  const errors: ImportError[] = [];
  const failedLines = new Set<number>();
  const forms: CollectionForm[] = [];
  const fail = (line: number, column: string, key: string) => {
    errors.push({ line, column, message: t(key) });
    failedLines.add(line);
  };
  for (const { line, fields } of rows) {
    if (fields.length !== names.length) {
      fail(line, '', msg('searchTable.import.error.fieldCount', { found: fields.length, expected: names.length }));
      continue;
    }
    const raw = Object.fromEntries(names.map((n, i) => [n, fields[i]!.trim()])) as Record<(typeof collectionImportColumns)[number], string>;
    const candidate: Record<string, unknown> = { name: raw.name };
    let rowFailed = false;
    for (const column of ['contentType', 'filterType', 'status'] as const) {
      if (raw[column] === '') continue; // left to the schema: "required"
      const key = enumColumns[column].get(raw[column].toLowerCase());
      if (key) candidate[column] = key;
      else {
        fail(line, column, `searchTable.import.error.${column}`);
        rowFailed = true;
      }
    }
    if (raw.count !== '') {
      if (/^[+-]?\d+$/.test(raw.count)) candidate.count = Number(raw.count);
      else {
        fail(line, 'count', 'searchTable.error.count.range');
        rowFailed = true;
      }
    }
    const result = collectionFormSchema.safeParse(candidate);
    if (result.success) {
      if (!rowFailed) forms.push(result.data);
      continue;
    }
    const seen = new Set(errors.filter((e) => e.line === line).map((e) => e.column));
    for (const issue of result.error.issues) {
      const column = String(issue.path[0] ?? '');
      if (seen.has(column)) continue; // one message per cell: the first rule that failed
      seen.add(column);
      fail(line, column, issue.message);
    }
  }
  return errors.length > 0 ? { ok: false, failed: failedLines.size, errors } : { ok: true, forms };
}
