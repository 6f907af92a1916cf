import * as z from '../../zod.ts';
import { maxChars } from '../../text.ts';
import { defineCall } from '../../call.ts';
import { msg } from '../../messages/msg.ts';
import { idParamsSchema } from '../../paging.ts';
import { dateSchema } from '../search-table/calls.ts';

/** Step form: one schema for both steps in the browser and for the server. */
export const channelTypes = ['app', 'web', 'game'] as const;
const ACTIVITY_NAME_PATTERN = /^[a-zA-Z0-9\u4e00-\u9fa5]{1,20}$/;
/** http(s), a host name or IPv4 address, an optional port, an optional path (with query / fragment). */
export const PROMOTE_LINK_PATTERN =
  /^https?:\/\/(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}|(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)*[a-zA-Z](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)(?::\d{1,5})?(?:\/[^\s]*)?$/;
const PROMOTE_LINK_MAX = 2048;
const KEYWORD_MAX_COUNT = 10;
const KEYWORD_MAX_LENGTH = 20;

const requiredText = (requiredKey: string) => z.string({ error: requiredKey }).trim().min(1, { error: requiredKey, abort: true });

export const channelStepOneSchema = z.object({
  activityName: requiredText('stepForm.form.error.activityName.required').regex(ACTIVITY_NAME_PATTERN, 'stepForm.form.error.activityName.pattern'),
  channelType: z.enum(channelTypes, { error: 'stepForm.form.error.channelType.required' }),
  /** [start, end] as `YYYY-MM-DD`, inclusive. */
  promotionTime: z
    .tuple([dateSchema, dateSchema], { error: 'stepForm.form.error.promotionTime.required' })
    .refine(([start, end]) => start <= end, 'stepForm.form.error.promotionTime.order'),
  promoteLink: requiredText('stepForm.form.error.promoteLink.required')
    .max(PROMOTE_LINK_MAX, 'stepForm.form.error.promoteLink.pattern')
    .regex(PROMOTE_LINK_PATTERN, 'stepForm.form.error.promoteLink.pattern'),
});

export const channelStepTwoSchema = z.object({
  advertisingSource: requiredText('stepForm.form.error.advertisingSource.required').check(maxChars(50, msg('common.maxLength', { n: 50 }))),
  advertisingMedia: requiredText('stepForm.form.error.advertisingMedia.required').check(maxChars(50, msg('common.maxLength', { n: 50 }))),
  keyword: z
    .array(requiredText('stepForm.form.error.keyword.required').check(maxChars(KEYWORD_MAX_LENGTH, msg('common.maxLength', { n: KEYWORD_MAX_LENGTH }))), {
      error: 'stepForm.form.error.keyword.required',
    })
    .min(1, { error: 'stepForm.form.error.keyword.required', abort: true })
    .max(KEYWORD_MAX_COUNT, 'stepForm.form.error.keyword.max'),
  pushNotify: z.boolean({ error: 'validation.invalidType' }).default(true),
  advertisingContent: requiredText('stepForm.form.error.advertisingContent.required').check(maxChars(200, 'stepForm.form.error.advertisingContent.maxLength')),
});

export const channelFormSchema = channelStepOneSchema.extend(channelStepTwoSchema.shape);
export type ChannelForm = z.infer<typeof channelFormSchema>;
export type ChannelFormInput = z.input<typeof channelFormSchema>;
const channelSubmitBodySchema = z.object({ data: channelFormSchema.strict() }).strict();

/** The five stages of a channel's progress, shown by the success page. */
export const channelStages = ['submitApplication', 'leaderReview', 'purchaseCertificate', 'safetyTest', 'launched'] as const;
const channelProgressSchema = z.object({
  id: z.number().int(),
  activityName: z.string(),
  createdAt: z.string(),
  /** Stage in progress (0-4); 5 when every stage is done. */
  stage: z.number().int().min(0).max(channelStages.length),
  /** Finished stages and when each was reached. */
  stages: z.array(z.object({ key: z.enum(channelStages), time: z.string() })),
});
export type ChannelProgress = z.infer<typeof channelProgressSchema>;

export const channelFormCalls = {
  submit: defineCall({ id: 'channel.submit', method: 'POST', path: '/api/channel-form/submit', access: 'signed', permission: 'channel:submit', summary: 'Stores a channel validated with the step-form schema', body: channelSubmitBodySchema, response: z.object({ id: z.number().int() }), writes: true }),
  latest: defineCall({
    id: 'channel.latest', method: 'GET', path: '/api/channel-form/latest', access: 'signed', permission: 'channel:submit',
    summary: "The caller's most recent channel and its progress (null when none was submitted yet: a normal state, not an error)",
    response: channelProgressSchema.nullable(),
  }),
  get: defineCall({ id: 'channel.get', method: 'GET', path: '/api/channel-form/:id', access: 'signed', permission: 'channel:submit', summary: 'One channel and its progress', params: idParamsSchema, response: channelProgressSchema }),
};
