import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signHeaders } from '@atrium/contracts';
import { rowsOf } from '../../db/client.ts';
import { buildMultipart } from '../../http/multipart.ts';
import { TEST_FINGERPRINT } from '../../test/harness.ts';
import { suiteApp } from '../../test/suite-app.ts';
import { parseCsv } from '../../lists/csv.ts';
import { EXPORT_BATCH_ROWS } from './collection.service.ts';

const HEADER = 'name,contentType,filterType,count,status';

describe('collections: CSV import (all or nothing) and streamed export', () => {
  const t = suiteApp({ signIn: ['admin', 'user'] });

  const upload = (data: Buffer | string, opts: { filename?: string; contentType?: string; token?: string; locale?: 'zh-CN' | 'en-US' } = {}) => {
    const multipart = buildMultipart([{ name: 'file', filename: opts.filename ?? 'collections.csv', contentType: opts.contentType ?? 'text/csv', data: Buffer.from(data) }]);
    return t.request({ method: 'POST', url: '/api/list/policy/import', token: opts.token ?? t.tokens.admin, body: multipart.body, contentType: multipart.contentType, locale: opts.locale });
  };
  const total = async (query = '') => (await t.request({ url: `/api/list/policy?${query}`, token: t.tokens.user })).body.data.total as number;

  describe('import', () => {
    it('imports every row of a good file: BOM, CRLF, quotes, labels in either language, any column order', async () => {
      const before = await total();
      const file =
        '\uFEFFstatus,count,name,filterType,contentType\r\n' +
        'online,10,"Quoted, with comma",rules,img\r\n' +
        '已下线,0,"He said ""hi""",人工筛选,横版短视频\r\n' +
        'Offline,100000000,"two\nlines",Rule-based,Portrait short video\r\n' +
        '\r\n';
      const res = await upload(file);
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toEqual({ imported: 3, failed: 0, errors: [] });
      expect(await total()).toBe(before + 3);
      const page = (await t.request({ url: '/api/list/policy?pageSize=10', token: t.tokens.user })).body.data.list.slice(0, 3);
      expect(page.map((r: { name: string }) => r.name)).toEqual(['Quoted, with comma', 'He said "hi"', 'two\nlines']);
      expect(page.map((r: { status: string; contentType: string; filterType: string }) => [r.status, r.contentType, r.filterType])).toEqual([
        ['online', 'img', 'rules'],
        ['offline', 'horizontalVideo', 'artificial'],
        ['offline', 'verticalVideo', 'rules'],
      ]);
    });

    it('reports every bad row with line, column and a message in the caller’s language, and writes nothing', async () => {
      const before = await t.count('collections');
      const file = [
        HEADER,
        'Good one,img,rules,1,online',
        ',img,rules,1,online',
        'Bad type,gif,rules,abc,online',
        'Too big,img,rules,100000001,maybe',
        'Short row,img',
        'Good two,verticalVideo,artificial,5,offline',
        `${'x'.repeat(51)},img,rules,1,online`,
      ].join('\n');
      const zh = await upload(file, { locale: 'zh-CN' });
      expect(zh.status).toBe(200);
      expect(zh.body.data).toEqual({
        imported: 0,
        failed: 5,
        errors: [
          { line: 3, column: 'name', message: '请输入集合名称' },
          { line: 4, column: 'contentType', message: '内容体裁须为 img、horizontalVideo、verticalVideo 或其中文、英文名称' },
          { line: 4, column: 'count', message: '内容量须为 0 到 100000000 之间的整数' },
          { line: 5, column: 'status', message: '状态须为 online、offline 或其中文、英文名称' },
          { line: 5, column: 'count', message: '内容量须为 0 到 100000000 之间的整数' },
          { line: 6, column: '', message: '该行有 2 列，首行有 5 列' },
          { line: 8, column: 'name', message: '最多 50 个字符' },
        ],
      });
      const en = await upload(file, { locale: 'en-US' });
      expect(en.body.data.errors[0]).toEqual({ line: 3, column: 'name', message: 'Enter the collection name' });
      expect(await t.count('collections')).toBe(before);
      // the trail says that nothing was written, and why
      const [entry] = rowsOf<{ result: string; summary: string }>(await t.db.execute(sql`select result, summary from audit_log where action = 'collection.import' order by id desc limit 1`));
      expect(entry).toEqual({ result: 'success', summary: 'imported no collection: 5 rows refused' });
    });

    it('answers files that cannot be read at all with 400 / 413 / 415 and writes nothing', async () => {
      const before = await t.count('collections');
      const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
      const cases: Array<[string, Promise<Awaited<ReturnType<typeof upload>>>, number, string]> = [
        ['image named .png', upload(png, { filename: 'photo.png', contentType: 'image/png', locale: 'en-US' }), 415, 'Only .csv files are accepted'],
        ['image named .csv', upload(png, { filename: 'photo.csv', locale: 'en-US' }), 415, 'Only .csv files are accepted'],
        ['text named .txt', upload(`${HEADER}\na,img,rules,1,online`, { filename: 'notes.txt', contentType: 'text/plain', locale: 'en-US' }), 415, 'Only .csv files are accepted'],
        ['empty file', upload('', { locale: 'en-US' }), 400, 'The file is empty'],
        ['only a BOM and blank lines', upload('\uFEFF\r\n\r\n', { locale: 'en-US' }), 400, 'The file is empty'],
        ['header only', upload(`${HEADER}\r\n`, { locale: 'en-US' }), 400, 'The file has no data rows'],
        ['wrong header', upload('name,type,filter,count,status\na,img,rules,1,online', { locale: 'zh-CN' }), 400, '首行须为列名 name、contentType、filterType、count、status（顺序不限）'],
        ['duplicate header', upload('name,name,filterType,count,status\na,img,rules,1,online', { locale: 'en-US' }), 400, 'The first line must hold the column names name, contentType, filterType, count and status (any order)'],
        ['not UTF-8', upload(Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0xc4, 0xe3, 0xba, 0xc3]), { locale: 'en-US' }), 400, 'The file is not UTF-8 encoded'],
        ['unterminated quote', upload(`${HEADER}\n"a,img,rules,1,online`, { locale: 'en-US' }), 400, 'Unmatched quote in the CSV'],
      ];
      for (const [label, pending, status, message] of cases) {
        const res = await pending;
        expect(res.status, label).toBe(status);
        expect(res.body.status, label).toBe('error');
        expect(res.body.message, label).toBe(message);
      }
      const noFile = buildMultipart([{ name: 'other', value: 'x' }]);
      const missing = await t.request({ method: 'POST', url: '/api/list/policy/import', token: t.tokens.admin, body: noFile.body, contentType: noFile.contentType, locale: 'en-US' });
      expect(missing.status).toBe(400);
      expect(missing.body.data.details).toEqual([{ path: 'file', message: 'Choose a CSV file to import' }]);
      const json = await t.request({ method: 'POST', url: '/api/list/policy/import', token: t.tokens.admin, body: { file: 'x' } });
      expect(json.status).toBe(415);
      expect(await t.count('collections')).toBe(before);
    });

    it('rejects a 50 000-row file as a whole (limit 5 000 rows per file) without writing anything', async () => {
      const before = await t.count('collections');
      const rows = Array.from({ length: 50_000 }, (_, i) => `r${i},img,rules,${i},online`);
      const file = `${HEADER}\n${rows.join('\n')}\n`;
      expect(Buffer.byteLength(file)).toBeLessThan(2 * 1024 * 1024);
      const started = Date.now();
      const res = await upload(file, { locale: 'en-US' });
      expect(res.status).toBe(400);
      expect(res.body.data.error).toBe('VALIDATION_FAILED');
      expect(res.body.message).toBe('The file has 50000 data rows, more than the limit of 5000. Split it and import the parts one by one.');
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(await t.count('collections')).toBe(before);
      // The same rows in 5 000-row files are accepted: the limit is per file, so a large set goes in parts.
      const part = await upload(`${HEADER}\n${rows.slice(0, 5000).join('\n')}`);
      expect(part.body.data).toEqual({ imported: 5000, failed: 0, errors: [] });
      expect(await t.count('collections')).toBe(before + 5000);
      await t.db.execute(sql`delete from collections where name ~ '^r[0-9]+$'`);
    });

    it('answers a file over 2 MB with 413', async () => {
      const line = `${'n'.repeat(40)},img,rules,1,online\n`;
      const big = `${HEADER}\n${line.repeat(Math.ceil((2 * 1024 * 1024) / line.length) + 10)}`;
      const res = await upload(big, { locale: 'en-US' });
      expect(res.status).toBe(413);
      expect(res.body.data.error).toBe('PAYLOAD_TOO_LARGE');
    });

    it('is admin only: 403 for a user, nothing written', async () => {
      const before = await t.count('collections');
      const res = await upload(`${HEADER}\na,img,rules,1,online`, { token: t.tokens.user });
      expect(res.status).toBe(403);
      expect(await t.count('collections')).toBe(before);
    });
  });

  describe('export', () => {
    const exportCsv = async (query: string, locale: 'zh-CN' | 'en-US' = 'zh-CN') => {
      const res = await t.request({ url: `/api/list/policy/export${query ? `?${query}` : ''}`, token: t.tokens.user, locale });
      expect(res.status, res.text.slice(0, 300)).toBe(200);
      return res;
    };
    const allNumbers = async (query: string) => {
      const numbers: string[] = [];
      for (let current = 1; ; current++) {
        const page = (await t.request({ url: `/api/list/policy?${query}&pageSize=100&current=${current}`, token: t.tokens.user })).body.data;
        numbers.push(...page.list.map((r: { number: string }) => r.number));
        if (numbers.length >= page.total || page.list.length === 0) return numbers;
      }
    };

    /** Each collection of the filter (by number) with its department and owner as the list's labels name them. */
    const placements = async (query: string, locale: 'zh-CN' | 'en-US') => {
      const named: Record<string, string[]> = {};
      for (let current = 1; ; current++) {
        const page = (await t.request({ url: `/api/list/policy?${query}&pageSize=100&current=${current}`, token: t.tokens.user, locale })).body.data;
        for (const r of page.list as { number: string; department: number; owner: number }[]) named[r.number] = [page.labels.department[r.department], page.labels.owner[r.owner]];
        if (Object.keys(named).length >= page.total || page.list.length === 0) return named;
      }
    };

    it('streams exactly the rows of the filter, in list order, with titles and labels in the caller’s language', async () => {
      const zh = await exportCsv('status=online&contentType=img');
      expect(zh.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(String(zh.headers['content-disposition'])).toMatch(/^attachment; filename="collections-\d{8}-\d{6}\.csv"$/);
      expect(zh.headers['content-length']).toBeUndefined();
      expect(zh.raw.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const parsed = parseCsv(zh.text.slice(1));
      expect(parsed.ok).toBe(true);
      const [header, ...rows] = parsed.ok ? parsed.records.map((r) => r.fields) : [];
      expect(header).toEqual(['集合编号', '集合名称', '内容体裁', '筛选方式', '内容量', '创建时间', '状态', '所属部门', '负责人']);
      expect(rows.map((r) => r[0])).toEqual(await allNumbers('status=online&contentType=img'));
      // the department and owner as the list's labels name them, in the caller's language
      expect(Object.fromEntries(rows.map((r) => [r[0], r.slice(7)]))).toEqual(await placements('status=online&contentType=img', 'zh-CN'));
      expect(rows.every((r) => r[2] === '图文' && r[6] === '已上线' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(r[5]!))).toBe(true);

      const en = await exportCsv('filterType=artificial', 'en-US');
      const enRows = parseCsv(en.text.slice(1));
      const enFields = enRows.ok ? enRows.records.map((r) => r.fields) : [];
      expect(enFields[0]).toEqual(['Collection No.', 'Collection name', 'Content type', 'Filter method', 'Items', 'Created', 'Status', 'Department', 'Owner']);
      expect(Object.fromEntries(enFields.slice(1).map((r) => [r[0], r.slice(7)]))).toEqual(await placements('filterType=artificial', 'en-US'));
      // the seed's departments have English names too (总部 is Head office)
      expect(enFields.slice(1).every((r) => /^[ -~]+$/.test(r[7]!)) && rows.every((r) => /[^ -~]/.test(r[7]!))).toBe(true);
      expect(enFields.slice(1).every((r) => r[3] === 'Manual')).toBe(true);
      // Seeded collections under their English names; the Chinese export keeps the Chinese ones.
      const seededName = /^[A-Z][a-z]+ [A-Z][a-z]+ \d{2}$/;
      expect(enFields.slice(1).filter((r) => seededName.test(r[1]!)).length).toBeGreaterThan(0);
      expect(rows.some((r) => seededName.test(r[1]!))).toBe(false);
      expect(enFields.slice(1).map((r) => r[0])).toEqual(await allNumbers('filterType=artificial'));
    });

    it('exports every row across keyset batches, also when many rows share one created time', async () => {
      // 2 500 rows with the same timestamp: the cursor must continue on the id inside one instant.
      // Numbers below 10 000 000 ('09…'): the server and the seed draw theirs from 10 000 000 up, so these
      // can never meet a collection created earlier in the file.
      await t.db.execute(sql`
        insert into collections (number, name, content_type, filter_type, count, status, created_time, updated_at, owner_id)
        select '09' || lpad(g::text, 6, '0'), 'batch ' || g, 'img', 'rules', g, 'offline', timestamptz '2026-01-15 10:00:00.123456+00', now(), (select min(id) from users)
        from generate_series(1, ${EXPORT_BATCH_ROWS * 2 + 500}) g`);
      const res = await exportCsv('name=batch');
      const parsed = parseCsv(res.text.slice(1));
      const numbers = parsed.ok ? parsed.records.slice(1).map((r) => r.fields[0]) : [];
      expect(numbers).toHaveLength(2500);
      expect(numbers).toEqual(Array.from({ length: 2500 }, (_, i) => `09${String(i + 1).padStart(6, '0')}`));
      const whole = await exportCsv('');
      const wholeParsed = parseCsv(whole.text.slice(1));
      expect(wholeParsed.ok && wholeParsed.records.length - 1).toBe(await total());
      await t.db.execute(sql`delete from collections where number like '09%'`);
    });

    it('keeps a spreadsheet from running names as formulas', async () => {
      const created = await t.request({ method: 'POST', url: '/api/list/policy', token: t.tokens.admin, body: { name: '=HYPERLINK("x")', contentType: 'img', filterType: 'rules', count: 1, status: 'online' } });
      const res = await exportCsv(`number=${created.body.data.number}`);
      expect(res.text).toContain(`,"'=HYPERLINK(""x"")",`);
      await t.request({ method: 'DELETE', url: `/api/list/policy/${created.body.data.id}`, token: t.tokens.admin });
    });

    it('answers a bad filter with the JSON envelope before any CSV is sent', async () => {
      const res = await t.request({ url: '/api/list/policy/export?status=gone', token: t.tokens.user, locale: 'en-US' });
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.body.data.details).toEqual([{ path: 'status', message: 'Invalid value' }]);
      expect((await t.request({ url: '/api/list/policy/export' })).status).toBe(401);
    });

    it('streams over real HTTP in several chunks', async () => {
      await t.db.execute(sql`
        insert into collections (number, name, content_type, filter_type, count, status, created_time, updated_at, owner_id)
        select '08' || lpad(g::text, 6, '0'), 'stream ' || g, 'img', 'rules', g, 'online', now() - g * interval '1 second', now(), (select min(id) from users)
        from generate_series(1, 5000) g`);
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const path = '/api/list/policy/export';
      const headers = await signHeaders(t.config.signingKeys[0]!, {
        method: 'GET', path, query: 'name=stream', headers: { 'X-Fingerprint': TEST_FINGERPRINT, 'Access-Token': t.tokens.user }, body: '', now: new Date(),
      });
      const res = await fetch(`${address}${path}?name=stream`, { headers });
      expect(res.status).toBe(200);
      expect(res.headers.get('transfer-encoding')).toBe('chunked');
      const reader = res.body!.getReader();
      let chunks = 0;
      let bytes = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks++;
        bytes += value.length;
      }
      expect(chunks).toBeGreaterThan(1);
      expect(bytes).toBeGreaterThan(5000 * 20);
      await t.db.execute(sql`delete from collections where number like '08%'`);
    });
  });
});
