import * as z from '../zod.ts';
import { maxChars } from '../text.ts';
import { defineCall } from '../call.ts';
import { msg, typeError } from '../messages/msg.ts';
import { isPermission, permissionGroups, ROLE_CODE_PATTERN } from '../permissions.ts';
import { PASSWORD_PATTERN, PHONE_PATTERN } from './auth.ts';
import { pageQueryOf, pageQuerySchema } from '../paging.ts';
import { blankToUndefined, hasOffset, parseInstant } from '../query-values.ts';
import { accountSources } from './company-sign-in.ts';
import { departmentCalls, departmentId } from './department.ts';
import { dataScopes, isScopedResource, usesCustomScope, type DataScope } from '../data-scope.ts';

/** System management: roles, accounts, sessions and the audit trail. */
const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,32}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
export const ROLE_NAME_MAX = 50;
const ROLE_DESCRIPTION_MAX = 200;
const ACCOUNT_NAME_MAX = 50;
const EMAIL_MAX = 100;
export const accountStatuses = ['active', 'disabled'] as const;
export type AccountStatus = (typeof accountStatuses)[number];
export const auditResults = ['success', 'denied', 'failed'] as const;
export type AuditResult = (typeof auditResults)[number];

const positiveId = z.coerce.number({ error: 'validation.invalidType' }).int('validation.invalidType').positive('validation.invalidValue').max(2_147_483_647, 'validation.invalidValue');
const idParams = z.object({ id: positiveId });

const permissionCode = z.string().refine(isPermission, 'system.role.error.permission');
const roleCode = z.string({ error: 'system.role.error.code' }).trim().regex(ROLE_CODE_PATTERN, 'system.role.error.code');

/* ---------- permissions and roles ---------- */

const permissionEntrySchema = z.object({ code: z.string(), group: z.enum(permissionGroups), groupLabel: z.string(), resource: z.string(), resourceLabel: z.string(), label: z.string() });
export type PermissionEntry = z.infer<typeof permissionEntrySchema>;

const roleSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(z.string()),
  builtIn: z.boolean(),
  userCount: z.number().int(),
  /** Its accounts must turn on two-step verification (the one field of a built-in role that may change). */
  requireMfa: z.boolean(),
  /** Which records its holders reach in scoped resources (decision 033). */
  dataScope: z.enum(dataScopes),
  /** The chosen departments of a `custom` scope (each with everything below it); empty otherwise. */
  departmentIds: z.array(z.number().int()),
  /** Per-resource overrides: a scoped resource's name -> its scope. */
  scopes: z.record(z.string(), z.enum(dataScopes)),
});
export type RoleRecord = z.infer<typeof roleSchema>;

const roleName = z
  .string({ error: 'system.role.error.name' })
  .trim()
  .min(1, { error: 'system.role.error.name', abort: true })
  .check(maxChars(ROLE_NAME_MAX, msg('common.maxLength', { n: ROLE_NAME_MAX })));
const roleDescription = z.string().trim().check(maxChars(ROLE_DESCRIPTION_MAX, msg('common.maxLength', { n: ROLE_DESCRIPTION_MAX })));
const rolePermissions = z.array(permissionCode, { error: typeError }).max(100, 'validation.invalidValue');
const roleDataScope = z.enum(dataScopes, { error: 'system.role.error.dataScope' });
/** Deduplicated by the server; each must exist (checked there: 400 on the field). */
const roleDepartmentIds = z.array(departmentId, { error: typeError }).max(1000, 'validation.invalidValue');
/** Keys: scoped resources only (data-scope.ts `scopedResources`); values: one of the five. */
const roleScopes = z
  .record(z.string(), z.enum(dataScopes, { error: 'system.role.error.scopes' }), { error: typeError })
  .refine((scopes) => Object.keys(scopes).every(isScopedResource), 'system.role.error.scopes');
