import { zipSync, strToU8 } from 'fflate';
import { importSampleCsv } from '@atrium/contracts/resource-sample';
import { buildMultipart } from '../../http/multipart.ts';

/**
 * Files for the import's tests (the kit's suite, the audit trail's samples): a table of records
 * (`importSampleTable`, contracts) as a CSV file, or as a workbook written as a spreadsheet program writes one
 * (shared strings left out: inline strings are part of the format too), and an upload's body.
 */

/** A CSV file of `table` as a spreadsheet saves one: a BOM, CRLF, a quoted cell where it needs quotes. */
export const csvOf = (table: readonly (readonly string[])[]) => Buffer.from(importSampleCsv(table));

const xml = (text: string) => text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);
const columnName = (i: number): string => (i < 26 ? String.fromCharCode(65 + i) : columnName(Math.floor(i / 26) - 1) + String.fromCharCode(65 + (i % 26)));

/** A cell of a workbook: text, or a formula with the value it was saved with. */
export type XlsxCell = string | { formula: string; saved: string };

/**
 * A workbook of one sheet holding `table`, every cell a string (a formula's saved value a string too): inline,
 * or as Excel saves them, in the shared strings (written after the sheet, in Excel's order).
 */
export function xlsxOf(table: readonly (readonly XlsxCell[])[], strings: 'inline' | 'shared' = 'inline'): Buffer {
  const shared = new Map<string, number>();
  const rows = table
    .map((row, r) => {
      const cells = row.map((cell, c) => {
        const ref = `${columnName(c)}${r + 1}`;
        if (typeof cell === 'string' && strings === 'shared') {
          if (!shared.has(cell)) shared.set(cell, shared.size);
          return `<c r="${ref}" t="s"><v>${shared.get(cell)}</v></c>`;
        }
        if (typeof cell === 'string') return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xml(cell)}</t></is></c>`;
        return `<c r="${ref}" t="str"><f>${xml(cell.formula)}</f><v>${xml(cell.saved)}</v></c>`;
      });
      return `<row r="${r + 1}">${cells.join('')}</row>`;
    })
    .join('');
  const files = {
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`,
    ...(strings === 'shared'
      ? {
          'xl/sharedStrings.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${shared.size}" uniqueCount="${shared.size}">${[...shared.keys()].map((text) => `<si><t xml:space="preserve">${xml(text)}</t></si>`).join('')}</sst>`,
        }
      : {}),
  };
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)]))));
}

/** An upload's multipart body: the file under `file`. */
export function importUpload(data: Buffer, filename = 'records.csv'): { body: Buffer; contentType: string } {
  return buildMultipart([{ name: 'file', filename, contentType: filename.endsWith('.xlsx') ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv', data }]);
}
