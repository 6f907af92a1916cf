/**
 * The kit's import (docs/resources.md, "Import") for any resource from its definition, on the project's
 * engine: a file uploaded, checked and written all or nothing with one audit entry; every problem of every
 * row named by row, column and field in the caller's language; records matched by a unique field updated;
 * files it cannot read refused on `file`; a cancel; two writes at once; a job nobody runs found interrupted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { importSampleCsv, importSampleTable, resourceSample } from '@atrium/contracts/resource-sample';
import type { ResourceDef } from '@atrium/contracts/resource';
import { IMPORT_MAX_CELL_CHARS, IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS, importFields } from '@atrium/contracts/resource-import';
import { rowsOf } from '../../db/client.ts';
import { createTestApp, type TestApp, type TestResponse } from '../../test/harness.ts';
import { itWhen } from '../../test/it-when.ts';
import type { ResourceSuiteOptions } from './resource-suite.ts';
import { csvOf, importUpload, xlsxOf } from './import-fixture.ts';
import { scopeColumnNames } from './import-template.ts';

export function describeImport(def: ResourceDef, all: readonly ResourceDef[], options: ResourceSuiteOptions): void {
  const api = def.apiPath;
  const title = def.fields.find((f) => f.name === def.titleField)!;
  const matchField = def.fields.find((f) => f.unique && !f.readOnly);

  describe(`resource ${def.name}: import`, () => {
    let t: TestApp;
    let admin: string;
    let serial = 5000;
    const ok = (res: TestResponse) => {
      expect(res.status, res.text.slice(0, 600)).toBe(200);
      return res.body.data;
    };
    /** The records a row must refer to, created first (their ids are the cells). */
    const references = async (): Promise<Record<string, number>> => {
      const out: Record<string, number> = {};
      for (const f of def.fields.filter((f) => f.type === 'reference' && f.required)) {
        const other = all.find((r) => r.name === f.to)!;
        const own: Record<string, number> = {};
        for (const g of other.fields.filter((g) => g.type === 'reference' && g.required && g.to !== other.name)) own[g.name] = (await references())[g.name] ?? 0;
        out[f.name] = ok(await t.request({ method: 'POST', url: other.apiPath, token: admin, body: resourceSample(other, ++serial, own) })).id;
      }
      return out;
    };
    const samples = async (n: number) => {
      const refs = await references();
      return Array.from({ length: n }, () => resourceSample(def, ++serial, refs));
    };
    const upload = async (data: Buffer, filename = 'records.csv', locale: 'zh-CN' | 'en-US' = 'zh-CN') => {
      const body = importUpload(data, filename);
      return t.request({ method: 'POST', url: `${api}/imports`, token: admin, body: body.body, contentType: body.contentType, locale });
    };
    const settled = async (id: number, locale: 'zh-CN' | 'en-US' = 'zh-CN') => {
      for (let i = 0; i < 600; i++) {
        const job = ok(await t.request({ url: `${api}/imports/${id}`, token: admin, locale }));
        if (!['checking', 'writing'].includes(job.status)) return job;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`import ${id} still running`);
    };
    const checked = async (id: number, body: unknown = {}, locale: 'zh-CN' | 'en-US' = 'zh-CN') => {
      ok(await t.request({ method: 'POST', url: `${api}/imports/${id}/check`, token: admin, body, locale }));
      return settled(id, locale);
    };
    const count = async () => Number(rowsOf<{ n: number }>(await t.db.execute(`select count(*)::int as n from ${def.table}`))[0]!.n);
    const entries = async (importId: number) =>
      rowsOf<{ action: string; result: string; summary: string }>(await t.db.execute(`select action, result, summary from audit_log where target_type = 'import' and target_id = '${Math.trunc(importId)}' order by id`));

    beforeAll(async () => {
      t = await createTestApp({ resources: options.resources });
      await options.prepare?.(t);
      admin = await t.login('admin');
    });
    afterAll(() => t?.close());

    it('reads a CSV whose headers are the labels, checks every row, then writes them all in one go with one audit entry', async () => {
      const records = await samples(3);
      const job = ok(await upload(csvOf(importSampleTable(def, records))));
      const table = importSampleTable(def, records);
      expect(job).toMatchObject({ status: 'uploaded', format: 'csv', columns: table[0], rows: 3, unmatched: [], preview: table.slice(1) });
      expect(job.suggested).toEqual(table[0]!.map((label) => def.fields.find((f) => f.label['zh-CN'] === label)!.name));
      const before = await count();
      const done = await checked(job.id);
      expect(done).toMatchObject({ status: 'checked', errorRows: 0, errors: [], counts: { created: 3, updated: 0 }, progress: { done: 3, total: 3 } });
      expect(await count()).toBe(before);
      ok(await t.request({ method: 'POST', url: `${api}/imports/${job.id}/commit`, token: admin }));
      expect(await settled(job.id)).toMatchObject({ status: 'done', counts: { created: 3, updated: 0 }, failure: null });
      expect(await count()).toBe(before + 3);
      const found = ok(await t.request({ url: `${api}?pageSize=10`, token: admin })).list.slice(0, 3);
      expect(found.map((r: Record<string, unknown>) => r[title.name]).sort()).toEqual(records.map((r) => r[title.name]).sort());
      expect((await entries(job.id)).map((e) => [e.action, e.result])).toEqual([
        [`${def.name}.import-upload`, 'success'],
        [`${def.name}.import-check`, 'success'],
        [`${def.name}.import-commit`, 'success'],
      ]);
      expect((await entries(job.id))[2]!.summary).toContain('3 created, 0 updated');
      // the file goes once it is written; a second write is refused
      expect(rowsOf<{ file: unknown }>(await t.db.execute(`select file from resource_imports where id = ${Number(job.id)}`))[0]!.file).toBeNull();
      expect((await t.request({ method: 'POST', url: `${api}/imports/${job.id}/commit`, token: admin })).status).toBe(409);
    });

    it('hands out a template in the caller\'s language whose columns map themselves, the workbook saying what each takes; none is audited', async () => {
      const [record] = await samples(1);
      const before = Number(rowsOf<{ n: number }>(await t.db.execute(`select count(*)::int as n from audit_log where action = '${def.name}.import-template'`))[0]!.n);
      for (const locale of ['zh-CN', 'en-US'] as const) {
        const labels = importFields(def).map((name) => def.fields.find((f) => f.name === name)?.label[locale] ?? scopeColumnNames[locale][name as 'department' | 'owner']);
        const csv = await t.request({ url: `${api}/imports/template?format=csv`, token: admin, locale });
        expect([csv.status, csv.headers['content-type']], locale).toEqual([200, 'text/csv; charset=utf-8']);
        expect(csv.text, locale).toBe(importSampleCsv([labels]));
        // filled in under its header (a scoped record's department and owner left empty: the importer's), a row imports
        const sample = importSampleTable(def, [record!], locale);
        const cells = labels.map((label) => sample[1]![sample[0]!.indexOf(label)] ?? '');
        const filled = ok(await upload(csvOf([labels, cells]), 'filled.csv', locale));
        expect([filled.unmatched, filled.suggested], locale).toEqual([[], importFields(def)]);
        expect(await checked(filled.id, {}, locale), locale).toMatchObject({ status: 'checked', errorRows: 0, counts: { created: 1 } });
        ok(await t.request({ method: 'POST', url: `${api}/imports/${filled.id}/cancel`, token: admin }));

        const xlsx = await t.request({ url: `${api}/imports/template`, token: admin, locale });
        expect([xlsx.status, xlsx.headers['content-type']], locale).toEqual([200, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
        const parts = unzipSync(new Uint8Array(xlsx.raw));
        const text = (name: string) => strFromU8(parts[name]!);
        const cellTexts = (xml: string) => [...xml.matchAll(/<t xml:space="preserve">([^<]*)<\/t>/g)].map((m) => m[1]!.replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c))));
        expect(text('xl/workbook.xml'), locale).toContain(`<sheet name="${locale === 'zh-CN' ? '填写说明' : 'How to fill in'}" sheetId="2"`);
        expect(cellTexts(text('xl/worksheets/sheet1.xml')), locale).toEqual(labels);
        // the notes: a row per column, its name, whether it must be filled, what it takes
        const notes = cellTexts(text('xl/worksheets/sheet2.xml'));
        expect(notes.slice(0, 3), locale).toEqual(locale === 'zh-CN' ? ['列', '必填', '填写说明'] : ['Column', 'Required', 'What it takes']);
        expect(notes.length, locale).toBe(3 + labels.length * 3);
        labels.forEach((label, i) => expect(notes[3 + i * 3], locale).toBe(label));
        const titleAt = importFields(def).indexOf(title.name);
        expect(notes[3 + titleAt * 3 + 1], locale).toBe(title.required ? (locale === 'zh-CN' ? '是' : 'Yes') : locale === 'zh-CN' ? '否' : 'No');
        expect(notes[3 + titleAt * 3 + 2], locale).toMatch(locale === 'zh-CN' ? /^文本，/ : /^Text[,.] /);
        // uploaded as it is, only its first sheet is read: a header without rows
        const empty = await upload(Buffer.from(xlsx.raw), 'template.xlsx', locale);
        expect([empty.status, empty.body.data.details], locale).toEqual([400, [{ path: 'file', message: locale === 'zh-CN' ? '文件只有表头，没有数据行' : 'The file has a header but no rows' }]]);
      }
      // a file of no record, handed to one who may import: no entry; one who may not is refused
      expect(Number(rowsOf<{ n: number }>(await t.db.execute(`select count(*)::int as n from audit_log where action = '${def.name}.import-template'`))[0]!.n)).toBe(before);
      const refused = await t.request({ url: `${api}/imports/template`, token: await t.login('user') });
      expect(refused.status, refused.text).toBe(403);
      expect((await t.request({ url: `${api}/imports/template?format=pdf`, token: admin })).status).toBe(400);
    });

    it('takes an exported file as it is: what only an export writes (the id, the times, a life cycle\'s state) is left alone unasked', async () => {
      await samples(1).then(([one]) => t.request({ method: 'POST', url: api, token: admin, body: one }));
      for (const locale of ['zh-CN', 'en-US'] as const) {
        const exported = await t.request({ url: `${api}/export`, token: admin, locale });
        const job = ok(await upload(Buffer.from(exported.text, 'utf8'), 'export.csv', locale));
        expect(job.unmatched, locale).toEqual([]);
        // every column an import sets is suggested its field
        const mapped = (job.suggested as (string | null)[]).filter((f) => f !== null);
        expect(mapped.length, locale).toBe(def.fields.filter((f) => !f.state).length + (def.scoped ? 2 : 0));
      }
    });

    it('names each problem by row, column and field in the caller\'s language, offers them as a file, and writes nothing', async () => {
      const records = await samples(3);
      records[1]![title.name] = 'x'.repeat((title.max ?? 100) + 1);
      const table = importSampleTable(def, records, 'en-US');
      // a reference whose text names no record: the text named back (a file may hold any word)
      const reference = def.fields.find((f) => f.type === 'reference' && f.to !== def.name);
      const at = reference ? table[0]!.indexOf(reference.label['en-US']) : -1;
      if (at >= 0) table[3]![at] = 'Nobody Ltd';
      const job = ok(await upload(csvOf(table), 'records.csv', 'en-US'));
      const before = await count();
      const done = await checked(job.id, {}, 'en-US');
      expect(done).toMatchObject({ status: 'checked', errorRows: at >= 0 ? 2 : 1, counts: { created: at >= 0 ? 1 : 2 } });
      if (at >= 0) expect(done.errors).toContainEqual({ row: 4, column: reference!.label['en-US'], field: reference!.name, message: 'No record has the title or id "Nobody Ltd"' });
      expect(done.errors).toContainEqual({ row: 3, column: title.label['en-US'], field: title.name, message: `Up to ${title.max ?? 100} characters` });
      expect(ok(await t.request({ url: `${api}/imports/${job.id}`, token: admin, locale: 'zh-CN' })).errors).toContainEqual(expect.objectContaining({ row: 3, message: `最多 ${title.max ?? 100} 个字符` }));
      const refused = await t.request({ method: 'POST', url: `${api}/imports/${job.id}/commit`, token: admin });
      expect(refused.status).toBe(409);
      const report = await t.request({ url: `${api}/imports/${job.id}/report`, token: admin, locale: 'en-US' });
      expect(report.headers['content-type']).toContain('text/csv');
      expect(report.text).toContain(`\uFEFFRow,Column,Field,Problem\r\n3,${title.label['en-US']},${title.label['en-US']},Up to ${title.max ?? 100} characters\r\n`);
      expect(await count()).toBe(before);
    });

    itWhen(matchField !== undefined)('matches records by a unique field and edits them, creating the rows that match none; a value twice in the file is named', async () => {
      const [kept, fresh, other] = await samples(3);
      const record = ok(await t.request({ method: 'POST', url: api, token: admin, body: kept }));
      // the row for the record holds its match value and others' values for the rest (a read-only field as it is)
      const edited = { ...other!, [matchField!.name]: record[matchField!.name] };
      for (const f of def.fields.filter((f) => f.readOnly)) edited[f.name] = record[f.name] ?? undefined;
      // (a resource whose other fields are references, the same in every sample, gets its record's values back)
      const differs = def.fields.some((f) => !f.readOnly && !f.state && f !== matchField && edited[f.name] !== undefined && String(edited[f.name]) !== String(record[f.name]));
      const job = ok(await upload(csvOf(importSampleTable(def, [edited, fresh!]))));
      const done = await checked(job.id, { matchBy: matchField!.name });
      expect(done).toMatchObject({ status: 'checked', errorRows: 0, counts: { created: 1, updated: differs ? 1 : 0, unchanged: differs ? 0 : 1 }, matchBy: matchField!.name });
      ok(await t.request({ method: 'POST', url: `${api}/imports/${job.id}/commit`, token: admin }));
      expect(await settled(job.id)).toMatchObject({ status: 'done', counts: { created: 1, updated: differs ? 1 : 0, unchanged: differs ? 0 : 1 } });
      const after = ok(await t.request({ url: `${api}/${record.id}`, token: admin }));
      expect(after.version).toBe(differs ? 2 : 1);
      expect(after[title.name]).toBe(title.name === matchField!.name ? record[title.name] : other![title.name]);
      // the same file again: both rows match records that hold their values, and nothing is written
      const again = ok(await upload(csvOf(importSampleTable(def, [edited, fresh!]))));
      expect(await checked(again.id, { matchBy: matchField!.name })).toMatchObject({ status: 'checked', counts: { created: 0, updated: 0, unchanged: 2 } });
      ok(await t.request({ method: 'POST', url: `${api}/imports/${again.id}/commit`, token: admin }));
      expect(await settled(again.id)).toMatchObject({ status: 'done', counts: { created: 0, updated: 0, unchanged: 2 } });
      expect(ok(await t.request({ url: `${api}/${record.id}`, token: admin })).version).toBe(after.version);
      expect((await entries(again.id)).at(-1)!.summary).toContain('0 created, 0 updated, 2 unchanged');

      const twice = ok(await upload(csvOf(importSampleTable(def, [fresh!, fresh!]))));
      const named = await checked(twice.id, {}, 'en-US');
      expect(named.errors).toContainEqual({ row: 3, column: matchField!.label['zh-CN'], field: matchField!.name, message: 'The same as row 2' });
      // the one already written holds the value: without matching, the first is refused too
      expect(named.errors).toContainEqual(expect.objectContaining({ row: 2, field: matchField!.name }));
    });

    it('refuses a file it cannot read, on `file`, saying why; and a column no field answers to until it is mapped or ignored', async () => {
      const why = async (data: Buffer, filename: string) => {
        const res = await upload(data, filename, 'en-US');
        return [res.status, res.body.data.details?.[0]?.path, res.body.data.details?.[0]?.message];
      };
      expect(await why(Buffer.alloc(0), 'empty.csv')).toEqual([400, 'file', 'The file is empty']);
      expect(await why(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1, 2]), 'picture.csv')).toEqual([415, 'file', 'Choose a CSV or XLSX file']);
      expect(await why(Buffer.from('a,b\n'), 'notes.txt')).toEqual([415, 'file', 'Choose a CSV or XLSX file']);
      expect(await why(Buffer.from('not a workbook'), 'book.xlsx')).toEqual([415, 'file', 'Choose a CSV or XLSX file']);
      expect(await why(csvOf([[title.label['zh-CN']]]), 'header.csv')).toEqual([400, 'file', 'The file has a header but no rows']);
      const wide = Array.from({ length: IMPORT_MAX_COLUMNS + 1 }, (_, i) => `c${i}`);
      expect(await why(csvOf([wide, wide]), 'wide.csv')).toEqual([400, 'file', `The file has ${IMPORT_MAX_COLUMNS + 1} columns; at most ${IMPORT_MAX_COLUMNS}`]);
      expect(await why(Buffer.from(`${title.label['zh-CN']}\n"open quote\n`), 'quote.csv')).toEqual([400, 'file', expect.stringContaining('a quote is not closed')]);
      // a workbook with macros is not one it reads: only .csv and .xlsx are
      expect(await why(xlsxOf([['a'], ['b']]), 'macros.xlsm')).toEqual([415, 'file', 'Choose a CSV or XLSX file']);
      // each limit said with its number
      expect(await why(csvOf([[title.label['zh-CN']], ['x'.repeat(IMPORT_MAX_CELL_CHARS + 1)]]), 'long.csv')).toEqual([400, 'file', `Row 2, column “${title.label['zh-CN']}”: longer than ${IMPORT_MAX_CELL_CHARS} characters`]);
      const tooMany = Buffer.from(`${title.label['zh-CN']}\n${'x\n'.repeat(IMPORT_MAX_ROWS + 1)}`);
      expect(await why(tooMany, 'many.csv')).toEqual([400, 'file', `The file has ${IMPORT_MAX_ROWS + 1} rows; at most ${IMPORT_MAX_ROWS} can be imported at once`]);
      // a file's name is a label: its control characters (a NUL, which no text column takes) are dropped
      expect(ok(await upload(csvOf(importSampleTable(def, await samples(1))), 'a\u0000b\t.csv')).fileName).toBe('ab.csv');

      const records = await samples(1);
      const table = importSampleTable(def, records);
      const job = ok(await upload(csvOf([[...table[0]!, 'Nonsense'], [...table[1]!, 'x']])));
      expect(job.unmatched).toEqual([table[0]!.length]);
      const refused = await t.request({ method: 'POST', url: `${api}/imports/${job.id}/check`, token: admin, body: {}, locale: 'en-US' });
      expect([refused.status, refused.body.data.details]).toEqual([400, [{ path: `mapping[${table[0]!.length}]`, message: 'Column “Nonsense” matches no field: pick one, or ignore it' }]]);
      const done = await checked(job.id, { mapping: [...job.suggested.slice(0, -1), null] });
      expect(done).toMatchObject({ status: 'checked', errorRows: 0, counts: { created: 1 } });
    });

    it.each(['inline', 'shared'] as const)('reads an XLSX workbook (%s strings), a formula by the value it was saved with (never run)', async (strings) => {
      const records = await samples(2);
      const table = importSampleTable(def, records);
      const column = table[0]!.indexOf(title.label['zh-CN']);
      const saved = `${records[0]![title.name]}`;
      const workbook = xlsxOf([table[0]!, table[1]!.map((cell, i) => (i === column ? { formula: 'CONCAT("run","me")', saved } : cell)), table[2]!], strings);
      const job = ok(await upload(workbook, 'records.xlsx'));
      expect(job).toMatchObject({ format: 'xlsx', rows: 2, columns: table[0] });
      expect(await checked(job.id)).toMatchObject({ status: 'checked', errorRows: 0, counts: { created: 2 } });
      ok(await t.request({ method: 'POST', url: `${api}/imports/${job.id}/commit`, token: admin }));
      expect(await settled(job.id)).toMatchObject({ status: 'done' });
      const titles = ok(await t.request({ url: `${api}?pageSize=10`, token: admin })).list.map((r: Record<string, unknown>) => r[title.name]);
      expect(titles).toContain(saved);
      expect(titles).not.toContain('runme');
    });

    // a title with a pattern of its own takes only its own shapes
    itWhen(!title.pattern)('writes a text as it is, whatever it holds: quotes, commas, braces, backslashes, the word NULL', async () => {
      const records = await samples(4);
      const max = title.max ?? 100;
      const odd = ['say "hi", {a,b}', 'back\\slash \\"', 'NULL', '  trimmed  '].map((text, i) => `${text}${i}`.slice(0, max));
      records.forEach((r, i) => (r[title.name] = odd[i]));
      const job = ok(await upload(csvOf(importSampleTable(def, records))));
      expect(await checked(job.id)).toMatchObject({ status: 'checked', errorRows: 0 });
      ok(await t.request({ method: 'POST', url: `${api}/imports/${job.id}/commit`, token: admin }));
      expect(await settled(job.id)).toMatchObject({ status: 'done' });
      const titles = ok(await t.request({ url: `${api}?pageSize=10`, token: admin })).list.map((r: Record<string, unknown>) => r[title.name]);
      expect(titles).toEqual(expect.arrayContaining(odd.map((text) => text.trim())));
    });

    it('lets one of two writes at once through; the other is refused and nothing is written twice', async () => {
      const records = await samples(2);
      const job = ok(await upload(csvOf(importSampleTable(def, records))));
      await checked(job.id);
      const before = await count();
      const both = await Promise.all([0, 1].map(() => t.request({ method: 'POST', url: `${api}/imports/${job.id}/commit`, token: admin })));
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      // the one refused says where the import is now (writing or done), not the `checked` it read
      expect(['writing', 'done']).toContain(both.find((r) => r.status === 409)!.body.data.details.status);
      expect(await settled(job.id)).toMatchObject({ status: 'done' });
      expect(await count()).toBe(before + 2);
    });

    it('cancels a running check and one waiting to be written; writes nothing; an import nobody runs any more is interrupted', async () => {
      const records = await samples(1);
      const table = importSampleTable(def, records);
      // long enough that the cancel arrives while it runs: it stops at the next batch
      const many = csvOf([table[0]!, ...Array.from({ length: 50_000 }, () => table[1]!)]);
      const job = ok(await upload(many));
      ok(await t.request({ method: 'POST', url: `${api}/imports/${job.id}/check`, token: admin, body: {} }));
      ok(await t.request({ method: 'POST', url: `${api}/imports/${job.id}/cancel`, token: admin }));
      const cancelled = await settled(job.id);
      expect(cancelled.status).toBe('cancelled');
      expect(cancelled.progress.done).toBeLessThan(50_000);
      expect((await t.request({ method: 'POST', url: `${api}/imports/${job.id}/check`, token: admin, body: {} })).status).toBe(409);

      const waiting = ok(await upload(csvOf(table)));
      await checked(waiting.id);
      expect(ok(await t.request({ method: 'POST', url: `${api}/imports/${waiting.id}/cancel`, token: admin })).status).toBe('cancelled');
      expect((await t.request({ method: 'POST', url: `${api}/imports/${waiting.id}/commit`, token: admin })).status).toBe(409);

      // a check left running by a process that stopped a while ago
      const orphan = ok(await upload(csvOf(table)));
      await t.db.execute(`update resource_imports set status = 'checking', updated_at = now() - interval '5 minutes' where id = ${Number(orphan.id)}`);
      expect(ok(await t.request({ url: `${api}/imports/${orphan.id}`, token: admin, locale: 'en-US' }))).toMatchObject({ status: 'interrupted', failure: 'The server stopped during the import; nothing was written' });
      expect(ok(await t.request({ url: `${api}/imports/latest`, token: admin })).id).toBe(orphan.id);
    });
  });
}
