/**
 * The resource kit's scope matrix (issue 39, docs/resources.md "Scoped records"), part of every resource's
 * server suite (resource-suite.ts): two departments, one below the other, an account for each data scope,
 * and for every path — list, total, export, options, get, update, delete, a create or an update put out
 * of scope, an owner out of scope, a reference to a record the writer cannot see — a check that each
 * account reaches exactly the records it should. It uses nothing but the resource's own scope key (the
 * role's scope applies to it), so it runs in a product without the demo.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { dataScopes, type DataScope } from '@atrium/contracts';
import { resourceSample } from '@atrium/contracts/resource-sample';
import type { ResourceDef } from '@atrium/contracts/resource';
import { rowsOf } from '../../db/client.ts';
import { createTestApp, type TestApp, type TestResponse } from '../../test/harness.ts';
import { adminSession, createAccount, createDepartment, session, type Client } from '../../test/system-kit.ts';
import type { ServerSlice } from '../../slice.ts';
import { ROOT_DEPARTMENT_ID } from '../shared/departments.repository.ts';
// a test registered only when it applies (an unscoped resource has no department to filter by)
import { itWhen } from '../../test/it-when.ts';
import { bulkFields } from '@atrium/contracts/resource-calls';
import { importSampleTable } from '@atrium/contracts/resource-sample';
import { csvOf, importUpload } from './import-fixture.ts';

interface Account {
  scope: DataScope;
  client: Client;
  id: number;
  /** A department the account reaches, where records meant for it are put (with it as their owner). */
  home: number;
}

/** The base records of one resource: where each is put, and which scopes reach it. */
interface Placed {
  id: number;
  version: number;
  reachedBy: readonly DataScope[];
}

