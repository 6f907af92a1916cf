import { idOf, type AuditSampleFn } from '../../test/sample-context.ts';

const channelForm = {
  activityName: 'Trail2026',
  channelType: 'app',
  promotionTime: ['2026-12-01', '2026-12-31'],
  promoteLink: 'https://example.com/trail',
  advertisingSource: 'sohu',
  advertisingMedia: 'cpc',
  keyword: ['trail'],
  pushNotify: true,
  advertisingContent: 'Audit trail sample',
};

/** The step form's audited call, for the audit-trail suite (src/test/audit-samples.ts). */
export const stepFormAuditSamples: Record<string, AuditSampleFn> = {
  'channel.submit': async (ctx) => ({ method: 'POST', url: '/api/channel-form/submit', token: ctx.admin, body: { data: channelForm }, expect: { changed: ['activityName', 'channelType', 'promotionTime', 'promoteLink', 'advertisingSource', 'advertisingMedia', 'keyword', 'pushNotify', 'advertisingContent'], targetType: 'channel', targetId: idOf } }),
};
