import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../lists/csv.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { adminSession, audited, createAccount, createRole, errorOf, session, type Client } from '../test/system-kit.ts';

type Entry = { id: number; at: string; actorId: number | null; actorName: string; action: string; targetType: string | null; targetId: string | null; result: string; changes: unknown[] };

describe('the audit trail', () => {
  let t: TestApp;
  let admin: Client;
  let adminId: number;
  let roleId: number;
  let start: string;
  beforeAll(async () => {
    t = await createTestApp();
    start = new Date(Date.now() - 1000).toISOString();
    admin = await adminSession(t);
    roleId = await createRole(admin, 'trail', ['session:read']);
    expect((await admin.call('PUT', `/api/system/roles/${roleId}`, { name: 'Trail' })).status).toBe(200);
    await createAccount(admin, { username: 'reader', name: 'Reader', roles: ['trail'], password: 'reader123' });
    // A refusal by the pipeline: recorded as denied.
    const user = await session(t, 'user', 'user123');
    expect((await user.call('GET', '/api/system/users')).status).toBe(403);
    adminId = (await admin.call('GET', '/api/system/users?keyword=admin')).body.data.list.find((a: { username: string }) => a.username === 'admin').id;
  });
  afterAll(() => t?.close());

  const list = async (q: string, who: Client = admin) => {
    const res = await who.call('GET', `/api/system/audit?pageSize=100&${q}`);
    expect(res.status, res.text).toBe(200);
    return res.body.data as { list: Entry[]; total: number };
  };

  it('lists entries newest first, paged', async () => {
    const all = await list('');
    expect(all.total).toBe(await t.count('audit_log'));
    const keys = all.list.map((e) => [Date.parse(e.at), e.id] as const);
    const sorted = [...keys].sort((a, b) => b[0] - a[0] || b[1] - a[1]);
    expect(keys).toEqual(sorted);
    const page = await admin.call('GET', '/api/system/audit?pageSize=2&current=2');
    expect(page.body.data.list.map((e: Entry) => e.id)).toEqual(all.list.slice(2, 4).map((e) => e.id));
    expect(page.body.data.total).toBe(all.total);
  });

  it('filters by action, actor (id or username, any case), target and result', async () => {
    const updates = await list('action=system.role.update');
    expect(updates.total).toBe(1);
    expect(updates.list[0]).toMatchObject({ action: 'system.role.update', actorId: adminId, actorName: 'admin', targetType: 'role', targetId: String(roleId), result: 'success' });
    expect(updates.list[0]!.changes).toEqual([{ field: 'name', before: 'trail', after: 'Trail' }]);

    const byName = await list('actor=ADMIN');
    const byId = await list(`actor=${adminId}`);
    expect(byName.total).toBeGreaterThanOrEqual(3);
    expect(byName.list.map((e) => e.id)).toEqual(byId.list.map((e) => e.id));
    expect(byName.list.every((e) => e.actorId === adminId)).toBe(true);
    expect((await list('actor=99999999999')).total).toBe(0);

    const target = await list(`targetType=role&targetId=${roleId}`);
    expect(target.list.map((e) => e.action).sort()).toEqual(['system.role.create', 'system.role.update']);

    const denied = await list('result=denied');
    expect(denied.list.length).toBeGreaterThanOrEqual(1);
    expect(denied.list.every((e) => e.result === 'denied')).toBe(true);
    expect(denied.list.some((e) => e.action === 'system.user.list' && e.actorName === 'user')).toBe(true);
  });

  it('filters by an inclusive time range; bad times and reversed ranges are 400', async () => {
    const all = await list('');
    const newest = all.list[0]!;
    const exact = await list(`from=${encodeURIComponent(newest.at)}&to=${encodeURIComponent(newest.at)}`);
    expect(exact.list.map((e) => e.id)).toContain(newest.id);
    expect(exact.list.every((e) => e.at === newest.at)).toBe(true);
    expect((await list(`from=${encodeURIComponent(start)}`)).total).toBe(all.total);
    expect((await list('to=2000-01-01T00:00:00Z')).total).toBe(0);
    expect((await list('from=2999-01-01T00:00:00Z')).total).toBe(0);
    // Offsets count: the newest entry's instant written in UTC+08:00 is the same instant.
    const shifted = new Date(Date.parse(newest.at) + 8 * 3600_000).toISOString().slice(0, 23) + '+08:00';
    expect((await list(`from=${encodeURIComponent(shifted)}&to=${encodeURIComponent(shifted)}`)).list.map((e) => e.id)).toContain(newest.id);
    for (const q of ['from=yesterday', 'to=2024-13-40', 'from=2025-01-02T00:00:00Z&to=2025-01-01T00:00:00Z']) {
      const res = await admin.call('GET', `/api/system/audit?${q}`);
      expect([res.status, errorOf(res)], q).toEqual([400, 'VALIDATION_FAILED']);
    }
  });

  it('refuses a time without its offset from UTC, in the caller language, on the list and the export', async () => {
    // Read as UTC, 2026-03-01T08:00:00 would silently mean 16:00 to someone in Beijing.
    for (const path of ['/api/system/audit', '/api/system/audit/export']) {
      for (const [q, field] of [['from=2026-03-01T08:00:00', 'from'], ['to=2026-03-01 23:59:59', 'to'], ['from=2026-03-01', 'from']] as const) {
        const zh = await admin.call('GET', `${path}?${q}`, undefined, { locale: 'zh-CN' });
        expect([zh.status, errorOf(zh)], `${path}?${q}`).toEqual([400, 'VALIDATION_FAILED']);
        expect(zh.body.data.details).toEqual([{ path: field, message: '时间须带时区偏移，例如 2026-01-01T08:00:00+08:00 或 2026-01-01T00:00:00Z' }]);
        const en = await admin.call('GET', `${path}?${q}`, undefined, { locale: 'en-US' });
        expect(en.body.data.details).toEqual([{ path: field, message: 'A time needs its offset from UTC, such as 2026-01-01T08:00:00+08:00 or 2026-01-01T00:00:00Z' }]);
      }
    }
  });

  it('exports the filtered entries as CSV: BOM, header in the caller language, one row per entry, changes as JSON', async () => {
    const { res } = await audited(t, { action: 'system.audit.export', targetType: 'audit' }, () =>
      admin.call('GET', '/api/system/audit/export?actor=admin', undefined, { locale: 'en-US' }),
    );
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toContain('text/csv');
    expect(String(res.headers['content-disposition'])).toMatch(/attachment; filename="audit-\d{8}-\d{6}Z\.csv"/);
    expect(res.raw.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const parsed = parseCsv(res.text.slice(1));
    if (!parsed.ok) throw new Error('bad CSV');
    const [header, ...rows] = parsed.records.map((r) => r.fields);
    expect(header).toEqual(['ID', 'Time', 'Actor ID', 'Actor', 'Role', 'Action', 'Target type', 'Target ID', 'Summary', 'Changes', 'Result', 'IP', 'User agent', 'Trace ID']);
    // The export's own entry is written before the rows stream, so it is among them.
    const listed = await list('actor=admin');
    expect(rows.map((r) => Number(r[0]))).toEqual(listed.list.map((e) => e.id));
    const update = rows.find((r) => r[5] === 'system.role.update')!;
    expect(JSON.parse(update[9]!)).toEqual([{ field: 'name', before: 'trail', after: 'Trail' }]);
    expect(update[1]).toBe(listed.list.find((e) => e.action === 'system.role.update')!.at);

    const zh = await admin.call('GET', '/api/system/audit/export?action=system.role.create', undefined, { locale: 'zh-CN' });
    const zhRows = (parseCsv(zh.text.slice(1)) as { records: { fields: string[] }[] }).records;
    expect(zhRows[0]!.fields[0]).toBe('编号');
    expect(zhRows).toHaveLength(2);
  });

  it("summarises each entry in the reader's language, on the list and the export; an entry written before keeps its English", async () => {
    // as the trail held it before each entry had its summaries (the append-only trail is never rewritten)
    await t.db.execute(`insert into audit_log (at, actor_id, actor_name, action, result, summary) values (now(), null, 'old', 'old.entry', 'success', 'an old sentence')`);
    const summaries = async (locale: 'zh-CN' | 'en-US', q: string) => {
      const page = await admin.call('GET', `/api/system/audit?pageSize=100&${q}`, undefined, { locale });
      const csv = await admin.call('GET', `/api/system/audit/export?${q}`, undefined, { locale });
      const rows = (parseCsv(csv.text.slice(1)) as { records: { fields: string[] }[] }).records.slice(1);
      const listed = (page.body.data.list as (Entry & { summary: string })[]).map((e) => e.summary);
      expect(rows.map((r) => r.fields[8])).toEqual(listed);
      expect(page.body.data.list.every((e: object) => !('summaries' in e))).toBe(true);
      return listed;
    };
    expect(await summaries('zh-CN', 'action=system.role.create')).toEqual(['新建角色 trail']);
    expect(await summaries('en-US', 'action=system.role.create')).toEqual(['created role trail']);
    expect(await summaries('zh-CN', 'action=system.user.list&result=denied')).toContain('缺少权限“查看用户”（user:read）');
    expect(await summaries('en-US', 'action=system.user.list&result=denied')).toContain('missing "View users" (user:read)');
    expect(await summaries('zh-CN', 'action=old.entry')).toEqual(['an old sentence']);
    expect(await summaries('en-US', 'action=old.entry')).toEqual(['an old sentence']);
  });

  it("names each entry's role as it is now, a built-in one's in the reader's language; none once the role is gone", async () => {
    // 'reused': an entry of a role deleted since, whose code a role made after it took
    for (const role of ['reused', 'admin', 'trail', 'gone', null]) {
      await t.db.execute(`insert into audit_log (at, actor_id, actor_name, role, action, result, summary) values (clock_timestamp(), null, 'x', ${role === null ? 'null' : `'${role}'`}, 'role.names.check', 'success', '')`);
    }
    await createRole(admin, 'reused', ['session:read']);
    const names = async (locale: 'zh-CN' | 'en-US') =>
      ((await admin.call('GET', '/api/system/audit?pageSize=100&action=role.names.check', undefined, { locale })).body.data.list as { role: string | null; roleName: string | null }[]).map((e) => [e.role, e.roleName]);
    expect(await names('zh-CN')).toEqual([[null, null], ['gone', null], ['trail', 'Trail'], ['admin', '管理员'], ['reused', null]]);
    expect(await names('en-US')).toEqual([[null, null], ['gone', null], ['trail', 'Trail'], ['admin', 'Administrator'], ['reused', null]]);
  });

  it('streams every entry, past one batch, and keeps cells formula-safe', async () => {
    const formula = '=HYPERLINK("http://evil.test")';
    for (let i = 0; i < 3; i++) await admin.call('PUT', `/api/system/roles/${roleId}`, { name: `Trail ${i}` }, { headers: { 'User-Agent': formula } });
    // Entries enough for two batches, written straight into the trail.
    await t.db.execute(
      `insert into audit_log (at, actor_id, actor_name, action, result, summary) select now() - (g || ' seconds')::interval, null, 'bulk', 'bulk.fill', 'success', 'n' || g from generate_series(1, 1500) g`,
    );
    const res = await admin.call('GET', '/api/system/audit/export?action=bulk.fill');
    const records = (parseCsv(res.text.slice(1)) as { records: { fields: string[] }[] }).records;
    expect(records).toHaveLength(1501);
    expect(new Set(records.slice(1).map((r) => r.fields[0])).size).toBe(1500);
    expect((await list('action=bulk.fill')).total).toBe(1500);

    const ua = await admin.call('GET', '/api/system/audit/export?action=system.role.update');
    const uaRows = (parseCsv(ua.text.slice(1)) as { records: { fields: string[] }[] }).records.slice(1);
    expect(uaRows.filter((r) => r.fields[12] === `'${formula}`)).toHaveLength(3);
  });

  it('needs audit:read to list and audit:export to export', async () => {
    await createRole(admin, 'watcher', ['audit:read']);
    await createAccount(admin, { username: 'watcher', name: 'Watcher', roles: ['watcher'], password: 'watcher123' });
    const watcher = await session(t, 'watcher', 'watcher123');
    expect((await watcher.call('GET', '/api/system/audit')).status).toBe(200);
    const exp = await watcher.call('GET', '/api/system/audit/export');
    expect([exp.status, errorOf(exp)]).toEqual([403, 'FORBIDDEN']);
    const user = await session(t, 'user', 'user123');
    expect((await user.call('GET', '/api/system/audit')).status).toBe(403);
  });
});
