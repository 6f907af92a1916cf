import type { Account, UserCreateBody, UserListQuery, UserUpdateBody } from '@atrium/contracts/calls/system';
import { diffFields, say, type Said } from '../../audit/audit-entry.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { hashPassword } from '../../security/passwords.ts';
import {
  clearFailures,
  contactTaken,
  findAccount,
  insertAccount,
  listAccounts,
  recentFailures,
  updateAccount,
  type AccountRow,
} from './account.repository.ts';
import { resetTwoStep } from '../auth/two-step.service.ts';
import { findUserById, nextAccountNumber } from '../shared/users.repository.ts';
import { placeRecord } from '../../lists/placement.ts';
import { accountScope } from '../../lists/scope.ts';
import { failureWindowStart, lockEnd } from './lockout.ts';
import { rolesOf, shareRoles, type RoleRow } from './role.repository.ts';
import { scopeExceeds } from '../../sessions/data-scope.ts';
import { revokeSessionsOf } from '../../sessions/live-sessions.repository.ts';
import { revokedSummary } from '../../sessions/live-sessions.service.ts';
import { assertGrantable, assertScopeGrantable, EMAIL_TAKEN, guardAdministrators, oneTimePassword, uniqueConflict, type SystemCtx } from './rules.ts';

type Ctx = Pick<SystemCtx, 'db' | 'config' | 'now' | 'session'>;

/** What the caller reaches of the accounts (issue 39: delegated administration), as of this request. */
const reachOf = ({ session }: Pick<SystemCtx, 'session'>) => session.scope.reach(accountScope.resource);

/** The trail's summaries of the accounts' writes, in each language (audit/audit-entry.ts `say`). */
const said = {
  created: { 'zh-CN': '新建用户 {username}', 'en-US': 'created account {username}' },
  updated: { 'zh-CN': '编辑用户 {username}', 'en-US': 'updated account {username}' },
  unlocked: { 'zh-CN': '清除了 {n} 次登录失败', 'en-US': 'cleared {n} failed sign-ins' },
  twoStepReset: { 'zh-CN': '两步验证已重置；{revoked}', 'en-US': 'two-step verification reset; {revoked}' },
  passwordReset: { 'zh-CN': '密码已重置；{revoked}', 'en-US': 'password reset; {revoked}' },
} satisfies Record<string, Said>;

const ACCOUNT_FIELDS = ['username', 'name', 'email', 'phone', 'roles', 'status', 'departmentId'] as const;

function toAccount(row: AccountRow, lockedUntil: Date | null, recoverable: boolean, config: Ctx['config']): Account {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    phone: row.phone,
    roles: row.roles,
    status: row.status,
    mustChangePassword: row.mustChangePassword,
    lockedUntil: lockedUntil?.toISOString() ?? null,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.registeredAt.toISOString(),
    mfaEnabled: row.mfaEnabled,
    source: row.source,
    rolesFromProvider: rolesFromProvider(row, config),
    departmentId: row.departmentId,
    recoverable,
  };
}

const sameRoles = (a: readonly string[], b: readonly string[]) => new Set(a).size === new Set(b).size && a.every((code) => b.includes(code));

/** With OIDC_ROLE_MAP the company's groups set a company account's roles at each sign-in; nobody edits them here. */
function rolesFromProvider(row: Pick<AccountRow, 'source'>, config: Ctx['config']): boolean {
  return row.source === 'oidc' && config.oidc?.roleMap !== undefined;
}

/**
 * The records of these accounts as the caller sees them, each with its failed-sign-in lock (one query for
 * all) and whether the caller may take it over (one query of their roles).
 */
async function recordsOf(ctx: Ctx, rows: AccountRow[]): Promise<Account[]> {
  const { db, config, now } = ctx;
  const at = now();
  const failures = await recentFailures(
    db,
    rows.map((r) => r.username),
    failureWindowStart(at),
  );
  const roles = new Map((await rolesOf(db, [...new Set(rows.flatMap((r) => r.roles))])).map((role) => [role.code, role]));
  return Promise.all(
    rows.map(async (row) =>
      toAccount(
        row,
        lockEnd(
          failures.filter((f) => f.username === row.username),
          config.captcha,
          at,
        ),
        await mayTakeOver(ctx, row, row.roles.flatMap((code) => roles.get(code) ?? [])),
        config,
      ),
    ),
  );
}

