import { describe, expect, it } from 'vitest';
import { buildMultipart } from '../../http/multipart.ts';
import { suiteApp } from '../../test/suite-app.ts';

/** Bytes the database cannot store in an imported file (the core's fuzz, src/test/fuzz.test.ts, covers bodies, queries and paths). */
describe('collections import: cells that cannot be stored', () => {
  const t = suiteApp({ signIn: ['admin'] });

  it('reports a CSV cell with NUL as a row error, and writes nothing', async () => {
    // past the first 8 KiB, where a NUL would mark the whole file as binary (415)
    const padding = Array.from({ length: 400 }, (_, i) => `Fuzz row ${i},img,rules,1,online`);
    const importRows = (rows: string[]) => {
      const file = Buffer.from(['name,contentType,filterType,count,status', ...padding, ...rows].join('\n'));
      expect(file.indexOf(0)).toBeGreaterThan(8192);
      const multipart = buildMultipart([{ name: 'file', filename: 'fuzz.csv', contentType: 'text/csv', data: file }]);
      return t.request({ method: 'POST', url: '/api/list/policy/import', token: t.tokens.admin, body: multipart.body, contentType: multipart.contentType, locale: 'en-US' });
    };
    const before = await t.count('collections');
    const name = await importRows(['Bad\u0000name,img,rules,1,online']);
    expect([name.status, name.body.data]).toEqual([
      200,
      { imported: 0, failed: 1, errors: [{ line: 402, column: 'name', message: 'Contains characters that cannot be stored' }] },
    ]);
    const others = await importRows(['Row,img\u0000,rules,1,online', 'Row,img,rules\u0000,1,online', 'Row,img,rules,1\u0000,online', 'Row,img,rules,1,\u0000online']);
    expect([others.status, others.body.data.failed, others.body.data.errors.map((e: { line: number; column: string }) => `${e.line}:${e.column}`)]).toEqual([
      200,
      4,
      ['402:contentType', '403:filterType', '404:count', '405:status'],
    ]);
    expect(await t.count('collections')).toBe(before);
  });
});
