import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, gt, sql } from 'drizzle-orm';
import { allCalls, isAuditedCall, type CallDef } from '@atrium/contracts';
import { auditLog, users } from '../db/schema/auth.ts';
import type { Idp } from '../../../../scripts/idp/idp.mjs';
import { oidcSettings, startProvider } from './company-sign-in.ts';
import { createTestApp, type TestApp, type TestResponse } from './harness.ts';
import { auditSamples, CAPTCHA_TEXT, policyForm, SampleContext, type AuditSample } from './audit-samples.ts';

/**
 * The audit trail, generated from the contracts' call table: every audited call (each non-GET call and
 * the CSV exports) made once with success leaves exactly one `success` entry naming the call, the actor,
 * the target and the request's trace id; refused and rolled-back writes leave none (a 403 leaves a
 * `denied` one, a refused sign-in a `failed` one); no secret used during the run appears in any entry;
 * and the database refuses to change or remove entries.
 */
const auditedCalls = allCalls.filter(isAuditedCall);

/** An app of the suite (every sign-in answers a captcha) and its sample context, for one describe block. */
function withSampleApp(): { t: TestApp; ctx: SampleContext } {
  const env = {} as { t: TestApp; ctx: SampleContext; idp: Idp };
  beforeAll(async () => {
    // Company sign-in on, against the development provider: its callback and redemption are audited calls.
    env.idp = await startProvider();
    env.t = await createTestApp({ captchaText: () => CAPTCHA_TEXT, config: { captcha: 'always', oidc: oidcSettings(env.idp) } });
    env.ctx = await SampleContext.open(env.t);
  });
  afterAll(async () => {
    await env.t?.close();
    await env.idp?.close();
  });
  return env;
}

async function lastEntryId(t: TestApp): Promise<number> {
  const [row] = await t.db.select({ id: sql<string>`coalesce(max(${auditLog.id}), 0)` }).from(auditLog);
  return Number(row!.id);
}

/** The entries written after `afterId`, oldest first, as the checks compare them. */
function entriesAfter(t: TestApp, afterId: number) {
  return t.db
    .select({ action: auditLog.action, result: auditLog.result, actorId: auditLog.actorId, actorName: auditLog.actorName, targetType: auditLog.targetType, targetId: auditLog.targetId, traceId: auditLog.traceId, changes: auditLog.changes })
    .from(auditLog)
    .where(gt(auditLog.id, afterId))
    .orderBy(asc(auditLog.id));
}

/** Every entry as its row's text (the whole record, as a reader of the table gets it). */
async function trailText(t: TestApp): Promise<string[]> {
  const result = (await t.db.execute(sql.raw('select t::text as line from audit_log t order by id'))) as unknown as { rows: Array<{ line: string }> };
  return result.rows.map((r) => r.line);
}

/** The trace id of an answer: the header, which a JSON answer's envelope repeats. */
function traceIdOf(res: TestResponse): string {
  const header = String(res.headers['x-trace-id'] ?? '');
  expect(header).toMatch(/^[0-9a-f]{16}$/);
  if (typeof res.body === 'object' && res.body !== null) expect(res.body.traceId).toBe(header);
  return header;
}

/** Whether a sample's request is the call's own (method and path), not some other call's. */
function isRequestOf(call: CallDef, sample: AuditSample): boolean {
  const path = new RegExp(`^${call.path.replace(/:[A-Za-z_]+/g, '[^/]+')}$`);
  return sample.method === call.method && path.test(sample.url.split('?')[0]!);
}

