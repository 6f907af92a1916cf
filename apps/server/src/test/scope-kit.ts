import { sql } from 'drizzle-orm';
import { dataScopes, type DataScope } from '@atrium/contracts';
import { rowsOf } from '../db/client.ts';
import type { TestApp } from './harness.ts';
import { createAccount, createDepartment, session, type Client } from './system-kit.ts';

// A small organisation for the data scope's suites (issue 39): a tree of departments, a role of each of the
// five scopes, and 20 accounts spread over the departments and the scopes, each signed in on a device of its
// own. `reaches` is the suites' oracle, reckoned here from the departments' paths alone, independently of the
// server's own code.

export interface ScopedAccount {
  username: string;
  id: number;
  departmentId: number;
  scope: DataScope;
  client: Client;
}

export interface ScopedWorld {
  /** The departments made: A › A1 › A1x, A › A2, B › B1, all under the root. */
  departments: { root: number; a: number; a1: number; a1x: number; a2: number; b: number; b1: number };
  accounts: ScopedAccount[];
  /** Whether the account reaches a record of `departmentId` owned by `ownerId`. */
  reaches(account: ScopedAccount, departmentId: number, ownerId: number): boolean;
}

const ACCOUNTS = 20;

/**
 * Makes the organisation through the API as `admin` (whose role reaches everything): every role holds
 * `permissions`; `custom` reaches A2 and B1 with what is below them. Names start with `prefix`.
 */
export async function scopedWorld(t: TestApp, admin: Client, prefix: string, permissions: string[]): Promise<ScopedWorld> {
  const root = 1;
  const a = await createDepartment(admin, `${prefix} A`, root);
  const a1 = await createDepartment(admin, `${prefix} A1`, a);
  const a1x = await createDepartment(admin, `${prefix} A1x`, a1);
  const a2 = await createDepartment(admin, `${prefix} A2`, a);
  const b = await createDepartment(admin, `${prefix} B`, root);
  const b1 = await createDepartment(admin, `${prefix} B1`, b);
  const departments = { root, a, a1, a1x, a2, b, b1 };
  for (const scope of dataScopes) {
    const body = { code: `${prefix}-${scope}`, name: `${prefix} ${scope}`, permissions, dataScope: scope, ...(scope === 'custom' ? { departmentIds: [a2, b1] } : {}) };
    const res = await admin.call('POST', '/api/system/roles', body);
    if (res.status !== 200) throw new Error(`role ${body.code} not made: ${res.status} ${res.text}`);
  }
  const homes = [a, a1, a1x, a2, b, b1, root];
  const made: Omit<ScopedAccount, 'client'>[] = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const scope = dataScopes[i % dataScopes.length]!;
    const departmentId = homes[i % homes.length]!;
    const username = `${prefix}-${i}`;
    const { id } = await createAccount(admin, { username, name: `${prefix} member ${i}`, roles: [`${prefix}-${scope}`], password: `${prefix}Pw${i}x1`, departmentId });
    made.push({ username, id, departmentId, scope });
  }
  const accounts = await Promise.all(made.map(async (m, i) => ({ ...m, client: await session(t, m.username, `${prefix}Pw${i}x1`, `${prefix}-device-${i}`) })));

  const paths = new Map(rowsOf<{ id: number; path: string }>(await t.db.execute(sql`select id, path from departments`)).map((r) => [Number(r.id), r.path]));
  const below = (top: number) => new Set([...paths].filter(([, path]) => path.startsWith(paths.get(top)!)).map(([id]) => id));
  const custom = new Set([...below(a2), ...below(b1)]);
  const reaches = (account: ScopedAccount, departmentId: number, ownerId: number): boolean => {
    switch (account.scope) {
      case 'all':
        return true;
      case 'department-tree':
        return below(account.departmentId).has(departmentId);
      case 'department':
        return departmentId === account.departmentId;
      case 'custom':
        return custom.has(departmentId);
      case 'own':
        return ownerId === account.id;
    }
  };
  return { departments, accounts, reaches };
}

/** Every `rounds` round, every account asks every one of `asks` at once (Promise.all): the answers land under concurrency. */
export async function inParallel<A>(accounts: readonly A[], asks: number, rounds: number, ask: (account: A, which: number, round: number) => Promise<void>): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    await Promise.all(accounts.flatMap((account) => Array.from({ length: asks }, (_, which) => ask(account, which, round))));
  }
}
