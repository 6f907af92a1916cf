import { describe, expect, it } from 'vitest';
import { eq, gt, sql } from 'drizzle-orm';
import { allCalls, isAuditedCall, type CallDef } from '@atrium/contracts';
import { sliceCalls } from '@atrium/contracts/slice-calls';
import { auditLog, users } from '../db/schema/auth.ts';
import { auditSamples } from './audit-samples.ts';
import { auditTrailSuite, entriesAfter, lastEntryId, trailText, traceIdOf, withSampleApp } from './audit-trail-suite.ts';

/**
 * The audit trail, generated from the contracts' call table: every audited call of the core and of the
 * resources (each non-GET call and the CSV exports) made once with success leaves exactly one `success`
 * entry naming the call, the actor, the target and the request's trace id (audit-trail-suite.ts; a slice
 * checks its own calls the same way); refused and rolled-back writes leave none (a 403 leaves a `denied`
 * one, a refused sign-in a `failed` one); no secret used during the run appears in any entry; and the
 * database refuses to change or remove entries.
 */
const ofSlices = new Set<CallDef>(Object.values(sliceCalls).flatMap((group) => Object.values(group as Record<string, CallDef>)));
const auditedCalls = allCalls.filter((c) => isAuditedCall(c) && !ofSlices.has(c));

auditTrailSuite('audit trail', auditedCalls, auditSamples, (env) => {
  it('covers the audited calls of the core, with secrets of every kind', () => {
    expect(auditedCalls.length).toBeGreaterThan(30);
    const { ctx } = env;
    expect(ctx.smsCodes().length).toBeGreaterThanOrEqual(3); // SMS codes: sign-in, phone binding
    expect(ctx.secrets.size + ctx.smsCodes().length).toBeGreaterThan(40);
  });

  describe('writes that do not stand leave no entry', () => {
    it('a body refused by its schema (400, after the permission check)', async () => {
      const { t, ctx } = env;
      const before = await lastEntryId(t);
      const res = await t.request({ method: 'POST', url: '/api/system/roles', token: ctx.admin, body: { code: '', name: '', permissions: 'x' } });
      expect([res.status, res.body.data?.error]).toEqual([400, 'VALIDATION_FAILED']);
      expect(await entriesAfter(t, before)).toEqual([]);
    });

    it('a write its handler refuses (409 taken role code, 409 taken username)', async () => {
      const { t, ctx } = env;
      const refused = [
        { method: 'POST' as const, url: '/api/system/roles', body: { code: 'user', name: 'Duplicate', permissions: ['audit:read'] }, status: 409, error: 'ROLE_CODE_TAKEN' },
        { method: 'POST' as const, url: '/api/system/users', body: { username: 'user', name: 'Duplicate', roles: ['user'] }, status: 409, error: 'USERNAME_TAKEN' },
      ];
      for (const r of refused) {
        const before = await lastEntryId(t);
        const res = await t.request({ method: r.method, url: r.url, token: ctx.admin, body: r.body });
        expect([r.url, res.status, res.body.data?.error]).toEqual([r.url, r.status, r.error]);
        expect(await entriesAfter(t, before)).toEqual([]);
      }
    });
  });

  describe('security events', () => {
    it('records a refused sign-in as failed: no actor id, the username tried, the account as target when it exists', async () => {
      const { t, ctx } = env;
      const account = await ctx.account();
      for (const [username, targetId] of [
        [account.username, String(account.id)],
        ['nobody-here', null],
      ] as const) {
        const before = await lastEntryId(t);
        const res = await t.request({ method: 'POST', url: '/api/user/login', body: await ctx.loginBody(username, `Wrong.${ctx.next()}.pass`) });
        expect([res.status, res.body.data?.error]).toEqual([400, 'INVALID_CREDENTIALS']);
        expect(await entriesAfter(t, before)).toEqual([
          { action: 'auth.login', result: 'failed', actorId: null, actorName: username, targetType: 'user', targetId, traceId: traceIdOf(res), changes: [] },
        ]);
      }
    });

    it('records the failure that locks an account out as the lockout, and the refusals after it', async () => {
      const { t, ctx } = env;
      const account = await ctx.account();
      const summaries: string[] = [];
      for (let i = 0; i < 11; i++) {
        const before = await lastEntryId(t);
        const res = await t.request({ method: 'POST', url: '/api/user/login', body: await ctx.loginBody(account.username, `Wrong.${ctx.next()}.pass`) });
        expect(res.status).toBe(i < 10 ? 400 : 429);
        const entries = await t.db.select({ summary: auditLog.summary, result: auditLog.result, targetId: auditLog.targetId }).from(auditLog).where(gt(auditLog.id, before));
        expect(entries.map((e) => [e.result, e.targetId])).toEqual([['failed', String(account.id)]]);
        summaries.push(entries[0]!.summary);
      }
      // Nine plain failures, the tenth locks (with its end), the eleventh is refused as locked: each reason
      // in words, with the key the answer carried.
      expect(summaries.slice(0, 9)).toEqual(Array(9).fill('wrong username or password (INVALID_CREDENTIALS)'));
      expect(summaries[9]).toMatch(/^wrong username or password \(INVALID_CREDENTIALS\); ACCOUNT_LOCKED until \d{4}-\d\d-\d\dT/);
      expect(summaries[10]).toBe('account locked (ACCOUNT_LOCKED)');
    });

    it('records a 403 as denied, and the refused call changes nothing', async () => {
      const { t, ctx } = env;
      const token = await ctx.signIn('user', 'user123');
      const roleCount = await t.count('roles');
      const before = await lastEntryId(t);
      const res = await t.request({ method: 'POST', url: '/api/system/roles', token, body: { code: 'denied-role', name: 'Denied', permissions: [] } });
      expect([res.status, res.body.data?.error]).toEqual([403, 'FORBIDDEN']);
      const user = ctx.actorOf(token);
      expect(await entriesAfter(t, before)).toEqual([
        { action: 'system.role.create', result: 'denied', actorId: user.id, actorName: user.name, targetType: 'role', targetId: null, traceId: traceIdOf(res), changes: [] },
      ]);
      expect(await t.count('roles')).toBe(roleCount);
    });
  });

  it('is append-only: the database refuses UPDATE, DELETE and TRUNCATE, and the rows stay as they were', async () => {
    const { t } = env;
    const before = await trailText(t);
    expect(before.length).toBeGreaterThan(0);
    for (const statement of ["update audit_log set summary = 'x'", 'delete from audit_log', 'truncate audit_log']) {
      await expect(t.db.execute(sql.raw(statement)), statement).rejects.toThrow();
    }
    expect(await trailText(t)).toEqual(before);
  });
});