describe('audit trail', () => {
  const env = withSampleApp();

  it('has a sample for every audited call of the call table (and none for a call it lacks)', () => {
    expect(auditedCalls.length).toBeGreaterThan(40);
    expect(auditedCalls.filter((c) => !Object.hasOwn(auditSamples, c.id)).map((c) => c.id)).toEqual([]);
    const known = new Set(auditedCalls.map((c) => c.id));
    expect(Object.keys(auditSamples).filter((id) => !known.has(id))).toEqual([]);
  });

  describe('one success entry for each audited call', () => {
    for (const call of auditedCalls) {
      it(`${call.id} (${call.method} ${call.path})`, async () => {
        const { t, ctx } = env;
        const sample = auditSamples[call.id];
        if (!sample) throw new Error(`no audit sample for ${call.id}`);
        const req = await sample(ctx);
        expect(isRequestOf(call, req), `${req.method} ${req.url}`).toBe(true);

        const before = await lastEntryId(t);
        const res = await t.request({ method: req.method, url: req.url, token: req.token, body: req.body, contentType: req.contentType, headers: req.headers });
        ctx.collect(res);
        // A browser's navigation (company sign-in's callback) succeeds with its redirect.
        if (call.responseKind === 'redirect') expect(res.status, res.text.slice(0, 500)).toBe(302);
        else {
          expect(res.status, res.text.slice(0, 500)).toBeGreaterThanOrEqual(200);
          expect(res.status, res.text.slice(0, 500)).toBeLessThan(300);
        }

        const actor = req.expect.actor ?? ctx.actorOf(req.token!);
        const targetId = typeof req.expect.targetId === 'function' ? req.expect.targetId(res) : req.expect.targetId;
        const entries = await entriesAfter(t, before);
        expect(entries.map(({ changes: _, ...entry }) => entry)).toEqual([
          { action: call.id, result: 'success', actorId: actor.id, actorName: actor.name, targetType: req.expect.targetType, targetId, traceId: traceIdOf(res) },
        ]);
        // Before and after of each field the write changed, and nothing for a field it left as it was.
        const changes = entries[0]!.changes;
        expect(changes.map((c) => c.field).sort()).toEqual([...req.expect.changed].sort());
        for (const change of changes) expect(JSON.stringify(change.before), change.field).not.toBe(JSON.stringify(change.after));
      });
    }
  });

  describe('writes that do not stand leave no entry', () => {
    it('a body refused by its schema (400, after the permission check)', async () => {
      const { t, ctx } = env;
      const before = await lastEntryId(t);
      const res = await t.request({ method: 'POST', url: '/api/list/policy', token: ctx.admin, body: { name: '', count: -1 } });
      expect([res.status, res.body.data?.error]).toEqual([400, 'VALIDATION_FAILED']);
      expect(await entriesAfter(t, before)).toEqual([]);
    });

    it('a write its handler refuses (400 unchanged parameters, 409 taken role code, 409 taken username)', async () => {
      const { t, ctx } = env;
      const current = await ctx.data({ url: '/api/profile/basic', token: ctx.admin });
      const refused = [
        { method: 'POST' as const, url: '/api/group-form/submit', body: { data: { video: current.video, audio: current.audio } }, status: 400, error: 'VALIDATION_FAILED' },
        { method: 'POST' as const, url: '/api/system/roles', body: { code: 'auditor', name: 'Duplicate', permissions: ['policy:read'] }, status: 409, error: 'ROLE_CODE_TAKEN' },
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
      // Nine plain failures, the tenth locks (with its end), the eleventh is refused as locked.
      expect(summaries.slice(0, 9)).toEqual(Array(9).fill('INVALID_CREDENTIALS'));
      expect(summaries[9]).toMatch(/^INVALID_CREDENTIALS; ACCOUNT_LOCKED until \d{4}-\d\d-\d\dT/);
      expect(summaries[10]).toBe('ACCOUNT_LOCKED');
    });

    it('records a 403 as denied, and the refused call changes nothing', async () => {
      const { t, ctx } = env;
      const token = await ctx.signIn('user', 'user123');
      const policyCount = await t.count('policies');
      const before = await lastEntryId(t);
      const res = await t.request({ method: 'POST', url: '/api/list/policy', token, body: policyForm('Denied') });
      expect([res.status, res.body.data?.error]).toEqual([403, 'FORBIDDEN']);
      const user = ctx.actorOf(token);
      expect(await entriesAfter(t, before)).toEqual([
        { action: 'policy.create', result: 'denied', actorId: user.id, actorName: user.name, targetType: 'policy', targetId: null, traceId: traceIdOf(res), changes: [] },
      ]);
      expect(await t.count('policies')).toBe(policyCount);
    });
  });

  // After the others: it checks every secret the run used against every entry the run wrote.
  it('keeps every secret of the run out of the trail, in any form', async () => {
    const { t, ctx } = env;
    for (const code of ctx.smsCodes()) ctx.secrets.add(code);
    const secrets = [...ctx.secrets];
    expect(secrets.filter((s) => /^\d{6}$/.test(s)).length).toBeGreaterThanOrEqual(3); // SMS codes: sign-in, phone binding
    expect(secrets.length).toBeGreaterThan(40);
    const lines = await trailText(t);
    expect(lines.length).toBeGreaterThan(auditedCalls.length);
    const found: Array<{ secret: string; line: string }> = [];
    for (const secret of secrets) {
      // Six digits could be part of a longer number (a phone, an id): only a whole number counts.
      const pattern = /^\d+$/.test(secret) ? new RegExp(`(?<![0-9A-Za-z])${secret}(?![0-9A-Za-z])`) : new RegExp(secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
      for (const line of lines) if (pattern.test(line)) found.push({ secret, line });
    }
    expect(found).toEqual([]);
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
      sql.raw(`create trigger trail_refuse_entry before insert on audit_log for each row when (new.action in ('policy.create', 'auth.login') and new.result = 'success') execute function trail_refuse_entry()`),
    );
    try {
      const policiesBefore = await t.count('policies');
      const before = await lastEntryId(t);
      const res = await t.request({ method: 'POST', url: '/api/list/policy', token: ctx.admin, body: policyForm('Never stored') });
      expect(res.status).toBe(500);
      expect(await entriesAfter(t, before)).toEqual([]);
      expect(await t.count('policies')).toBe(policiesBefore);

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
