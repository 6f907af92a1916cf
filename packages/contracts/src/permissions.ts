import type { Locale } from './locale.ts';
import { resourceActions, type ResourcePermission } from './resource-names.ts';
import { resources } from './resources/index.ts';

/**
 * The permission catalogue: one list, read by the server (the request pipeline's check, the built-in
 * roles, the role editor's validation), the console (menu, guards, buttons) and the tests (the role
 * matrix). A permission is `resource:action`. Adding a page or a call that needs a new permission starts
 * here: add the code with its group and labels, name it on the route or call, and the built-in `admin`
 * role holds it from the next start.
 */
const coreGroups = ['workplace', 'policy', 'card', 'form', 'result', 'exception', 'system'] as const;
/** A resource's permissions form a group of their own, after the core ones: `resource:<name>`. */
export type PermissionGroup = (typeof coreGroups)[number] | `resource:${string}`;
export const permissionGroups: readonly PermissionGroup[] = [...coreGroups, ...resources.map((r) => `resource:${r.name}` as const)];

const catalogue = {
  'workplace:view': { group: 'workplace', label: { 'zh-CN': '查看工作台', 'en-US': 'View the workplace' } },
  'policy:read': { group: 'policy', label: { 'zh-CN': '查看集合', 'en-US': 'View collections' } },
  'policy:write': { group: 'policy', label: { 'zh-CN': '新建、编辑、删除集合', 'en-US': 'Create, edit and delete collections' } },
  'policy:import': { group: 'policy', label: { 'zh-CN': '批量导入集合', 'en-US': 'Import collections' } },
  'policy:export': { group: 'policy', label: { 'zh-CN': '导出集合', 'en-US': 'Export collections' } },
  'card:read': { group: 'card', label: { 'zh-CN': '查看卡片列表', 'en-US': 'View the card list' } },
  'card:manage': { group: 'card', label: { 'zh-CN': '管理卡片', 'en-US': 'Manage cards' } },
  'channel:submit': { group: 'form', label: { 'zh-CN': '提交渠道表单', 'en-US': 'Submit the channel form' } },
  'profile:read': { group: 'form', label: { 'zh-CN': '查看基础详情与操作记录', 'en-US': 'View the basic profile and its log' } },
  'profile:approve': { group: 'form', label: { 'zh-CN': '提交与审批参数', 'en-US': 'Submit and approve parameters' } },
  'result:view': { group: 'result', label: { 'zh-CN': '查看结果页', 'en-US': 'View the result pages' } },
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

const actionLabels: Record<(typeof resourceActions)[number], Record<Locale, (plural: Record<Locale, string>) => string>> = {
  read: { 'zh-CN': (p) => `查看${p['zh-CN']}`, 'en-US': (p) => `View ${p['en-US'].toLowerCase()}` },
  write: { 'zh-CN': (p) => `新建、编辑、删除${p['zh-CN']}`, 'en-US': (p) => `Create, edit and delete ${p['en-US'].toLowerCase()}` },
  export: { 'zh-CN': (p) => `导出${p['zh-CN']}`, 'en-US': (p) => `Export ${p['en-US'].toLowerCase()}` },
};

/** The catalogue with the resources' permissions (docs/resources.md): `<name>:read`, `:write`, `:export`. */
const everyPermission: Record<string, { group: PermissionGroup; label: Record<Locale, string> }> = { ...catalogue };
for (const r of resources) {
  for (const action of resourceActions) {
    everyPermission[r.permissions[action]] = { group: `resource:${r.name}`, label: { 'zh-CN': actionLabels[action]['zh-CN'](r.pluralLabel), 'en-US': actionLabels[action]['en-US'](r.pluralLabel) } };
  }
}

export type Permission = keyof typeof catalogue | ResourcePermission;
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
  workplace: { 'zh-CN': '工作台', 'en-US': 'Workplace' },
  policy: { 'zh-CN': '集合', 'en-US': 'Collections' },
  card: { 'zh-CN': '卡片', 'en-US': 'Cards' },
  channel: { 'zh-CN': '渠道表单', 'en-US': 'Channel form' },
  profile: { 'zh-CN': '基础详情', 'en-US': 'Basic profile' },
  result: { 'zh-CN': '结果页', 'en-US': 'Result pages' },
  exception: { 'zh-CN': '异常页', 'en-US': 'Exception pages' },
  user: { 'zh-CN': '用户', 'en-US': 'Accounts' },
  role: { 'zh-CN': '角色', 'en-US': 'Roles' },
  session: { 'zh-CN': '会话', 'en-US': 'Sessions' },
  audit: { 'zh-CN': '审计日志', 'en-US': 'Audit log' },
};

export const permissionGroupLabels: Record<PermissionGroup, Record<Locale, string>> = {
  ...Object.fromEntries(resources.map((r) => [`resource:${r.name}`, r.pluralLabel])),
  workplace: { 'zh-CN': '工作台', 'en-US': 'Workplace' },
  policy: { 'zh-CN': '查询表格', 'en-US': 'Search table' },
  card: { 'zh-CN': '卡片列表', 'en-US': 'Card list' },
  form: { 'zh-CN': '表单与详情', 'en-US': 'Forms and details' },
  result: { 'zh-CN': '结果页', 'en-US': 'Results' },
  exception: { 'zh-CN': '异常页', 'en-US': 'Exceptions' },
  system: { 'zh-CN': '系统管理', 'en-US': 'System' },
};

/** The permissions a full administrator holds (LAST_ADMIN keeps one such active account). */
export const systemPermissions = permissions.filter((p) => everyPermission[p]!.group === 'system');

/**
 * Built-in roles: `admin` holds every permission; `user` what any signed-in role could use before roles
 * were managed (workplace, reading the search table and card list, the export). Neither can be edited.
 */
export const builtInRoles = {
  admin: { name: { 'zh-CN': '管理员', 'en-US': 'Administrator' }, description: { 'zh-CN': '拥有全部权限', 'en-US': 'Holds every permission' }, permissions: permissions },
  user: {
    name: { 'zh-CN': '普通用户', 'en-US': 'User' },
    description: { 'zh-CN': '工作台、查询表格与卡片列表的只读访问', 'en-US': 'Read access to the workplace, search table and card list' },
    permissions: ['workplace:view', 'policy:read', 'policy:export', 'card:read'] as Permission[],
  },
} as const;
export type BuiltInRole = keyof typeof builtInRoles;

/** The demo database's custom role (seeded with the demo accounts, never in production). */
export const demoRoles = {
  auditor: {
    name: { 'zh-CN': '审计员', 'en-US': 'Auditor' },
    description: { 'zh-CN': '查看工作台、集合与审计日志', 'en-US': 'Views the workplace, collections and the audit log' },
    permissions: ['workplace:view', 'policy:read', 'audit:read'] as Permission[],
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
