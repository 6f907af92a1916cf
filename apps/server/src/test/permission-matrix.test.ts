import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { allCalls, permissions, type CallDef, type Permission } from '@atrium/contracts';
import { rowsOf } from '../db/client.ts';
import { roles, users } from '../db/schema/auth.ts';
import { hashPassword } from '../security/passwords.ts';
import { suiteApp } from './suite-app.ts';
import { snapshotDatabase } from './db-snapshot.ts';

/**
 * Generated from the permission catalogue and the call table: for every call that names a permission, an
 * account whose custom role holds every permission but that one is refused with 403 FORBIDDEN, nothing
 * is written but the refusal's `denied` entry in the audit trail; and an account whose role holds only
 * that permission gets past the check (whatever the sample request then earns: 400, 404, 409...).
 */
const guarded = allCalls.filter((c): c is CallDef & { permission: Permission } => c.permission !== undefined);
const needed = [...new Set(guarded.map((c) => c.permission))];
const PASSWORD = 'Matrix-2026';
const slug = (p: string) => p.replace(/[^a-z0-9]+/g, '-');
/** A path of the call whose `:id` names nothing, so a let-through write changes nothing that matters. */
const unknownTargetUrl = (call: CallDef) => call.path.replace(/:([A-Za-z_]+)/g, '987654');

describe('permission matrix from the catalogue', () => {
  const lacking = new Map<string, { token: string; username: string }>();
  const holding = new Map<string, string>();

  const t = suiteApp();
  beforeAll(async () => {
    const passwordHash = await hashPassword(PASSWORD);
    let n = 0;
    for (const p of needed) {
      for (const [kind, granted] of [
        ['lacks', permissions.filter((q) => q !== p)],
        ['only', [p]],
      ] as const) {
        const code = `${kind}-${slug(p)}`;
        await t.db.insert(roles).values({ code, name: code, permissions: [...granted] });
        const username = `${kind}_${slug(p).replace(/-/g, '_')}`;
        await t.db.insert(users).values({ username, passwordHash, roles: [code], accountId: String(20000 + n++), name: username });
        const res = await t.request({ method: 'POST', url: '/api/user/login', body: { username, password: PASSWORD } });
        expect([username, res.status]).toEqual([username, 200]);
        if (kind === 'lacks') lacking.set(p, { token: res.body.data.token, username });
        else holding.set(p, res.body.data.token);
      }
    }
  });

  it('covers every permission that a call or page names', () => {
    expect(guarded.length).toBeGreaterThan(15);
    expect(needed.length).toBeGreaterThan(6);
  });

  it('refuses each call to a role lacking only its permission: 403, a denied entry, nothing else written', async () => {
    const before = await snapshotDatabase(t.db);
    for (const call of guarded) {
      const { token, username } = lacking.get(call.permission)!;
      const [{ last } = { last: 0 }] = rowsOf<{ last: number }>(await t.db.execute(sql`select coalesce(max(id), 0)::int as last from audit_log`));
      const res = await t.request({ method: call.method, url: unknownTargetUrl(call), token, body: call.method !== 'GET' ? {} : undefined });
      expect([call.id, res.status, res.body?.data?.error]).toEqual([call.id, 403, 'FORBIDDEN']);
      const entries = rowsOf<{ action: string; result: string; actor_name: string; trace_id: string }>(
        await t.db.execute(sql`select action, result, actor_name, trace_id from audit_log where id > ${last} order by id`),
      );
      expect(entries).toEqual([{ action: call.id, result: 'denied', actor_name: username, trace_id: res.headers['x-trace-id'] }]);
    }
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it('lets a role holding only the permission past the check', async () => {
    for (const call of guarded) {
      const token = holding.get(call.permission)!;
      const res = await t.request({ method: call.method, url: unknownTargetUrl(call), token, body: call.method !== 'GET' ? {} : undefined });
      expect([call.id, res.status === 401 || res.status === 403 || res.status >= 500]).toEqual([call.id, false]);
    }
  });

  it('builds the menu from the acting role: exactly the pages its permissions open', async () => {
    const token = holding.get('audit:read')!;
    const menu = await t.request({ url: '/api/user/menu', token });
    const paths = JSON.stringify(menu.body.data);
    expect(paths).toContain('/system/audit');
    expect(paths).not.toContain('/system/user');
    expect(paths).not.toContain('/system/role');
    const info = await t.request({ method: 'POST', url: '/api/user/info', token });
    expect(info.body.data.permissions).toEqual(['audit:read']);
  });

  it('applies a change of the role from the next request', async () => {
    const token = holding.get('session:read')!;
    expect((await t.request({ url: '/api/system/sessions', token })).status).toBe(200);
    await t.db.update(roles).set({ permissions: ['user:read'] }).where(sql`code = ${'only-session-read'}`);
    expect((await t.request({ url: '/api/system/sessions', token })).status).toBe(403);
    expect((await t.request({ url: '/api/system/users', token })).status).toBe(200);
  });
});
