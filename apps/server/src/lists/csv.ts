import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** One record of a CSV file and the file line it starts on (1-based; the header is line 1). */
interface CsvRecord {
  line: number;
  fields: string[];
}

export type CsvParse = { ok: true; records: CsvRecord[] } | { ok: false; line: number };

/**
 * RFC 4180 parser: comma separated, fields optionally in double quotes with `""` for a quote, CRLF or LF
 * line ends (also inside quoted fields). Lenient where the RFC is strict but the intent is clear: a quote
 * inside an unquoted field is kept as a character. An unterminated quoted field fails the whole file (it
 * swallows every following line), reporting the line where it opened. Lines with nothing on them are
 * skipped, so a trailing newline or a blank line does not count as a row.
 */
export function parseCsv(text: string): CsvParse {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let quoteLine = 0;
  // A quote opens a quoted field only as the field's first character.
  let atFieldStart = true;
  let recordStarted = false;
  const endRecord = () => {
    fields.push(field);
    if (recordStarted) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
    atFieldStart = true;
    recordStarted = false;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) line++;
        field += c;
      }
      continue;
    }
    if (c === '\r' && text[i + 1] === '\n') continue;
    if (c === '\n' || c === '\r') {
      endRecord();
      line++;
      recordLine = line;
      continue;
    }
    recordStarted = true;
    if (c === '"' && atFieldStart) {
      quoted = true;
      quoteLine = line;
      atFieldStart = false;
    } else if (c === ',') {
      fields.push(field);
      field = '';
      atFieldStart = true;
    } else {
      field += c;
      atFieldStart = false;
    }
  }
  if (quoted) return { ok: false, line: quoteLine };
  if (recordStarted) endRecord();
  return { ok: true, records };
}

/**
 * One CSV field. Quoted when it holds a separator, quote or line break. A value that a spreadsheet would
 * run as a formula (leading `=`, `+`, `-`, `@`, tab or CR) gets a leading apostrophe: exported files are
 * opened in spreadsheets, and collection names are user input (OWASP "CSV injection").
 */
function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (values: Array<string | number>) => `${values.map(csvField).join(',')}\r\n`;

/** One batch of an export: its CSV lines, and how to read the next one (undefined after the last). */
export interface CsvBatch {
  text: string;
  next: (() => Promise<CsvBatch>) | undefined;
}

/**
 * Sends a CSV file as it is read: BOM and header, then each batch as the client takes it (the stream's
 * back-pressure), so memory stays flat for any number of rows. The caller reads the first batch before
 * this, so a failing query still answers in the envelope. Once the connection closes (the client gone, a
 * stop's drain limit reached) no further batch is read, and one failing meanwhile (the database closing
 * with the server) is no failure of the export.
 */
export function sendCsv(reply: FastifyReply, file: { name: string; header: readonly string[]; what: string }, first: CsvBatch): FastifyReply {
  // Read when it matters, not from the 'close' event: a stop destroys the socket and closes the pool in
  // one go, and a batch failing then comes before the event.
  const closed = () => reply.raw.destroyed || reply.raw.socket === null || reply.raw.socket.destroyed;
  async function* chunks(): AsyncGenerator<string> {
    yield `\uFEFF${csvLine([...file.header])}`;
    for (let batch: CsvBatch | undefined = first; batch; ) {
      if (batch.text) yield batch.text;
      if (closed() || !batch.next) return;
      try {
        batch = await batch.next();
      } catch (err) {
        if (closed()) return;
        throw err;
      }
    }
  }
  const stream = Readable.from(chunks(), { objectMode: false, highWaterMark: 64 * 1024 });
  stream.on('error', (err) => reply.log.error({ err }, `${file.what} export failed while streaming`));
  return reply.header('Content-Type', 'text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${file.name}"`).send(stream);
}
