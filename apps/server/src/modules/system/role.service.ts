import {
  permissionGroup,
  permissionGroupLabels,
  permissionResource,
  permissionResourceLabels,
  permissionLabel,
  permissions as catalogue,
  roleDisplayName,
  roleDisplayText,
  scopedResources,
  usesCustomScope,
  type DataScope,
  type Locale,
} from '@atrium/contracts';
import type { PermissionEntry, RoleCreateBody, RoleOption, RoleRecord, RoleUpdateBody, ShortListQuery } from '@atrium/contracts/calls/system';
import { diffFields, say } from '../../audit/audit-entry.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { deleteRole, findRole, holderCount, holderDepartments, insertRole, listRoleNames, listRolesWithCounts, lockRole, roleCodeTaken, sharedDepartmentCount, updateRole, type RoleRow, type RoleWithCount } from './role.repository.ts';
import { assertGrantable, assertScopeGrantable, guardAdministrators, uniqueConflict, type SystemCtx } from './rules.ts';

const ROLE_FIELDS = ['code', 'name', 'description', 'permissions', 'requireMfa', 'dataScope', 'departmentIds', 'scopes'] as const;
type RoleSnapshot = Pick<RoleRow, (typeof ROLE_FIELDS)[number]>;
const snapshot = (row: RoleSnapshot): RoleSnapshot => ({
  code: row.code,
  name: row.name,
  description: row.description,
  permissions: row.permissions,
  requireMfa: row.requireMfa,
  dataScope: row.dataScope,
  departmentIds: row.departmentIds,
  scopes: inResourceOrder(row.scopes),
});

/**
 * Per-resource overrides of scoped resources only, in the contracts' order (the body schema admits those
 * only; one a slice no longer has is not shown and leaves the role when its scope is next saved).
 */
function inResourceOrder(scopes: Readonly<Record<string, DataScope>>): Record<string, DataScope> {
  return Object.fromEntries(scopedResources.filter((name) => Object.prototype.hasOwnProperty.call(scopes, name)).map((name) => [name, scopes[name]!]));
}

type ScopeFields = Pick<RoleRow, 'dataScope' | 'departmentIds' | 'scopes'>;

/**
 * A role's data scope as it will be stored: custom departments deduplicated and sorted, and kept only while
 * the role's scope or an override is `custom`, which needs at least one, each existing (400 on
 * `departmentIds`, their rows locked for share).
 */
async function scopeFields(db: SystemCtx['db'], dataScope: DataScope, departmentIds: readonly number[], scopes: Readonly<Record<string, DataScope>>): Promise<ScopeFields> {
  const custom = usesCustomScope(dataScope, inResourceOrder(scopes));
  const ids = custom ? [...new Set(departmentIds)].sort((a, b) => a - b) : [];
  if (custom && (ids.length === 0 || (await sharedDepartmentCount(db, ids)) !== ids.length)) throw fieldError('departmentIds', 'system.role.error.departments');
  return { dataScope, departmentIds: ids, scopes: inResourceOrder(scopes) };
}

const sameScope = (a: ScopeFields, b: ScopeFields) => a.dataScope === b.dataScope && JSON.stringify(a.departmentIds) === JSON.stringify(b.departmentIds) && JSON.stringify(inResourceOrder(a.scopes)) === JSON.stringify(inResourceOrder(b.scopes));

/** Deduplicated, in catalogue order (the body schema admits catalogue codes only). */
const inCatalogueOrder = (codes: readonly string[]) => catalogue.filter((code) => codes.includes(code));

/**
 * A role as the console shows it. Its permissions are the catalogue's only: a code no longer in the
 * catalogue (a slice removed, the demo's after `npm run demo:remove`) grants nothing and is not shown; it
 * leaves the stored role when the role's permissions are next saved.
 */
function toRole(row: RoleWithCount, locale: Locale): RoleRecord {
  return {
    id: row.id,
    code: row.code,
    ...roleDisplayText(row, locale),
    permissions: inCatalogueOrder(row.permissions),
    builtIn: row.builtIn,
    userCount: row.userCount,
    requireMfa: row.requireMfa,
    dataScope: row.dataScope,
    departmentIds: row.departmentIds,
    scopes: inResourceOrder(row.scopes),
  };
}

/** The catalogue with its labels in the caller's language, in catalogue order. */
export function permissionEntries(locale: Locale): PermissionEntry[] {
  return catalogue.map((code) => {
    const group = permissionGroup(code);
    const resource = permissionResource(code);
    return { code, group, groupLabel: permissionGroupLabels[group]![locale], resource, resourceLabel: permissionResourceLabels[resource]![locale], label: permissionLabel(code, locale) };
  });
}

/** A page of the roles (a few dozen at most: read whole, then cut). */
export async function listRoles({ db, locale }: Pick<SystemCtx, 'db' | 'locale'>, page: ShortListQuery): Promise<{ list: RoleRecord[]; total: number }> {
  const rows = await listRolesWithCounts(db);
  const from = (page.current - 1) * page.pageSize;
  return { list: rows.slice(from, from + page.pageSize).map((row) => toRole(row, locale)), total: rows.length };
}

/** Codes and names for the account pages, which need `user:read` and not `role:read`. */
export async function listRoleOptions({ db, locale }: Pick<SystemCtx, 'db' | 'locale'>): Promise<RoleOption[]> {
  return (await listRoleNames(db)).map((row) => ({ code: row.code, name: roleDisplayName(row.code, row.name, locale) }));
}