const scopeFields = { dataScope: roleDataScope.optional(), departmentIds: roleDepartmentIds.optional(), scopes: roleScopes.optional() };
/** A `custom` scope, the role's or an override's, names at least one department (whether each exists is the server's to check). */
function customNeedsDepartments(body: { dataScope?: DataScope; departmentIds?: number[]; scopes?: Record<string, DataScope> }, ctx: z.RefinementCtx): void {
  if (usesCustomScope(body.dataScope, body.scopes) && (body.departmentIds ?? []).length === 0) ctx.addIssue({ code: 'custom', path: ['departmentIds'], message: 'system.role.error.departments' });
}

/** The role editor's form and the create body. */
export const roleCreateBodySchema = z
  .object({ code: roleCode, name: roleName, description: roleDescription.optional(), permissions: rolePermissions, requireMfa: z.boolean().optional(), ...scopeFields })
  .strict()
  .superRefine(customNeedsDepartments);
export type RoleCreateBody = z.infer<typeof roleCreateBodySchema>;
export const roleUpdateBodySchema = z
  .object({ name: roleName.optional(), description: roleDescription.optional(), permissions: rolePermissions.optional(), requireMfa: z.boolean().optional(), ...scopeFields })
  .strict();
export type RoleUpdateBody = z.infer<typeof roleUpdateBodySchema>;

const roleListSchema = z.object({ list: z.array(roleSchema), total: z.number().int() });
/** A role as the account pages pick and show it: code and name (in the caller's language when built in). */
const roleOptionSchema = z.object({ code: z.string(), name: z.string() });
export type RoleOption = z.infer<typeof roleOptionSchema>;

/* ---------- accounts ---------- */

const accountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  roles: z.array(z.string()),
  status: z.enum(accountStatuses),
  mustChangePassword: z.boolean(),
  /** ISO 8601 while a failed-sign-in lock holds, else null. */
  lockedUntil: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  /** Two-step verification is on. */
  mfaEnabled: z.boolean(),
  /** `oidc`: made by company sign-in. */
  source: z.enum(accountSources),
  /** Its roles follow the company's groups at each sign-in (OIDC_ROLE_MAP), so they are not edited here. */
  rolesFromProvider: z.boolean(),
  /** The one department it belongs to. */
  departmentId: z.number().int(),
  /**
   * The caller may reset its password or two-step verification and change its phone or e-mail (ways to sign
   * in as it): it holds no role the caller could not give it where it is. Otherwise the server refuses them.
   */
  recoverable: z.boolean(),
});
export type Account = z.infer<typeof accountSchema>;

const username = z
  .string({ error: 'system.user.error.username' })
  .trim()
  .regex(USERNAME_PATTERN, 'system.user.error.username');
const accountName = z
  .string({ error: 'system.user.error.name' })
  .trim()
  .min(1, { error: 'system.user.error.name', abort: true })
  .check(maxChars(ACCOUNT_NAME_MAX, msg('common.maxLength', { n: ACCOUNT_NAME_MAX })));
/** Empty clears an optional contact field. */
const email = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z.string().trim().max(EMAIL_MAX, 'system.user.error.email').regex(EMAIL_PATTERN, 'system.user.error.email').nullable(),
);
const phone = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z.string().trim().regex(PHONE_PATTERN, 'login.form.phone.invalid').nullable(),
);
const accountRoles = z.array(roleCode, { error: 'system.user.error.roles' }).min(1, 'system.user.error.roles').max(20, 'validation.invalidValue');

export const userCreateBodySchema = z
  .object({
    username,
    name: accountName,
    email: email.optional(),
    phone: phone.optional(),
    roles: accountRoles,
    /** Absent: the creator's department. */
    departmentId: departmentId.optional(),
    /** Absent: the server generates a one-time password and answers it once. */
    password: z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(PASSWORD_PATTERN, 'login.form.password.formatErr').optional()),
  })
  .strict();
