import { describe, expect, it } from 'vitest';
import { strToU8, Zip, ZipDeflate, zipSync } from 'fflate';
import { sheetRows, WorkbookError, type SheetRow } from './import-xlsx.ts';
import { xlsxOf } from './import-fixture.ts';

/**
 * The streaming workbook reader against workbooks written as spreadsheet programs write them: shared strings
 * with rich text and phonetic runs, dates by built-in and custom formats in both date systems, booleans,
 * formulas' saved results, gaps between cells and rows, namespace prefixes, an archive with data descriptors.
 */

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

interface Parts {
  sheet: string;
  strings?: string[];
  styles?: string;
  workbookPr?: string;
  /** A prefix on the sheet's elements (`x:`), as some writers use. */
  prefix?: string;
}

function parts({ sheet, strings, styles, workbookPr = '', prefix = '' }: Parts): Record<string, string> {
  const ns = prefix ? NS.replace('xmlns=', `xmlns:${prefix.slice(0, -1)}=`) : NS;
  return {
    '[Content_Types].xml': '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    '_rels/.rels': `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0"?><workbook ${NS}>${workbookPr}<sheets><sheet name="Summary" sheetId="2" r:id="rId7"/><sheet name="Other" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId7" Type="${REL}/worksheet" Target="/xl/worksheets/sheet2.xml"/></Relationships>`,
    // the first sheet of the workbook is `sheet2.xml`; `sheet1.xml` comes first in the archive and is not read
    'xl/worksheets/sheet1.xml': `<?xml version="1.0"?><worksheet ${NS}><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>wrong sheet</t></is></c></row></sheetData></worksheet>`,
    'xl/worksheets/sheet2.xml': `<?xml version="1.0"?><${prefix}worksheet ${ns}><${prefix}sheetData>${sheet}</${prefix}sheetData></${prefix}worksheet>`,
    ...(styles ? { 'xl/styles.xml': `<?xml version="1.0"?><styleSheet ${NS}>${styles}</styleSheet>` } : {}),
    // after the sheet, as Excel orders them
    ...(strings ? { 'xl/sharedStrings.xml': `<?xml version="1.0"?><sst ${NS} count="${strings.length}">${strings.join('')}</sst>` } : {}),
  };
}

const zipped = (files: Record<string, string>) => Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)]))));

/** An archive as a streaming writer makes one: each entry's sizes in a data descriptor after its data. */
function streamed(files: Record<string, string>): Buffer {
  const out: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    out.push(chunk);
  });
  for (const [name, text] of Object.entries(files)) {
    const entry = new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    entry.push(strToU8(text), true);
  }
  zip.end();
  return Buffer.concat(out);
}

/** The rows of a workbook given as the job's stored file gives it: `size` bytes at a time, from the start on each call. */
async function read(data: Uint8Array, limit = 1 << 24, size = 1000, maxColumns = 100): Promise<SheetRow[]> {
  const chunks = async function* () {
    for (let at = 0; at < data.length; at += size) yield data.subarray(at, at + size);
  };
  const out: SheetRow[] = [];
  for await (const rows of sheetRows(chunks, limit, maxColumns)) out.push(...rows);
  return out;
}

const cell = (ref: string, inner: string, attributes = '') => `<c r="${ref}"${attributes}>${inner}</c>`;

