import { zipSync, strToU8 } from 'fflate';
import type { ResourceDef } from '@atrium/contracts/resource';
import type { Locale } from '@atrium/contracts';
import { buildMultipart } from '../../http/multipart.ts';

/**
 * Files for the import's tests (the kit's suite, the audit trail's samples): records as a person's spreadsheet
 * holds them, under the fields' labels, an enum by its label and a boolean as 是/否, a reference by the id
 * given; and a workbook of such rows, written as a spreadsheet program writes one (shared strings left out:
 * inline strings are part of the format too).
 */

/** A cell as a person types it. */
function cellOf(def: ResourceDef, name: string, value: unknown, locale: Locale): string {
  const field = def.fields.find((f) => f.name === name);
  if (value === null || value === undefined) return '';
  if (field?.type === 'enum') return field.values!.find((v) => v.value === value)?.label[locale] ?? String(value);
  if (field?.type === 'boolean') return value ? (locale === 'zh-CN' ? '是' : 'Yes') : locale === 'zh-CN' ? '否' : 'No';
  return String(value);
}

/** The header and rows of `records` (each a form's values), the columns those values name, labelled in `locale`. */
export function importTable(def: ResourceDef, records: readonly Record<string, unknown>[], locale: Locale = 'zh-CN'): string[][] {
  const names = def.fields.filter((f) => !f.state && records.some((r) => r[f.name] !== undefined)).map((f) => f.name);
  return [names.map((n) => def.fields.find((f) => f.name === n)!.label[locale]), ...records.map((r) => names.map((n) => cellOf(def, n, r[n], locale)))];
}

const csvCell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
export const csvOf = (table: readonly (readonly string[])[]) => Buffer.from(`\uFEFF${table.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`);

const xml = (text: string) => text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);
const columnName = (i: number): string => (i < 26 ? String.fromCharCode(65 + i) : columnName(Math.floor(i / 26) - 1) + String.fromCharCode(65 + (i % 26)));

/** A cell of a workbook: text, or a formula with the value it was saved with. */
export type XlsxCell = string | { formula: string; saved: string };

/** A workbook of one sheet holding `table`, every cell an inline string (a formula's saved value a string too). */
export function xlsxOf(table: readonly (readonly XlsxCell[])[]): Buffer {
  const rows = table
    .map((row, r) => {
      const cells = row.map((cell, c) => {
        const ref = `${columnName(c)}${r + 1}`;
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
  };
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)]))));
}

/** An upload's multipart body: the file under `file`. */
export function importUpload(data: Buffer, filename = 'records.csv'): { body: Buffer; contentType: string } {
  return buildMultipart([{ name: 'file', filename, contentType: filename.endsWith('.xlsx') ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv', data }]);
}
