import type { AuditSample, AuditSampleFn, SampleContext } from '../../test/sample-context.ts';

/** Submits changed group-form parameters, so a change is under approval. */
async function submitProfile(ctx: SampleContext): Promise<AuditSample> {
  const current = await ctx.data({ url: '/api/profile/basic', token: ctx.admin });
  const video = structuredClone(current.video);
  video.acquisition.frameRate = video.acquisition.frameRate === 15 ? 16 : 15;
  return { method: 'POST', url: '/api/group-form/submit', token: ctx.admin, body: { data: { video, audio: current.audio, description: 'trail' } }, expect: { changed: ['status', 'parameters'], targetType: 'profile', targetId: null } };
}

async function profileUnderApproval(ctx: SampleContext): Promise<void> {
  if ((await ctx.data({ url: '/api/profile/basic', token: ctx.admin })).status === 'approving') return;
  await ctx.call(await submitProfile(ctx));
}

/** The group form's and the basic profile's audited calls, for the audit-trail suite (src/test/audit-samples.ts). */
export const profileAuditSamples: Record<string, AuditSampleFn> = {
  'profile.submit': submitProfile,
  'profile.approve': async (ctx) => {
    await profileUnderApproval(ctx);
    return { method: 'POST', url: '/api/profile/basic/approve', token: ctx.admin, expect: { changed: ['status'], targetType: 'profile', targetId: null } };
  },
  'profile.cancel': async (ctx) => {
    await profileUnderApproval(ctx);
    return { method: 'POST', url: '/api/profile/basic/cancel', token: ctx.admin, expect: { changed: ['status', 'parameters'], targetType: 'profile', targetId: null } };
  },
};
