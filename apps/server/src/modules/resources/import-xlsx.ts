import { Unzip, UnzipInflate } from 'fflate';
import { XmlScanner } from './xml-scan.ts';

/**
 * A workbook's first sheet, a row at a time (docs/resources.md, "Import"): the archive inflated a slice at a
 * time by fflate's streaming unzip and each part read by a streaming XML scanner (`xml-scan.ts`), so that neither
 * the sheet's XML nor its rows are ever whole in memory. Two passes over the archive: the first reads the
 * workbook (which sheet is first, its date system), the styles (which cells are dates) and the shared strings
 * (the one part kept whole, as the list of strings the cells point into); the second reads the sheet's rows.
 *
 * A cell's text is what the workbook saved: a number's digits as written, a formula's last result (never
 * evaluated), a shared or inline string (rich text joined, phonetic runs left out, `_xHHHH_` escapes read),
 * `true`/`false`, an error's code; a date-formatted number is a date, `YYYY-MM-DD`, or the instant with a
 * time of day. Rows keep the number the sheet gives them.
 */

export interface SheetRow {
  row: number;
  cells: string[];
}

/** Why a workbook was not read: the reader of the file turns each into the message for the person. */
export class WorkbookError extends Error {
  /** `columns`: a row reaches past the columns allowed (`width` is how far): refused before its gap is filled. */
  constructor(
    readonly reason: 'unreadable' | 'unpacked' | 'columns',
    readonly width = 0,
  ) {
    super(`workbook ${reason}`);
  }
}

/**
 * The compressed bytes handed to the unzip at once: what inflates from them (some 60 rows of inline strings)
 * is what waits for the import's batches; more rows waiting live long enough for V8 to keep them until a full
 * collection (bench/import).
 */
const SLICE = 2 * 1024;

/** The inflated bytes decoded to text at once. */
const TEXT_PIECE = 16 * 1024;

/** The name of an XML element without its namespace's prefix (`x:row` is `row`). */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

/** A path inside the archive from a relationship's target, relative to the folder of the part that names it. */
function resolvePath(from: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = from.split('/').slice(0, -1);
  for (const step of target.split('/')) {
    if (step === '..') parts.pop();
    else if (step !== '.') parts.push(step);
  }
  return parts.join('/');
}

/**
 * Inflates the entries `want` names, 2 KiB of the archive at a time, from its bytes as they come (a local
 * header at a time: the archive is never whole in memory): each one's text goes to the sink `want` gives for
 * it. Pauses after each slice, so its caller can hand on what the slice produced before the next is inflated.
 * Past `limit` bytes, declared by the entries' headers or really inflated, the workbook is refused.
 */
async function* inflate(
  chunks: () => AsyncIterable<Uint8Array>,
  want: (name: string) => ((text: string, last: boolean) => void) | undefined,
  limit: number,
): AsyncGenerator<void> {
  let declared = 0;
  let inflated = 0;
  let failure: unknown;
  const unzip = new Unzip((file) => {
    declared += file.originalSize ?? 0;
    if (declared > limit) failure ??= new WorkbookError('unpacked');
    const sink = want(file.name);
    if (!sink || failure) return;
    const decoder = new TextDecoder('utf-8');
    file.ondata = (error, chunk, last) => {
      if (error) {
        failure ??= error;
        return;
      }
      inflated += chunk.length;
      if (inflated > limit) failure ??= new WorkbookError('unpacked');
      if (failure) return;
      // a piece at a time: the text of a whole inflated chunk could be one of V8's large objects (freed late)
      for (let at = 0; at < chunk.length; at += TEXT_PIECE) sink(decoder.decode(chunk.subarray(at, at + TEXT_PIECE), { stream: true }), false);
      if (last) sink(decoder.decode(), true);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  const push = (slice: Uint8Array, last: boolean) => {
    try {
      unzip.push(slice, last);
    } catch (error) {
      // the archive's own faults (a cut entry, a bad header) or the reader's refusal; the file's reader's (the
      // database's) are not caught here
      failure ??= error instanceof WorkbookError ? error : new WorkbookError('unreadable');
    }
    if (failure) throw failure instanceof WorkbookError ? failure : new WorkbookError('unreadable');
  };
  for await (const chunk of chunks()) {
    for (let at = 0; at < chunk.length; at += SLICE) {
      push(chunk.subarray(at, at + SLICE), false);
      yield;
    }
  }
  push(new Uint8Array(0), true);
}

/** An XML part's elements as they open and close, and the text inside them; fed a piece at a time. */
interface XmlHandler {
  open(name: string, attributes: Record<string, string>): void;
  text?(text: string): void;
  close?(name: string): void;
}

function xmlSink(handler: XmlHandler): (text: string, last: boolean) => void {
  const scanner = new XmlScanner({
    open: (name, attributes) => handler.open(local(name), attributes),
    text: (text) => handler.text?.(text),
    close: (name) => handler.close?.(local(name)),
  });
  return (text, last) => {
    scanner.write(text);
    if (last) scanner.end();
  };
}

/** `_x000D_` and the like: how a workbook writes a character XML cannot hold. */
const unescapeCell = (text: string) => (text.includes('_x') ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : text);

/** Number formats that are dates whatever the workbook calls them (ECMA-376, 18.8.30). */
const BUILT_IN_DATES = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

/** A format code that shows a date or a time: a day, month, year, hour or second outside quotes, escapes and colours. */
function isDateCode(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[(?![hms]+\])[^\]]*\]/gi, '');
  return /[dmyhs]/i.test(bare.split(';')[0] ?? '');
}

