import { idOf, text, type AuditSampleFn, type SampleContext } from '../../test/sample-context.ts';

const createQueue = async (ctx: SampleContext): Promise<number> =>
  (await ctx.data({ method: 'POST', url: '/api/list/quality-inspection', token: ctx.admin, body: { title: text(ctx.next()) } })).id;

/** The card list's audited calls, for the audit-trail suite (src/test/audit-samples.ts). */
export const cardAuditSamples: Record<string, AuditSampleFn> = {
  'card.quality.create': async (ctx) => ({ method: 'POST', url: '/api/list/quality-inspection', token: ctx.admin, body: { title: text(ctx.next()) }, expect: { changed: ['title', 'pendingInspection', 'pendingSampling', 'backlog'], targetType: 'quality', targetId: idOf } }),
  'card.quality.delete': async (ctx) => {
    const id = await createQueue(ctx);
    return { method: 'DELETE', url: `/api/list/quality-inspection/${id}`, token: ctx.admin, expect: { changed: ['title', 'pendingInspection', 'pendingSampling', 'backlog'], targetType: 'quality', targetId: String(id) } };
  },
  'card.quality.inspect': async (ctx) => {
    // A seeded queue with items waiting: the inspection moves them on (a new queue has none to move).
    const queues: Array<{ id: number; data: Array<{ label: string; value: number }> }> = await ctx.data({ url: '/api/list/quality-inspection', token: ctx.admin });
    const waiting = queues.find((q) => q.data.some((d) => d.label === 'pendingInspection' && d.value > 0) && q.data.some((d) => d.label === 'backlog' && d.value > 0))!;
    return { method: 'POST', url: `/api/list/quality-inspection/${waiting.id}/inspect`, token: ctx.admin, expect: { changed: ['pendingInspection', 'pendingSampling', 'backlog'], targetType: 'quality', targetId: String(waiting.id) } };
  },
  'card.service.update': async (ctx) => {
    const services: Array<{ id: number; enable: boolean; expires: boolean }> = await ctx.data({ url: '/api/list/the-service', token: ctx.admin });
    const service = services.find((s) => !s.expires)!;
    return { method: 'PATCH', url: `/api/list/the-service/${service.id}`, token: ctx.admin, body: { enable: !service.enable }, expect: { changed: ['enable'], targetType: 'service', targetId: String(service.id) } };
  },
  'card.service.renew': async (ctx) => {
    const services: Array<{ id: number; expires: boolean }> = await ctx.data({ url: '/api/list/the-service', token: ctx.admin });
    const service = services.find((s) => s.expires)!;
    return { method: 'POST', url: `/api/list/the-service/${service.id}/renew`, token: ctx.admin, expect: { changed: ['enable', 'expires'], targetType: 'service', targetId: String(service.id) } };
  },
  'card.rule.update': async (ctx) => {
    const [rule]: Array<{ id: number; enable: boolean }> = await ctx.data({ url: '/api/list/rules-preset', token: ctx.admin });
    return { method: 'PATCH', url: `/api/list/rules-preset/${rule!.id}`, token: ctx.admin, body: { enable: !rule!.enable }, expect: { changed: ['enable'], targetType: 'rule', targetId: String(rule!.id) } };
  },
};
