import * as z from '../../zod.ts';
import { maxChars } from '../../text.ts';
import { defineCall } from '../../call.ts';
import { msg } from '../../messages/msg.ts';
import { idParamsSchema } from '../../paging.ts';

/** Card list: quality-inspection queues, services, preset rules. */
const qualityDataLabels = ['pendingInspection', 'backlog', 'pendingSampling'] as const;
const qualityCardSchema = z.object({
  id: z.number().int(),
  /** Name of the account that created the queue. */
  name: z.string(),
  title: z.string(),
  /** The creation time (ISO 8601 UTC), as the page shows it under 创建于. */
  description: z.string(),
  createdAt: z.string(),
  /** Three entries; `backlog` is in seconds. */
  data: z.array(z.object({ label: z.enum(qualityDataLabels), value: z.number().int() })),
});
export type QualityCard = z.infer<typeof qualityCardSchema>;

const QUALITY_TITLE_MAX = 30;
export const qualityCreateBodySchema = z
  .object({
    title: z
      .string({ error: 'cardList.content.form.title.required' })
      .trim()
      .min(1, { error: 'cardList.content.form.title.required', abort: true })
      .check(maxChars(QUALITY_TITLE_MAX, msg('common.maxLength', { n: QUALITY_TITLE_MAX }))),
  })
  .strict();

const serviceCardSchema = z.object({
  id: z.number().int(),
  /** Short mark drawn in the 24 px avatar (a letter or two). */
  icon: z.string(),
  title: z.string(),
  description: z.string(),
  enable: z.boolean(),
  actionType: z.literal('button'),
  expires: z.boolean(),
});
export type ServiceCard = z.infer<typeof serviceCardSchema>;

const ruleCardSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  enable: z.boolean(),
  actionType: z.literal('switch'),
});
export type RuleCard = z.infer<typeof ruleCardSchema>;

const enableBodySchema = z.object({ enable: z.boolean({ error: 'common.required' }) }).strict();

export const cardCalls = {
  qualityList: defineCall({ id: 'card.quality.list', method: 'GET', path: '/api/list/quality-inspection', access: 'signed', permission: 'card:read', summary: 'Quality-inspection queues', response: z.array(qualityCardSchema) }),
  qualityCreate: defineCall({ id: 'card.quality.create', method: 'POST', path: '/api/list/quality-inspection', access: 'signed', permission: 'card:manage', summary: 'New queue (0 / 0 s / 0)', body: qualityCreateBodySchema, response: qualityCardSchema, writes: true }),
  qualityDelete: defineCall({ id: 'card.quality.delete', method: 'DELETE', path: '/api/list/quality-inspection/:id', access: 'signed', permission: 'card:manage', summary: 'Deletes a queue', params: idParamsSchema, response: z.object({ id: z.number().int() }), writes: true }),
  qualityInspect: defineCall({
    id: 'card.quality.inspect', method: 'POST', path: '/api/list/quality-inspection/:id/inspect', access: 'signed', permission: 'card:manage', summary: 'Moves items awaiting inspection into sampling; backlog to 0',
    params: idParamsSchema, response: qualityCardSchema, writes: true,
  }),
  serviceList: defineCall({ id: 'card.service.list', method: 'GET', path: '/api/list/the-service', access: 'signed', permission: 'card:read', summary: 'Services', response: z.array(serviceCardSchema) }),
  servicePatch: defineCall({
    id: 'card.service.update', method: 'PATCH', path: '/api/list/the-service/:id', access: 'signed', permission: 'card:manage', summary: 'Subscribes or unsubscribes (409 while expired)',
    params: idParamsSchema, body: enableBodySchema, response: serviceCardSchema, writes: true,
  }),
  serviceRenew: defineCall({ id: 'card.service.renew', method: 'POST', path: '/api/list/the-service/:id/renew', access: 'signed', permission: 'card:manage', summary: 'Renews an expired service (else 409)', params: idParamsSchema, response: serviceCardSchema, writes: true }),
  rulesList: defineCall({ id: 'card.rule.list', method: 'GET', path: '/api/list/rules-preset', access: 'signed', permission: 'card:read', summary: 'Preset rules', response: z.array(ruleCardSchema) }),
  rulesPatch: defineCall({ id: 'card.rule.update', method: 'PATCH', path: '/api/list/rules-preset/:id', access: 'signed', permission: 'card:manage', summary: 'Enables or disables a rule', params: idParamsSchema, body: enableBodySchema, response: ruleCardSchema, writes: true }),
};
