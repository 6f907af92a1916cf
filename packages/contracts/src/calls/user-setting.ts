import * as z from '../zod.ts';
import { maxChars } from '../text.ts';
import { defineCall } from '../call.ts';
import { msg } from '../messages/msg.ts';
import { userInfoSchema } from './auth.ts';
import { idParamsSchema } from '../paging.ts';

/** User setting page: basic information, avatar, certification. Security calls live in auth.ts. */
const EMAIL_MAX = 100;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
export const countryRegions = ['china'] as const;
const AREA_CODE_PATTERN = /^\d{2,12}$/;

export const saveInfoBodySchema = z
  .object({
    email: z
      .string({ error: 'userSetting.form.error.email.required' })
      .trim()
      .min(1, { error: 'userSetting.form.error.email.required', abort: true })
      .max(EMAIL_MAX, 'userSetting.form.error.email.format')
      .regex(EMAIL_PATTERN, 'userSetting.form.error.email.format'),
    nickname: z.string({ error: 'userSetting.form.error.nickname.required' }).trim().min(1, { error: 'userSetting.form.error.nickname.required', abort: true }).check(maxChars(20, msg('common.maxLength', { n: 20 }))),
    countryRegion: z.enum(countryRegions, { error: 'userSetting.form.error.countryRegion.required' }),
    /** Administrative-division codes, province › city › district. */
    area: z
      .array(z.string().regex(AREA_CODE_PATTERN, 'userSetting.form.error.area.invalid'), { error: 'userSetting.form.error.area.required' })
      .min(1, { error: 'userSetting.form.error.area.required', abort: true })
      .max(3, 'userSetting.form.error.area.invalid'),
    address: z.string({ error: 'validation.invalidType' }).trim().check(maxChars(100, msg('common.maxLength', { n: 100 }))).default(''),
    profile: z.string({ error: 'validation.invalidType' }).trim().check(maxChars(200, 'userSetting.form.error.profile.maxLength')).default(''),
  })
  .strict();
export type SaveInfo = z.infer<typeof saveInfoBodySchema>;
export type SaveInfoInput = z.input<typeof saveInfoBodySchema>;

/** Avatar upload (multipart `file`): types checked by content on the server. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const avatarMimeTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
const uploadResultSchema = z.object({ url: z.string() });

const accountTypes = ['enterprise', 'personal'] as const;
export const certificateTypes = ['idCard'] as const;
export const enterpriseCertificateTypes = ['businessLicense'] as const;
const certificationTypes = ['enterprise'] as const;
const ORGANIZATION_CODE_PATTERN = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;
const ID_NUMBER_PATTERN = /^\d{17}[\dXx]$/;

export const certificationApplyBodySchema = z
  .object({
    enterpriseName: z.string({ error: 'userSetting.certification.error.enterpriseName' }).trim().min(1, { error: 'userSetting.certification.error.enterpriseName', abort: true }).check(maxChars(50, msg('common.maxLength', { n: 50 }))),
    enterpriseCertificateType: z.enum(enterpriseCertificateTypes, { error: 'common.required' }),
    organizationCode: z
      .string({ error: 'userSetting.certification.error.organizationCode.required' })
      .trim()
      .toUpperCase()
      .min(1, { error: 'userSetting.certification.error.organizationCode.required', abort: true })
      .regex(ORGANIZATION_CODE_PATTERN, 'userSetting.certification.error.organizationCode.pattern'),
    legalPerson: z.string({ error: 'userSetting.certification.error.legalPerson' }).trim().min(1, { error: 'userSetting.certification.error.legalPerson', abort: true }).check(maxChars(20, msg('common.maxLength', { n: 20 }))),
    certificateType: z.enum(certificateTypes, { error: 'common.required' }),
    authenticationNumber: z
      .string({ error: 'userSetting.certification.error.authenticationNumber.required' })
      .trim()
      .min(1, { error: 'userSetting.certification.error.authenticationNumber.required', abort: true })
      .regex(ID_NUMBER_PATTERN, 'userSetting.certification.error.authenticationNumber.pattern'),
  })
  .strict();
export type CertificationApply = z.infer<typeof certificationApplyBodySchema>;

/** The submitted application as shown in the record drawer; identity numbers masked by the server. */
const certificationDetailSchema = z.object({
  enterpriseName: z.string(),
  enterpriseCertificateType: z.enum(enterpriseCertificateTypes),
  organizationCode: z.string(),
  legalPerson: z.string(),
  certificateType: z.enum(certificateTypes),
  authenticationNumber: z.string(),
});
const certificationRecordSchema = z.object({
  id: z.number().int(),
  certificationType: z.enum(certificationTypes),
  certificationContent: z.string(),
  /** 0 under review, 1 approved, 2 withdrawn. */
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  time: z.string(),
  detail: certificationDetailSchema,
});
export type CertificationRecord = z.infer<typeof certificationRecordSchema>;
const enterpriseInfoSchema = z.object({
  accountType: z.enum(accountTypes),
  /** 1 certified, 0 not. */
  status: z.union([z.literal(0), z.literal(1)]),
  time: z.string(),
  legalPerson: z.string(),
  certificateType: z.enum(certificateTypes),
  authenticationNumber: z.string(),
  enterpriseName: z.string(),
  enterpriseCertificateType: z.enum(enterpriseCertificateTypes),
  organizationCode: z.string(),
});
const certificationSchema = z.object({ enterpriseInfo: enterpriseInfoSchema.nullable(), record: z.array(certificationRecordSchema) });
export type Certification = z.infer<typeof certificationSchema>;

export const userSettingCalls = {
  saveInfo: defineCall({ id: 'user.save-info', method: 'POST', path: '/api/user/save-info', access: 'signed', summary: "Saves the caller's basic information; returns the user info", body: saveInfoBodySchema, response: userInfoSchema, writes: true }),
  upload: defineCall({
    id: 'user.upload', method: 'POST', path: '/api/user/upload', access: 'signed', summary: "Avatar upload (png/jpeg/webp/gif by content, <= 2 MB); sets the caller's avatar",
    requestKind: 'multipart', response: uploadResultSchema, writes: true,
  }),
  certification: defineCall({ id: 'user.certification', method: 'GET', path: '/api/user/certification', access: 'signed', summary: "The caller's enterprise certification and records", response: certificationSchema }),
  certificationApply: defineCall({
    id: 'user.certification.apply', method: 'POST', path: '/api/user/certification/apply', access: 'signed', summary: 'Applies for certification (409 while one is under review)',
    body: certificationApplyBodySchema, response: certificationRecordSchema, writes: true,
  }),
  certificationWithdraw: defineCall({
    id: 'user.certification.withdraw', method: 'POST', path: '/api/user/certification/:id/withdraw', access: 'signed', summary: "Withdraws the caller's own record under review (404 / 409)",
    params: idParamsSchema, response: certificationRecordSchema, writes: true,
  }),
};
