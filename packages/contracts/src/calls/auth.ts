import * as z from '../zod.ts';
import { maxChars } from '../text.ts';
import { defineCall } from '../call.ts';
import { msg } from '../messages/msg.ts';
import { ROLE_CODE_PATTERN } from '../permissions.ts';
import { signedInSchema } from './two-step.ts';
import { accountSources, signInOptionsSchema } from './company-sign-in.ts';

/** 11 digits starting with 1 (a mainland China mobile number). */
export const PHONE_PATTERN = /^1\d{10}$/;
const SMS_CODE_PATTERN = /^\d{6}$/;
/** Password rule: 6-32 of digits, letters and ~!@#$%^&*. with at least two of the four classes. */
export const PASSWORD_PATTERN = /^(?![0-9]+$)(?![a-z]+$)(?![A-Z]+$)(?![~!@#$%^&*.]+$)[0-9a-zA-Z~!@#$%^&*.]{6,32}$/;
export const securityQuestions = ['mother', 'school', 'birthplace'] as const;

const telSchema = z
  .string({ error: 'login.form.phone.errMsg' })
  .trim()
  .min(1, 'login.form.phone.errMsg')
  .regex(PHONE_PATTERN, 'login.form.phone.invalid');

export const passwordLoginSchema = z.object({
  username: z.string({ error: 'login.form.username.errMsg' }).trim().min(1, 'login.form.username.errMsg').check(maxChars(64, 'common.maxLength|{"n":64}')),
  password: z.string({ error: 'login.form.password.errMsg' }).min(1, 'login.form.password.errMsg').check(maxChars(128, 'common.maxLength|{"n":128}')),
  captchaId: z.string().max(64).optional(),
  captcha: z.string().max(16).optional(),
});
export const phoneLoginSchema = z.object({
  tel: telSchema,
  code: z.string({ error: 'login.form.smsCode.errMsg' }).trim().min(1, 'login.form.smsCode.errMsg').regex(SMS_CODE_PATTERN, 'login.form.smsCode.invalid'),
});
// Account first: an empty body then reports the account fields (the default tab).
const loginBodySchema = z.union([passwordLoginSchema.strict(), phoneLoginSchema.strict()]);
export type PasswordLogin = z.infer<typeof passwordLoginSchema>;
export type PhoneLogin = z.infer<typeof phoneLoginSchema>;

/**
 * A session (`mustChangePassword`: the account signs in with a one-time password and must change it
 * first), or, for an account with two-step verification, the ticket of the second step (calls/two-step.ts).
 */
const loginResultSchema = z.union([
  signedInSchema,
  z.object({ mfaRequired: z.literal(true), mfaTicket: z.string(), expiresAt: z.string() }),
]);
export const captchaSchema = z.object({ id: z.string(), image: z.string(), ttl: z.number().int() });
const smsSendBodySchema = z.object({ tel: telSchema }).strict();
/** null, or for a company account with OIDC_LOGOUT=provider, where the browser goes to end the provider's session too. */
const logoutResultSchema = z.object({ endSessionUrl: z.string() }).nullable();
const smsSendResultSchema = z.object({ ttl: z.number().int(), resendAfter: z.number().int() });

/** A role code (built-in `admin`, `user`, or a custom role). */
const roleSchema = z.string();

export const userInfoSchema = z.object({
  accountId: z.string(),
  username: z.string(),
  name: z.string(),
  avatar: z.string(),
  job: z.string(),
  jobName: z.string(),
  organization: z.string(),
  organizationName: z.string(),
  location: z.string(),
  locationName: z.string(),
  email: z.string(),
  introduction: z.string(),
  personalWebsite: z.string(),
  phone: z.string(),
  registrationDate: z.string(),
  certification: z.number().int(),
  countryRegion: z.string(),
  area: z.array(z.string()),
  address: z.string(),
  securityQuestionSet: z.boolean(),
  /** The session's active role and its display name in the caller's language. */
  role: roleSchema,
  roleName: z.string(),
  roles: z.array(roleSchema),
  /** Every role of the account with its display name (for the role switch). */
  roleNames: z.record(z.string(), z.string()),
  /** The permissions of the active role: what the console's menu, guards and buttons follow. */
  permissions: z.array(z.string()),
  mustChangePassword: z.boolean(),
  /** Two-step verification is on for the account. */
  mfaEnabled: z.boolean(),
  /** The active role requires two-step verification (while it is off, only enrolment is open). */
  mfaRequired: z.boolean(),
  /** `oidc`: made by company sign-in (no password here; its provider owns the second factor). */
  source: z.enum(accountSources),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export interface MenuItem {
  path: string;
  name: string;
  meta: { locale: string; requiresAuth: boolean; icon?: string; order: number; permission?: string; roles?: string[] };
  children?: MenuItem[];
}
const menuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    path: z.string(),
    name: z.string(),
    meta: z.object({ locale: z.string(), requiresAuth: z.boolean(), icon: z.string().optional(), order: z.number(), permission: z.string().optional(), roles: z.array(z.string()).optional() }),
    children: z.array(menuItemSchema).optional(),
  }),
);

/** The console's signing credential, handed out at run time so a key rotation needs no rebuild. */
const clientConfigSchema = z.object({ keyId: z.string(), secret: z.string(), serverTime: z.string(), signIn: signInOptionsSchema });
export type ClientConfig = z.infer<typeof clientConfigSchema>;

const switchRoleBodySchema = z.object({ role: z.string({ error: 'validation.invalidValue' }).regex(ROLE_CODE_PATTERN, 'validation.invalidValue') }).strict();

export const changePasswordBodySchema = z
  .object({
    oldPassword: z.string({ error: 'userSetting.password.old.required' }).min(1, 'userSetting.password.old.required').check(maxChars(128, msg('common.maxLength', { n: 128 }))),
    newPassword: z.string({ error: 'userSetting.password.new.required' }).min(1, 'userSetting.password.new.required').regex(PASSWORD_PATTERN, 'login.form.password.formatErr'),
  })
  .strict()
  .refine((b) => b.oldPassword !== b.newPassword, { path: ['newPassword'], message: 'userSetting.password.new.same' });

export const securityQuestionBodySchema = z
  .object({
    question: z.enum(securityQuestions, { error: 'userSetting.question.required' }),
    answer: z.string({ error: 'userSetting.question.answer.required' }).trim().min(1, 'userSetting.question.answer.required').check(maxChars(50, msg('common.maxLength', { n: 50 }))),
  })
  .strict();

export const phoneCodeBodySchema = z.object({ tel: telSchema }).strict();
export const bindPhoneBodySchema = phoneLoginSchema.strict();

/** A page of the console, by its address path (no query: a page is drawn at its bare address only). */
const drawnPageQuerySchema = z.object({ path: z.string().regex(/^\/[\w\-/]{0,199}$/, 'validation.invalidValue') }).strict();
/** The page drawn with the answers it was drawn from, by call (`METHOD path?canonical query`). */
const drawnPageSchema = z.object({ path: z.string(), html: z.string(), answers: z.record(z.string(), z.object({ status: z.number().int(), body: z.unknown() })) }).nullable();

export const authCalls = {
  clientConfig: defineCall({ id: 'auth.client-config', method: 'GET', path: '/api/client-config', access: 'public', signature: 'exempt', summary: 'Signing credential of the console (keyId, secret) and the server time; unsigned', response: clientConfigSchema }),
  captcha: defineCall({ id: 'auth.captcha', method: 'GET', path: '/auth/captcha', access: 'public', summary: 'Image captcha (SVG data URL), no-store', response: captchaSchema }),
  login: defineCall({ id: 'auth.login', method: 'POST', path: '/api/user/login', access: 'public', summary: 'Sign in with account + password (+ captcha) or phone + SMS code', body: loginBodySchema, response: loginResultSchema, writes: true }),
  smsCode: defineCall({ id: 'auth.sms-code', method: 'POST', path: '/api/login/captcha', access: 'public', summary: 'Send a 6-digit SMS sign-in code', body: smsSendBodySchema, response: smsSendResultSchema, writes: true }),
  logout: defineCall({ id: 'user.logout', method: 'POST', path: '/api/user/logout', access: 'signed', summary: "Revoke the session; with OIDC_LOGOUT=provider a company account's answer names the provider's sign-out address", response: logoutResultSchema, writes: true }),
  documentCookie: defineCall({
    id: 'user.document-cookie',
    method: 'POST',
    path: '/api/user/document-cookie',
    access: 'signed',
    summary: "Give this browser the session's document cookie (HttpOnly; only the console's document reads it, never the API): its pages then open signed in",
    response: z.null(),
  }),
  drawnPage: defineCall({
    id: 'user.drawn-page',
    method: 'GET',
    path: '/api/user/drawn-page',
    access: 'signed',
    summary: 'The page at `path` drawn by the server with its data for this session, as the console goes to it (decision 051); null when it is not drawn (no such page, a role without it, or shed past the drawings a session or the server takes on: decision 052)',
    query: drawnPageQuerySchema,
    response: drawnPageSchema,
  }),
  info: defineCall({ id: 'user.info', method: 'POST', path: '/api/user/info', access: 'signed', summary: 'The caller profile, role, roles and permissions', response: userInfoSchema }),
  menu: defineCall({ id: 'user.menu', method: 'GET', path: '/api/user/menu', access: 'signed', summary: 'Menu tree for the active role', response: z.array(menuItemSchema) }),
  switchRole: defineCall({ id: 'user.switch-role', method: 'POST', path: '/api/user/switch-role', access: 'signed', summary: 'Set the session active role (one of the account roles)', body: switchRoleBodySchema, response: userInfoSchema, writes: true }),
  changePassword: defineCall({ id: 'user.change-password', method: 'POST', path: '/api/user/change-password', access: 'signed', summary: 'Change the password (old one required); revokes the other sessions', body: changePasswordBodySchema, response: z.null(), writes: true }),
  securityQuestion: defineCall({ id: 'user.security-question', method: 'POST', path: '/api/user/security-question', access: 'signed', summary: 'Set the security question; only a hash of the answer is stored', body: securityQuestionBodySchema, response: z.null(), writes: true }),
  phoneCode: defineCall({ id: 'user.phone-code', method: 'POST', path: '/api/user/phone/code', access: 'signed', summary: 'Send a 6-digit code to a new phone number to bind it', body: phoneCodeBodySchema, response: smsSendResultSchema, writes: true }),
  bindPhone: defineCall({ id: 'user.bind-phone', method: 'POST', path: '/api/user/phone', access: 'signed', summary: 'Bind the phone number with the code sent to it', body: bindPhoneBodySchema, response: userInfoSchema, writes: true }),
};
