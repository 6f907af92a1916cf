/**
 * The resource kit's server suite, for any resource from its definition: every call answers as the
 * contract says, on the project's engine (the `server` and `server-pg` projects run it on PGlite and on
 * PostgreSQL). A generated resource's test is one line, `describeResource(product)`; the kit's own test
 * runs it on fixtures with every field type.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceSample } from '@atrium/contracts/resource-sample';
import type { ResourceDef, ResourceField } from '@atrium/contracts/resource';
import { BULK_MATCHING_MAX, bulkFields, resourceSchemas } from '@atrium/contracts/resource-calls';
import { MAX_PAGE } from '@atrium/contracts/paging';
import { rowsOf } from '../../db/client.ts';
import { createTestApp, type TestApp, type TestResponse } from '../../test/harness.ts';
import { resources } from '@atrium/contracts/slices';
import type { ServerSlice } from '../../slice.ts';
import { describeScopeMatrix } from './resource-scope-suite.ts';
import { describeLifecycle } from './resource-lifecycle-suite.ts';
import { describeImport } from './resource-import-suite.ts';
import { describeChildren } from './resource-children-suite.ts';
import { itWhen } from '../../test/it-when.ts';
import { readSheet } from 'read-excel-file/node';

export interface ResourceSuiteOptions {
  /** The resources the app serves, as slices (`resourceServerSlice`; default: the registry's). */
  resources?: readonly ServerSlice[];
  /** Runs once the app is up, before anything signs in (the kit's fixtures create their tables here). */
  prepare?: (t: TestApp) => Promise<void>;
}

