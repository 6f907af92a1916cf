import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { rowsOf } from './client.ts';
import { auditLog } from './schema/auth.ts';
import { sweepAuditLog } from './audit-guard.ts';

const day = 86_400_000;
/** The trigger's refusal, under drizzle's "Failed query" wrapper. */
const refused = { cause: { message: expect.stringMatching(/audit_log is append-only/) } };

describe('the audit trail in the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t?.close());

  const entry = (action: string, at: Date) => ({ at, actorName: 'tester', action, result: 'success' as const });
  const actions = async () => rowsOf<{ action: string }>(await t.db.execute(sql`select action from audit_log order by id`)).map((r) => r.action);

  it('refuses UPDATE, DELETE and TRUNCATE to anyone, even with the sweep switch set for recent rows', async () => {
    await t.db.insert(auditLog).values([entry('kept.recent', new Date())]);
    await expect(t.db.execute(sql`update audit_log set summary = 'rewritten'`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(t.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('atrium.audit_sweep', 'on', true)`);
        await tx.execute(sql`delete from audit_log`);
      }),
    ).rejects.toThrow();
    expect(await actions()).toEqual(['kept.recent']);
  });

  it('sweeps only the entries older than the retention', async () => {
    const now = Date.now();
    await t.db.insert(auditLog).values([entry('gone.old', new Date(now - 400 * day)), entry('kept.young', new Date(now - 300 * day))]);
    expect(await sweepAuditLog(t.db, 365)).toBe(1);
    expect(await actions()).toEqual(['kept.recent', 'kept.young']);
    // the switch does not outlive the sweep's transaction
    await expect(t.db.execute(sql`delete from audit_log`)).rejects.toThrow();
  });

  it('holds the configured retention against a session that sets the switch itself', async () => {
    const now = Date.now();
    await t.db.insert(auditLog).values([entry('kept.200', new Date(now - 200 * day)), entry('kept.40', new Date(now - 40 * day))]);
    const sweepBy = (days: number) =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('atrium.audit_sweep', 'on', true)`);
        await tx.execute(sql`delete from audit_log where at < now() - make_interval(days => ${days}::integer)`);
      });
    // the servers keep 365 days (the last sweep's setting): a shorter sweep of one's own is refused whole
    await expect(sweepBy(100)).rejects.toMatchObject(refused);
    expect(await actions()).toEqual(['kept.recent', 'kept.young', 'kept.200', 'kept.40']);
    // AUDIT_RETENTION_DAYS lowered to 30: the next sweep writes it into the database and applies it
    expect(await sweepAuditLog(t.db, 30)).toBe(3);
    expect(await actions()).toEqual(['kept.recent']);
    // and it still refuses the entries inside those 30 days
    await t.db.insert(auditLog).values([entry('kept.20', new Date(now - 20 * day))]);
    await expect(sweepBy(10)).rejects.toMatchObject(refused);
    expect(await actions()).toEqual(['kept.recent', 'kept.20']);
  });
});
