import type { Locale } from './locale.ts';
import type { ResourcePermission } from './resource-names.ts';
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
/**
 * The slices' groups come first (registry order), then the core's, then the resources' (their slices'
 * too, resourceSlice: a resource's permissions form a group of their own, `resource:<name>`).
 */
export type PermissionGroup = SliceGroup | (typeof coreGroups)[number] | `resource:${string}`;
const groupsOf = (defs: typeof sliceDefs) => [...new Set(defs.flatMap((s) => Object.keys(s.permissionGroups ?? {})))] as SliceGroup[];
const pageSlices = sliceDefs.filter((s) => !s.resource);
const resourceSlices = sliceDefs.filter((s) => s.resource);
export const permissionGroups: readonly PermissionGroup[] = [...groupsOf(pageSlices), ...coreGroups, ...groupsOf(resourceSlices)];

const catalogue = {
  'exception:403': { group: 'exception', label: { 'zh-CN': '查看 403 页', 'en-US': 'View the 403 page' } },
  'user:read': { group: 'system', label: { 'zh-CN': '查看用户', 'en-US': 'View users' } },
  'user:write': { group: 'system', label: { 'zh-CN': '管理用户', 'en-US': 'Manage users' } },
  'role:read': { group: 'system', label: { 'zh-CN': '查看角色', 'en-US': 'View roles' } },
  'role:write': { group: 'system', label: { 'zh-CN': '管理角色', 'en-US': 'Manage roles' } },
  'session:read': { group: 'system', label: { 'zh-CN': '查看会话', 'en-US': 'View sessions' } },
  'session:revoke': { group: 'system', label: { 'zh-CN': '下线会话', 'en-US': 'Revoke sessions' } },
  'audit:read': { group: 'system', label: { 'zh-CN': '查看审计日志', 'en-US': 'View the audit log' } },
  'audit:export': { group: 'system', label: { 'zh-CN': '导出审计日志', 'en-US': 'Export the audit log' } },
  'department:read': { group: 'system', label: { 'zh-CN': '查看部门', 'en-US': 'View departments' } },
  'department:write': { group: 'system', label: { 'zh-CN': '管理部门', 'en-US': 'Manage departments' } },
} as const satisfies Record<string, { group: PermissionGroup; label: Record<Locale, string> }>;

/** The slices' permissions (slice.ts; a resource's, `<name>:read`, `:write`, `:export`, `:import`, from resourceSlice). */
type SlicePermission = SliceOf extends infer S ? (S extends { permissions: infer P } ? keyof P & string : never) : never;
const permissionsOf = (defs: typeof sliceDefs) => Object.fromEntries(defs.flatMap((s) => Object.entries(s.permissions ?? {}))) as Record<SlicePermission, { group: PermissionGroup; label: Record<Locale, string> }>;

/** The catalogue: the page slices' permissions, the core's, the resources'. */
const everyPermission: Record<string, { group: PermissionGroup; label: Record<Locale, string> }> = { ...permissionsOf(pageSlices), ...catalogue, ...permissionsOf(resourceSlices) };

export type Permission = SlicePermission | keyof typeof catalogue | ResourcePermission;
export const permissions = Object.keys(everyPermission) as Permission[];

export function isPermission(code: string): code is Permission {
  return Object.prototype.hasOwnProperty.call(everyPermission, code);
}

export function permissionGroup(code: Permission): PermissionGroup {
  return everyPermission[code]!.group;
}

/** A permission's name; its code where the catalogue has none (a resource defined only for a test). */
export function permissionLabel(code: Permission, locale: Locale): string {
  return everyPermission[code]?.label[locale] ?? code;
}

/** A permission's resource: the part before the colon (`user` of `user:write`). */
export type PermissionResource = Permission extends `${infer R}:${string}` ? R : never;

export function permissionResource(code: Permission): PermissionResource {
  return code.slice(0, code.indexOf(':')) as PermissionResource;
}

/** What each resource is called in the role editor's tree (a level of its own where an area holds several). */
export const permissionResourceLabels: Record<PermissionResource, Record<Locale, string>> = {
  ...Object.fromEntries(sliceDefs.flatMap((s) => Object.entries(s.permissionResources ?? {}))),
  exception: { 'zh-CN': '异常页', 'en-US': 'Exception pages' },
  user: { 'zh-CN': '用户', 'en-US': 'Users' },
  role: { 'zh-CN': '角色', 'en-US': 'Roles' },
  session: { 'zh-CN': '会话', 'en-US': 'Sessions' },
  audit: { 'zh-CN': '审计日志', 'en-US': 'Audit log' },
  department: { 'zh-CN': '部门', 'en-US': 'Departments' },
};

export const permissionGroupLabels: Record<PermissionGroup, Record<Locale, string>> = {
  ...(Object.fromEntries(sliceDefs.flatMap((s) => Object.entries(s.permissionGroups ?? {}))) as Record<SliceGroup, Record<Locale, string>>),
  exception: { 'zh-CN': '异常页', 'en-US': 'Exceptions' },
  system: { 'zh-CN': '系统管理', 'en-US': 'System' },
};

/** The permissions a full administrator holds (LAST_ADMIN keeps one such active account). */
export const systemPermissions = permissions.filter((p) => everyPermission[p]!.group === 'system');

/** What the slices grant the role of the given code (slice.ts `grants`). */
const sliceGrants = (role: string) => sliceDefs.flatMap((s) => s.grants?.[role] ?? []) as Permission[];

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

interface KnownRole {
  readonly name: Readonly<Record<Locale, string>>;
  readonly description: Readonly<Record<Locale, string>>;
  readonly permissions: readonly Permission[];
}

/**
 * The roles the slices bring (slice.ts `roles`), by code: created with the sample data of an empty database
 * outside production, as custom roles. Each holds its own permissions and what the slices grant it, those
 * of the catalogue only, in catalogue order.
 */
export const sliceRoles: Readonly<Record<string, KnownRole>> = Object.fromEntries(
  sliceDefs.flatMap((s) =>
    Object.entries(s.roles ?? {}).map(([code, role]) => {
      const held = new Set([...(role.permissions ?? []), ...sliceGrants(code)]);
      return [code, { name: role.name, description: role.description, permissions: permissions.filter((p) => held.has(p)) }] as const;
    }),
  ),
);

/** The built-in role or slice's role of a code (own keys only: a custom role may be called `constructor`). */
function knownRole(code: string): KnownRole | undefined {
  if (Object.hasOwn(builtInRoles, code)) return builtInRoles[code as BuiltInRole];
  return Object.hasOwn(sliceRoles, code) ? sliceRoles[code] : undefined;
}

/**
 * A role's name and description in the caller's language: a built-in role's always, a slice's role's while
 * they are as seeded (its zh-CN ones: an administrator may change them), a custom role's as stored.
 */
export function roleDisplayText(role: { code: string; name: string; description: string }, locale: Locale): { name: string; description: string } {
  const known = knownRole(role.code);
  const own = (field: 'name' | 'description') => (known && (Object.hasOwn(builtInRoles, role.code) || role[field] === known[field]['zh-CN']) ? known[field][locale] : role[field]);
  return { name: own('name'), description: own('description') };
}

/** A role's display name (`roleDisplayText`). */
export function roleDisplayName(code: string, storedName: string, locale: Locale): string {
  return roleDisplayText({ code, name: storedName, description: '' }, locale).name;
}
export const builtInRoleCodes = Object.keys(builtInRoles) as BuiltInRole[];

export { ROLE_CODE_PATTERN } from './role-code.ts';