export type UserCreateBody = z.infer<typeof userCreateBodySchema>;
export const userUpdateBodySchema = z
  .object({ name: accountName.optional(), email: email.optional(), phone: phone.optional(), roles: accountRoles.optional(), departmentId: departmentId.optional() })
  .strict();
export type UserUpdateBody = z.infer<typeof userUpdateBodySchema>;

export const userListQuerySchema = pageQuerySchema.extend({
  keyword: z.preprocess(blankToUndefined, z.string().trim().check(maxChars(64, msg('common.maxLength', { n: 64 }))).optional()),
  role: z.preprocess(blankToUndefined, roleCode.optional()),
  status: z.preprocess(blankToUndefined, z.enum(accountStatuses, { error: 'validation.invalidValue' }).optional()),
  source: z.preprocess(blankToUndefined, z.enum(accountSources, { error: 'validation.invalidValue' }).optional()),
  /** The department and every department below it. */
  departmentId: z.preprocess(blankToUndefined, positiveId.optional()),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;
const userListSchema = z.object({ list: z.array(accountSchema), total: z.number().int() });

/** How many accounts a picker's answer holds at most: typing narrows them, as in the kit's pickers. */
export const USER_OPTIONS_LIMIT = 20;
/** A picker's query, as the kit's: a keyword (in the name or the username), or the id of one held. */
export const userOptionsQuerySchema = z.object({
  keyword: z.preprocess(blankToUndefined, z.string().trim().check(maxChars(64, msg('common.maxLength', { n: 64 }))).optional()),
  id: z.preprocess(blankToUndefined, positiveId.optional()),
});
/** An active account as a picker offers it: `label` is its name with its username, which tells namesakes apart. */
export const userOptionsSchema = z.array(z.object({ id: z.number().int(), label: z.string() }));
const userCreatedSchema = z.object({ user: accountSchema, initialPassword: z.string().optional() });

/* ---------- sessions ---------- */

const sessionSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  role: z.string(),
  /** A short form of the device fingerprint. */
  device: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  /** The session making this request. */
  current: z.boolean(),
});
export type SessionRecord = z.infer<typeof sessionSchema>;
const sessionListSchema = z.object({ list: z.array(sessionSchema), total: z.number().int() });
/**
 * Paging of the short lists (roles, sessions): as `pageQuerySchema`, but a page holds 100 unless asked
 * otherwise, so a caller that shows them all (the role picker, the devices table) needs no paging.
 */
const shortListQuerySchema = pageQueryOf(100);
export type ShortListQuery = z.infer<typeof shortListQuerySchema>;
const sessionListQuerySchema = shortListQuerySchema.extend({ userId: z.preprocess(blankToUndefined, positiveId.optional()) });

/* ---------- audit trail ---------- */

