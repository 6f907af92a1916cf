import * as z from '../zod.ts';
import { defineCall } from '../call.ts';
import { maxChars } from '../text.ts';
import { msg } from '../messages/msg.ts';

/** A TOTP code as people type it: six digits (spaces around are dropped). */
const totpCode = z.string({ error: 'twoStep.code.required' }).trim().regex(/^\d{6}$/, 'twoStep.code.invalid');
/** A recovery code as shown: ten letters and digits, in two groups of five (case and a dash ignored). */
const recoveryCode = z
  .string({ error: 'twoStep.recoveryCode.required' })
  .trim()
  .min(1, 'twoStep.recoveryCode.required')
  .max(32, 'twoStep.recoveryCode.invalid');
const password = z.string({ error: 'userSetting.password.old.required' }).min(1, 'userSetting.password.old.required').check(maxChars(128, msg('common.maxLength', { n: 128 })));
/** A second step: the current code, or one of the recovery codes. */
const codeOrRecovery = z.string({ error: 'twoStep.code.required' }).trim().min(1, 'twoStep.code.required').max(32, 'twoStep.code.invalid');

const twoStepStatusSchema = z.object({
  enabled: z.boolean(),
  enrolledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** The session's active role requires two-step verification. */
  required: z.boolean(),
});
export type TwoStepStatus = z.infer<typeof twoStepStatusSchema>;

const twoStepSetupSchema = z.object({ secret: z.string(), otpauthUri: z.string() });
export type TwoStepSetup = z.infer<typeof twoStepSetupSchema>;
const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

export const twoStepEnableBodySchema = z.object({ code: totpCode }).strict();
export const twoStepConfirmBodySchema = z.object({ password, code: codeOrRecovery }).strict();
export type TwoStepConfirmBody = z.infer<typeof twoStepConfirmBodySchema>;

/** The second sign-in step: the ticket of the first, and a code or a recovery code. */
export const twoStepLoginBodySchema = z.union([
  z.object({ mfaTicket: z.string().min(1).max(128), code: totpCode }).strict(),
  z.object({ mfaTicket: z.string().min(1).max(128), recoveryCode }).strict(),
]);
export type TwoStepLoginBody = z.infer<typeof twoStepLoginBodySchema>;
export const signedInSchema = z.object({ token: z.string(), expiresAt: z.string(), mustChangePassword: z.boolean().optional() });

export const twoStepCalls = {
  loginStep: defineCall({
    id: 'auth.login-two-step',
    method: 'POST',
    path: '/api/user/login/two-step',
    access: 'public',
    summary: 'The second sign-in step: the ticket of the first and a TOTP code or a recovery code',
    body: twoStepLoginBodySchema,
    response: signedInSchema,
    writes: true,
  }),
  status: defineCall({ id: 'user.two-step.status', method: 'GET', path: '/api/user/two-step', access: 'signed', summary: "The caller's two-step verification: on or off, recovery codes left, required by the active role", response: twoStepStatusSchema }),
  setup: defineCall({ id: 'user.two-step.setup', method: 'POST', path: '/api/user/two-step/setup', access: 'signed', summary: 'A pending TOTP secret (base32) and its otpauth URI, replacing an earlier pending one', response: twoStepSetupSchema, writes: true }),
  enable: defineCall({ id: 'user.two-step.enable', method: 'POST', path: '/api/user/two-step/enable', access: 'signed', summary: 'Turns two-step verification on with a code of the pending secret; answers ten recovery codes once', body: twoStepEnableBodySchema, response: recoveryCodesSchema, writes: true }),
  disable: defineCall({ id: 'user.two-step.disable', method: 'POST', path: '/api/user/two-step/disable', access: 'signed', summary: 'Turns two-step verification off (password and a code or recovery code)', body: twoStepConfirmBodySchema, response: z.object({ enabled: z.literal(false) }), writes: true }),
  recoveryCodes: defineCall({ id: 'user.two-step.recovery-codes', method: 'POST', path: '/api/user/two-step/recovery-codes', access: 'signed', summary: 'Ten new recovery codes (password and a code or recovery code); the old ones stop working', body: twoStepConfirmBodySchema, response: recoveryCodesSchema, writes: true }),
};