/** What the first pass learns: the sheet to read, which styles are dates, the date system, the shared strings. */
interface Workbook {
  sheet: string | undefined;
  dateStyles: Set<number>;
  date1904: boolean;
  strings: string[];
}

/** Reads a small part whole (the workbook, its relationships, the styles) and hands its text to `read`. */
function wholePart(read: (text: string) => void): (text: string, last: boolean) => void {
  let text = '';
  return (piece, last) => {
    text += piece;
    if (last) read(text);
  };
}

async function readWorkbook(chunks: () => AsyncIterable<Uint8Array>, limit: number): Promise<Workbook> {
  const book: Workbook = { sheet: undefined, dateStyles: new Set(), date1904: false, strings: [] };
  let firstSheetId: string | undefined;
  const relations = new Map<string, string>();
  let workbookPath = 'xl/workbook.xml';
  const formats = new Map<number, string>();
  const styles: number[] = [];
  let inCellStyles = false;

  // the shared strings: each `si`'s text runs joined, a phonetic run (`rPh`) left out
  let current: string[] | null = null;
  let inText = false;
  let phonetic = 0;
  const sharedStrings: XmlHandler = {
    open(name) {
      if (name === 'si') current = [];
      else if (name === 'rPh') phonetic += 1;
      else if (name === 't' && phonetic === 0) inText = true;
    },
    text(text) {
      if (inText && current) current.push(text);
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic -= 1;
      else if (name === 'si' && current) {
        book.strings.push(unescapeCell(current.join('')));
        current = null;
      }
    },
  };

  const parts = new Map<string, string>();
  for await (const _ of inflate(
    chunks,
    (name) => {
      const base = name.split('/').pop();
      if (base === 'sharedStrings.xml') return xmlSink(sharedStrings);
      if (base === 'workbook.xml' || base === 'styles.xml' || name === '_rels/.rels' || name.endsWith('/workbook.xml.rels')) return wholePart((text) => parts.set(name, text));
      return undefined;
    },
    limit,
  ));

  const parse = (name: string | undefined, handler: XmlHandler) => {
    const text = name === undefined ? undefined : parts.get(name);
    if (text !== undefined) xmlSink(handler)(text, true);
  };
  parse('_rels/.rels', {
    open(name, a) {
      if (name === 'Relationship' && a.Type?.endsWith('/officeDocument') && a.Target) workbookPath = resolvePath('', a.Target);
    },
  });
  parse(workbookPath, {
    open(name, a) {
      if (name === 'sheet' && firstSheetId === undefined) firstSheetId = a['r:id'] ?? Object.entries(a).find(([key]) => local(key) === 'id')?.[1];
      else if (name === 'workbookPr') book.date1904 = a.date1904 === '1' || a.date1904 === 'true';
    },
  });
  const relationsPath = resolvePath(workbookPath, `_rels/${workbookPath.split('/').pop()}.rels`);
  parse(relationsPath, {
    open(name, a) {
      if (name === 'Relationship' && a.Id && a.Target) relations.set(a.Id, resolvePath(workbookPath, a.Target));
    },
  });
  book.sheet = firstSheetId === undefined ? undefined : relations.get(firstSheetId);
  parse(resolvePath(workbookPath, 'styles.xml'), {
    open(name, a) {
      if (name === 'numFmt' && a.numFmtId && a.formatCode !== undefined) formats.set(Number(a.numFmtId), a.formatCode);
      else if (name === 'cellXfs') inCellStyles = true;
      else if (name === 'xf' && inCellStyles) styles.push(Number(a.numFmtId ?? 0));
    },
    close(name) {
      if (name === 'cellXfs') inCellStyles = false;
    },
  });
  styles.forEach((format, index) => {
    const code = formats.get(format);
    if (code === undefined ? BUILT_IN_DATES.has(format) : isDateCode(code)) book.dateStyles.add(index);
  });
  return book;
}