export async function createRole({ db, session, locale, now, audit }: SystemCtx, body: RoleCreateBody): Promise<RoleRecord> {
  const code = body.code.toLowerCase();
  const permissions = inCatalogueOrder(body.permissions);
  assertGrantable(session, permissions);
  const scope = await scopeFields(db, body.dataScope ?? 'all', body.departmentIds ?? [], body.scopes ?? {});
  // Its holders are not known yet: reckoned as if held in the creator's department (decision 033).
  await assertScopeGrantable({ db, session }, scope, [session.departmentId]);
  if (await roleCodeTaken(db, code)) throw new AppError('ROLE_CODE_TAKEN');
  const row = await insertRole(db, { code, name: body.name, description: body.description ?? '', permissions, requireMfa: body.requireMfa ?? false, ...scope }, now()).catch((err: unknown) => {
    throw uniqueConflict(err);
  });
  audit.set({ targetId: row.id, summary: say({ 'zh-CN': '新建角色 {code}', 'en-US': 'created role {code}' }, { code }), changes: diffFields<RoleSnapshot>(null, snapshot(row), ROLE_FIELDS) });
  return toRole({ ...row, userCount: 0 }, locale);
}

async function customRole(db: SystemCtx['db'], id: number): Promise<RoleRow> {
  const role = await lockRole(db, id);
  if (!role) throw new AppError('NOT_FOUND');
  if (role.builtIn) throw new AppError('ROLE_BUILT_IN');
  return role;
}

/**
 * Edits a role. Of a built-in role only `requireMfa` may change (its name, description and permissions are
 * the product's): a body changing anything else of one is 409 ROLE_BUILT_IN.
 */
export async function editRole(ctx: SystemCtx, id: number, body: RoleUpdateBody): Promise<RoleRecord> {
  const { db, session, locale, now, audit } = ctx;
  // Taken before the role's row lock, as every change that may take away an administrator does.
  const checkAdministrators = await guardAdministrators(db);
  const role = await lockRole(db, id);
  if (!role) throw new AppError('NOT_FOUND');
  const requireMfa = body.requireMfa ?? role.requireMfa;
  const { dataScope, departmentIds, scopes, ...plain } = body;
  const scopeGiven = dataScope !== undefined || departmentIds !== undefined || scopes !== undefined;
  if (role.builtIn) {
    const { requireMfa: _, ...rest } = plain;
    const changes = Object.entries(rest).some(([field, value]) => value !== undefined && JSON.stringify(value) !== JSON.stringify(role[field as keyof typeof rest]));
    // the built-in roles reach every record, as they always did (decision 033)
    if (changes || (scopeGiven && !sameScope(role, { dataScope: dataScope ?? role.dataScope, departmentIds: departmentIds ?? role.departmentIds, scopes: scopes ?? role.scopes }))) throw new AppError('ROLE_BUILT_IN');
  }
  const permissions = body.permissions && !role.builtIn ? inCatalogueOrder(body.permissions) : role.permissions;
  assertGrantable(session, permissions.filter((p) => !role.permissions.includes(p)));
  if (role.code === session.role && session.permissions.has('user:write') && !permissions.includes('user:write')) throw new AppError('SELF_LOCKOUT');
  let scope: ScopeFields = { dataScope: role.dataScope, departmentIds: role.departmentIds, scopes: role.scopes };
  if (scopeGiven && !role.builtIn) {
    const nextScope = dataScope ?? role.dataScope;
    // departments left out keep the stored ones (while the role or an override stays or becomes custom)
    scope = await scopeFields(db, nextScope, departmentIds ?? role.departmentIds, scopes ?? role.scopes);
    // A changed scope must not exceed the editor's, for its holders where they are and as if held in the editor's department.
    if (!sameScope(role, scope)) await assertScopeGrantable({ db, session }, scope, [session.departmentId, ...(await holderDepartments(db, role.code))]);
  }
  const next = { name: body.name ?? role.name, description: body.description ?? role.description, permissions, requireMfa, ...scope };
  const changes = diffFields(snapshot(role), snapshot({ ...role, ...next }), ROLE_FIELDS);
  // saved as it was opened: no write, no entry (unless the save drops an override of a slice no longer there)
  if (changes.length === 0 && Object.keys(role.scopes).length === Object.keys(next.scopes).length) {
    audit.unchanged();
    return toRole((await findRole(db, id))!, locale);
  }
  await updateRole(db, id, sameScope(role, scope) ? { ...next, departmentIds: undefined } : next, now());
  await checkAdministrators();
  audit.set({ summary: say({ 'zh-CN': '编辑角色 {code}', 'en-US': 'updated role {code}' }, { code: role.code }), changes });
  return toRole((await findRole(db, id))!, locale);
}

export async function removeRole({ db, audit }: SystemCtx, id: number): Promise<{ id: number }> {
  const role = await customRole(db, id);
  // Counted after the lock: an assignment in flight (it locks the role for share) has committed by then.
  if ((await holderCount(db, role.code)) > 0) throw new AppError('ROLE_IN_USE');
  await deleteRole(db, id);
  audit.set({ summary: say({ 'zh-CN': '删除角色 {code}', 'en-US': 'deleted role {code}' }, { code: role.code }), changes: ROLE_FIELDS.map((field) => ({ field, before: role[field], after: null })) });
  return { id };
}
