import * as z from '../../zod.ts';
import { maxChars } from '../../text.ts';
import { defineCall } from '../../call.ts';
import { msg } from '../../messages/msg.ts';
import { pageQuerySchema } from '../../paging.ts';

/** Group form and basic profile (基础详情页). */
export const parameterModes = ['custom', 'mode1', 'mode2'] as const;
export const videoResolutions = ['480*640', '720*1280', '1080*1920'] as const;
export const videoProfiles = ['baseline', 'main', 'high'] as const;
export const audioCaptureChannels = [1, 2, 4, 6, 8] as const;
export const audioProfiles = ['AAC-LC', 'HE-AAC', 'HE-AACv2'] as const;
export const parameterRanges = {
  frameRate: { min: 1, max: 30 },
  videoRate: { min: 150, max: 1800 },
  audioChannels: { min: 1, max: 8 },
  audioRate: { min: 32, max: 320 },
} as const;

const required = 'common.required';
const choice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: required });
/** A required whole number in [min, max]; anything else reads `groupForm.error.range`. */
const ranged = ({ min, max }: { min: number; max: number }) => {
  const rangeMsg = msg('groupForm.error.range', { min, max });
  return z.number({ error: required }).int(rangeMsg).min(min, rangeMsg).max(max, rangeMsg);
};

const encodingRateSchema = z
  .object({ min: ranged(parameterRanges.videoRate), max: ranged(parameterRanges.videoRate), default: ranged(parameterRanges.videoRate) }, { error: required })
  .strict()
  .refine((rate) => rate.min <= rate.max, { message: 'groupForm.error.minMax', path: ['min'] });
const videoEncodingShape = {
  resolution: choice(videoResolutions),
  rate: encodingRateSchema,
  frameRate: ranged(parameterRanges.frameRate),
  profile: choice(videoProfiles),
};
const videoParamsSchema = z.object({
  mode: choice(parameterModes),
  acquisition: z.object({ resolution: choice(videoResolutions), frameRate: ranged(parameterRanges.frameRate) }, { error: required }).strict(),
  encoding: z.object(videoEncodingShape, { error: required }).strict(),
});
/**
 * A submission must also keep the default bit rate at or below the maximum. Only submissions are held to
 * it: parameters stored before the rule existed are still shown (and must be fixed on the next submit).
 */
const submittedVideoSchema = z
  .object(
    {
      ...videoParamsSchema.shape,
      encoding: z
        .object({ ...videoEncodingShape, rate: encodingRateSchema.refine((rate) => rate.default <= rate.max, { message: 'groupForm.error.defaultMax', path: ['default'] }) }, { error: required })
        .strict(),
    },
    { error: required },
  )
  .strict();

const audioParamsSchema = z.object({
  mode: choice(parameterModes),
  acquisition: z
    .object(
      {
        channels: z.number({ error: required }).refine((n) => (audioCaptureChannels as readonly number[]).includes(n), 'validation.invalidValue'),
      },
      { error: required },
    )
    .strict(),
  encoding: z.object({ channels: ranged(parameterRanges.audioChannels), rate: ranged(parameterRanges.audioRate), profile: choice(audioProfiles) }, { error: required }).strict(),
});

export const GROUP_DESCRIPTION_MAX = 200;
export const groupFormSchema = z.object({
  video: submittedVideoSchema,
  audio: z.object(audioParamsSchema.shape, { error: required }).strict(),
  description: z.string({ error: 'validation.invalidType' }).trim().check(maxChars(GROUP_DESCRIPTION_MAX, 'groupForm.error.description.maxLength')).optional(),
});
export type GroupForm = z.infer<typeof groupFormSchema>;
const groupFormSubmitBodySchema = z.object({ data: groupFormSchema.strict() }).strict();

const profileStatuses = ['approving', 'approved', 'cancelled'] as const;
export type ProfileStatus = (typeof profileStatuses)[number];
const parametersSchema = z.object({ video: videoParamsSchema, audio: audioParamsSchema });
export type Parameters = z.infer<typeof parametersSchema>;
const basicProfileSchema = z.object({
  status: z.enum(profileStatuses),
  video: videoParamsSchema,
  audio: audioParamsSchema,
  /** The parameters as they were just before the newest submission; null before any change. */
  original: parametersSchema.nullable(),
  updatedAt: z.string(),
});
export type BasicProfile = z.infer<typeof basicProfileSchema>;

const parameterGroups = ['video', 'audio'] as const;
export type ParameterGroup = (typeof parameterGroups)[number];
/** Changed parameters keyed by dotted path (`video.encoding.rate.min`), matching `basicProfile.label.<path>`. */
const parameterValuesSchema = z.record(z.string(), z.union([z.string(), z.number()]));
const operationLogRowSchema = z.object({
  key: z.number().int(),
  contentNumber: z.string(),
  /** The translated change summary (legacy text field); `changes` holds the keys. */
  updateContent: z.string(),
  changes: z.array(z.enum(parameterGroups)),
  /** 0 under review, 1 approved, 2 cancelled. */
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  updateTime: z.string(),
  operator: z.string(),
  description: z.string(),
  before: parameterValuesSchema,
  after: parameterValuesSchema,
});
export type OperationLogRow = z.infer<typeof operationLogRowSchema>;
const operationLogListSchema = z.object({ list: z.array(operationLogRowSchema), total: z.number().int() });

export const profileCalls = {
  basic: defineCall({ id: 'profile.basic', method: 'GET', path: '/api/profile/basic', access: 'signed', permission: 'profile:read', summary: 'Current and original parameters and the approval status', response: basicProfileSchema }),
  approve: defineCall({ id: 'profile.approve', method: 'POST', path: '/api/profile/basic/approve', access: 'signed', permission: 'profile:approve', summary: 'Approves the change under approval (else 409)', response: basicProfileSchema, writes: true }),
  cancel: defineCall({ id: 'profile.cancel', method: 'POST', path: '/api/profile/basic/cancel', access: 'signed', permission: 'profile:approve', summary: 'Cancels the change under approval and restores the original (else 409)', response: basicProfileSchema, writes: true }),
  operationLog: defineCall({ id: 'profile.operation-log', method: 'GET', path: '/api/operation/log', access: 'signed', permission: 'profile:read', summary: 'Parameter change log, newest first, paged', query: pageQuerySchema, response: operationLogListSchema }),
  groupFormSubmit: defineCall({
    id: 'profile.submit', method: 'POST', path: '/api/group-form/submit', access: 'signed', permission: 'profile:approve', summary: 'Saves new parameters for approval (unchanged -> VALIDATION_FAILED)',
    body: groupFormSubmitBodySchema, response: basicProfileSchema, writes: true,
  }),
};
