/**
 * The audit trail's check of every audited call, for a table of calls and their samples: each call made
 * once with success leaves exactly one `success` entry naming the call, the actor, the target and the
 * request's trace id, with before and after of each field it changed; and no secret the run used appears
 * in any entry. The core's suite (audit-trail.test.ts) runs it for the core's calls and the resources'; a
 * slice runs it for its own calls with its own samples.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, gt, sql } from 'drizzle-orm';
import type { CallDef } from '@atrium/contracts';
import { auditLog } from '../db/schema/auth.ts';
import type { Idp } from '../../../../scripts/idp/idp.mjs';
import { oidcSettings, startProvider } from './company-sign-in.ts';
import { createTestApp, type TestApp, type TestResponse } from './harness.ts';
import { CAPTCHA_TEXT, SampleContext, type AuditSample, type AuditSampleFn } from './sample-context.ts';

/** An app of the suite (every sign-in answers a captcha) and its sample context, for one describe block. */
export function withSampleApp(): { t: TestApp; ctx: SampleContext } {
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

export async function lastEntryId(t: TestApp): Promise<number> {
  const [row] = await t.db.select({ id: sql<string>`coalesce(max(${auditLog.id}), 0)` }).from(auditLog);
  return Number(row!.id);
}

/** The entries written after `afterId`, oldest first, as the checks compare them. */
export function entriesAfter(t: TestApp, afterId: number) {
  return t.db
    .select({ action: auditLog.action, result: auditLog.result, actorId: auditLog.actorId, actorName: auditLog.actorName, targetType: auditLog.targetType, targetId: auditLog.targetId, traceId: auditLog.traceId, changes: auditLog.changes })
    .from(auditLog)
    .where(gt(auditLog.id, afterId))
    .orderBy(asc(auditLog.id));
}

/** Every entry as its row's text (the whole record, as a reader of the table gets it). */
export async function trailText(t: TestApp): Promise<string[]> {
  const result = (await t.db.execute(sql.raw('select t::text as line from audit_log t order by id'))) as unknown as { rows: Array<{ line: string }> };
  return result.rows.map((r) => r.line);
}

/** The trace id of an answer: the header, which a JSON answer's envelope repeats. */
export function traceIdOf(res: TestResponse): string {
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

/**
 * The checks for `calls` (audited calls: each non-GET call and the CSV exports) with `samples` (keyed by
 * call id: exactly one for each call, and none for a call not listed), on an app of their own; `more` adds
 * the caller's own checks on that app, before the last one, which reads every secret of the run against
 * every entry the run wrote.
 */
export function auditTrailSuite(name: string, calls: readonly CallDef[], samples: Readonly<Record<string, AuditSampleFn>>, more?: (env: { t: TestApp; ctx: SampleContext }) => void): void {
  describe(name, () => {
    const env = withSampleApp();
    const auditedCalls = calls;
    const auditSamples = samples;

    it('has a sample for every audited call it checks (and none for a call it lacks)', () => {
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
          await req.settle?.(res);
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

    more?.(env);

    // After the others: it checks every secret the run used against every entry the run wrote.
    it('keeps every secret of the run out of the trail, in any form', async () => {
      const { t, ctx } = env;
      for (const code of ctx.smsCodes()) ctx.secrets.add(code);
      const secrets = [...ctx.secrets];
      expect(secrets.length).toBeGreaterThan(0);
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
  });
}