const auditChangeSchema = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.number().int().nullable(),
  actorName: z.string(),
  /** The code of the role the actor acted in, as the entry keeps it. */
  role: z.string().nullable(),
  /** That role's name as it is now, in the reader's language; null when the entry has no role or the role is gone. */
  roleName: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  summary: z.string(),
  changes: z.array(auditChangeSchema),
  result: z.enum(auditResults),
  ip: z.string(),
  userAgent: z.string(),
  traceId: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Each end of the range names its offset from UTC (as the resource kit's times): one without would be read as UTC, silently. */
const instant = z
  .string()
  .trim()
  .refine((v) => parseInstant(v) !== null, { error: 'system.audit.error.time', abort: true })
  .refine(hasOffset, 'validation.datetimeOffset');

const auditFilterShape = {
    from: z.preprocess(blankToUndefined, instant.optional()),
    to: z.preprocess(blankToUndefined, instant.optional()),
    /** An account id or a username. */
    actor: z.preprocess(blankToUndefined, z.string().trim().check(maxChars(64, msg('common.maxLength', { n: 64 }))).optional()),
    action: z.preprocess(blankToUndefined, z.string().trim().check(maxChars(64, msg('common.maxLength', { n: 64 }))).optional()),
    targetType: z.preprocess(blankToUndefined, z.string().trim().check(maxChars(32, msg('common.maxLength', { n: 32 }))).optional()),
    targetId: z.preprocess(blankToUndefined, z.string().trim().check(maxChars(64, msg('common.maxLength', { n: 64 }))).optional()),
    result: z.preprocess(blankToUndefined, z.enum(auditResults, { error: 'validation.invalidValue' }).optional()),
};
const rangeInOrder = (f: { from?: string; to?: string }) => !f.from || !f.to || parseInstant(f.from)!.getTime() <= parseInstant(f.to)!.getTime();
const rangeIssue = { path: ['to'], message: 'system.audit.error.range' };
export const auditFilterSchema = z.object(auditFilterShape).refine(rangeInOrder, rangeIssue);
export type AuditFilter = z.infer<typeof auditFilterSchema>;
export const auditListQuerySchema = pageQuerySchema.extend(auditFilterShape).refine(rangeInOrder, rangeIssue);
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;
const auditListSchema = z.object({ list: z.array(auditEntrySchema), total: z.number().int() });

export const systemCalls = {
  permissions: defineCall({ id: 'system.permission.list', method: 'GET', path: '/api/system/permissions', access: 'signed', permission: 'role:read', summary: 'The permission catalogue with labels in the caller language', response: z.array(permissionEntrySchema) }),
  roleList: defineCall({ id: 'system.role.list', method: 'GET', path: '/api/system/roles', access: 'signed', permission: 'role:read', summary: 'Roles with their permissions and account counts, paged (100 a page unless asked)', query: shortListQuerySchema, response: roleListSchema }),
  roleOptions: defineCall({ id: 'system.role.options', method: 'GET', path: '/api/system/role-options', access: 'signed', permission: 'user:read', summary: "Every role's code and name, for the account pages' role picker and filter (no permissions, no paging)", response: z.array(roleOptionSchema) }),
  roleCreate: defineCall({ id: 'system.role.create', method: 'POST', path: '/api/system/roles', access: 'signed', permission: 'role:write', summary: 'Creates a custom role', body: roleCreateBodySchema, response: roleSchema, writes: true }),
  roleUpdate: defineCall({ id: 'system.role.update', method: 'PUT', path: '/api/system/roles/:id', access: 'signed', permission: 'role:write', summary: 'Edits a custom role (409 ROLE_BUILT_IN for a built-in one)', params: idParams, body: roleUpdateBodySchema, response: roleSchema, writes: true }),
  roleDelete: defineCall({ id: 'system.role.delete', method: 'DELETE', path: '/api/system/roles/:id', access: 'signed', permission: 'role:write', summary: 'Deletes a custom role no account holds', params: idParams, response: z.object({ id: z.number().int() }), writes: true }),
  userList: defineCall({ id: 'system.user.list', method: 'GET', path: '/api/system/users', access: 'signed', permission: 'user:read', summary: 'Accounts: keyword, role, status, paged', query: userListQuerySchema, response: userListSchema }),
  userGet: defineCall({ id: 'system.user.get', method: 'GET', path: '/api/system/users/:id', access: 'signed', permission: 'user:read', summary: 'One account', params: idParams, response: accountSchema }),
  userCreate: defineCall({ id: 'system.user.create', method: 'POST', path: '/api/system/users', access: 'signed', permission: 'user:write', summary: 'Creates an account; without a password a one-time password is answered once', body: userCreateBodySchema, response: userCreatedSchema, writes: true }),
  userUpdate: defineCall({ id: 'system.user.update', method: 'PUT', path: '/api/system/users/:id', access: 'signed', permission: 'user:write', summary: 'Edits name, e-mail, phone and roles', params: idParams, body: userUpdateBodySchema, response: accountSchema, writes: true }),
  userDisable: defineCall({ id: 'system.user.disable', method: 'POST', path: '/api/system/users/:id/disable', access: 'signed', permission: 'user:write', summary: 'Disables an account and ends its sessions', params: idParams, response: accountSchema, writes: true }),
  userEnable: defineCall({ id: 'system.user.enable', method: 'POST', path: '/api/system/users/:id/enable', access: 'signed', permission: 'user:write', summary: 'Enables a disabled account', params: idParams, response: accountSchema, writes: true }),
  userUnlock: defineCall({ id: 'system.user.unlock', method: 'POST', path: '/api/system/users/:id/unlock', access: 'signed', permission: 'user:write', summary: 'Clears a failed-sign-in lock and the failure counters', params: idParams, response: accountSchema, writes: true }),
  userResetPassword: defineCall({ id: 'system.user.reset-password', method: 'POST', path: '/api/system/users/:id/reset-password', access: 'signed', permission: 'user:write', summary: 'A new one-time password (answered once); ends every session of the account', params: idParams, response: z.object({ initialPassword: z.string() }), writes: true }),
  userTwoStepReset: defineCall({ id: 'system.user.two-step.reset', method: 'POST', path: '/api/system/users/:id/two-step/reset', access: 'signed', permission: 'user:write', summary: "Turns an account's two-step verification off and ends its sessions", params: idParams, response: accountSchema, writes: true }),
  // The accounts' owner picker (calls/scope.ts `scopeCalls('user').owners`, the same answer) behind
  // department:write, not user:read: whoever edits departments picks their leaders without managing
  // accounts, offered only the accounts their scope of the accounts reaches, and the caller (decision 038).
  userOptions: defineCall({ id: 'system.user.options', method: 'GET', path: '/api/system/user-options', access: 'signed', permission: 'department:write', summary: `At most ${USER_OPTIONS_LIMIT} active accounts a department's leader may be (of departments the caller's scope of the accounts reaches; the caller), by keyword or id`, query: userOptionsQuerySchema, response: userOptionsSchema }),
  sessionList: defineCall({ id: 'system.session.list', method: 'GET', path: '/api/system/sessions', access: 'signed', permission: 'session:read', summary: "Live sessions of the accounts within the caller's data scope, of one account when userId is given; paged (100 a page unless asked)", query: sessionListQuerySchema, response: sessionListSchema }),
  sessionRevoke: defineCall({ id: 'system.session.revoke', method: 'DELETE', path: '/api/system/sessions/:id', access: 'signed', permission: 'session:revoke', summary: "Ends a session of an account within the caller's data scope (404 for any other, as for one that does not exist)", params: idParams, response: z.object({ id: z.number().int() }), writes: true }),
  mySessions: defineCall({ id: 'user.session.list', method: 'GET', path: '/api/user/sessions', access: 'signed', summary: "The caller's live sessions (this one marked current); paged (100 a page unless asked)", query: shortListQuerySchema, response: sessionListSchema }),
  mySessionRevoke: defineCall({ id: 'user.session.revoke', method: 'DELETE', path: '/api/user/sessions/:id', access: 'signed', summary: "Ends one of the caller's sessions (404 for anyone else's)", params: idParams, response: z.object({ id: z.number().int() }), writes: true }),
  myOtherSessionsRevoke: defineCall({ id: 'user.session.revoke-others', method: 'POST', path: '/api/user/sessions/revoke-others', access: 'signed', summary: "Ends every session of the caller but this one", response: z.object({ revoked: z.number().int() }), writes: true }),
  auditList: defineCall({ id: 'system.audit.list', method: 'GET', path: '/api/system/audit', access: 'signed', permission: 'audit:read', summary: 'Audit entries, newest first: time range, actor, action, target, result; paged', query: auditListQuerySchema, response: auditListSchema }),
  auditExport: defineCall({ id: 'system.audit.export', method: 'GET', path: '/api/system/audit/export', access: 'signed', permission: 'audit:export', summary: 'The filtered audit entries as a streamed CSV (BOM, caller language, no row cap)', query: auditFilterSchema, responseKind: 'csv' }),
  ...departmentCalls,
};
