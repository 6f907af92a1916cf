import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../lists/csv.ts';
import { buildMultipart } from '../../http/multipart.ts';
import { audited, errorOf, systemApp } from '../../test/system-kit.ts';
import { inParallel, scopedWorld, type ScopedAccount, type ScopedWorld } from '../../test/scope-kit.ts';

interface Row {
  id: number;
  number: string;
  department: number;
  owner: number;
}

/**
 * The collections are scoped records (issue 39, data-scope.md §4): 20 accounts of different departments and
 * scopes ask the same filters of the list and the export at once, round after round, and each answer holds
 * exactly the collections its caller reaches, counted so, whatever the answers cached for others; by id a
 * collection out of reach is 404; a write puts one only where the writer reaches (403 OUT_OF_SCOPE).
 */
describe('collections, within each caller’s reach', () => {
  // many sign-ins from one address: no image captcha in the way
  const app = systemApp({ config: { captcha: 'off' } });
  let world: ScopedWorld;
  const LEAKS = 42;
  const setUp = async () => {
    if (world) return world;
    world = await scopedWorld(app.t, app.admin, 'coll', ['collection:read', 'collection:write', 'collection:export', 'collection:import']);
    // collections spread over the test's departments (and the root) and over its accounts as owners
    const homes = Object.values(world.departments);
    for (let i = 0; i < LEAKS; i++) {
      const body = { name: `Leak ${i}`, contentType: 'img', filterType: i % 2 ? 'rules' : 'artificial', count: i, status: i % 3 ? 'online' : 'offline', department: homes[i % homes.length], owner: world.accounts[i % world.accounts.length]!.id };
      const res = await app.admin.call('POST', '/api/list/policy', body);
      expect(res.status, res.text).toBe(200);
    }
    return world;
  };
  /** Every collection of a filter as the administrator (who reaches every one) reads it: the oracle's rows, in list order. */
  const everyCollection = async (filter: string): Promise<Row[]> => {
    const res = await app.admin.call('GET', `/api/list/policy?${filter}&pageSize=100`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.total).toBeLessThanOrEqual(100);
    return res.body.data.list;
  };
  const within = (account: ScopedAccount, rows: Row[]) => rows.filter((row) => world.reaches(account, row.department, row.owner));

  it('answers 20 accounts asking the same filters at once with no collection out of their reach, and totals of exactly theirs', async () => {
    const { departments: d, accounts } = await setUp();
    const filters = ['', 'name=Leak', 'status=online', `department=${d.a}`, `department=${d.b}`, `owner=${accounts[3]!.id}`, 'contentType=img&filterType=rules'];
    const oracle = new Map<string, Row[]>();
    for (const filter of filters) oracle.set(filter, await everyCollection(filter));
    // two pages of ten: page 2 is another cached answer of the same filter, whose total is remembered per reach
    const pages = [1, 2];
    let answers = 0;
    await inParallel(accounts, filters.length * pages.length, 3, async (account, which) => {
      const filter = filters[which % filters.length]!;
      const current = pages[Math.floor(which / filters.length)]!;
      const res = await account.client.call('GET', `/api/list/policy?${filter}&current=${current}&pageSize=10`);
      expect(res.status, res.text).toBe(200);
      const expected = within(account, oracle.get(filter)!);
      const got = res.body.data.list as Row[];
      const where = `${account.username} (${account.scope}) asking "${filter}" page ${current}`;
      for (const row of got) expect(world.reaches(account, row.department, row.owner), `${where}: collection ${row.number} is out of reach`).toBe(true);
      expect(got.map((r) => r.id), where).toEqual(expected.slice((current - 1) * 10, current * 10).map((r) => r.id));
      expect(res.body.data.total, where).toBe(expected.length);
      // the labels name only what the page shows
      for (const id of Object.keys(res.body.data.labels.owner)) expect(got.some((r) => String(r.owner) === id), where).toBe(true);
      answers++;
    });
    expect(answers).toBe(accounts.length * filters.length * pages.length * 3);
  }, 480_000);

  it('exports to each of 20 accounts at once exactly the collections it reaches, with their departments and owners by name', async () => {
    const { accounts } = await setUp();
    const all = await everyCollection('name=Leak');
    const names = (await app.admin.call('GET', '/api/list/policy?name=Leak&pageSize=100')).body.data.labels as { department: Record<string, string>; owner: Record<string, string> };
    await inParallel(accounts, 1, 2, async (account) => {
      const res = await account.client.call('GET', '/api/list/policy/export?name=Leak');
      expect(res.status, res.text).toBe(200);
      const parsed = parseCsv(res.text.replace(/^\uFEFF/, ''));
      if (!parsed.ok) throw new Error('the export is not CSV');
      const [header, ...rows] = parsed.records.map((r) => r.fields);
      expect(header!.slice(-2)).toEqual(['所属部门', '负责人']);
      const expected = within(account, all);
      expect(rows.map((r) => r[0]), `${account.username} (${account.scope})`).toEqual(expected.map((r) => r.number));
      expect(rows.map((r) => r.slice(-2))).toEqual(expected.map((r) => [names.department[r.department], names.owner[r.owner]]));
    });
    // in English, the titles too; an `own` caller's file names only itself as the owner
    const own = accounts.find((a) => a.scope === 'own')!;
    const en = parseCsv((await own.client.call('GET', '/api/list/policy/export?name=Leak', undefined, { locale: 'en-US' })).text.replace(/^\uFEFF/, ''));
    const enRows = en.ok ? en.records.map((r) => r.fields) : [];
    expect(enRows[0]!.slice(-2)).toEqual(['Department', 'Owner']);
    expect(enRows.length).toBeGreaterThan(1);
    expect(new Set(enRows.slice(1).map((r) => r.at(-1)))).toEqual(new Set([names.owner[own.id]]));
  }, 120_000);

  it('answers a collection out of reach by id with 404, exactly as one that does not exist', async () => {
    const { accounts } = await setUp();
    const all = await everyCollection('name=Leak');
    const clerk = accounts.find((a) => a.scope === 'department' && a.departmentId === world.departments.a1x)!;
    const outside = all.find((r) => !world.reaches(clerk, r.department, r.owner))!;
    const inside = all.find((r) => world.reaches(clerk, r.department, r.owner))!;
    const missing = await clerk.client.call('GET', '/api/list/policy/424242');
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { count: 1 }],
      ['DELETE', undefined],
    ] as const) {
      const res = await clerk.client.call(method, `/api/list/policy/${outside.id}`, body);
      expect([res.status, errorOf(res), res.body.message], method).toEqual([404, 'NOT_FOUND', missing.body.message]);
    }
    expect((await app.admin.call('GET', `/api/list/policy/${outside.id}`)).status).toBe(200);
    const got = await clerk.client.call('GET', `/api/list/policy/${inside.id}`);
    expect(got.status).toBe(200);
    expect(Object.keys(got.body.data.labels.department)).toEqual([String(inside.department)]);
  });

  it('puts a collection only where the writer reaches: 403 OUT_OF_SCOPE, in the trail, nothing written', async () => {
    const { departments: d, accounts } = await setUp();
    const manager = accounts.find((a) => a.scope === 'department-tree' && a.departmentId === d.a1)!;
    const form = { name: 'Placed', contentType: 'img', filterType: 'rules', count: 1, status: 'online' };
    const before = await app.t.count('collections');
    for (const placement of [{ department: d.b }, { owner: accounts.find((a) => a.departmentId === d.b1)!.id }]) {
      const { res } = await audited(app.t, { action: 'collection.create', targetType: 'collection' }, () => manager.client.call('POST', '/api/list/policy', { ...form, ...placement }));
      expect([res.status, errorOf(res)], JSON.stringify(placement)).toEqual([403, 'OUT_OF_SCOPE']);
    }
    expect(await app.t.count('collections')).toBe(before);
    // left out: the writer's department and the writer
    const made = await manager.client.call('POST', '/api/list/policy', form);
    expect(made.status, made.text).toBe(200);
    expect(made.body.data).toMatchObject({ department: d.a1, owner: manager.id });
    const id = made.body.data.id;
    // within the subtree, to another owner there: fine; out of it: refused, the row unchanged
    const member = accounts.find((a) => a.departmentId === d.a1x)!;
    expect((await manager.client.call('PATCH', `/api/list/policy/${id}`, { department: d.a1x, owner: member.id })).status).toBe(200);
    const out = await manager.client.call('PATCH', `/api/list/policy/${id}`, { department: d.b1 }, { locale: 'en-US' });
    expect([out.status, errorOf(out), out.body.message]).toEqual([403, 'OUT_OF_SCOPE', 'The department or owner is outside your data scope.']);
    expect((await app.admin.call('GET', `/api/list/policy/${id}`)).body.data).toMatchObject({ department: d.a1x, owner: member.id });
    // an unknown department or owner is a field's error where the writer reaches every department (beyond
    // a writer's reach, any id is out of its scope, whether it exists or not)
    const unknown = await app.admin.call('PATCH', `/api/list/policy/${id}`, { department: 424242, owner: 424242 });
    expect([unknown.status, unknown.body.data.details?.map((x: { path: string }) => x.path)]).toEqual([400, ['department', 'owner']]);
    const beyond = await manager.client.call('PATCH', `/api/list/policy/${id}`, { owner: 424242 });
    expect([beyond.status, errorOf(beyond)]).toEqual([403, 'OUT_OF_SCOPE']);
    // `own`: its own collections only, kept in its own department
    const own = accounts.find((a) => a.scope === 'own')!;
    const byOwn = await own.client.call('POST', '/api/list/policy', { ...form, owner: manager.id });
    expect(errorOf(byOwn)).toBe('OUT_OF_SCOPE');
    expect((await own.client.call('POST', '/api/list/policy', form)).body.data).toMatchObject({ department: own.departmentId, owner: own.id });
  });

  it('imports rows into the importer’s department, owned by the importer', async () => {
    const { departments: d, accounts } = await setUp();
    const importer = accounts.find((a) => a.scope === 'department' && a.departmentId === d.b1)!;
    const file = 'name,contentType,filterType,count,status\nImported by a clerk,img,rules,3,online\n';
    const multipart = buildMultipart([{ name: 'file', filename: 'c.csv', contentType: 'text/csv', data: Buffer.from(file) }]);
    const res = await importer.client.call('POST', '/api/list/policy/import', multipart.body, { contentType: multipart.contentType });
    expect(res.body.data, res.text).toMatchObject({ imported: 1 });
    const [row] = await everyCollection('name=Imported by a clerk');
    expect(row).toMatchObject({ department: d.b1, owner: importer.id });
  });

  it('offers as departments only those the caller reaches, in tree order (the generic pickers, as every scoped page)', async () => {
    const { departments: d, accounts } = await setUp();
    const ids = async (account: ScopedAccount) => {
      const res = await account.client.call('GET', '/api/scope/collection/departments');
      expect(res.status, res.text).toBe(200);
      return res.body.data.list.map((x: { id: number }) => x.id);
    };
    expect(await ids(accounts.find((a) => a.scope === 'department-tree' && a.departmentId === d.a1)!)).toEqual([d.a1, d.a1x]);
    expect(await ids(accounts.find((a) => a.scope === 'department' && a.departmentId === d.a1x)!)).toEqual([d.a1x]);
    expect(await ids(accounts.find((a) => a.scope === 'custom')!)).toEqual([d.a2, d.b1]);
    const own = accounts.find((a) => a.scope === 'own')!;
    expect(await ids(own)).toEqual([own.departmentId]);
    expect((await ids(accounts.find((a) => a.scope === 'all')!)).length).toBeGreaterThan(7);
  });

  it('offers as owners only the active accounts the caller reaches, and the caller', async () => {
    const { departments: d, accounts } = await setUp();
    const offered = async (account: ScopedAccount, query: string) => {
      const res = await account.client.call('GET', `/api/scope/collection/owners${query}`);
      expect(res.status, res.text).toBe(200);
      return (res.body.data as { id: number }[]).map((o) => o.id);
    };
    const home = new Map(accounts.map((a) => [a.id, a.departmentId]));
    const clerk = accounts.find((a) => a.scope === 'department-tree' && a.departmentId === d.b)!;
    const ids = await offered(clerk, '?keyword=coll');
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect([d.b, d.b1]).toContain(home.get(id));
    const own = accounts.find((a) => a.scope === 'own')!;
    expect(await offered(own, '')).toEqual([own.id]);
    // a custom scope leaving out the caller's department: its departments' accounts, and the caller
    const custom = accounts.find((a) => a.scope === 'custom' && a.departmentId !== d.a2 && a.departmentId !== d.b1)!;
    const mine = await offered(custom, '?keyword=coll');
    expect(mine).toContain(custom.id);
    for (const id of mine.filter((id) => id !== custom.id)) expect([d.a2, d.b1]).toContain(home.get(id));
  });

  it('lets a writer own what it writes, even where a custom scope leaves out its own department', async () => {
    const { departments: d, accounts } = await setUp();
    const custom = accounts.find((a) => a.scope === 'custom' && a.departmentId !== d.a2 && a.departmentId !== d.b1)!;
    const form = { name: 'Custom made', contentType: 'img', filterType: 'rules', count: 1, status: 'online' };
    // left out, the writer's department is out of the scope; given one within it, the writer owns the collection
    expect(errorOf(await custom.client.call('POST', '/api/list/policy', form))).toBe('OUT_OF_SCOPE');
    const made = await custom.client.call('POST', '/api/list/policy', { ...form, department: d.b1 });
    expect(made.status, made.text).toBe(200);
    expect(made.body.data).toMatchObject({ department: d.b1, owner: custom.id });
    // an owner beyond the scope answers OUT_OF_SCOPE whether the account exists or not
    for (const owner of [accounts.find((a) => a.departmentId === d.a1)!.id, 424242]) {
      const res = await custom.client.call('PATCH', `/api/list/policy/${made.body.data.id}`, { owner });
      expect([res.status, errorOf(res), res.body.data.details], String(owner)).toEqual([403, 'OUT_OF_SCOPE', { field: 'owner' }]);
    }
  });
});
