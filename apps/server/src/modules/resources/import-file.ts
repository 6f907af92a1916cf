import { CsvError, parse } from 'csv-parse';
import { IMPORT_MAX_BYTES, IMPORT_MAX_CELL_CHARS, IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS, IMPORT_PREVIEW_ROWS } from '@atrium/contracts/resource-import';
import { msg } from '@atrium/contracts';
import { AppError } from '../../http/errors.ts';
import type { MultipartFile } from '../../http/multipart.ts';
import { isZip, looksBinary } from '../../http/file-signature.ts';
import { sheetRows, WorkbookError } from './import-xlsx.ts';

/**
 * An import's file (docs/resources.md, "Import"): which format it is, and its rows as text, one at a time.
 * CSV through csv-parse (streamed: a batch of rows in memory at once, whatever the file's length), UTF-8 or,
 * failing that, GB18030 (what a Chinese spreadsheet saves); XLSX by `import-xlsx.ts`, its first sheet, streamed,
 * each cell's value as the workbook saved it (a formula's last result, never evaluated). Rows are numbered
 * as a spreadsheet numbers them (a CSV's header is row 1). A row of blank cells is skipped, its number kept.
 */

export type ImportFormat = 'csv' | 'xlsx';

/** What an upload learns of its file: the header, the first rows and how many there are. */
export interface InspectedFile {
  format: ImportFormat;
  columns: string[];
  preview: string[][];
  rows: number;
}

export interface FileRow {
  /** The row's number in the file (the header is 1). */
  row: number;
  cells: string[];
}

/** An XLSX workbook unpacks to this much at most: a larger one (a zip bomb, or a sheet far past the row limit) is refused before it is read. */
const XLSX_UNPACKED_MAX = 8 * IMPORT_MAX_BYTES;

const fileProblem = (message: string, status: 'VALIDATION_FAILED' | 'UNSUPPORTED_MEDIA_TYPE' | 'PAYLOAD_TOO_LARGE' = 'VALIDATION_FAILED') =>
  new AppError(status, { message, details: [{ path: 'file', message }] });

/**
 * The file's format, by its name and its first bytes: `.xlsx` must be a zip (a workbook), `.csv` must be
 * text (no NUL, no binary signature). Anything else, an empty file or one over the limit is refused on `file`.
 */
export function fileFormat(file: MultipartFile | undefined): ImportFormat {
  if (!file) throw fileProblem('validation.importFileRequired');
  if (file.data.length > IMPORT_MAX_BYTES) throw fileProblem(msg('validation.importFileSize', { n: IMPORT_MAX_BYTES / 1024 / 1024 }), 'PAYLOAD_TOO_LARGE');
  if (file.data.length === 0) throw fileProblem('validation.importEmpty');
  const name = file.filename.toLowerCase();
  if (name.endsWith('.xlsx') && isZip(file.data)) return 'xlsx';
  if (name.endsWith('.csv') && !looksBinary(file.data)) return 'csv';
  throw fileProblem('validation.importFileType', 'UNSUPPORTED_MEDIA_TYPE');
}

/**
 * An import's file: its bytes at once (an upload, in memory anyway), or its bytes a slice at a time, read
 * again from the start on each call (a file read back from its job's row: never whole in memory).
 */
export type FileData = Buffer | (() => AsyncIterable<Buffer>);

/** The parser's piece of text at a time: its rows wait for the reader instead of piling up in its buffer. */
const TEXT_SLICE = 8 * 1024;

function chunksOf(data: FileData): () => AsyncIterable<Buffer> {
  if (typeof data === 'function') return data;
  return async function* () {
    for (let i = 0; i < data.length; i += TEXT_SLICE) yield data.subarray(i, i + TEXT_SLICE);
  };
}

/** Whether the whole file is UTF-8 (read once, decoded a slice at a time, nothing kept); else it is read as GB18030. */
async function csvEncoding(chunks: () => AsyncIterable<Buffer>): Promise<'utf-8' | 'gb18030'> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of chunks()) decoder.decode(chunk, { stream: true });
    decoder.decode();
    return 'utf-8';
  } catch {
    return 'gb18030';
  }
}

