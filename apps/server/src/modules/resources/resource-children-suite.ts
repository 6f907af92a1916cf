/**
 * A parent's rows (`children` fields, docs/resources.md "Order lines") for any resource that has them, on
 * the project's engine: saved with the parent in one transaction under its version, answered in their
 * order with their references' labels, every problem named by its row (`lines[1].quantity`), nothing
 * written by a refused save, two saves at once one winner, and the parent's delete as the field's
 * `onDelete` says (the rows with it, or 409 IN_USE while it has any).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceSample } from '@atrium/contracts/resource-sample';
import type { ChildrenField, ResourceDef } from '@atrium/contracts/resource';
import { rowsOf } from '../../db/client.ts';
import { createTestApp, type TestApp, type TestResponse } from '../../test/harness.ts';
import type { ResourceSuiteOptions } from './resource-suite.ts';

export function describeChildren(def: ResourceDef, all: readonly ResourceDef[], options: ResourceSuiteOptions): void {
  const api = def.apiPath;

  describe(`resource ${def.name}: its rows`, () => {
    let t: TestApp;
    let admin: string;
    let serial = 7000;
    const ok = (res: TestResponse) => {
      expect(res.status, res.text.slice(0, 600)).toBe(200);
      return res.body.data;
    };
    /** A record of `of` through its calls, the records it must refer to created first. */
    const create = async (of: ResourceDef, extra: Record<string, unknown> = {}): Promise<Record<string, unknown>> => {
      const references: Record<string, number> = {};
      for (const f of of.fields.filter((f) => f.type === 'reference' && f.required && f.to !== of.name)) references[f.name] = (await create(all.find((r) => r.name === f.to)!)).id as number;
      return ok(await t.request({ method: 'POST', url: of.apiPath, token: admin, body: { ...resourceSample(of, ++serial, references), ...extra } }));
    };
    /** `n` rows of a children field, each referring to records made for it. */
    const rows = async (c: ChildrenField, n: number) => {
      const references: Record<string, number> = {};
      for (const f of c.def.fields.filter((f) => f.type === 'reference')) references[f.name] = (await create(all.find((r) => r.name === f.to)!)).id as number;
      return Array.from({ length: n }, () => resourceSample(c.def, ++serial, references));
    };
    /** The rows in the table, read past the calls: what a refused save must not have touched. */
    const stored = async (c: ChildrenField, parent: number) =>
      rowsOf<{ id: number; position: number }>(await t.db.execute(`select id, position from "${c.def.table}" where "${c.parentColumn}" = ${Math.trunc(parent)} order by position`)).map((r) => Number(r.id));
    const get = async (id: unknown) => ok(await t.request({ url: `${api}/${Number(id)}`, token: admin }));
    /** An edit as the form sends it: the record's editable fields as they are, its version, and `body`. */
    const put = (record: Record<string, unknown>, body: Record<string, unknown>, locale: 'zh-CN' | 'en-US' = 'en-US') => {
      const fields = Object.fromEntries(def.fields.filter((f) => !f.state && !f.readOnly).map((f) => [f.name, record[f.name]]));
      return t.request({ method: 'PUT', url: `${api}/${Number(record.id)}`, token: admin, body: { ...fields, version: record.version, ...body }, locale });
    };
    /** A row's own fields as a save sends them (its id when it is one of the record's). */
    const fieldsOf = (c: ChildrenField, row: Record<string, unknown>) => Object.fromEntries([...(row.id ? [['id', row.id]] : []), ...c.def.fields.map((f) => [f.name, row[f.name]])]);
    /** A field of a row a sample can make invalid: a required one, or a number below its minimum. */
    const spoilable = (c: ChildrenField) => c.def.fields.find((f) => f.required && f.type !== 'boolean' && f.type !== 'reference') ?? c.def.fields.find((f) => f.required);

    beforeAll(async () => {
      t = await createTestApp({ resources: options.resources });
      await options.prepare?.(t);
      admin = await t.login('admin');
    });
    afterAll(() => t?.close());

    for (const c of def.children) {
      it(`${c.name}: created with the record, answered in their order with their references' labels, one audit entry naming them`, async () => {
        const given = await rows(c, 3);
        const record = await create(def, { [c.name]: given });
        expect(record[c.name]).toHaveLength(3);
        const read = await get(record.id);
        expect(read[c.name].map((r: Record<string, unknown>) => fieldsOf(c, { ...r, id: undefined }))).toEqual(given.map((r) => fieldsOf(c, r)));
        for (const f of c.def.fields.filter((f) => f.type === 'reference')) {
          const id = given[0]![f.name];
          expect(read.labels[`${c.name}.${f.name}`]?.[String(id)], `${c.name}.${f.name}`).toEqual(expect.any(String));
        }
        const [entry] = rowsOf<{ changes: unknown }>(await t.db.execute(`select changes from audit_log where action = '${def.name}.create' and target_id = '${Number(record.id)}'`));
        const changes = (typeof entry!.changes === 'string' ? JSON.parse(entry!.changes) : entry!.changes) as { field: string; after: unknown[] }[];
        expect(changes.find((x) => x.field === c.name)?.after).toHaveLength(3);
        // a list's records do not carry them
        const page = ok(await t.request({ url: `${api}?pageSize=10`, token: admin }));
        expect(page.list[0]).not.toHaveProperty(c.name);
      });

      it(`${c.name}: a save keeps, edits, adds, removes and reorders rows under the record's version`, async () => {
        const record = await create(def, { [c.name]: await rows(c, 3) });
        const [first, second, third] = record[c.name] as Record<string, unknown>[];
        const [added] = await rows(c, 1);
        // the third first, the first edited (a sample of another serial), the second gone, a new one last
        const edited = { ...fieldsOf(c, { ...(await rows(c, 1))[0], id: undefined }), id: first!.id };
        const saved = ok(await put(record, { [c.name]: [fieldsOf(c, third!), edited, added] }));
        expect(saved.version).toBe((record.version as number) + 1);
        expect(saved[c.name].map((r: { id: number }) => r.id).slice(0, 2)).toEqual([third!.id, first!.id]);
        expect(saved[c.name][1]).toMatchObject(Object.fromEntries(Object.entries(edited).filter(([k, v]) => k !== 'id' && typeof v !== 'string')));
        expect(await stored(c, record.id as number)).toEqual(saved[c.name].map((r: { id: number }) => r.id));
        expect(await stored(c, record.id as number)).not.toContain(second!.id);
        // a save without the field leaves the rows as they are
        const again = ok(await put(saved, {}));
        expect(again[c.name].map((r: { id: number }) => r.id)).toEqual(saved[c.name].map((r: { id: number }) => r.id));
        // and one with none removes them all
        expect(ok(await put(again, { [c.name]: [] }))[c.name]).toEqual(c.required ? expect.anything() : []);
      });

      it(`${c.name}: every problem named by its row, in the caller's language; nothing written`, async () => {
        const record = await create(def, { [c.name]: await rows(c, 2) });
        const before = await stored(c, record.id as number);
        const bad = spoilable(c)!;
        const good = await rows(c, 2);
        const spoiled = [good[0]!, { ...good[1]!, [bad.name]: bad.type === 'integer' || bad.type === 'decimal' ? 'x' : null }];
        const refused = await put(record, { [c.name]: spoiled });
        expect(refused.status, refused.text).toBe(400);
        expect(refused.body.data.details).toEqual([{ path: `${c.name}[1].${bad.name}`, message: expect.any(String) }]);
        const zh = await put(record, { [c.name]: spoiled }, 'zh-CN');
        expect(zh.body.data.details[0].message).toMatch(/[\u4e00-\u9fff]/);
        // a row that is not one of the record's
        const other = await create(def, { [c.name]: await rows(c, 1) });
        const foreign = await put(record, { [c.name]: [{ ...good[0]!, id: (other[c.name] as { id: number }[])[0]!.id }] });
        expect([foreign.status, foreign.body.data.details]).toEqual([400, [{ path: `${c.name}[0].id`, message: 'This row no longer exists: reload and try again' }]]);
        // a reference to a record that does not exist
        const reference = c.def.fields.find((f) => f.type === 'reference');
        if (reference) {
          const missing = await put(record, { [c.name]: [good[0]!, { ...good[1]!, [reference.name]: 2_000_000_000 }] });
          expect([missing.status, missing.body.data.details]).toEqual([400, [{ path: `${c.name}[1].${reference.name}`, message: 'No such record: it may have been deleted' }]]);
        }
        // past the field's limit
        const many = await put(record, { [c.name]: Array.from({ length: c.max + 1 }, () => good[0]!) });
        expect([many.status, many.body.data.details]).toEqual([400, [{ path: c.name, message: `At most ${c.max} rows` }]]);
        expect(await stored(c, record.id as number)).toEqual(before);
        expect((await get(record.id)).version).toBe(record.version);
      });

      it(`${c.name}: a save at an old version is 409 and writes no row; of two saves at once one wins`, async () => {
        const record = await create(def, { [c.name]: await rows(c, 1) });
        const one = await rows(c, 2);
        const two = await rows(c, 3);
        const [a, b] = await Promise.all([put(record, { [c.name]: one }), put(record, { [c.name]: two })]);
        expect([a.status, b.status].sort()).toEqual([200, 409]);
        const winner = a.status === 200 ? a : b;
        expect((winner === a ? b : a).body.data.error).toBe('VERSION_CONFLICT');
        expect(await stored(c, record.id as number)).toEqual(winner.body.data[c.name].map((r: { id: number }) => r.id));
        const stale = await put(record, { [c.name]: [] });
        expect(stale.status).toBe(409);
        expect(await stored(c, record.id as number)).toHaveLength(winner.body.data[c.name].length);
      });

      it(`${c.name}: deleting the record ${c.onDelete === 'cascade' ? 'deletes its rows with it' : 'is refused while it has rows'}`, async () => {
        const record = await create(def, { [c.name]: await rows(c, 2) });
        const res = await t.request({ method: 'DELETE', url: `${api}/${Number(record.id)}?version=${Number(record.version)}`, token: admin, locale: 'en-US' });
        if (c.onDelete === 'cascade') {
          expect(res.status, res.text).toBe(200);
          expect(await stored(c, record.id as number)).toEqual([]);
        } else {
          expect([res.status, res.body.data.error, res.body.data.details]).toEqual([409, 'IN_USE', { children: c.name, count: 2, ids: [record.id] }]);
          const bulk = await t.request({ method: 'POST', url: `${api}/bulk-delete`, token: admin, body: { records: [{ id: record.id, version: record.version }] } });
          expect([bulk.status, bulk.body.data.details]).toEqual([409, { children: c.name, count: 2, ids: [record.id] }]);
          const emptied = ok(await put(record, { [c.name]: [] }));
          ok(await t.request({ method: 'DELETE', url: `${api}/${Number(record.id)}?version=${Number(emptied.version)}`, token: admin }));
        }
      });

      for (const f of c.def.fields.filter((f) => f.type === 'reference')) {
        it(`${c.name}: a record its rows refer to by ${f.name} is not deleted (409 IN_USE naming ${def.name})`, async () => {
          const given = await rows(c, 2);
          await create(def, { [c.name]: given });
          const other = all.find((r) => r.name === f.to)!;
          const referred = ok(await t.request({ url: `${other.apiPath}/${Number(given[0]![f.name])}`, token: admin }));
          const res = await t.request({ method: 'DELETE', url: `${other.apiPath}/${Number(referred.id)}?version=${Number(referred.version)}`, token: admin });
          expect([res.status, res.body.data.details]).toEqual([409, { referredBy: def.name, count: 1 }]);
        });
      }
    }
  });
}