export function describeScopeMatrix(def: ResourceDef, all: readonly ResourceDef[], options: { resources?: readonly ServerSlice[]; prepare?: (t: TestApp) => Promise<void> }): void {
  const referred = def.fields.filter((f) => f.type === 'reference').map((f) => ({ field: f, other: f.to === def.name ? def : all.find((r) => r.name === f.to)! }));
  const scopedReferences = referred.filter((r) => r.other.scoped);
  // a row's references (an order's lines) to records of a scoped resource
  const rowReferences = def.children.flatMap((c) => c.def.fields.filter((f) => f.type === 'reference').map((f) => ({ c, field: f, other: all.find((r) => r.name === f.to)! }))).filter((r) => r.other.scoped);

  describe(`resource ${def.name}: every path within each data scope (${def.scoped ? 'scoped' : 'not scoped'})`, () => {
    let t: TestApp;
    let admin: Client;
    let adminId: number;
    let upper: number;
    let lower: number;
    let serial = 0;
    const accounts = new Map<DataScope, Account>();
    /** Per resource (the def and those it refers to), its base records. */
    const base = new Map<string, Placed[]>();

    const data = (res: TestResponse, what: string) => {
      expect(res.status, `${what}: ${res.text.slice(0, 400)}`).toBe(200);
      return res.body.data;
    };
    /** Values of a new record of `of`: a sample, its required references to records `by` reaches (made by the administrator). */
    const valuesFor = async (of: ResourceDef, by: Account | undefined, extra: Record<string, unknown> = {}): Promise<Record<string, unknown>> => {
      const references: Record<string, number | undefined> = {};
      for (const f of of.fields) {
        if (f.type !== 'reference' || !f.required || extra[f.name] !== undefined) continue;
        const other = f.to === of.name ? of : all.find((r) => r.name === f.to)!;
        references[f.name] = (await make(other, by && { department: by.home, owner: by.id }, by)).id as number;
      }
      return { ...resourceSample(of, ++serial, references), ...extra };
    };
    /** A record of `of` made by the administrator, put where `placed` says (a scoped one). */
    const make = async (of: ResourceDef, placed: { department: number; owner: number } | undefined, by?: Account) =>
      data(await admin.call('POST', of.apiPath, await valuesFor(of, by, of.scoped && placed ? placed : {})), `the administrator creates a ${of.name}`);
    const count = async (of: ResourceDef) => Number(rowsOf<{ n: number }>(await t.db.execute(`select count(*)::int as n from "${of.table}"`))[0]!.n);
    /** An edit's body: the record's editable values as the form sends them, with `change`, at its version. */
    const editBody = (current: Record<string, unknown>, change: Record<string, unknown> = {}) => ({
      ...Object.fromEntries(def.fields.filter((f) => !f.readOnly && !f.state).map((f) => [f.name, current[f.name]])),
      ...change,
      version: current.version,
    });
    const ids = (list: { id: number }[]) => list.map((r) => r.id).sort((a, b) => a - b);
    const expected = (of: ResourceDef, scope: DataScope) => (base.get(of.name) ?? []).filter((r) => !of.scoped || r.reachedBy.includes(scope)).map((r) => r.id).sort((a, b) => a - b);
    const unreached = (of: ResourceDef, scope: DataScope) => (base.get(of.name) ?? []).filter((r) => of.scoped && !r.reachedBy.includes(scope));

    /**
     * Four records of `of`: in the root (the administrator's), in the upper department (owned by the
     * `department` account), in the lower one (the administrator's) and in the root owned by the `own` account.
     */
    const placeBase = async (of: ResourceDef) => {
      if (base.has(of.name)) return;
      const own = accounts.get('own')!;
      const dept = accounts.get('department')!;
      const layout: [number, number, DataScope[]][] = [
        [ROOT_DEPARTMENT_ID, adminId, ['all']],
        [upper, dept.id, ['all', 'department-tree', 'department']],
        [lower, adminId, ['all', 'department-tree', 'custom']],
        [ROOT_DEPARTMENT_ID, own.id, ['all', 'own']],
      ];
      const placed: Placed[] = [];
      for (const [department, owner, reachedBy] of of.scoped ? layout : layout.slice(0, 2)) {
        const record = await make(of, { department, owner });
        if (of.scoped) expect([record.department, record.owner], `${of.name} placed`).toEqual([department, owner]);
        placed.push({ id: record.id, version: record.version, reachedBy });
      }
      base.set(of.name, placed);
    };

    // its database (a private schema on PostgreSQL, with a pool of connections) goes with the suite
    afterAll(() => t?.close());
    beforeAll(async () => {
      t = await createTestApp({ resources: options.resources });
      await options.prepare?.(t);
      admin = await adminSession(t);
      adminId = Number(rowsOf<{ id: number }>(await t.db.execute(`select id from users where username = 'admin'`))[0]!.id);
      upper = await createDepartment(admin, 'Scope upper', ROOT_DEPARTMENT_ID);
      lower = await createDepartment(admin, 'Scope lower', upper);
      const permissions = [...new Set([def, ...referred.map((r) => r.other)].flatMap((r) => Object.values(r.permissions)))];
      for (const scope of dataScopes) {
        const code = `matrix-${scope}`;
        const role = await admin.call('POST', '/api/system/roles', { code, name: code, permissions: [], dataScope: scope, ...(scope === 'custom' ? { departmentIds: [lower] } : {}) });
        expect(role.status, role.text).toBe(200);
        // the permissions in SQL, as a start gives them: the kit's own fixtures are outside the permission catalogue
        await t.db.execute(`update roles set permissions = '{${permissions.join(',')}}'::text[] where code = '${code}'`);
        const username = `matrix.${scope}`;
        const { id } = await createAccount(admin, { username, name: `Matrix ${scope}`, roles: [code], password: 'matrix123', departmentId: upper });
        accounts.set(scope, { scope, id, client: await session(t, username, 'matrix123'), home: scope === 'custom' ? lower : upper });
      }
      for (const { other } of [...scopedReferences, ...rowReferences]) await placeBase(other);
      await placeBase(def);
    });

    it('lists, totals, exports and offers in pickers exactly the records each scope reaches', async () => {
      for (const a of accounts.values()) {
        const want = expected(def, a.scope);
        const page = data(await a.client.call('GET', `${def.apiPath}?pageSize=100`), `${a.scope} lists`);
        expect([ids(page.list), page.total], `${a.scope}: list and total`).toEqual([want, want.length]);
        const csv = await a.client.call('GET', `${def.apiPath}/export`, undefined, { locale: 'en-US' });
        expect(csv.status, csv.text.slice(0, 200)).toBe(200);
        const exported = csv.text.split('\r\n').slice(1).filter(Boolean).map((line) => Number(line.split(',')[0]));
        expect(exported.sort((x, y) => x - y), `${a.scope}: export`).toEqual(want);
        const offered = data(await a.client.call('GET', `${def.apiPath}/options`), `${a.scope} options`);
        expect(ids(offered), `${a.scope}: options`).toEqual(want);
        for (const record of unreached(def, a.scope)) expect(data(await a.client.call('GET', `${def.apiPath}/options?id=${record.id}`), 'options by id'), `${a.scope}: option ${record.id}`).toEqual([]);
      }
    });

    it('reads, edits and deletes by id only what each scope reaches: any other id is 404, as one that names nothing', async () => {
      for (const a of accounts.values()) {
        for (const record of base.get(def.name)!) {
          const reached = !def.scoped || record.reachedBy.includes(a.scope);
          const got = await a.client.call('GET', `${def.apiPath}/${record.id}`);
          expect([got.status, got.body.data?.error], `${a.scope}: get ${record.id}`).toEqual(reached ? [200, undefined] : [404, 'NOT_FOUND']);
          const trail = await a.client.call('GET', `${def.apiPath}/${record.id}/trail`);
          expect([trail.status, trail.body.data?.error], `${a.scope}: trail ${record.id}`).toEqual(reached ? [200, undefined] : [404, 'NOT_FOUND']);
          if (reached) continue;
          const current = data(await admin.call('GET', `${def.apiPath}/${record.id}`), 'the administrator reads');
          const edit = await a.client.call('PUT', `${def.apiPath}/${record.id}`, editBody(current));
          expect([edit.status, edit.body.data?.error], `${a.scope}: update ${record.id}`).toEqual([404, 'NOT_FOUND']);
          const removal = await a.client.call('DELETE', `${def.apiPath}/${record.id}?version=${current.version}`);
          expect([removal.status, removal.body.data?.error], `${a.scope}: delete ${record.id}`).toEqual([404, 'NOT_FOUND']);
          expect(data(await admin.call('GET', `${def.apiPath}/${record.id}`), 'still there').version, `${a.scope}: ${record.id} unchanged`).toBe(current.version);
        }
      }
      expect((await admin.call('GET', `${def.apiPath}/987654`)).body.data.error).toBe('NOT_FOUND');
    });

    itWhen(def.scoped)('imports rows into the importer\'s department and as theirs; a department column beyond the scope refuses its rows; a match beyond it is never updated', async () => {
      const a = accounts.get('department')!;
      const upload = async (records: Record<string, unknown>[], extra?: { header: string; cells: string[] }) => {
        const table = importSampleTable(def, records, 'en-US');
        if (extra) table.forEach((row, i) => row.push(i === 0 ? extra.header : extra.cells[i - 1]!));
        const body = importUpload(csvOf(table));
        return data(await a.client.call('POST', `${def.apiPath}/imports`, body.body, { contentType: body.contentType, locale: 'en-US' }), 'upload');
      };
      const run = async (id: number, step: 'check' | 'commit') => {
        data(await a.client.call('POST', `${def.apiPath}/imports/${id}/${step}`, step === 'check' ? {} : undefined, { locale: 'en-US' }), step);
        for (let i = 0; i < 400; i++) {
          const job = data(await a.client.call('GET', `${def.apiPath}/imports/${id}`, undefined, { locale: 'en-US' }), 'import');
          if (!['checking', 'writing'].includes(job.status)) return job;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        throw new Error('import still running');
      };
      // the records it makes go at the end: the matrix's other tests count the base records alone
      const last = Number(rowsOf<{ n: number }>(await t.db.execute(`select coalesce(max(id), 0)::int as n from "${def.table}"`))[0]!.n);
      onTestFinished(async () => void (await t.db.execute(`delete from "${def.table}" where id > ${last}`)));
      // no department column: the importer's department, the importer the owner
      const plain = await upload([await valuesFor(def, a), await valuesFor(def, a)]);
      expect(await run(plain.id, 'check')).toMatchObject({ status: 'checked', errorRows: 0, counts: { created: 2 } });
      expect(await run(plain.id, 'commit')).toMatchObject({ status: 'done' });
      const mine = data(await a.client.call('GET', `${def.apiPath}?pageSize=100`), 'list').list.filter((r: Record<string, unknown>) => r.owner === a.id);
      expect(mine.length).toBeGreaterThanOrEqual(2);
      expect(mine.every((r: Record<string, unknown>) => r.department === upper)).toBe(true);
      // the root (beyond a department scope) named by its name: as if it did not exist, the rows refused
      const rootName = rowsOf<{ name: string }>(await t.db.execute(`select coalesce(name_en, name) as name from departments where id = ${ROOT_DEPARTMENT_ID}`))[0]!.name;
      const beyond = await upload([await valuesFor(def, a)], { header: 'Department', cells: [rootName] });
      const refused = await run(beyond.id, 'check');
      expect(refused).toMatchObject({ status: 'checked', errorRows: 1 });
      expect(refused.errors).toContainEqual({ row: 2, column: 'Department', field: 'department', message: 'This department does not exist or is disabled' });
      expect((await a.client.call('POST', `${def.apiPath}/imports/${beyond.id}/commit`)).status).toBe(409);
      // an owner beyond the scope, by username or id, is named as one that does not exist: the importer learns
      // nothing of the accounts beyond it
      const owners = await upload([await valuesFor(def, a), await valuesFor(def, a), await valuesFor(def, a)], { header: 'Owner', cells: ['admin', String(adminId), 'nobody-at-all'] });
      const unknown = (await run(owners.id, 'check')).errors.filter((e: { field: string }) => e.field === 'owner');
      expect(unknown.map((e: { row: number; message: string }) => [e.row, e.message])).toEqual([2, 3, 4].map((row) => [row, 'The owner must be an active account']));
      // its own department by name: placed there
      const within = await upload([await valuesFor(def, a)], { header: 'Department', cells: ['Scope upper'] });
      expect(await run(within.id, 'check')).toMatchObject({ status: 'checked', errorRows: 0, counts: { created: 1 } });
      // a unique value a record beyond the scope holds: neither matched nor created again
      const matchField = def.fields.find((f) => f.unique && !f.readOnly);
      if (matchField) {
        const [rootRecord] = base.get(def.name)!;
        const held = data(await admin.call('GET', `${def.apiPath}/${rootRecord!.id}`), 'the administrator reads');
        const hidden = await upload([{ ...(await valuesFor(def, a)), [matchField.name]: held[matchField.name] }]);
        data(await a.client.call('POST', `${def.apiPath}/imports/${hidden.id}/check`, { matchBy: matchField.name }), 'check by match');
        let job = data(await a.client.call('GET', `${def.apiPath}/imports/${hidden.id}`, undefined, { locale: 'en-US' }), 'import');
        for (let i = 0; i < 400 && job.status === 'checking'; i++) {
          await new Promise((resolve) => setTimeout(resolve, 25));
          job = data(await a.client.call('GET', `${def.apiPath}/imports/${hidden.id}`, undefined, { locale: 'en-US' }), 'import');
        }
        expect(job.errors).toContainEqual(expect.objectContaining({ row: 2, field: matchField.name, message: 'Already used by another record' }));
      }
    });

    itWhen(def.scoped)('filters by department (with those below it) and by owner, and names both in the labels', async () => {
      const [, inUpper, inLower, owned] = base.get(def.name)!;
      const list = async (client: Client, query: string) => ids(data(await client.call('GET', `${def.apiPath}?pageSize=100&${query}`), query).list);
      expect(await list(admin, `department=${upper}`)).toEqual([inUpper!.id, inLower!.id].sort((a, b) => a - b));
      expect(await list(admin, `department=${lower}`)).toEqual([inLower!.id]);
      expect(await list(admin, `owner=${accounts.get('own')!.id}`)).toEqual([owned!.id]);
      // a filter narrows the caller's reach, never widens it
      expect(await list(accounts.get('department')!.client, `department=${upper}`)).toEqual([inUpper!.id]);
      expect(await list(accounts.get('custom')!.client, `department=${ROOT_DEPARTMENT_ID}`)).toEqual([inLower!.id]);
      const page = data(await admin.call('GET', `${def.apiPath}?pageSize=100&department=${upper}`, undefined, { locale: 'en-US' }), 'labels');
      expect(page.labels.department).toMatchObject({ [String(upper)]: 'Scope upper', [String(lower)]: 'Scope lower' });
      expect(page.labels.owner).toMatchObject({ [String(accounts.get('department')!.id)]: 'Matrix department' });
      const one = data(await admin.call('GET', `${def.apiPath}/${owned!.id}`, undefined, { locale: 'en-US' }), 'get');
      expect(one.labels.owner).toEqual({ [String(accounts.get('own')!.id)]: 'Matrix own' });
      // a department that still holds records is not deleted: 409 IN_USE naming a table whose records it holds
      const removal = await admin.call('DELETE', `/api/system/departments/${lower}`, undefined, { locale: 'en-US' });
      expect([removal.status, removal.body.data?.error], 'deleting a department with records').toEqual([409, 'IN_USE']);
      expect([def.table, ...[...scopedReferences, ...rowReferences].map((r) => r.other.table)]).toContain(removal.body.data.details.records);
    });

    itWhen(def.scoped)('creates in the writer department and as its owner by default, and refuses a department or owner out of scope with 403 OUT_OF_SCOPE, writing nothing but the refusal', async () => {
      const own = accounts.get('own')!;
      // for each scope: a department out of its reach, and an owner out of it (the administrator, in the root)
      const outside: Partial<Record<DataScope, { department?: number; owner: number }>> = {
        'department-tree': { department: ROOT_DEPARTMENT_ID, owner: adminId },
        department: { department: lower, owner: adminId },
        custom: { department: upper, owner: adminId },
        own: { owner: adminId },
      };
      for (const a of accounts.values()) {
        // by default: the writer's department (outside a custom scope that leaves it out) and the writer
        const made = await a.client.call('POST', def.apiPath, await valuesFor(def, a));
        if (a.scope === 'custom') expect([made.status, made.body.data?.error], 'custom: its own department is out of its scope').toEqual([403, 'OUT_OF_SCOPE']);
        else {
          expect(data(made, `${a.scope} creates`)).toMatchObject({ department: upper, owner: a.id });
          expect(data(await a.client.call('DELETE', `${def.apiPath}/${made.body.data.id}?version=1`), `${a.scope} deletes its own`)).toEqual({ id: made.body.data.id });
        }
        const wrong = outside[a.scope];
        if (!wrong) continue;
        const before = await count(def);
        const refusals = async () => Number(rowsOf<{ n: number }>(await t.db.execute(`select count(*)::int as n from audit_log where action = '${def.name}.create' and result = 'denied' and actor_id = ${a.id}`))[0]!.n);
        const denied = await refusals();
        for (const body of [...(wrong.department === undefined ? [] : [{ department: wrong.department }]), { department: a.home, owner: wrong.owner }]) {
          const res = await a.client.call('POST', def.apiPath, await valuesFor(def, a, body), { locale: 'en-US' });
          expect([res.status, res.body.data?.error, res.body.message], `${a.scope}: create with ${JSON.stringify(body)}`).toEqual([403, 'OUT_OF_SCOPE', 'The department or owner is outside your data scope.']);
        }
        expect(await count(def), `${a.scope}: nothing written`).toBe(before);
        expect(await refusals(), `${a.scope}: the refusals are in the trail`).toBe(denied + (wrong.department === undefined ? 1 : 2));
      }
      // within reach, a department that does not exist and an owner who is not an active account: 400 on both fields
      const everything = accounts.get('all')!;
      const bad = await everything.client.call('POST', def.apiPath, await valuesFor(def, everything, { department: 987654, owner: 987654 }), { locale: 'en-US' });
      expect(bad.status).toBe(400);
      expect(bad.body.data.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'department' }), expect.objectContaining({ path: 'owner' })]));
      // beyond the reach an id answers as one out of scope, whether it exists or not: nothing is learnt of it
      const beyond: [Account, Record<string, number>, string][] = [
        [own, { department: 987654 }, 'department'],
        [accounts.get('department')!, { department: 987654 }, 'department'],
        [accounts.get('department')!, { owner: 987654 }, 'owner'],
      ];
      for (const [a, body, field] of beyond) {
        const res = await a.client.call('POST', def.apiPath, await valuesFor(def, a, body));
        expect([res.status, res.body.data?.error, res.body.data?.details], `${a.scope}: ${JSON.stringify(body)}`).toEqual([403, 'OUT_OF_SCOPE', { field }]);
      }
      // `own` keeps its records in its own department: another is out of its scope, even one it could name
      const elsewhere = await own.client.call('POST', def.apiPath, await valuesFor(def, own, { department: lower }));
      expect([elsewhere.status, elsewhere.body.data?.error]).toEqual([403, 'OUT_OF_SCOPE']);
    });

    itWhen(def.scoped)('refuses an update that would move a record out of the writer scope, by department or owner, changing nothing', async () => {
      const [, inUpper, inLower] = base.get(def.name)!;
      const moves: [DataScope, Placed, Record<string, number>][] = [
        ['department-tree', inLower!, { department: ROOT_DEPARTMENT_ID }],
        ['department-tree', inUpper!, { owner: adminId }],
        ['department', inUpper!, { department: lower }],
        ['custom', inLower!, { department: upper }],
        // `own` reaches its record by owner, wherever it sits, but moves it only to its own department
        ['own', base.get(def.name)![3]!, { department: lower }],
      ];
      for (const [scope, record, change] of moves) {
        const a = accounts.get(scope)!;
        const current = data(await admin.call('GET', `${def.apiPath}/${record.id}`), 'current');
        const res = await a.client.call('PUT', `${def.apiPath}/${record.id}`, editBody(current, change));
        expect([res.status, res.body.data?.error], `${scope}: ${JSON.stringify(change)}`).toEqual([403, 'OUT_OF_SCOPE']);
        expect(data(await admin.call('GET', `${def.apiPath}/${record.id}`), 'after')).toMatchObject({ version: current.version, department: current.department, owner: current.owner });
      }
      // an `own` writer gives its record away: it would no longer reach it
      const own = accounts.get('own')!;
      const owned = base.get(def.name)![3]!;
      const current = data(await own.client.call('GET', `${def.apiPath}/${owned.id}`), 'own reads');
      const away = await own.client.call('PUT', `${def.apiPath}/${owned.id}`, editBody(current, { owner: adminId }));
      expect([away.status, away.body.data?.error]).toEqual([403, 'OUT_OF_SCOPE']);
      // within the scope a record moves and changes hands: the tree's holder moves one to the lower department
      const tree = accounts.get('department-tree')!;
      const upperRecord = data(await tree.client.call('GET', `${def.apiPath}/${inUpper!.id}`), 'tree reads');
      const moved = data(await tree.client.call('PUT', `${def.apiPath}/${inUpper!.id}`, editBody(upperRecord, { department: lower, owner: tree.id })), 'tree moves within its scope');
      expect(moved).toMatchObject({ department: lower, owner: tree.id });
      data(await admin.call('PUT', `${def.apiPath}/${inUpper!.id}`, editBody(moved, { department: upper, owner: accounts.get('department')!.id })), 'moved back');
    });

    // last: it edits the base records (their versions move on)
    const bulkField = def.fields.find((f) => bulkFields(def).includes(f.name) && f.type !== 'reference');
    itWhen(bulkField !== undefined)('counts and changes in bulk only what each scope reaches: a selection holding any other record is 404 whole, naming it', async () => {
      for (const a of accounts.values()) {
        const want = expected(def, a.scope);
        const counted = data(await a.client.call('GET', `${def.apiPath}/count`), `${a.scope} counts`);
        expect(counted, `${a.scope}: count`).toEqual({ count: want.length, capped: false });
        const current = await Promise.all(base.get(def.name)!.map(async (r) => data(await admin.call('GET', `${def.apiPath}/${r.id}`), 'current')));
        const value = resourceSample(def, ++serial, {})[bulkField!.name];
        const missing = current.filter((r) => !want.includes(r.id)).map((r) => r.id);
        if (missing.length > 0) {
          for (const action of ['bulk-update', 'bulk-delete']) {
            const res = await a.client.call('POST', `${def.apiPath}/${action}`, { ...(action === 'bulk-update' ? { field: bulkField!.name, value } : {}), records: current.map((r) => ({ id: r.id, version: r.version })) });
            expect([res.status, res.body.data], `${a.scope}: ${action} of every base record`).toEqual([404, { error: 'NOT_FOUND', details: { ids: missing } }]);
          }
        }
        const res = await a.client.call('POST', `${def.apiPath}/bulk-update`, { field: bulkField!.name, value, matching: { filters: {}, count: want.length } });
        // a record that holds the value already (a sample may repeat an enum's) is left as it is
        const holds = (r: Record<string, unknown>) => JSON.stringify(r[bulkField!.name]) === JSON.stringify(value) || (bulkField!.type === 'decimal' && Number(r[bulkField!.name]) === Number(value));
        const changes = current.filter((r) => want.includes(r.id) && !holds(r));
        expect(data(res, `${a.scope}: bulk-update of the matches`)).toEqual({ count: changes.length, unchanged: want.length - changes.length });
        const after = await Promise.all(current.map(async (r) => data(await admin.call('GET', `${def.apiPath}/${r.id}`), 'after')));
        expect(after.map((r, i) => r.version - current[i]!.version), `${a.scope}: which records changed`).toEqual(current.map((r) => (changes.includes(r) ? 1 : 0)));
      }
      if (!def.scoped) return;
      // a bulk move out of the writer's scope is refused as one record's is
      const tree = accounts.get('department-tree')!;
      const want = expected(def, 'department-tree');
      const moved = await tree.client.call('POST', `${def.apiPath}/bulk-update`, { field: 'department', value: ROOT_DEPARTMENT_ID, matching: { filters: {}, count: want.length } });
      expect([moved.status, moved.body.data?.error]).toEqual([403, 'OUT_OF_SCOPE']);
      // the records a bulk owner change finds owned by that account already, left as they are
      const ownedBy = async (owner: number) => (await Promise.all(expected(def, 'custom').map(async (id) => data(await admin.call('GET', `${def.apiPath}/${id}`), 'owner before')))).filter((r) => r.owner === owner).length;
      const custom = accounts.get('custom')!;
      const treeHeld = await ownedBy(tree.id);
      expect(data(await tree.client.call('POST', `${def.apiPath}/bulk-update`, { field: 'owner', value: tree.id, matching: { filters: { department: lower }, count: expected(def, 'custom').length } }), 'within its scope')).toEqual({ count: expected(def, 'custom').length - treeHeld, unchanged: treeHeld });
      // a custom scope that leaves out the writer's own department hands its records to itself
      expect(await ownedBy(custom.id)).toBe(0);
      const mine = data(await custom.client.call('POST', `${def.apiPath}/bulk-update`, { field: 'owner', value: custom.id, matching: { filters: {}, count: expected(def, 'custom').length } }), 'custom takes its records');
      expect(mine).toEqual({ count: expected(def, 'custom').length, unchanged: 0 });
    });

    itWhen(scopedReferences.length > 0)('refuses a reference to a record the writer cannot see (400 on the field, as if it did not exist), and takes one it can', async () => {
      for (const { field, other } of scopedReferences) {
        for (const a of accounts.values()) {
          for (const target of base.get(other.name)!) {
            const body = await valuesFor(def, a, { [field.name]: target.id, ...(def.scoped ? { department: a.home } : {}) });
            const res = await a.client.call('POST', def.apiPath, body, { locale: 'en-US' });
            if (target.reachedBy.includes(a.scope)) {
              const made = data(res, `${a.scope}: ${field.name} = ${target.id}`);
              expect(made[field.name]).toBe(target.id);
              data(await admin.call('DELETE', `${def.apiPath}/${made.id}?version=${made.version}`), 'clean up');
            } else {
              expect([res.status, res.body.data?.error], `${a.scope}: ${field.name} = ${target.id}`).toEqual([400, 'VALIDATION_FAILED']);
              expect(res.body.data.details).toContainEqual({ path: field.name, message: 'No such record: it may have been deleted' });
            }
          }
        }
      }
    });

    // a reference to another resource (to itself, the reach of both would change with the override below)
    const otherScopedReferences = scopedReferences.filter((r) => r.other !== def);
    itWhen(otherScopedReferences.length > 0)('names a referred record only to a reader who reaches it, even after another reader of the same records was answered', async () => {
      const tree = accounts.get('department-tree')!;
      // an account reaching the same records of this resource as `tree`, and of those it refers to only its own
      const code = 'matrix-labels';
      data(await admin.call('POST', '/api/system/roles', { code, name: code, permissions: [], dataScope: 'department-tree' }), 'the role');
      // its permissions and overrides in SQL, as the matrix's: the kit's own fixtures are outside the catalogues
      const overrides = JSON.stringify(Object.fromEntries(otherScopedReferences.map((r) => [r.other.name, 'own'])));
      await t.db.execute(`update roles set permissions = (select permissions from roles where code = 'matrix-department-tree'), scopes = '${overrides}'::jsonb where code = '${code}'`);
      await createAccount(admin, { username: 'matrix.labels', name: 'Matrix labels', roles: [code], password: 'matrix123', departmentId: upper });
      const narrow = await session(t, 'matrix.labels', 'matrix123');
      for (const { field, other } of otherScopedReferences) {
        const target = await make(other, { department: upper, owner: adminId });
        const title = String(target[other.titleField]);
        const record = data(await admin.call('POST', def.apiPath, await valuesFor(def, undefined, { ...(def.scoped ? { department: upper, owner: tree.id } : {}), [field.name]: target.id })), `a ${def.name} referring`);
        const label = (answer: { labels: Record<string, Record<string, string>> }) => answer.labels[field.name]?.[String(target.id)];
        // `tree` first: its page is kept, and must not be the one `narrow` is given
        const wide = data(await tree.client.call('GET', `${def.apiPath}?pageSize=100`), 'tree lists');
        expect(label(wide), `${field.name}: labelled for a reader who reaches it`).toBe(title);
        const page = data(await narrow.call('GET', `${def.apiPath}?pageSize=100`), 'narrow lists');
        expect(ids(page.list), 'the same records').toEqual(ids(wide.list));
        expect(label(page), `${field.name}: no label beyond the reader's reach`).toBeUndefined();
        expect(page.list.find((r: { id: number }) => r.id === record.id)[field.name], 'the reference itself stays').toBe(target.id);
        expect(label(data(await narrow.call('GET', `${def.apiPath}/${record.id}`), 'narrow reads')), 'by id').toBeUndefined();
        expect(label(data(await tree.client.call('GET', `${def.apiPath}/${record.id}`), 'tree reads')), 'by id').toBe(title);
        const csv = await narrow.call('GET', `${def.apiPath}/export`, undefined, { locale: 'en-US' });
        const line = csv.text.split('\r\n').find((l) => l.startsWith(`${record.id},`));
        expect(line, 'exported').toBeDefined();
        expect(line, 'the export names it by its id').not.toContain(title);
        data(await admin.call('DELETE', `${def.apiPath}/${record.id}?version=${record.version}`), 'clean up');
      }
    });

    itWhen(def.scoped && scopedReferences.length > 0)('counts in a delete\'s IN_USE only the referring records the caller reaches, and says others refer beyond its reach', async () => {
      const dept = accounts.get('department')!;
      for (const { field, other } of scopedReferences) {
        // a record of `other` the department account reaches, referred to by one record it reaches and one it does not
        const target = await make(other, { department: upper, owner: dept.id });
        const refer = async (department: number, owner: number) => data(await admin.call('POST', def.apiPath, await valuesFor(def, undefined, { department, owner, [field.name]: target.id })), `a ${def.name} referring`);
        const seen = await refer(upper, dept.id);
        const hidden = await refer(ROOT_DEPARTMENT_ID, adminId);
        const refusal = async (by: Client) => {
          const one = await by.call('DELETE', `${other.apiPath}/${target.id}?version=${target.version}`);
          const many = await by.call('POST', `${other.apiPath}/bulk-delete`, { records: [{ id: target.id, version: target.version }] });
          expect([one.status, many.status], `${field.name}: ${one.text.slice(0, 200)}`).toEqual([409, 409]);
          const { ids: named, ...bulk } = many.body.data.details;
          expect(named).toEqual([target.id]);
          expect(bulk, 'the bulk refusal says the same').toEqual(one.body.data.details);
          return one.body.data.details;
        };
        expect(await refusal(admin), 'the administrator reaches both').toEqual({ referredBy: def.name, count: 2 });
        expect(await refusal(dept.client), 'the department reaches one').toEqual({ referredBy: def.name, count: 1, outOfScope: true });
        data(await admin.call('DELETE', `${def.apiPath}/${seen.id}?version=${seen.version}`), 'the reached referrer deleted');
        expect(await refusal(dept.client), 'only records beyond its reach refer').toEqual({ referredBy: def.name, count: 0, outOfScope: true });
        data(await admin.call('DELETE', `${def.apiPath}/${hidden.id}?version=${hidden.version}`), 'clean up');
        data(await dept.client.call('DELETE', `${other.apiPath}/${target.id}?version=${target.version}`), 'no longer referred to');
      }
    });

    itWhen(rowReferences.length > 0)('refuses a row referring to a record the writer cannot see (400 on the row\'s field), and takes one it can', async () => {
      for (const { c, field, other } of rowReferences) {
        for (const a of accounts.values()) {
          // the row's other references: records the account reaches
          const kept: Record<string, number> = {};
          for (const g of c.def.fields.filter((g) => g.type === 'reference' && g !== field && g.required)) {
            const of = all.find((r) => r.name === g.to)!;
            kept[g.name] = (await make(of, { department: a.home, owner: a.id }, a)).id as number;
          }
          for (const target of base.get(other.name)!) {
            const row = resourceSample(c.def, ++serial, { ...kept, [field.name]: target.id });
            const body = await valuesFor(def, a, { [c.name]: [row], ...(def.scoped ? { department: a.home } : {}) });
            const res = await a.client.call('POST', def.apiPath, body, { locale: 'en-US' });
            if (target.reachedBy.includes(a.scope)) {
              const made = data(res, `${a.scope}: ${c.name}[0].${field.name} = ${target.id}`);
              expect(made[c.name][0][field.name]).toBe(target.id);
              data(await admin.call('DELETE', `${def.apiPath}/${made.id}?version=${made.version}`), 'clean up');
            } else {
              expect([res.status, res.body.data?.error], `${a.scope}: ${c.name}[0].${field.name} = ${target.id}`).toEqual([400, 'VALIDATION_FAILED']);
              expect(res.body.data.details).toContainEqual({ path: `${c.name}[0].${field.name}`, message: 'No such record: it may have been deleted' });
            }
          }
        }
      }
    });
  });
}