/** A CSV's text a slice at a time: UTF-8 (its BOM dropped), else GB18030. */
async function* csvText(data: FileData): AsyncGenerator<string> {
  const chunks = chunksOf(data);
  const decoder = new TextDecoder(await csvEncoding(chunks));
  let first = true;
  for await (const chunk of chunks()) {
    // decoded a slice at a time: a string of a whole chunk (Chinese text takes two bytes a character) would be
    // large enough for V8 to keep among its large objects, which only a full collection frees
    for (let i = 0; i < chunk.length; i += TEXT_SLICE) {
      let text = decoder.decode(chunk.subarray(i, i + TEXT_SLICE), { stream: true });
      if (first && text.length > 0) {
        first = false;
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      }
      if (text) yield text;
    }
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

const quoteProblem = (error: unknown) =>
  error instanceof CsvError ? fileProblem(msg('validation.importQuote', { line: Number((error as CsvError & { lines?: number }).lines ?? 0) })) : error;

/**
 * A CSV's records, a slice of text at a time: the parser is fed a slice and its records are taken at once
 * (a promise per slice, not per record: what an import of 100 000 rows allocates is what its heap holds).
 */
async function* csvRows(data: FileData): AsyncGenerator<string[][]> {
  // relax_quotes: a quote inside an unquoted cell is text; relax_column_count: a short or long row is the
  // check's to report (its cells are what they are), not a reason to refuse the file
  const parser = parse({ relax_quotes: true, relax_column_count: true, skip_empty_lines: false });
  // the parser's error is read from `errored` as its records are taken; the listener keeps it from being thrown
  const ended = new Promise<void>((resolve) => {
    parser.once('finish', resolve);
    parser.once('error', () => resolve());
  });
  const take = (): string[][] => {
    const out: string[][] = [];
    for (let record = parser.read() as string[] | null; record !== null; record = parser.read() as string[] | null) out.push(record);
    if (parser.errored) throw quoteProblem(parser.errored);
    return out;
  };
  for await (const text of csvText(data)) {
    parser.write(text);
    yield take();
  }
  parser.end();
  await ended;
  yield take();
}

async function* xlsxRows(data: FileData): AsyncGenerator<FileRow[]> {
  try {
    yield* sheetRows(chunksOf(data), XLSX_UNPACKED_MAX, IMPORT_MAX_COLUMNS);
  } catch (error) {
    if (!(error instanceof WorkbookError)) throw error;
    if (error.reason === 'columns') throw fileProblem(msg('validation.importTooManyColumns', { columns: error.width, n: IMPORT_MAX_COLUMNS }));
    throw error.reason === 'unpacked' ? fileProblem(msg('validation.importUnpacked', { n: XLSX_UNPACKED_MAX / 1024 / 1024 })) : fileProblem('validation.importUnreadable');
  }
}

async function* csvNumbered(data: FileData): AsyncGenerator<FileRow[]> {
  let row = 0;
  for await (const records of csvRows(data)) yield records.map((cells) => ({ row: ++row, cells }));
}

/** Every row of the file, the header first, numbered; blank rows skipped. A slice of the file's rows at a time. */
export async function* fileRows(data: FileData, format: ImportFormat): AsyncGenerator<FileRow[]> {
  for await (const found of format === 'csv' ? csvNumbered(data) : xlsxRows(data)) {
    const rows = found.filter((r) => r.cells.some((c) => c.trim() !== ''));
    if (rows.length > 0) yield rows;
  }
}

/**
 * The header, the first rows and the count, with the file's limits: rows, columns, a cell's length, a header
 * whose every column has a name once. Each refused on `file` with a message that says which.
 */
export async function inspectFile(data: Buffer, format: ImportFormat): Promise<InspectedFile> {
  let columns: string[] | undefined;
  const preview: string[][] = [];
  let rows = 0;
  for await (const slice of fileRows(data, format)) {
    for (const { row, cells } of slice) {
      if (cells.length > IMPORT_MAX_COLUMNS) throw fileProblem(msg('validation.importTooManyColumns', { columns: cells.length, n: IMPORT_MAX_COLUMNS }));
      const long = cells.findIndex((c) => c.length > IMPORT_MAX_CELL_CHARS);
      if (long >= 0) throw fileProblem(msg('validation.importCellTooLong', { row, column: columns?.[long] ?? String(long + 1), n: IMPORT_MAX_CELL_CHARS }));
      if (!columns) {
        columns = cells.map((c) => c.trim());
        const blank = columns.findIndex((c) => c === '');
        if (blank >= 0) throw fileProblem(msg('validation.importHeaderBlank', { n: blank + 1 }));
        const twice = columns.find((c, i) => columns!.findIndex((d) => d.toLowerCase() === c.toLowerCase()) !== i);
        if (twice !== undefined) throw fileProblem(msg('validation.importHeaderTwice', { name: twice }));
        continue;
      }
      rows += 1;
      if (preview.length < IMPORT_PREVIEW_ROWS) preview.push(cells);
    }
  }
  if (!columns) throw fileProblem('validation.importEmpty');
  if (rows === 0) throw fileProblem('validation.importNoRows');
  if (rows > IMPORT_MAX_ROWS) throw fileProblem(msg('validation.importTooManyRows', { rows, n: IMPORT_MAX_ROWS }));
  return { format, columns, preview, rows };
}
