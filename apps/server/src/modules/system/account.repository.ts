import { and, eq, gte, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { AccountStatus } from '@atrium/contracts/calls/system';
import type { AccountSource } from '@atrium/contracts/calls/company-sign-in';
import type { Db } from '../../db/client.ts';
import { loginAttempts, roles, users } from '../../db/schema/auth.ts';
import { isoText, readPage, type ListSource } from '../../lists/list.repository.ts';
import { accountScope, scopeCondition, type Reach } from '../../lists/scope.ts';
import { inSubtreeOf } from '../shared/departments.repository.ts';

/** What an account record shows (never the password hash, the security answer or the profile). */
const accountColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  email: users.email,
  phone: users.phone,
  roles: users.roles,
  status: users.status,
  mustChangePassword: users.mustChangePassword,
  lastLoginAt: users.lastLoginAt,
  registeredAt: users.registeredAt,
  mfaEnabled: sql<boolean>`${users.mfaEnabledAt} is not null`,
  source: users.source,
  departmentId: users.departmentId,
};
export interface AccountRow {
  id: number;
  username: string;
  name: string;
  email: string | null;
  phone: string | null;
  roles: string[];
  status: AccountStatus;
  mustChangePassword: boolean;
  lastLoginAt: Date | null;
  registeredAt: Date;
  mfaEnabled: boolean;
  source: AccountSource;
  departmentId: number;
}

export interface AccountFilter {
  keyword?: string;
  role?: string;
  status?: AccountStatus;
  source?: AccountSource;
  /** The department and every one below it. */
  departmentId?: number;
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * 用户管理's list through the kit's list helper: by account id, exact totals (a team has hundreds of
 * accounts, not millions; each page counts). The keyword is a substring of the username, name, phone or
 * e-mail; the role one of the account's roles; the source where it was made (locally or by company sign-in);
 * the department a subtree, found through the departments' paths (so the list reads that table too).
 */
const accountList: ListSource<AccountFilter> = {
  table: 'users',
  // its answer also holds each account's failed-sign-in lock, read after the page and never cached
  reads: ['users', 'departments'],
  columns: sql`t.id, t.username, t.name, t.email, t.phone, t.roles, t.status, t.must_change_password as "mustChangePassword",
    ${isoText(sql`t.last_login_at`)} as "lastLoginAt", ${isoText(sql`t.registered_at`)} as "registeredAt", t.mfa_enabled_at is not null as "mfaEnabled", t.source,
    t.department_id as "departmentId"`,
  where(f) {
    const conditions: SQL[] = [];
    if (f.keyword) {
      const pattern = `%${likeEscape(f.keyword)}%`;
      conditions.push(sql`(t.username ilike ${pattern} or t.name ilike ${pattern} or t.phone ilike ${pattern} or t.email ilike ${pattern})`);
    }
    if (f.role) conditions.push(sql`${f.role} = any(t.roles)`);
    if (f.status) conditions.push(sql`t.status = ${f.status}`);
    if (f.source) conditions.push(sql`t.source = ${f.source}`);
    if (f.departmentId !== undefined) conditions.push(inSubtreeOf(sql`t.department_id`, f.departmentId));
    return conditions;
  },
  order: sql`t.id asc`,
  total: 'exact',
  scope: accountScope,
};

/** A page of the accounts within the caller's reach, and its total. */
export async function listAccounts(db: Db, filter: AccountFilter, limit: number, offset: number, reach: Reach): Promise<{ rows: AccountRow[]; total: number }> {
  const page = await readPage(db, accountList, filter, '', offset, limit, reach);
  const rows = page.rows.map((row) => {
    const { lastLoginAt, registeredAt } = row as { lastLoginAt: string | null; registeredAt: string };
    return { ...row, lastLoginAt: lastLoginAt === null ? null : new Date(lastLoginAt), registeredAt: new Date(registeredAt) } as AccountRow;
  });
  return { rows, total: page.total! };
}

/** What an account picker shows of one: its name (the username when it has none) with its username. */
const optionLabel = sql<string>`case when ${users.name} = '' or ${users.name} = ${users.username} then ${users.username} else ${users.name} || ' (' || ${users.username} || ')' end`;

/**
 * Active accounts for a picker: the one of `id`, or those whose name or username holds `keyword` (without
 * regard to case), by name, at most `limit`. Disabled accounts are never offered (a department's leader is
 * an active account). A team has hundreds of accounts: a scan of them costs less than an index would.
 * `within`: only accounts of the departments a data scope reaches (`own`: the caller), and the caller
 * (scope-options.ts: whom a scoped record may be given to).
 */
export async function accountOptions(db: Db, keyword: string | undefined, id: number | undefined, limit: number, within?: { reach: Reach; resource: string; caller: number }): Promise<{ id: number; label: string }[]> {
  const pattern = keyword ? `%${likeEscape(keyword)}%` : undefined;
  const reached = within && scopeCondition(within.reach, { resource: within.resource, department: 'department_id', owner: 'id' }, 'users');
  return db
    .select({ id: users.id, label: optionLabel })
    .from(users)
    .where(
      and(
        eq(users.status, 'active'),
        id === undefined ? undefined : eq(users.id, id),
        pattern === undefined ? undefined : sql`(${users.username} ilike ${pattern} or ${users.name} ilike ${pattern})`,
        reached === undefined ? undefined : sql`(${reached} or ${users.id} = ${within!.caller})`,
      ),
    )
    .orderBy(sql`lower(coalesce(nullif(${users.name}, ''), ${users.username})) collate "C"`, users.id)
    .limit(limit);
}

/**
 * The account, if the reach reaches it (one out of reach is not found, exactly as one that does not exist).
 * `lock`: the row stays locked until the transaction ends (a change of the account).
 */
export async function findAccount(db: Db, id: number, reach: Reach, lock = false): Promise<AccountRow | undefined> {
  const query = db
    .select(accountColumns)
    .from(users)
    .where(and(eq(users.id, id), scopeCondition(reach, accountScope, 'users')));
  const rows = await (lock ? query.for('update') : query);
  return rows[0];
}

/** Whether another account (not `exceptId`) has this username, phone or e-mail; usernames and e-mails without regard to case. */
export async function contactTaken(db: Db, field: 'username' | 'phone' | 'email', value: string, exceptId?: number): Promise<boolean> {
  const match = field === 'phone' ? eq(users.phone, value) : sql`lower(${users[field]}) = lower(${value})`;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(match, exceptId === undefined ? undefined : ne(users.id, exceptId)))
    .limit(1);
  return rows.length > 0;
}

