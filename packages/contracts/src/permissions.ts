import type { Locale } from './locale.ts';
import { resourceActions, type ResourcePermission } from './resource-names.ts';
import { resources } from './resources/index.ts';
import { sliceDefs, type slices } from './slices.ts';

/**
 * The permission catalogue: one list, read by the server (the request pipeline's check, the built-in
 * roles, the role editor's validation), the console (menu, guards, buttons) and the tests (the role
 * matrix). A permission is `resource:action`. Adding a page or a call that needs a new permission starts
 * here: add the code with its group and labels, name it on the route or call, and the built-in `admin`
 * role holds it from the next start.
 */
const coreGroups = ['exception', 'system'] as const;
type SliceOf = (typeof slices)[number];
type SliceGroup = SliceOf extends infer S ? (S extends { permissionGroups: infer G } ? keyof G & string : never) : never;
/** The slices' groups come first (registry order), then the core's; a resource's permissions form a group of their own: `resource:<name>`. */
export type PermissionGroup = SliceGroup | (typeof coreGroups)[number] | `resource:${string}`;
const sliceGroups = [...new Set(sliceDefs.flatMap((s) => Object.keys(s.permissionGroups ?? {})))] as SliceGroup[];
export const permissionGroups: readonly PermissionGroup[] = [...sliceGroups, ...coreGroups, ...resources.map((r) => `resource:${r.name}` as const)];

const catalogue = {
  'exception:403': { group: 'exception', label: { 'zh-CN': '查看 403 页', 'en-US': 'View the 403 page' } },
  'user:read': { group: 'system', label: { 'zh-CN': '查看用户', 'en-US': 'View accounts' } },
  'user:write': { group: 'system', label: { 'zh-CN': '管理用户', 'en-US': 'Manage accounts' } },
  'role:read': { group: 'system', label: { 'zh-CN': '查看角色', 'en-US': 'View roles' } },
  'role:write': { group: 'system', label: { 'zh-CN': '管理角色', 'en-US': 'Manage roles' } },
  'session:read': { group: 'system', label: { 'zh-CN': '查看会话', 'en-US': 'View sessions' } },
  'session:revoke': { group: 'system', label: { 'zh-CN': '下线会话', 'en-US': 'Revoke sessions' } },
  'audit:read': { group: 'system', label: { 'zh-CN': '查看审计日志', 'en-US': 'View the audit log' } },
  'audit:export': { group: 'system', label: { 'zh-CN': '导出审计日志', 'en-US': 'Export the audit log' } },
} as const satisfies Record<string, { group: PermissionGroup; label: Record<Locale, string> }>;

/** The slices' permissions (slice.ts). */
type SlicePermission = SliceOf extends infer S ? (S extends { permissions: infer P } ? keyof P & string : never) : never;
const slicePermissions = Object.fromEntries(sliceDefs.flatMap((s) => Object.entries(s.permissions ?? {}))) as Record<SlicePermission, { group: PermissionGroup; label: Record<Locale, string> }>;

const actionLabels: Record<(typeof resourceActions)[number], Record<Locale, (plural: Record<Locale, string>) => string>> = {
  read: { 'zh-CN': (p) => `查看${p['zh-CN']}`, 'en-US': (p) => `View ${p['en-US'].toLowerCase()}` },
  write: { 'zh-CN': (p) => `新建、编辑、删除${p['zh-CN']}`, 'en-US': (p) => `Create, edit and delete ${p['en-US'].toLowerCase()}` },
  export: { 'zh-CN': (p) => `导出${p['zh-CN']}`, 'en-US': (p) => `Export ${p['en-US'].toLowerCase()}` },
};

/** The catalogue with the resources' permissions (docs/resources.md): `<name>:read`, `:write`, `:export`. */
const everyPermission: Record<string, { group: PermissionGroup; label: Record<Locale, string> }> = { ...slicePermissions, ...catalogue };
for (const r of resources) {
  for (const action of resourceActions) {
    everyPermission[r.permissions[action]] = { group: `resource:${r.name}`, label: { 'zh-CN': actionLabels[action]['zh-CN'](r.pluralLabel), 'en-US': actionLabels[action]['en-US'](r.pluralLabel) } };
  }
}

