import type { FastifyInstance } from 'fastify';
import { scopedResources, type Locale } from '@atrium/contracts';
import { USER_OPTIONS_LIMIT, systemCalls } from '@atrium/contracts/calls/system';
import { scopeCalls, type ScopeDefaults, type ScopeDepartment } from '@atrium/contracts/calls/scope';
import type { Db } from '../../db/client.ts';
import { registerCall } from '../../http/register-call.ts';
import type { Reach } from '../../lists/scope.ts';
import type { RequestScope } from '../../sessions/data-scope.ts';
import { departmentName } from '../shared/departments.repository.ts';
import { accountOptions } from './account.repository.ts';
import { accountScope } from '../../lists/scope.ts';
import { departmentsAmong } from './department.repository.ts';
import { treeOrder } from './department.service.ts';

/**
 * The pickers of a scoped record's department and owner (issue 39, data-scope.md §4), for every scoped
 * resource (contracts' `scopedResources`: the accounts, the collections, the kit's), and the department
 * leader's picker: only what the caller's scope for that resource reaches is offered, so a picker never
 * names a department or an account the caller could not put a record in or give it to (the writes refuse
 * them anyway: lists/placement.ts). One shape and one rule for every page (decision 038).
 */

/**
 * The departments a record may be put in and a list filtered by: those the scope reaches. `own` reaches
 * records by owner, not by department: the caller's own department is offered (where its records go:
 * lists/placement.ts).
 */
function departmentsOf(reach: Reach, scope: RequestScope): ReadonlySet<number> | null {
  return reach.ownerId !== null ? new Set([scope.departmentId]) : reach.departmentIds;
}

/**
 * The departments offered, active and disabled (a filter finds the records and accounts still in a disabled
 * one; a form shows it but does not offer it), and a new record's defaults: the caller's department when it
 * is offered and active, and the caller.
 */
async function scopeDepartments(db: Db, scope: RequestScope, resource: string, locale: Locale): Promise<{ list: ScopeDepartment[]; defaults: ScopeDefaults }> {
  const reach = await scope.reach(resource, db);
  const rows = treeOrder(await departmentsAmong(db, departmentsOf(reach, scope)));
  const mine = rows.find((row) => row.id === scope.departmentId && row.status === 'active');
  const [me] = await accountOptions(db, undefined, scope.userId, 1);
  return {
    list: rows.map((row) => ({ id: row.id, parentId: row.parentId, name: departmentName(row, locale), status: row.status })),
    defaults: { department: mine?.id ?? null, owner: me ?? { id: scope.userId, label: '' } },
  };
}

/**
 * The accounts a record may be given to: active ones of a department the scope reaches (`own`: the caller),
 * and the caller always (a writer may own what they write, whatever a custom scope leaves out:
 * lists/placement.ts).
 */
async function scopeOwners(db: Db, scope: RequestScope, resource: string, query: { keyword?: string; id?: number }) {
  const reach = await scope.reach(resource, db);
  return accountOptions(db, query.keyword, query.id, USER_OPTIONS_LIMIT, { reach, resource, caller: scope.userId });
}

/**
 * Registers both pickers of every scoped resource, and the leader's: the accounts' owner picker behind
 * `department:write` (a leader is an account: department.service.ts refuses one its editor does not reach).
 * The scope is reckoned from the tree kept at the departments' generation, read with the request.
 */
export function registerScopeOptions(app: FastifyInstance): void {
  const reads = { reads: ['departments'] } as const;
  for (const resource of scopedResources) {
    const calls = scopeCalls(resource);
    registerCall(app, calls.departments, ({ db, scope, locale }) => scopeDepartments(db, scope, resource, locale), reads);
    registerCall(app, calls.owners, ({ db, scope, query }) => scopeOwners(db, scope, resource, query), reads);
  }
  registerCall(app, systemCalls.userOptions, ({ db, scope, query }) => scopeOwners(db, scope, accountScope.resource, query), reads);
}