const recordOf = async (ctx: Ctx, row: AccountRow) => (await recordsOf(ctx, [row]))[0]!;

/** The account by id within the caller's reach: one out of reach is 404, exactly as one that does not exist. */
async function existing(ctx: Ctx, id: number, lock = false): Promise<AccountRow> {
  const row = await findAccount(ctx.db, id, await reachOf(ctx), lock);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * Nobody takes over an account holding more than they could give it (decision 056): its password or its
 * two-step reset, or its phone or e-mail changed (ways to sign in as it or to recover it), only when every
 * role it holds is one the caller could give it where it is: each permission the caller's, each scope, from
 * the account's department, within the caller's (403 FORBIDDEN). Otherwise a delegate of a branch could
 * reset the password of an administrator placed in it, sign in as that account and take everything. A
 * rename, a disable or a role taken away gives the caller nothing, and stays open to it (system.md).
 */
async function assertNoTakeover(ctx: SystemCtx, row: AccountRow): Promise<void> {
  if (!(await mayTakeOver(ctx, row, await shareRoles(ctx.db, row.roles)))) throw new AppError('FORBIDDEN');
}

/**
 * The rule of assertNoTakeover over the account's `roles`: each permission the caller's, each scope, from
 * the account's department, within the caller's. Each account's record carries it (`recoverable`), so the
 * console offers those actions only where the server would take them.
 */
async function mayTakeOver({ db, session }: Pick<Ctx, 'db' | 'session'>, row: Pick<AccountRow, 'departmentId'>, roles: readonly RoleRow[]): Promise<boolean> {
  for (const role of roles) {
    if (role.permissions.some((permission) => !session.permissions.has(permission))) return false;
    if (await scopeExceeds(session.scope, role, [row.departmentId], db)) return false;
  }
  return true;
}

export async function listUsers(ctx: Ctx, query: UserListQuery): Promise<{ list: Account[]; total: number }> {
  const { rows, total } = await listAccounts(ctx.db, query, query.pageSize, (query.current - 1) * query.pageSize, await reachOf(ctx));
  return { list: await recordsOf(ctx, rows), total };
}

export async function getUser(ctx: Ctx, id: number): Promise<Account> {
  return recordOf(ctx, await existing(ctx, id));
}

/**
 * The roles to assign, locked for share (a deletion of one waits for this transaction): each must exist
 * (400 on `roles`), and the caller must hold every permission of those in `granted`, and reach at least
 * what each of them reaches for an account in `departmentId` (403; decision 033).
 */
async function assignable(ctx: SystemCtx, codes: string[], granted: string[], departmentId: number) {
  const rows = await shareRoles(ctx.db, codes);
  if (rows.length !== codes.length) throw fieldError('roles', 'validation.invalidValue');
  const given = rows.filter((r) => granted.includes(r.code));
  assertGrantable(
    ctx.session,
    given.flatMap((r) => r.permissions),
  );
  for (const role of given) await assertScopeGrantable(ctx, role, [departmentId]);
  return rows;
}

/**
 * The department to put an account in, by the rule of every scoped record (lists/placement.ts): within the
 * caller's reach of the accounts (403 OUT_OF_SCOPE; under `own`, which reaches one's own account alone, no
 * other account is ever put anywhere), existing and active (400 on `departmentId`), its row locked for
 * share, so a deletion of it waits for this transaction and then counts this member. An account is its own
 * "owner": only its department is placed.
 */
async function assignableDepartment(ctx: SystemCtx, id: number, accountId?: number): Promise<number> {
  const reach = await reachOf(ctx);
  if (reach.ownerId !== null && accountId !== ctx.session.userId) throw new AppError('OUT_OF_SCOPE', { details: { field: 'departmentId' } });
  await placeRecord(ctx.db, reach, ctx.session.scope, { department: id }, null, { department: { path: 'departmentId', message: 'system.user.error.department' } });
  return id;
}

/** A phone or an e-mail another account already has. */
async function checkContacts({ db }: SystemCtx, contacts: { phone?: string | null; email?: string | null }, exceptId?: number): Promise<void> {
  if (contacts.phone && (await contactTaken(db, 'phone', contacts.phone, exceptId))) throw new AppError('PHONE_TAKEN');
  if (contacts.email && (await contactTaken(db, 'email', contacts.email, exceptId))) throw fieldError('email', EMAIL_TAKEN);
}

export async function createUser(ctx: SystemCtx, body: UserCreateBody): Promise<{ user: Account; initialPassword?: string }> {
  const { db, now, audit } = ctx;
  const username = body.username;
  const roles = [...new Set(body.roles)];
  // Left out: the creator's own department.
  const wanted = body.departmentId ?? (await findUserById(db, ctx.session.userId))!.departmentId;
  // Where the account goes is checked first: a department out of reach is OUT_OF_SCOPE whatever the roles.
  const departmentId = await assignableDepartment(ctx, wanted);
  await assignable(ctx, roles, roles, departmentId);
  if (await contactTaken(db, 'username', username)) throw new AppError('USERNAME_TAKEN');
  await checkContacts(ctx, body);
  const initialPassword = body.password === undefined ? oneTimePassword() : undefined;
  const row = await insertAccount(
    db,
    {
      accountId: await nextAccountNumber(db),
      username,
      name: body.name,
      email: body.email ?? null,
      phone: body.phone ?? null,
      roles,
      passwordHash: await hashPassword(body.password ?? initialPassword!),
      mustChangePassword: initialPassword !== undefined,
      departmentId,
    },
    now(),
  ).catch((err: unknown) => {
    throw uniqueConflict(err);
  });
  audit.set({ targetId: row.id, summary: say(said.created, { username }), changes: diffFields<AccountRow>(null, row, ACCOUNT_FIELDS) });
  // Every role it holds was weighed above as one the caller may give it there: the caller may take it over.
  const user = toAccount(row, null, true, ctx.config);
  return initialPassword === undefined ? { user } : { user, initialPassword };
}

export async function editUser(ctx: SystemCtx, id: number, body: UserUpdateBody): Promise<Account> {
  const { db, session, now, audit } = ctx;
  // A change of roles may take away an administrator: guarded before the account's row is locked.
  const checkAdministrators = body.roles ? await guardAdministrators(db) : undefined;
  const before = await existing(ctx, id, true);
  if ((body.phone !== undefined && body.phone !== before.phone) || (body.email !== undefined && body.email !== before.email)) await assertNoTakeover(ctx, before);
  const values: Parameters<typeof updateAccount>[2] = {};
  // The company's groups set these at the next sign-in anyway: an edit here would silently not last.
  if (body.roles && rolesFromProvider(before, ctx.config) && !sameRoles(body.roles, before.roles)) throw new AppError('SSO_ACCOUNT');
  const departmentId = body.departmentId ?? before.departmentId;
  const moved = departmentId !== before.departmentId;
  // Moved: into a department within the caller's reach (403 OUT_OF_SCOPE), before the roles are weighed there.
  if (moved) await assignableDepartment(ctx, departmentId, id);
  if (body.roles) {
    const roles = [...new Set(body.roles)];
    const rows = await assignable(
      ctx,
      roles,
      // moved to another department, every role it keeps reaches from there: each is given anew
      moved ? roles : roles.filter((code) => !before.roles.includes(code)),
      departmentId,
    );
    if (id === session.userId) {
      // The session goes on in its acting role while the account keeps it, else in the first one left.
      const acting = roles.includes(session.role) ? session.role : roles[0];
      if (!rows.find((r) => r.code === acting)?.permissions.includes('user:write')) throw new AppError('SELF_LOCKOUT');
    }
    values.roles = roles;
  } else if (moved) await assignable(ctx, before.roles, before.roles, departmentId);
  await checkContacts(ctx, body, id);
  if (body.name !== undefined) values.name = body.name;
  if (body.email !== undefined) values.email = body.email;
  if (body.phone !== undefined) values.phone = body.phone;
  if (moved) values.departmentId = departmentId;
  // saved as it was opened: no write, no entry
  if (diffFields(before, values, ACCOUNT_FIELDS).length === 0) {
    audit.unchanged();
    return recordOf(ctx, before);
  }
  const after = await updateAccount(db, id, values, now()).catch((err: unknown) => {
    throw uniqueConflict(err);
  });
  await checkAdministrators?.();
  audit.set({ summary: say(said.updated, { username: before.username }), changes: diffFields(before, after!, ACCOUNT_FIELDS) });
  return recordOf(ctx, after!);
}

export async function disableUser(ctx: SystemCtx, id: number): Promise<Account> {
  const { db, session, config, now, audit } = ctx;
  if (id === session.userId) throw new AppError('SELF_LOCKOUT');
  const checkAdministrators = await guardAdministrators(db);
  const before = await existing(ctx, id, true);
  const at = now();
  const after = (await updateAccount(db, id, { status: 'disabled' }, at))!;
  // Its next request gets 401 (the pipeline also refuses a disabled account's session).
  const revoked = await revokeSessionsOf(db, id, at, config.sessionIdleSeconds);
  await checkAdministrators();
  audit.set({ summary: revokedSummary(revoked), changes: diffFields(before, after, ['status']) });
  return recordOf(ctx, after);
}

export async function enableUser(ctx: SystemCtx, id: number): Promise<Account> {
  const before = await existing(ctx, id, true);
  const after = (await updateAccount(ctx.db, id, { status: 'active' }, ctx.now()))!;
  ctx.audit.set({ changes: diffFields(before, after, ['status']) });
  return recordOf(ctx, after);
}

export async function unlockUser(ctx: SystemCtx, id: number): Promise<Account> {
  const row = await existing(ctx, id, true);
  const { lockedUntil, recoverable } = await recordOf(ctx, row);
  const cleared = await clearFailures(ctx.db, row.username);
  ctx.audit.set({ summary: say(said.unlocked, { n: cleared }), changes: lockedUntil ? [{ field: 'lockedUntil', before: lockedUntil, after: null }] : [] });
  return toAccount(row, null, recoverable, ctx.config);
}

/** Two-step verification off for the account (its secrets and recovery codes forgotten), its sessions ended. */
export async function resetUserTwoStep(ctx: SystemCtx, id: number): Promise<Account> {
  const { db, config, now, audit } = ctx;
  const before = await existing(ctx, id, true);
  await assertNoTakeover(ctx, before);
  const at = now();
  await resetTwoStep(db, id, at);
  const revoked = await revokeSessionsOf(db, id, at, config.sessionIdleSeconds);
  audit.set({ targetType: 'user', targetId: id, summary: say(said.twoStepReset, { revoked: revokedSummary(revoked) }), changes: diffFields(before, { mfaEnabled: false }, ['mfaEnabled']) });
  return recordOf(ctx, { ...before, mfaEnabled: false });
}

export async function resetUserPassword(ctx: SystemCtx, id: number): Promise<{ initialPassword: string }> {
  const { db, config, now, audit } = ctx;
  const before = await existing(ctx, id, true);
  await assertNoTakeover(ctx, before);
  // It signs in at its company's provider only: a password here would be a second way in.
  if (before.source === 'oidc') throw new AppError('SSO_ACCOUNT');
  const initialPassword = oneTimePassword();
  const at = now();
  await updateAccount(db, id, { passwordHash: await hashPassword(initialPassword), mustChangePassword: true }, at);
  const revoked = await revokeSessionsOf(db, id, at, config.sessionIdleSeconds);
  audit.set({ summary: say(said.passwordReset, { revoked: revokedSummary(revoked) }), changes: diffFields(before, { mustChangePassword: true }, ['mustChangePassword']) });
  return { initialPassword };
}
