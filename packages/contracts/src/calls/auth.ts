import { z } from 'zod';
import { defineCall } from '../call.ts';
import { roles } from '../routes.ts';

/** 11 digits starting with 1 (seed-spec §9). */
export const PHONE_PATTERN = /^1\d{10}$/;
export const SMS_CODE_PATTERN = /^\d{6}$/;

export const telSchema = z
  .string({ error: 'login.form.tel.errMsg' })
  .trim()
  .min(1, 'login.form.tel.errMsg')
  .regex(PHONE_PATTERN, 'login.form.tel.invalid');

export const passwordLoginSchema = z.object({
  username: z.string({ error: 'login.form.userName.errMsg' }).trim().min(1, 'login.form.userName.errMsg').max(64, 'common.maxLength|{"n":64}'),
  password: z.string({ error: 'login.form.password.errMsg' }).min(1, 'login.form.password.errMsg').max(128, 'common.maxLength|{"n":128}'),
  captchaId: z.string().max(64).optional(),
  captcha: z.string().max(16).optional(),
});
export const phoneLoginSchema = z.object({
  tel: telSchema,
  code: z.string({ error: 'login.form.code.errMsg' }).trim().min(1, 'login.form.code.errMsg').regex(SMS_CODE_PATTERN, 'login.form.code.invalid'),
});
export const loginBodySchema = z.union([phoneLoginSchema.strict(), passwordLoginSchema.strict()]);
export type PasswordLogin = z.infer<typeof passwordLoginSchema>;
export type PhoneLogin = z.infer<typeof phoneLoginSchema>;

export const loginResultSchema = z.object({ token: z.string(), expiresAt: z.string() });
export const captchaSchema = z.object({ id: z.string(), image: z.string(), ttl: z.number().int() });
export const smsSendBodySchema = z.object({ tel: telSchema }).strict();
export const smsSendResultSchema = z.object({ ttl: z.number().int(), resendAfter: z.number().int() });

export const roleSchema = z.enum(roles);

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
  role: roleSchema,
  roles: z.array(roleSchema),
  permissions: z.array(z.string()),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export interface MenuItem {
  path: string;
  name: string;
  meta: { locale: string; requiresAuth: boolean; icon?: string; order: number; roles?: string[] };
  children?: MenuItem[];
}
export const menuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    path: z.string(),
    name: z.string(),
    meta: z.object({ locale: z.string(), requiresAuth: z.boolean(), icon: z.string().optional(), order: z.number(), roles: z.array(z.string()).optional() }),
    children: z.array(menuItemSchema).optional(),
  }),
);

export const switchRoleBodySchema = z.object({ role: roleSchema }).strict();

export const authCalls = {
  captcha: defineCall({ method: 'GET', path: '/auth/captcha', access: 'public', summary: 'Image captcha (SVG data URL), no-store', response: captchaSchema }),
  login: defineCall({ method: 'POST', path: '/api/user/login', access: 'public', summary: 'Sign in with account + password (+ captcha) or phone + SMS code', body: loginBodySchema, response: loginResultSchema, writes: true }),
  smsCode: defineCall({ method: 'POST', path: '/api/login/captcha', access: 'public', summary: 'Send a 6-digit SMS sign-in code', body: smsSendBodySchema, response: smsSendResultSchema, writes: true }),
  logout: defineCall({ method: 'POST', path: '/api/user/logout', access: 'signed', summary: 'Revoke the session', response: z.null(), writes: true }),
  info: defineCall({ method: 'POST', path: '/api/user/info', access: 'signed', summary: 'The caller profile, role, roles and permissions', response: userInfoSchema }),
  menu: defineCall({ method: 'GET', path: '/api/user/menu', access: 'signed', summary: 'Menu tree for the active role', response: z.array(menuItemSchema) }),
  switchRole: defineCall({ method: 'POST', path: '/api/user/switch-role', access: 'signed', summary: 'Set the session active role (one of the account roles)', body: switchRoleBodySchema, response: userInfoSchema, writes: true }),
};
