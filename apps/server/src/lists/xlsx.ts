import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { strToU8, Zip, ZipDeflate } from 'fflate';

/**
 * An export as an XLSX workbook, written as it is read (fflate's streaming zip): the sheet's rows go out a
 * batch at a time, compressed as they come, so memory stays flat for any number of rows, as the CSV's does
 * (csv.ts). One sheet (a template adds one of notes), a header row, every text an inline string (a cell is never read as a formula) and a
 * number as a number.
 */

/** A cell: text, a number (kept a number in the sheet), or nothing. */
export type SheetCell = string | number | null;

/** One batch of an export: its rows, and how to read the next one (undefined after the last). */
export interface SheetBatch {
  rows: SheetCell[][];
  next: (() => Promise<SheetBatch>) | undefined;
}

const xmlHead = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const worksheetHead = `${xmlHead}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">`;
/** The package's parts around its sheets: the first sheet, and a second (a template's notes) when there is one. */
function parts(sheets: 1 | 2): Record<string, string> {
  const numbers = sheets === 1 ? [1] : [1, 2];
  return {
    '[Content_Types].xml': `${xmlHead}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${numbers.map((n) => `<Override PartName="/xl/worksheets/sheet${n}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')}</Types>`,
    '_rels/.rels': `${xmlHead}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/_rels/workbook.xml.rels': `${xmlHead}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${numbers.map((n) => `<Relationship Id="rId${n}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${n}.xml"/>`).join('')}</Relationships>`,
  };
}

/** Text as XML holds it: the five entities escaped, and the control characters XML 1.0 cannot carry left out. */
// eslint-disable-next-line no-control-regex -- the characters XML forbids are exactly these
const xmlText = (text: string) => text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '').replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `A`, ..., `Z`, `AA`, ...: a column's letters. */
const columnName = (i: number): string => (i < 26 ? String.fromCharCode(65 + i) : columnName(Math.floor(i / 26) - 1) + String.fromCharCode(65 + (i % 26)));

function rowXml(cells: readonly SheetCell[], r: number): string {
  const xml = cells.map((cell, c) => {
    if (cell === null || cell === '') return '';
    const ref = `${columnName(c)}${r}`;
    if (typeof cell === 'number') return Number.isFinite(cell) ? `<c r="${ref}"><v>${cell}</v></c>` : '';
    return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xmlText(cell)}</t></is></c>`;
  });
  return `<row r="${r}">${xml.join('')}</row>`;
}

/** A sheet's name: at most 31 characters, none of []:*?/\ */
const sheetName = (name: string) => xmlText(name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1');

/** Columns this wide (in characters), where a sheet gives widths. */
const colsXml = (widths: readonly number[] | undefined) => (widths?.length ? `<cols>${widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('')}</cols>` : '');

/** A file's second sheet, written whole (a template's notes): its name, rows and column widths. */
export interface NotesSheet {
  sheet: string;
  rows: SheetCell[][];
  widths?: number[];
}

/**
 * Sends an XLSX file as it is read. The caller reads the first batch before this, so a failing query still
 * answers in the envelope; once the connection closes no further batch is read (as sendCsv). `widths` sets
 * the first sheet's columns; `notes` adds a second sheet after it.
 */
export function sendXlsx(reply: FastifyReply, file: { name: string; header: readonly string[]; what: string; sheet: string; widths?: number[]; notes?: NotesSheet }, first: SheetBatch): FastifyReply {
  const closed = () => reply.raw.destroyed || reply.raw.socket === null || reply.raw.socket.destroyed;
  async function* chunks(): AsyncGenerator<Uint8Array> {
    const out: Uint8Array[] = [];
    let failure: Error | null = null;
    const zip = new Zip((error, data) => {
      if (error) failure = error;
      else out.push(data);
    });
    const drain = function* () {
      if (failure) throw failure;
      yield* out.splice(0);
    };
    const put = (name: string, text: string) => {
      const part = new ZipDeflate(name, { level: 6 });
      zip.add(part);
      part.push(strToU8(text), true);
    };
    const notes = file.notes;
    for (const [name, text] of Object.entries(parts(notes ? 2 : 1))) put(name, text);
    const second = notes ? `<sheet name="${sheetName(notes.sheet)}" sheetId="2" r:id="rId2"/>` : '';
    put('xl/workbook.xml', `${xmlHead}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${sheetName(file.sheet)}" sheetId="1" r:id="rId1"/>${second}</sheets></workbook>`);
    if (notes) put('xl/worksheets/sheet2.xml', `${worksheetHead}${colsXml(notes.widths)}<sheetData>${notes.rows.map((row, i) => rowXml(row, i + 1)).join('')}</sheetData></worksheet>`);
    const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 });
    zip.add(sheet);
    sheet.push(strToU8(`${worksheetHead}${colsXml(file.widths)}<sheetData>${rowXml([...file.header], 1)}`));
    yield* drain();
    let r = 1;
    for (let batch: SheetBatch | undefined = first; batch; ) {
      if (batch.rows.length > 0) {
        sheet.push(strToU8(batch.rows.map((row) => rowXml(row, ++r)).join('')));
        yield* drain();
      }
      if (closed() || !batch.next) break;
      try {
        batch = await batch.next();
      } catch (err) {
        if (closed()) return;
        throw err;
      }
    }
    if (closed()) return;
    sheet.push(strToU8('</sheetData></worksheet>'), true);
    zip.end();
    yield* drain();
  }
  const stream = Readable.from(chunks(), { objectMode: false, highWaterMark: 64 * 1024 });
  stream.on('error', (err) => reply.log.error({ err }, `${file.what} export failed while streaming`));
  return reply.header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').header('Content-Disposition', `attachment; filename="${file.name}"`).send(stream);
}