export type Permission = SlicePermission | keyof typeof catalogue | ResourcePermission;
export const permissions = Object.keys(everyPermission) as Permission[];

export function isPermission(code: string): code is Permission {
  return Object.prototype.hasOwnProperty.call(everyPermission, code);
}

export function permissionGroup(code: Permission): PermissionGroup {
  return everyPermission[code]!.group;
}

export function permissionLabel(code: Permission, locale: Locale): string {
  return everyPermission[code]!.label[locale];
}

/** A permission's resource: the part before the colon (`user` of `user:write`). */
export type PermissionResource = Permission extends `${infer R}:${string}` ? R : never;

export function permissionResource(code: Permission): PermissionResource {
  return code.slice(0, code.indexOf(':')) as PermissionResource;
}

/** What each resource is called in the role editor's tree (a level of its own where an area holds several). */
export const permissionResourceLabels: Record<PermissionResource, Record<Locale, string>> = {
  ...Object.fromEntries(resources.map((r) => [r.name, r.pluralLabel])),
  ...Object.fromEntries(sliceDefs.flatMap((s) => Object.entries(s.permissionResources ?? {}))),
  exception: { 'zh-CN': '异常页', 'en-US': 'Exception pages' },
  user: { 'zh-CN': '用户', 'en-US': 'Accounts' },
  role: { 'zh-CN': '角色', 'en-US': 'Roles' },
  session: { 'zh-CN': '会话', 'en-US': 'Sessions' },
  audit: { 'zh-CN': '审计日志', 'en-US': 'Audit log' },
};

export const permissionGroupLabels: Record<PermissionGroup, Record<Locale, string>> = {
  ...Object.fromEntries(resources.map((r) => [`resource:${r.name}`, r.pluralLabel])),
  ...(Object.fromEntries(sliceDefs.flatMap((s) => Object.entries(s.permissionGroups ?? {}))) as Record<SliceGroup, Record<Locale, string>>),
  exception: { 'zh-CN': '异常页', 'en-US': 'Exceptions' },
  system: { 'zh-CN': '系统管理', 'en-US': 'System' },
};

/** The permissions a full administrator holds (LAST_ADMIN keeps one such active account). */
export const systemPermissions = permissions.filter((p) => everyPermission[p]!.group === 'system');

/** What the slices grant a role of the given code (slice.ts `grants`). */
const sliceGrants = (role: 'user' | 'auditor') => sliceDefs.flatMap((s) => s.grants?.[role] ?? []) as Permission[];

/**
 * Built-in roles: `admin` holds every permission; `user` the everyday reading the slices grant it (in the
 * demo: the workplace, reading the search table and card list, the export). Neither can be edited.
 */
export const builtInRoles = {
  admin: { name: { 'zh-CN': '管理员', 'en-US': 'Administrator' }, description: { 'zh-CN': '拥有全部权限', 'en-US': 'Holds every permission' }, permissions: permissions },
  user: {
    name: { 'zh-CN': '普通用户', 'en-US': 'User' },
    description: { 'zh-CN': '业务页面的只读访问', 'en-US': 'Read access to the product pages' },
    permissions: sliceGrants('user'),
  },
} as const;
export type BuiltInRole = keyof typeof builtInRoles;

/** The demo database's custom role (seeded with the demo accounts, never in production). */
export const demoRoles = {
  auditor: {
    name: { 'zh-CN': '审计员', 'en-US': 'Auditor' },
    description: { 'zh-CN': '查看审计日志与业务页面', 'en-US': 'Views the audit log and the product pages' },
    permissions: [...sliceGrants('auditor'), 'audit:read'] as Permission[],
  },
} as const;

/** A role's display name: built-in and demo roles in the caller's language, custom roles as stored. */
export function roleDisplayName(code: string, storedName: string, locale: Locale): string {
  const known = (builtInRoles as Record<string, { name: Record<Locale, string> }>)[code] ?? (demoRoles as Record<string, { name: Record<Locale, string> }>)[code];
  return known ? known.name[locale] : storedName;
}
export const builtInRoleCodes = Object.keys(builtInRoles) as BuiltInRole[];

/** Role codes: lower-case letter first, then 1-31 of lower-case letters, digits and `-`. */
export const ROLE_CODE_PATTERN = /^[a-z][a-z0-9-]{1,31}$/;