export async function insertAccount(
  db: Db,
  values: { accountId: string; username: string; name: string; email: string | null; phone: string | null; roles: string[]; passwordHash: string; mustChangePassword: boolean; departmentId?: number },
  now: Date,
): Promise<AccountRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, registeredAt: now, updatedAt: now })
    .returning(accountColumns);
  return row!;
}

export async function updateAccount(
  db: Db,
  id: number,
  values: Partial<Pick<AccountRow, 'name' | 'email' | 'phone' | 'roles' | 'status' | 'mustChangePassword' | 'departmentId'>> & { passwordHash?: string },
  now: Date,
): Promise<AccountRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(eq(users.id, id))
    .returning(accountColumns);
  return row;
}

/**
 * Serialises the changes that could leave no full administrator (an account's roles or status, a role's
 * permissions) until the transaction ends: each one then counts the administrators after the other's commit.
 */
export async function lockAdministrators(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('atrium:full-administrators'))`);
}

/** Whether an active account holds a role having every one of `permissions`. */
export async function fullAdministratorExists(db: Db, permissions: readonly string[]): Promise<boolean> {
  const wanted = sql`array[${sql.join(
    permissions.map((p) => sql`${p}`),
    sql`, `,
  )}]::text[]`;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, sql`${roles.code} = any(${users.roles})`)
    .where(and(eq(users.status, 'active'), sql`${roles.permissions} @> ${wanted}`))
    .limit(1);
  return rows.length > 0;
}

/** Failed sign-ins since `since` of these usernames, per username and device. */
export function recentFailures(db: Db, usernames: string[], since: Date): Promise<{ username: string; fingerprint: string; failures: number; oldest: Date }[]> {
  if (usernames.length === 0) return Promise.resolve([]);
  return db
    .select({
      username: loginAttempts.username,
      fingerprint: loginAttempts.fingerprint,
      failures: sql<number>`count(*)::int`.mapWith(Number),
      oldest: sql<Date>`min(${loginAttempts.at})`.mapWith((v: string | Date) => new Date(v)),
    })
    .from(loginAttempts)
    .where(and(inArray(loginAttempts.username, usernames), eq(loginAttempts.success, false), gte(loginAttempts.at, since)))
    .groupBy(loginAttempts.username, loginAttempts.fingerprint);
}

/** Forgets every sign-in failure of the username (the lock and the counters). */
export async function clearFailures(db: Db, username: string): Promise<number> {
  const rows = await db.delete(loginAttempts).where(eq(loginAttempts.username, username)).returning({ id: loginAttempts.id });
  return rows.length;
}