export function describeResource(def: ResourceDef, options: ResourceSuiteOptions = {}): void {
  const all = options.resources?.flatMap((s) => (s.resource ? [s.resource] : [])) ?? resources;
  const api = def.apiPath;

  describe(`resource ${def.name} (the resource kit)`, () => {
    let t: TestApp;
    let admin: string;
    let serial = 0;
    const ok = (res: TestResponse) => {
      expect(res.status, res.text.slice(0, 400)).toBe(200);
      return res.body.data;
    };
    /** A record of `of` created through its calls, with the records it must refer to created first. */
    const create = async (of: ResourceDef = def, depth = 0): Promise<Record<string, unknown>> => {
      const references: Record<string, number | undefined> = {};
      for (const f of of.fields) {
        if (f.type !== 'reference' || (!f.required && (f.to === of.name || depth > 0))) continue;
        const other = all.find((r) => r.name === f.to)!;
        references[f.name] = (await create(other, depth + 1)).id as number;
      }
      const body = resourceSample(of, ++serial, references);
      return ok(await t.request({ method: 'POST', url: of.apiPath, token: admin, body }));
    };
    /** A record's field values as a form sends them (an edit leaves the read-only ones out; a life cycle's state is never sent). */
    const formValues = (record: Record<string, unknown>, forCreate = false) =>
      Object.fromEntries(def.fields.filter((f) => !f.state && (forCreate || !f.readOnly)).map((f) => [f.name, record[f.name]]));
    /** The trail's entries of a call on a record (the action is a call id, the target an integer: nothing to quote). */
    const entries = async (action: string, targetId: number) =>
      rowsOf<{ action: string; result: string }>(await t.db.execute(`select action, result from audit_log where action = '${action}' and target_id = '${Math.trunc(targetId)}' order by id`));

    beforeAll(async () => {
      t = await createTestApp({ resources: options.resources });
      await options.prepare?.(t);
      admin = await t.login('admin');
    });
    afterAll(() => t?.close());

    it('creates a record with every field, its version 1 and its author, and one audit entry', async () => {
      const record = await create();
      const sample = resourceSample(def, serial, {});
      for (const f of def.fields) if (f.type !== 'reference' && sample[f.name] !== undefined) expect(record[f.name], f.name).toEqual(sample[f.name]);
      expect(record).toMatchObject({ version: 1, createdBy: { id: expect.any(Number) }, updatedBy: { id: expect.any(Number) } });
      expect(await entries(`${def.name}.create`, record.id as number)).toEqual([expect.objectContaining({ result: 'success' })]);
    });

    it('lists newest first with the total, pages, and filters by each filter field', async () => {
      const first = await create();
      const second = await create();
      const page = ok(await t.request({ url: `${api}?pageSize=10`, token: admin }));
      expect(page.total).toBeGreaterThanOrEqual(2);
      expect(page.list[0].id).toBe(second.id);
      expect(page.list[1].id).toBe(first.id);
      const paged = ok(await t.request({ url: `${api}?pageSize=10&current=2`, token: admin }));
      expect(paged.current).toBe(2);
      for (const f of def.fields.filter((x) => x.filter)) {
        const value = second[f.name];
        if (value === null || value === undefined) continue;
        const query = f.filter === 'range' ? `${f.name}=${encodeURIComponent(String(value))}&${f.name}=${encodeURIComponent(String(value))}` : `${f.name}=${encodeURIComponent(String(value))}`;
        const hit = ok(await t.request({ url: `${api}?${query}&pageSize=100`, token: admin }));
        expect(hit.list.map((r: { id: number }) => r.id), `${f.name} ${f.filter}`).toContain(second.id);
        expect(hit.list.every((r: Record<string, unknown>) => (f.filter === 'contains' ? String(r[f.name]).toLowerCase().includes(String(value).toLowerCase()) : f.filter === 'prefix' ? String(r[f.name]).toLowerCase().startsWith(String(value).toLowerCase()) : r[f.name] === value))).toBe(true);
      }
    });

    it('answers any page number: an empty page past the end, 400 naming `current` past the limit', async () => {
      for (const current of ['30000000', '2147483647', '2147483648', '9007199254740993', '0', '-1', '1.5', 'x']) {
        const res = await t.request({ url: `${api}?current=${current}&pageSize=100`, token: admin, locale: 'en-US' });
        if (Number.isInteger(Number(current)) && Number(current) >= 1 && Number(current) <= MAX_PAGE) expect(ok(res), current).toMatchObject({ list: [], current: Number(current) });
        else expect([res.status, res.body.data.details?.[0]?.path], current).toEqual([400, 'current']);
      }
      const deep = await t.request({ url: `${api}?current=${MAX_PAGE + 1}`, token: admin, locale: 'en-US' });
      expect(deep.body.data.details).toEqual([{ path: 'current', message: `Must be at most ${MAX_PAGE}` }]);
      expect(ok(await t.request({ url: `${api}?current=${MAX_PAGE}&pageSize=100`, token: admin }))).toMatchObject({ list: [], current: MAX_PAGE });
    });

    it('sorts by each sortable field both ways, and refuses what it cannot sort by', async () => {
      // records in a row take every value of an enum in turn (resourceSample)
      const sortable = def.fields.filter((x) => x.sortable);
      const runs = Math.max(1, ...sortable.map((f) => f.values?.length ?? 0));
      for (let i = 0; i < runs; i++) await create();
      // an enum sorts in the order its values are declared, not by the stored text
      const rank = (f: ResourceField, v: unknown) => (f.type === 'enum' ? f.values!.findIndex((x) => x.value === v) : f.type === 'decimal' ? Number(v) : v) as number | string;
      for (const f of sortable) {
        for (const dir of ['', '-']) {
          const page = ok(await t.request({ url: `${api}?sort=${dir}${f.name}&pageSize=100`, token: admin }));
          const values = page.list.map((r: Record<string, unknown>) => r[f.name]).filter((v: unknown) => v !== null);
          const sorted = [...values].sort((a, b) => (rank(f, a) < rank(f, b) ? -1 : rank(f, a) > rank(f, b) ? 1 : 0));
          expect(values, `${dir}${f.name}`).toEqual(dir ? sorted.reverse() : sorted);
        }
      }
      const res = await t.request({ url: `${api}?sort=nope`, token: admin });
      expect(res.status).toBe(400);
      expect(res.body.data.error).toBe('VALIDATION_FAILED');
    });

    it('reads one record, and answers 404 for an id that names none', async () => {
      const record = await create();
      expect(ok(await t.request({ url: `${api}/${record.id}`, token: admin }))).toMatchObject({ id: record.id, version: 1 });
      expect((await t.request({ url: `${api}/987654`, token: admin })).status).toBe(404);
    });

    it('answers a record\'s trail newest first, each entry with its actor, changes and summary in the reader\'s language; 404 for an id that names none', async () => {
      const record = await create();
      const values = resourceSample(def, ++serial, Object.fromEntries(def.fields.filter((f) => f.type === 'reference').map((f) => [f.name, record[f.name] as number | undefined])));
      for (const f of def.fields) if (f.readOnly) delete values[f.name];
      ok(await t.request({ method: 'PUT', url: `${api}/${record.id}`, token: admin, body: { ...values, version: 1 } }));
      const { list } = ok(await t.request({ url: `${api}/${record.id}/trail`, token: admin, locale: 'en-US' }));
      expect(list.map((e: { action: string }) => e.action)).toEqual([`${def.name}.update`, `${def.name}.create`]);
      // the actor by the account's name (as the record's history names it), not the username the trail keeps
      const [named] = rowsOf<{ name: string }>(await t.db.execute(`select name from users where username = 'admin'`));
      expect(named!.name).not.toBe('admin');
      expect(list[0]).toMatchObject({ actor: { id: expect.any(Number), name: named!.name }, summary: expect.stringMatching(new RegExp(`^updated ${def.name} "`)) });
      const zh = ok(await t.request({ url: `${api}/${record.id}/trail`, token: admin, locale: 'zh-CN' })).list as { summary: string }[];
      expect(zh.map((e) => e.summary.slice(0, 2 + def.label['zh-CN'].length + 1))).toEqual([`编辑${def.label['zh-CN']}“`, `新建${def.label['zh-CN']}“`]);
      expect(list[1].changes.length).toBeGreaterThan(0);
      expect((await t.request({ url: `${api}/987654/trail`, token: admin })).status).toBe(404);
    });

    it('edits at the current version only: a stale version gets 409 VERSION_CONFLICT and changes nothing', async () => {
      const record = await create();
      const values = resourceSample(def, ++serial, Object.fromEntries(def.fields.filter((f) => f.type === 'reference').map((f) => [f.name, record[f.name] as number | undefined])));
      for (const f of def.fields) if (f.readOnly) delete values[f.name];
      const edited = ok(await t.request({ method: 'PUT', url: `${api}/${record.id}`, token: admin, body: { ...values, version: 1 } }));
      expect(edited.version).toBe(2);
      const stale = await t.request({ method: 'PUT', url: `${api}/${record.id}`, token: admin, body: { ...values, version: 1 } });
      expect(stale.status).toBe(409);
      expect(stale.body.data.error).toBe('VERSION_CONFLICT');
      expect(ok(await t.request({ url: `${api}/${record.id}`, token: admin })).version).toBe(2);
      expect(await entries(`${def.name}.update`, record.id as number)).toHaveLength(1);
    });

    it('saves the values a record holds as no change: the same version, no entry; one value changed writes a version', async () => {
      const record = await create();
      // as the form sends an edit it opened and saved: its fields, the rows of each children field and the scope as read
      const rows = Object.fromEntries(def.children.map((c) => [c.name, record[c.name]]));
      const scoped = def.scoped ? { department: record.department, owner: record.owner } : {};
      const same = ok(await t.request({ method: 'PUT', url: `${api}/${record.id}`, token: admin, body: { ...formValues(record), ...rows, ...scoped, version: 1 } }));
      expect(same).toMatchObject({ id: record.id, version: 1, updatedAt: record.updatedAt });
      expect(await entries(`${def.name}.update`, record.id as number)).toEqual([]);
      const values = resourceSample(def, ++serial, Object.fromEntries(def.fields.filter((f) => f.type === 'reference').map((f) => [f.name, record[f.name] as number | undefined])));
      const field = def.fields.find((f) => !f.state && !f.readOnly && values[f.name] !== undefined && values[f.name] !== record[f.name])!;
      const edited = ok(await t.request({ method: 'PUT', url: `${api}/${record.id}`, token: admin, body: { ...formValues(record), ...rows, [field.name]: values[field.name], version: 1 } }));
      expect(edited.version, field.name).toBe(2);
      expect(await entries(`${def.name}.update`, record.id as number)).toHaveLength(1);
    });

    it('refuses unknown fields and names each missing required field, in the caller language', async () => {
      const unknown = await t.request({ method: 'POST', url: api, token: admin, body: { ...resourceSample(def, ++serial, {}), notAField: 1 } });
      expect(unknown.status).toBe(400);
      const required = def.fields.filter((f) => f.required && !f.state);
      if (required.length === 0) return;
      const res = await t.request({ method: 'POST', url: api, token: admin, body: {}, locale: 'en-US' });
      expect(res.status).toBe(400);
      const paths = (res.body.data.details as { path: string }[]).map((d) => d.path);
      for (const f of required) expect(paths).toContain(f.name);
    });

    it('refuses a second record with a unique value (strings in any case): 409 UNIQUE_VIOLATION naming the field', async () => {
      for (const f of def.fields.filter((x) => x.unique)) {
        const record = await create();
        const other = await create();
        // the other case of a taken string, where the field's pattern allows it; else the same value
        const lower = typeof record[f.name] === 'string' ? String(record[f.name]).toLowerCase() : record[f.name];
        const taken = resourceSchemas(def).form.shape[f.name]!.safeParse(lower).success ? lower : record[f.name];
        const res = await t.request({ method: 'PUT', url: `${api}/${other.id}`, token: admin, body: { ...formValues(other), [f.name]: taken, version: other.version } });
        expect(res.status, f.name).toBe(409);
        expect(res.body.data).toMatchObject({ error: 'UNIQUE_VIOLATION', details: [{ path: f.name }] });
      }
    });

    it('deletes at the current version: a stale one gets 409, then the record is gone and the trail has it', async () => {
      const record = await create();
      const stale = await t.request({ method: 'DELETE', url: `${api}/${record.id}?version=7`, token: admin });
      expect(stale.status).toBe(409);
      expect(stale.body.data.error).toBe('VERSION_CONFLICT');
      ok(await t.request({ method: 'DELETE', url: `${api}/${record.id}?version=1`, token: admin }));
      expect((await t.request({ url: `${api}/${record.id}`, token: admin })).status).toBe(404);
      expect(await entries(`${def.name}.delete`, record.id as number)).toEqual([expect.objectContaining({ result: 'success' })]);
    });

    it('checks references: one that names no record is refused on its field; a referred record is IN_USE', async () => {
      for (const f of def.fields.filter((x) => x.type === 'reference')) {
        const other = all.find((r) => r.name === f.to)!;
        const referred = await create(other, 1);
        const record = ok(await t.request({ method: 'POST', url: api, token: admin, body: { ...(await sampleWithReferences()), [f.name]: referred.id } }));
        expect(record[f.name]).toBe(referred.id);
        expect(record.labels[f.name][String(referred.id)]).toBe(referred[other.titleField]);
        const missing = await t.request({ method: 'POST', url: api, token: admin, body: { ...(await sampleWithReferences()), [f.name]: 987654 } });
        expect(missing.status).toBe(400);
        expect((missing.body.data.details as { path: string }[]).map((d) => d.path)).toContain(f.name);
        let inUse = await t.request({ method: 'DELETE', url: `${other.apiPath}/${referred.id}?version=${referred.version}`, token: admin });
        expect(inUse.status).toBe(409);
        // the refusal names what refers to the record, and how many: the console says "2 个商品引用了它"
        expect(inUse.body.data).toEqual({ error: 'IN_USE', details: { referredBy: def.name, count: 1 } });
        ok(await t.request({ method: 'POST', url: api, token: admin, body: { ...(await sampleWithReferences()), [f.name]: referred.id } }));
        inUse = await t.request({ method: 'DELETE', url: `${other.apiPath}/${referred.id}?version=${referred.version}`, token: admin });
        expect(inUse.body.data).toEqual({ error: 'IN_USE', details: { referredBy: def.name, count: 2 } });
        // deleting it among others at once: refused whole, naming it
        const free = await create(other, 1);
        const bulk = await t.request({ method: 'POST', url: `${other.apiPath}/bulk-delete`, token: admin, body: { records: [free, referred].map((r) => ({ id: r.id, version: r.version })) } });
        expect(bulk.body.data).toEqual({ error: 'IN_USE', details: { referredBy: def.name, count: 2, ids: [referred.id] } });
        expect((await t.request({ url: `${other.apiPath}/${free.id}`, token: admin })).status).toBe(200);
      }
      /** Another record's values with fresh unique ones, ready to be created again. */
      async function sampleWithReferences() {
        const values = formValues(await create(), true);
        for (const f of def.fields) if (f.unique) values[f.name] = resourceSample(def, ++serial, {})[f.name];
        return values;
      }
    });

    // the first field a bulk edit may set that takes a value of its own (not a reference: no record to make)
    const bulkField = def.fields.find((f) => bulkFields(def).includes(f.name) && f.type !== 'reference');
    const bulkValue = () => resourceSample(def, ++serial, {})[bulkField!.name];
    /** Whether a record holds a bulk edit's value already (a decimal by its number). */
    const holds = (r: Record<string, unknown>, v: unknown) => JSON.stringify(r[bulkField!.name]) === JSON.stringify(v) || (bulkField!.type === 'decimal' && Number(r[bulkField!.name]) === Number(v));
    const bulkEntries = async (action: string, ids: number[]) => (await Promise.all(ids.map((id) => entries(`${def.name}.${action}`, id)))).map((e) => e.map((x) => x.result));

    itWhen(bulkField !== undefined)('sets one field of the selected records at their versions, an entry each; a stale or missing one refuses them all', async () => {
      const [a, b, c] = [await create(), await create(), await create()];
      // a value none of the three holds (samples repeat one: a boolean's, an enum's, a number's clamped to a short range)
      const f = bulkField!;
      const numbers = (f.type === 'integer' || f.type === 'decimal') && f.min !== undefined && f.max !== undefined ? [f.min, f.max, Math.floor((f.min + f.max) / 2)].map((n) => (f.type === 'decimal' ? n.toFixed(f.scale ?? 2) : n)) : [];
      const choices = [...Array.from({ length: 20 }, bulkValue), ...(f.type === 'boolean' ? [true, false] : []), ...(f.values ?? []).map((v) => v.value), ...numbers];
      const value = choices.find((v) => ![a, b, c].some((r) => holds(r, v)));
      expect(value, 'a value none of the three holds').toBeDefined();
      const url = `${api}/bulk-update`;
      const stale = await t.request({ method: 'POST', url, token: admin, body: { field: bulkField!.name, value, records: [{ id: a.id, version: 1 }, { id: b.id, version: 9 }] } });
      expect([stale.status, stale.body.data]).toEqual([409, { error: 'VERSION_CONFLICT', details: { records: [{ id: b.id, version: 1 }] } }]);
      const missing = await t.request({ method: 'POST', url, token: admin, body: { field: bulkField!.name, value, records: [{ id: a.id, version: 1 }, { id: 987654, version: 1 }] } });
      expect([missing.status, missing.body.data]).toEqual([404, { error: 'NOT_FOUND', details: { ids: [987654] } }]);
      expect(ok(await t.request({ url: `${api}/${a.id}`, token: admin })).version).toBe(1);
      expect(ok(await t.request({ method: 'POST', url, token: admin, body: { field: bulkField!.name, value, records: [{ id: a.id, version: 1 }, { id: b.id, version: 1 }] } }))).toEqual({ count: 2, unchanged: 0 });
      for (const r of [a, b]) expect(ok(await t.request({ url: `${api}/${r.id}`, token: admin })), `${r.id}`).toMatchObject({ [bulkField!.name]: value, version: 2 });
      expect(ok(await t.request({ url: `${api}/${c.id}`, token: admin })).version).toBe(1);
      expect(await bulkEntries('bulk-update', [a.id as number, b.id as number, c.id as number])).toEqual([['success'], ['success'], []]);
      // the same value again, with a record that holds another: the one that holds it is left as it is, no entry
      expect(ok(await t.request({ method: 'POST', url, token: admin, body: { field: bulkField!.name, value, records: [{ id: a.id, version: 2 }, { id: c.id, version: 1 }] } }))).toEqual({ count: 1, unchanged: 1 });
      expect(await Promise.all([a, c].map(async (r) => ok(await t.request({ url: `${api}/${r.id}`, token: admin })).version))).toEqual([2, 2]);
      expect(await bulkEntries('bulk-update', [a.id as number, c.id as number])).toEqual([['success'], ['success']]);
    });

    itWhen(bulkField !== undefined)('sets a field of every record the filters match once their count is confirmed: another count is 409 COUNT_CHANGED', async () => {
      await create();
      const { count, capped } = ok(await t.request({ url: `${api}/count`, token: admin }));
      expect(capped).toBe(false);
      expect(count).toBe(ok(await t.request({ url: `${api}?pageSize=10`, token: admin })).total);
      const value = bulkValue();
      const url = `${api}/bulk-update`;
      const changed = await t.request({ method: 'POST', url, token: admin, body: { field: bulkField!.name, value, matching: { filters: {}, count: count + 1 } } });
      expect([changed.status, changed.body.data]).toEqual([409, { error: 'COUNT_CHANGED', details: { count } }]);
      // the records that hold the value already are counted apart, left as they are
      const before = ok(await t.request({ url: `${api}?pageSize=100`, token: admin }));
      expect(before.total).toBeLessThanOrEqual(100);
      const held = before.list.filter((r: Record<string, unknown>) => holds(r, value)).length;
      expect(ok(await t.request({ method: 'POST', url, token: admin, body: { field: bulkField!.name, value, matching: { filters: {}, count } } }))).toEqual({ count: count - held, unchanged: held });
      const page = ok(await t.request({ url: `${api}?pageSize=100`, token: admin }));
      expect(page.list.every((r: Record<string, unknown>) => JSON.stringify(r[bulkField!.name]) === JSON.stringify(value))).toBe(true);
    });

    it('refuses a bulk action that names no records, both kinds at once, a field it cannot set and a value its field refuses', async () => {
      const record = await create();
      const one = [{ id: record.id, version: record.version }];
      const refusals: [unknown, string][] = [
        [{ records: [] }, 'records'],
        [{ records: one, matching: { filters: {}, count: 1 } }, 'records'],
        [{}, 'records'],
        [{ records: [...one, ...one] }, 'records'],
        [{ matching: { filters: {}, count: BULK_MATCHING_MAX + 1 } }, 'matching.count'],
      ];
      for (const [body, path] of refusals) {
        const res = await t.request({ method: 'POST', url: `${api}/bulk-delete`, token: admin, body, locale: 'en-US' });
        expect([res.status, (res.body.data.details as { path: string }[])?.map((d) => d.path)], JSON.stringify(body)).toEqual([400, [path]]);
      }
      for (const name of ['id', 'version', ...def.fields.filter((f) => f.unique || f.readOnly || f.state).map((f) => f.name)]) {
        const res = await t.request({ method: 'POST', url: `${api}/bulk-update`, token: admin, body: { field: name, value: 'x', records: one }, locale: 'en-US' });
        expect(res.status, name).toBe(400);
        expect(res.body.data.details, name).toContainEqual({ path: 'field', message: 'This field cannot be changed in bulk' });
      }
      const typed = def.fields.find((f) => bulkFields(def).includes(f.name) && ['integer', 'decimal', 'date', 'boolean', 'enum'].includes(f.type));
      if (typed) {
        const res = await t.request({ method: 'POST', url: `${api}/bulk-update`, token: admin, body: { field: typed.name, value: 'not a value', records: one } });
        expect([res.status, (res.body.data.details as { path: string }[]).map((d) => d.path)], typed.name).toEqual([400, ['value']]);
      }
      // a value naming no record (a reference's, a department's, an owner's) is refused on the one input too
      const named = [...def.fields.filter((f) => f.type === 'reference' && bulkFields(def).includes(f.name)).map((f) => f.name), ...(def.scoped ? ['department', 'owner'] : [])];
      for (const name of named) {
        const res = await t.request({ method: 'POST', url: `${api}/bulk-update`, token: admin, body: { field: name, value: 987654, records: one }, locale: 'en-US' });
        expect([res.status, (res.body.data.details as { path: string }[])?.map((d) => d.path)], name).toEqual([400, ['value']]);
      }
      expect(ok(await t.request({ url: `${api}/${record.id}`, token: admin })).version).toBe(record.version);
    });

    it('deletes the selected records at their versions, an entry each; another count of matches deletes nothing', async () => {
      const [a, b] = [await create(), await create()];
      const { count } = ok(await t.request({ url: `${api}/count`, token: admin }));
      const changed = await t.request({ method: 'POST', url: `${api}/bulk-delete`, token: admin, body: { matching: { filters: {}, count: count - 1 } } });
      expect([changed.status, changed.body.data.error]).toEqual([409, 'COUNT_CHANGED']);
      expect(ok(await t.request({ url: `${api}/count`, token: admin })).count).toBe(count);
      expect(ok(await t.request({ method: 'POST', url: `${api}/bulk-delete`, token: admin, body: { records: [a, b].map((r) => ({ id: r.id, version: r.version })) } }))).toEqual({ count: 2 });
      for (const r of [a, b]) expect((await t.request({ url: `${api}/${r.id}`, token: admin })).status).toBe(404);
      expect(await bulkEntries('bulk-delete', [a.id as number, b.id as number])).toEqual([['success'], ['success']]);
    });

    it('exports the filtered records as CSV with a BOM and headers in the caller language; offers pickers by keyword', async () => {
      const record = await create();
      const res = await t.request({ url: `${api}/export`, token: admin, locale: 'en-US' });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      expect(res.text.startsWith(`\uFEFFID,${def.fields[0]!.label['en-US']}`)).toBe(true);
      expect(res.text).toContain(`\r\n${record.id},`);
      // the same rows as a workbook: a text a text, a number a number (a decimal at its value)
      const book = await t.request({ url: `${api}/export?format=xlsx`, token: admin, locale: 'en-US' });
      expect([book.status, book.headers['content-type']]).toEqual([200, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
      expect(String(book.headers['content-disposition'])).toMatch(new RegExp(`^attachment; filename="${def.plural}-\\d{8}-\\d{6}\\.xlsx"$`));
      const sheet = await readSheet(book.raw);
      expect(sheet[0]!.slice(0, 2)).toEqual(['ID', def.fields[0]!.label['en-US']]);
      const line = sheet.find((cells) => cells[0] === record.id)!;
      expect(line, 'the record\'s row').toBeDefined();
      def.fields.forEach((f, i) => {
        const value = record[f.name];
        if (value === null || value === undefined || f.type === 'reference' || f.type === 'enum' || f.type === 'boolean') return;
        expect(line[i + 1], f.name).toEqual(f.type === 'integer' || f.type === 'decimal' ? Number(value) : value);
      });
      expect((await t.request({ url: `${api}/export?format=pdf`, token: admin })).status).toBe(400);
      const title = String(record[def.titleField]);
      const options = ok(await t.request({ url: `${api}/options?keyword=${encodeURIComponent(title)}`, token: admin }));
      expect(options).toContainEqual({ id: record.id, label: title });
      expect(ok(await t.request({ url: `${api}/options?id=${record.id}`, token: admin }))).toEqual([{ id: record.id, label: title }]);
    });
  });

  // an import, in an app of its own
  describeImport(def, all, options);
  // every path under each data scope, in an app of its own (its table holds only the matrix's records)
  describeScopeMatrix(def, all, options);
  // a life cycle's transitions, refusals and approvals, in an app of its own
  if (def.lifecycle) describeLifecycle(def, all, options);
  // its rows (an order's lines), in an app of its own
  if (def.children.length > 0) describeChildren(def, all, options);
}
