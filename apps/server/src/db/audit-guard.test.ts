import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { rowsOf } from './client.ts';
import { auditLog } from './schema/auth.ts';
import { sweepAuditLog } from './audit-guard.ts';

const day = 86_400_000;

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
        await tx.execute(sql`select set_config('atrium.audit_sweep_days', '1', true)`);
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
});