describe('a workbook read a slice at a time', () => {
  it('reads shared strings (rich text joined, phonetic runs left out, escapes read) and keeps the sheet order', async () => {
    const strings = ['<si><t>名称</t></si>', '<si><t xml:space="preserve"> 台灯 &amp; 灯罩 </t></si>', '<si><r><t>暖</t></r><r><rPr><b/></rPr><t>光</t></r><rPh sb="0" eb="1"><t>ダン</t></rPh></si>', '<si><t>一_x000D_二</t></si>'];
    const sheet = [
      `<row r="1">${cell('A1', '<v>0</v>', ' t="s"')}${cell('B1', '<v>3</v>', ' t="s"')}</row>`,
      `<row r="2">\n  ${cell('A2', '<v>1</v>', ' t="s"')}\n  ${cell('B2', '<v>2</v>', ' t="s"')}\n</row>`,
    ].join('');
    expect(await read(zipped(parts({ sheet, strings })))).toEqual([
      { row: 1, cells: ['名称', '一\r二'] },
      { row: 2, cells: [' 台灯 & 灯罩 ', '暖光'] },
    ]);
  });

  it('reads numbers as saved, booleans, errors, formulas by their saved result and never their text', async () => {
    const sheet = `<row r="3">${cell('A3', '<v>19.9</v>')}${cell('B3', '<v>1</v>', ' t="b"')}${cell('C3', '<v>#DIV/0!</v>', ' t="e"')}${cell('D3', '<f>SUM(A1:A2)</f><v>7</v>')}${cell('E3', '<f>"=cmd|x"</f><v>=cmd|x</v>', ' t="str"')}</row>`;
    expect(await read(zipped(parts({ sheet })))).toEqual([{ row: 3, cells: ['19.9', 'true', '#DIV/0!', '7', '=cmd|x'] }]);
  });

  it('places cells by their reference and rows by their number: gaps stay gaps', async () => {
    const sheet = `<row r="2">${cell('B2', '<is><t>b</t></is>', ' t="inlineStr"')}${cell('D2', '<is><t>d</t></is>', ' t="inlineStr"')}<c r="F2" s="1"/></row><row r="5"><c r="A5" s="1"/></row><row r="9">${cell('AA9', '<v>5</v>')}</row>`;
    const rows = await read(zipped(parts({ sheet })));
    expect(rows.map((r) => r.row)).toEqual([2, 9]);
    // a cell far to the right is refused before its row's gap is filled: a few bytes would be thousands of cells
    await expect(read(zipped(parts({ sheet: `<row r="1">${cell('XFD1', '<v>1</v>')}</row>` })))).rejects.toEqual(new WorkbookError('columns', 16384));
    expect(rows[0]!.cells).toEqual(['', 'b', '', 'd']);
    expect(rows[1]!.cells).toHaveLength(27);
    expect(rows[1]!.cells[26]).toBe('5');
  });

  it('reads a date-formatted number as a date, by built-in and custom formats, in both date systems', async () => {
    const styles =
      '<numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy/mm/dd\\ hh:mm"/><numFmt numFmtId="165" formatCode="&quot;day&quot;\\ 0.00"/></numFmts>' +
      '<cellXfs count="5"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="165"/><xf numFmtId="2"/></cellXfs>';
    const sheet = `<row r="1">${cell('A1', '<v>46000</v>', ' s="1"')}${cell('B1', '<v>46000.4375</v>', ' s="2"')}${cell('C1', '<v>46000</v>', ' s="3"')}${cell('D1', '<v>46000</v>', ' s="4"')}${cell('E1', '<v>46000</v>')}</row>`;
    expect(await read(zipped(parts({ sheet, styles })))).toEqual([{ row: 1, cells: ['2025-12-09', '2025-12-09T10:30:00.000Z', '46000', '46000', '46000'] }]);
    const in1904 = await read(zipped(parts({ sheet, styles, workbookPr: '<workbookPr date1904="1"/>' })));
    // the 1904 system counts from four years and a day later: the same number is 1 462 days later
    expect(in1904[0]!.cells.slice(0, 2)).toEqual(['2029-12-10', '2029-12-10T10:30:00.000Z']);
    // a date-formatted number past any date is its digits
    expect((await read(zipped(parts({ sheet: `<row r="1">${cell('A1', '<v>1E+300</v>', ' s="1"')}</row>`, styles }))))[0]!.cells).toEqual(['1e+300']);
  });

  it('reads elements under a namespace prefix and an archive whose sizes follow its entries', async () => {
    const sheet = `<x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>甲</x:t></x:is></x:c><x:c r="B1"><x:v>2</x:v></x:c></x:row>`;
    expect(await read(streamed(parts({ sheet, prefix: 'x:' })))).toEqual([{ row: 1, cells: ['甲', '2'] }]);
  });

  it('reads the fixture workbooks the kit is tested with, and many rows in order, whatever the slices', async () => {
    const table = [['名称', '价格'], ...Array.from({ length: 5000 }, (_, i) => [`商品 ${i}`, String(i)])];
    const book = xlsxOf(table);
    const rows = await read(book);
    expect(await read(book, 1 << 24, 7)).toEqual(rows);
    expect(await read(book, 1 << 24, book.length)).toEqual(rows);
    expect(rows).toHaveLength(5001);
    expect(rows[4321]).toEqual({ row: 4322, cells: ['商品 4320', '4320'] });
  });

  it('refuses an archive that inflates past its limit, one that is not a workbook, and one with no sheet', async () => {
    const big = zipped(parts({ sheet: `<row r="1">${cell('A1', `<is><t>${'x'.repeat(200_000)}</t></is>`, ' t="inlineStr"')}</row>` }));
    await expect(read(big, 100_000)).rejects.toEqual(new WorkbookError('unpacked'));
    // an archive whose headers understate the sheet's size: what is really inflated is counted
    const lying = Buffer.from(big);
    const understate = (signature: number[], offset: number) => {
      for (let at = lying.indexOf(Buffer.from(signature)); at >= 0; at = lying.indexOf(Buffer.from(signature), at + 4)) lying.writeUInt32LE(10, at + offset);
    };
    understate([0x50, 0x4b, 0x03, 0x04], 22);
    understate([0x50, 0x4b, 0x01, 0x02], 24);
    await expect(read(lying, 100_000)).rejects.toEqual(new WorkbookError('unpacked'));
    await expect(read(Buffer.from('PK\u0003\u0004 not really a zip'))).rejects.toEqual(new WorkbookError('unreadable'));
    const noSheet = zipped({ '_rels/.rels': '<Relationships/>', 'xl/workbook.xml': `<workbook ${NS}><sheets/></workbook>` });
    await expect(read(noSheet)).rejects.toEqual(new WorkbookError('unreadable'));
  });
});
