import * as z from '../zod.ts';
import { defineCall } from '../call.ts';
import { maxChars } from '../text.ts';
import { msg } from '../messages/msg.ts';

/** A TOTP code as people type it: six digits (spaces around are dropped). */
const totpCode = z.string({ error: 'mfa.code.required' }).trim().regex(/^\d{6}$/, 'mfa.code.invalid');
/** A recovery code as shown: ten letters and digits, in two groups of five (case and a dash ignored). */
const recoveryCode = z
  .string({ error: 'mfa.recoveryCode.required' })
  .trim()
  .min(1, 'mfa.recoveryCode.required')
  .max(32, 'mfa.recoveryCode.invalid');
const password = z.string({ error: 'userSetting.password.old.required' }).min(1, 'userSetting.password.old.required').check(maxChars(128, msg('common.maxLength', { n: 128 })));
/** A second step: the current code, or one of the recovery codes. */
const codeOrRecovery = z.string({ error: 'mfa.code.required' }).trim().min(1, 'mfa.code.required').max(32, 'mfa.code.invalid');

const mfaStatusSchema = z.object({
  enabled: z.boolean(),
  enrolledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** The session's active role requires two-step verification. */
  required: z.boolean(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

const mfaSetupSchema = z.object({ secret: z.string(), otpauthUri: z.string() });
export type MfaSetup = z.infer<typeof mfaSetupSchema>;
const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

export const mfaEnableBodySchema = z.object({ code: totpCode }).strict();
export const mfaConfirmBodySchema = z.object({ password, code: codeOrRecovery }).strict();
export type MfaConfirmBody = z.infer<typeof mfaConfirmBodySchema>;

/** The second sign-in step: the ticket of the first, and a code or a recovery code. */
export const mfaLoginBodySchema = z.union([
  z.object({ mfaTicket: z.string().min(1).max(128), code: totpCode }).strict(),
  z.object({ mfaTicket: z.string().min(1).max(128), recoveryCode }).strict(),
]);
export type MfaLoginBody = z.infer<typeof mfaLoginBodySchema>;
export const signedInSchema = z.object({ token: z.string(), expiresAt: z.string(), mustChangePassword: z.boolean().optional() });

export const mfaCalls = {
  loginStep: defineCall({
    id: 'auth.login-mfa',
    method: 'POST',
    path: '/api/user/login/mfa',
    access: 'public',
    summary: 'The second sign-in step: the ticket of the first and a TOTP code or a recovery code',
    body: mfaLoginBodySchema,
    response: signedInSchema,
    writes: true,
  }),
  status: defineCall({ id: 'user.mfa.status', method: 'GET', path: '/api/user/mfa', access: 'signed', summary: "The caller's two-step verification: on or off, recovery codes left, required by the active role", response: mfaStatusSchema }),
  setup: defineCall({ id: 'user.mfa.setup', method: 'POST', path: '/api/user/mfa/setup', access: 'signed', summary: 'A pending TOTP secret (base32) and its otpauth URI, replacing an earlier pending one', response: mfaSetupSchema, writes: true }),
  enable: defineCall({ id: 'user.mfa.enable', method: 'POST', path: '/api/user/mfa/enable', access: 'signed', summary: 'Turns two-step verification on with a code of the pending secret; answers ten recovery codes once', body: mfaEnableBodySchema, response: recoveryCodesSchema, writes: true }),
  disable: defineCall({ id: 'user.mfa.disable', method: 'POST', path: '/api/user/mfa/disable', access: 'signed', summary: 'Turns two-step verification off (password and a code or recovery code)', body: mfaConfirmBodySchema, response: z.object({ enabled: z.literal(false) }), writes: true }),
  recoveryCodes: defineCall({ id: 'user.mfa.recovery-codes', method: 'POST', path: '/api/user/mfa/recovery-codes', access: 'signed', summary: 'Ten new recovery codes (password and a code or recovery code); the old ones stop working', body: mfaConfirmBodySchema, response: recoveryCodesSchema, writes: true }),
};
