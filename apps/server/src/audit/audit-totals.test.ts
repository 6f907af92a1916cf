import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { sweepAuditLog } from '../db/audit-guard.ts';
import { systemApp } from '../test/system-kit.ts';

/**
 * The audit list's totals are remembered per filter up to a settled minute (audit-totals.ts): they must stay
 * exact while entries are added, whichever filter asks, and after the retention sweep removes old ones.
 */
describe('audit totals', () => {
  const app = systemApp();
  const total = async (q = '') => {
    const res = await app.admin.call('GET', `/api/system/audit?pageSize=10&${q}`);
    expect(res.status, res.text).toBe(200);
    return res.body.data.total as number;
  };
  const counted = async (where = sql`true`) => {
    const result = (await app.t.db.execute(sql`select count(*)::int as n from audit_log where ${where}`)) as unknown as { rows: Array<{ n: number }> };
    return Number(result.rows[0]!.n);
  };

  it('stays exact while entries are added and after the retention sweep', async () => {
    // settled history: 3 000 entries spread over the last 400 days
    await app.t.db.execute(
      sql`insert into audit_log (at, actor_name, action, result) select now() - (g * interval '3 hours'), 'bulk', case when g % 3 = 0 then 'bulk.even' else 'bulk.odd' end, case when g % 10 = 0 then 'denied' else 'success' end from generate_series(1, 3200) g`,
    );
    expect(await total()).toBe(await counted());
    expect(await total('action=bulk.even')).toBe(await counted(sql`action = 'bulk.even'`));
    expect(await total('result=denied')).toBe(await counted(sql`result = 'denied'`));

    // new entries (each call below writes one), asked again with the remembered counts
    for (let i = 0; i < 3; i++) expect((await app.admin.call('POST', '/api/system/roles', { code: `totals-${i}`, name: `Totals ${i}`, permissions: ['session:read'] })).status).toBe(200);
    expect(await total()).toBe(await counted());
    expect(await total('action=system.role.create')).toBe(3);
    expect(await total('action=bulk.even')).toBe(await counted(sql`action = 'bulk.even'`));

    // the sweep deletes the entries past the retention: the remembered counts are dropped with them
    const swept = await sweepAuditLog(app.t.db, 365);
    expect(swept).toBeGreaterThan(0);
    expect(await total()).toBe(await counted());
    expect(await total('action=bulk.even')).toBe(await counted(sql`action = 'bulk.even'`));
    expect(await total('result=denied')).toBe(await counted(sql`result = 'denied'`));
  });
});
