import {
  builtInRoles,
  demoRoles,
  permissionGroup,
  permissionGroupLabels,
  permissionResource,
  permissionResourceLabels,
  permissionLabel,
  permissions as catalogue,
  roleDisplayName,
  type Locale,
} from '@atrium/contracts';
import type { PermissionEntry, RoleCreateBody, RoleOption, RoleRecord, RoleUpdateBody, ShortListQuery } from '@atrium/contracts/calls/system';
import { diffFields } from '../../audit/audit-entry.ts';
import { AppError } from '../../http/errors.ts';
import { deleteRole, findRole, holderCount, insertRole, listRoleNames, listRolesWithCounts, lockRole, roleCodeTaken, updateRole, type RoleRow, type RoleWithCount } from './role.repository.ts';
import { assertGrantable, guardAdministrators, uniqueConflict, type SystemCtx } from './rules.ts';

const ROLE_FIELDS = ['code', 'name', 'description', 'permissions', 'requireMfa'] as const;
type RoleSnapshot = Pick<RoleRow, (typeof ROLE_FIELDS)[number]>;
const snapshot = (row: RoleSnapshot): RoleSnapshot => ({ code: row.code, name: row.name, description: row.description, permissions: row.permissions, requireMfa: row.requireMfa });

const knownRoles: Record<string, { description: Record<Locale, string> }> = { ...demoRoles, ...builtInRoles };

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
    name: roleDisplayName(row.code, row.name, locale),
    description: knownRoles[row.code]?.description[locale] ?? row.description,
    permissions: inCatalogueOrder(row.permissions),
    builtIn: row.builtIn,
    userCount: row.userCount,
    requireMfa: row.requireMfa,
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
  if (await roleCodeTaken(db, code)) throw new AppError('ROLE_CODE_TAKEN');
  const row = await insertRole(db, { code, name: body.name, description: body.description ?? '', permissions, requireMfa: body.requireMfa ?? false }, now()).catch((err: unknown) => {
    throw uniqueConflict(err);
  });
  audit.set({ targetId: row.id, summary: `created role ${code}`, changes: diffFields<RoleSnapshot>(null, snapshot(row), ROLE_FIELDS) });
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
  if (role.builtIn) {
    const { requireMfa: _, ...rest } = body;
    const changes = Object.entries(rest).some(([field, value]) => value !== undefined && JSON.stringify(value) !== JSON.stringify(role[field as keyof typeof rest]));
    if (changes) throw new AppError('ROLE_BUILT_IN');
  }
  const permissions = body.permissions && !role.builtIn ? inCatalogueOrder(body.permissions) : role.permissions;
  assertGrantable(session, permissions.filter((p) => !role.permissions.includes(p)));
  if (role.code === session.role && session.permissions.has('user:write') && !permissions.includes('user:write')) throw new AppError('SELF_LOCKOUT');
  const next = { name: body.name ?? role.name, description: body.description ?? role.description, permissions, requireMfa };
  await updateRole(db, id, next, now());
  await checkAdministrators();
  audit.set({ summary: `updated role ${role.code}`, changes: diffFields(snapshot(role), snapshot({ ...role, ...next }), ROLE_FIELDS) });
  return toRole((await findRole(db, id))!, locale);
}

export async function removeRole({ db, audit }: SystemCtx, id: number): Promise<{ id: number }> {
  const role = await customRole(db, id);
  // Counted after the lock: an assignment in flight (it locks the role for share) has committed by then.
  if ((await holderCount(db, role.code)) > 0) throw new AppError('ROLE_IN_USE');
  await deleteRole(db, id);
  audit.set({ summary: `deleted role ${role.code}`, changes: ROLE_FIELDS.map((field) => ({ field, before: role[field], after: null })) });
  return { id };
}