/** A date-formatted number as text: the day (`YYYY-MM-DD`), or the instant when it has a time of day. */
function serialDate(serial: number, date1904: boolean): string {
  // day 25 569 of the 1900 system (24 107 of the 1904 one) is 1970-01-01
  const date = new Date(Math.round((serial - (date1904 ? 24107 : 25569)) * 86_400_000));
  if (Number.isNaN(date.getTime())) return String(serial);
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
}

/** A cell reference's column, from 0 (`C7` is 2); none for a reference that is not one. */
function columnOf(reference: string | undefined): number | undefined {
  if (!reference) return undefined;
  let column = 0;
  let i = 0;
  for (; i < reference.length; i++) {
    const code = reference.charCodeAt(i);
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
  }
  return i === 0 ? undefined : column - 1;
}

/**
 * Every row of the workbook's first sheet that has a value, in order: those a slice of the archive holds at a
 * time. `chunks` gives the archive's bytes from its start, each time it is called (it is read twice). A cell
 * past `maxColumns` refuses the workbook (a few bytes of a reference would otherwise be thousands of cells).
 */
export async function* sheetRows(chunks: () => AsyncIterable<Uint8Array>, limit: number, maxColumns: number): AsyncGenerator<SheetRow[]> {
  const book = await readWorkbook(chunks, limit);
  if (!book.sheet) throw new WorkbookError('unreadable');

  const ready: SheetRow[] = [];
  let row = 0;
  let cells: string[] = [];
  let column = 0;
  let type = '';
  let style = 0;
  let value: string[] | null = null;
  let inValue = false;
  let phonetic = 0;
  let found = false;
  const cellValue = (text: string): string => {
    if (type === 's') return book.strings[Number(text)] ?? '';
    if (type === 'b') return text === '1' ? 'true' : text === '0' ? 'false' : text;
    if (type === 'str' || type === 'inlineStr') return unescapeCell(text);
    if ((type === '' || type === 'n') && book.dateStyles.has(style)) {
      const serial = Number(text);
      if (text.trim() !== '' && Number.isFinite(serial)) return serialDate(serial, book.date1904);
    }
    return text;
  };
  const sheet: XmlHandler = {
    open(name, a) {
      if (name === 'sheetData') found = true;
      else if (name === 'row') {
        row = a.r ? Number(a.r) : row + 1;
        cells = [];
        column = 0;
      } else if (name === 'c') {
        column = columnOf(a.r) ?? column;
        type = a.t ?? '';
        style = Number(a.s ?? 0);
        value = null;
      } else if (name === 'rPh') phonetic += 1;
      else if ((name === 'v' || (name === 't' && type === 'inlineStr')) && phonetic === 0) {
        value ??= [];
        inValue = true;
      }
    },
    text(text) {
      if (inValue && value) value.push(text);
    },
    close(name) {
      if (name === 'v' || name === 't') inValue = false;
      else if (name === 'rPh') phonetic -= 1;
      else if (name === 'c') {
        if (value) {
          if (column >= maxColumns) throw new WorkbookError('columns', column + 1);
          while (cells.length < column) cells.push('');
          cells[column] = cellValue(value.join(''));
        }
        value = null;
        column += 1;
      } else if (name === 'row' && cells.length > 0) ready.push({ row, cells });
    },
  };
  for await (const _ of inflate(chunks, (name) => (name === book.sheet ? xmlSink(sheet) : undefined), limit)) {
    if (ready.length > 0) yield ready.splice(0);
  }
  if (ready.length > 0) yield ready.splice(0);
  if (!found) throw new WorkbookError('unreadable');
}
