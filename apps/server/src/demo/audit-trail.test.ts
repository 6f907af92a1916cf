import { expect, it } from 'vitest';
import { isAuditedCall, type CallDef } from '@atrium/contracts';
import { preferencesCalls } from '@atrium/contracts/calls/preferences';
import { demoCalls } from '@atrium/contracts/demo/calls';
import { auditTrailSuite, entriesAfter, lastEntryId } from '../test/audit-trail-suite.ts';
import { cardAuditSamples } from './card/audit-samples.ts';
import { profileAuditSamples } from './profile/audit-samples.ts';
import { searchTableAuditSamples } from './search-table/audit-samples.ts';
import { stepFormAuditSamples } from './step-form/audit-samples.ts';

/**
 * The audit trail of the demo's calls (the core's suite, src/test/audit-trail.test.ts, checks the core's):
 * each audited call made once with success leaves exactly one success entry, no secret reaches the trail.
 * With them, a save of the stored preferences that changes the search table's part, and a refused write.
 */
const calls = [...Object.values(demoCalls).flatMap((group) => Object.values(group as Record<string, CallDef>)).filter(isAuditedCall), preferencesCalls.save];

auditTrailSuite('audit trail of the demo', calls, {
  ...searchTableAuditSamples,
  ...cardAuditSamples,
  ...stepFormAuditSamples,
  ...profileAuditSamples,
}, (env) => {
  it('leaves no entry for a write its handler refuses (400: the group form changes nothing)', async () => {
    const { t, ctx } = env;
    const current = await ctx.data({ url: '/api/profile/basic', token: ctx.admin });
    const before = await lastEntryId(t);
    const res = await t.request({ method: 'POST', url: '/api/group-form/submit', token: ctx.admin, body: { data: { video: current.video, audio: current.audio } } });
    expect([res.status, res.body.data?.error]).toEqual([400, 'VALIDATION_FAILED']);
    expect(await entriesAfter(t, before)).toEqual([]);
  });
});