describe('audit trail: an entry and its change commit together', () => {
  const env = withSampleApp();

  it('rolls back the entry with a change refused after it was made (LAST_ADMIN after the account was disabled)', async () => {
    const { t, ctx } = env;
    // An operator who may manage accounts, but holds no other system permission, disables the only full administrator.
    const role = await ctx.data({ method: 'POST', url: '/api/system/roles', token: ctx.admin, body: { code: 'trail-ops', name: 'Operators', permissions: ['user:read', 'user:write'] } });
    const operator = await ctx.signedIn([role.code]);
    const [admin] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
    const before = await lastEntryId(t);
    const res = await t.request({ method: 'POST', url: `/api/system/users/${admin!.id}/disable`, token: operator.token });
    expect([res.status, res.body.data?.error]).toEqual([409, 'LAST_ADMIN']);
    expect(await entriesAfter(t, before)).toEqual([]);
    // the disable and the end of the admin's sessions were undone too
    const [row] = await t.db.select({ status: users.status }).from(users).where(eq(users.id, admin!.id));
    expect(row!.status).toBe('active');
    expect((await t.request({ method: 'POST', url: '/api/user/info', token: ctx.admin })).status).toBe(200);
  });

  it('refuses a write whose entry cannot be written, and keeps nothing of it (a sign-in opens no session)', async () => {
    const { t, ctx } = env;
    await t.db.execute(
      sql.raw(`create function trail_refuse_entry() returns trigger language plpgsql as $$ begin raise exception 'entry refused by the test'; end $$`),
    );
    await t.db.execute(
      sql.raw(`create trigger trail_refuse_entry before insert on audit_log for each row when (new.action in ('system.role.create', 'auth.login') and new.result = 'success') execute function trail_refuse_entry()`),
    );
    try {
      const rolesBefore = await t.count('roles');
      const before = await lastEntryId(t);
      const res = await t.request({ method: 'POST', url: '/api/system/roles', token: ctx.admin, body: { code: 'never-stored', name: 'Never stored', permissions: [] } });
      expect(res.status).toBe(500);
      expect(await entriesAfter(t, before)).toEqual([]);
      expect(await t.count('roles')).toBe(rolesBefore);

      const sessionsBefore = await t.count('sessions');
      const login = await t.request({ method: 'POST', url: '/api/user/login', body: await ctx.loginBody('admin', 'admin123') });
      expect(login.status).toBe(500);
      expect(await t.count('sessions')).toBe(sessionsBefore);
    } finally {
      await t.db.execute(sql.raw('drop trigger trail_refuse_entry on audit_log'));
      await t.db.execute(sql.raw('drop function trail_refuse_entry()'));
    }
  });
});
