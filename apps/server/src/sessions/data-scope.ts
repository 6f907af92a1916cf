import type { DataScope } from '@atrium/contracts';
import type { Db } from '../db/client.ts';
import type { Generations } from '../db/list-generations.ts';
import type { ScopeRule } from '../db/role-permissions.ts';
import type { Reach } from '../lists/scope.ts';
import { departmentTree, type DepartmentTree } from '../modules/shared/department-tree.ts';

// The caller's data scope (issue 39, decision 033): from the acting role's rule (db/role-permissions.ts, kept
// at the roles' generation read with the session) and the account's department read with the session, so a
// change of either applies from the next request. Which departments a scope reaches is reckoned from the
// tree in memory (modules/shared/department-tree.ts, kept at the departments' generation): no recursive
// query, and no answer kept past a change of the tree.

/** The scope a rule gives a resource: its override, else the role's. */
function scopeFor(rule: ScopeRule, resource?: string): DataScope {
  return (resource !== undefined && Object.prototype.hasOwnProperty.call(rule.scopes, resource) ? rule.scopes[resource] : undefined) ?? rule.dataScope;
}

/**
 * The departments a scope reaches for a holder in `departmentId`: null for `all` (every one), empty for
 * `own` (reached by owner, not by department). A custom scope's departments that no longer exist reach nothing.
 */
function departmentsReached(tree: DepartmentTree, scope: DataScope, rule: ScopeRule, departmentId: number): ReadonlySet<number> | null {
  switch (scope) {
    case 'all':
      return null;
    case 'department-tree':
      return tree.reach([departmentId]);
    case 'department':
      return tree.reach([departmentId], true);
    case 'custom':
      return tree.reach(rule.departmentIds);
    case 'own':
      return new Set();
  }
}

/** The request's scope: `ctx.scope` of a signed call (http/register-call.ts). */
export class RequestScope {
  private readonly reached = new Map<string, Promise<Reach>>();

  constructor(
    private readonly db: Db,
    readonly userId: number,
    /** The account's department as read with this request. */
    readonly departmentId: number,
    /** The acting role's rule as read with this request. */
    readonly rule: ScopeRule,
    /** The generations the request's round trip read (the departments' among them when the route declared it). */
    private readonly known: () => Generations | null = () => null,
  ) {}

  /** The scope of a resource (its override, else the role's); without a resource, the role's. */
  scopeOf(resource?: string): DataScope {
    return scopeFor(this.rule, resource);
  }

  /**
   * What the caller reaches in `resource`: its scope and the departments (or the owner) it reaches, from
   * the tree as of this request. Kept for the rest of this request only. `via`: the handler's transaction
   * when it runs in one (the embedded engine's one connection is the transaction's until it ends).
   */
  reach(resource?: string, via?: Db): Promise<Reach> {
    const key = resource ?? '';
    let found = this.reached.get(key);
    if (!found) {
      found = this.compute(this.scopeOf(resource), via);
      this.reached.set(key, found);
      // a failed read is not kept: the next ask reads again
      found.catch(() => this.reached.delete(key));
    }
    return found;
  }

  /**
   * The tree as of this request, for reckoning other scopes against the caller's (rules.ts, no escalation).
   * `via`: the handler's transaction when it runs in one (the snapshot is still kept for the database).
   */
  tree(via: Db = this.db): Promise<DepartmentTree> {
    return departmentTree(this.db, this.known(), via);
  }

  private async compute(scope: DataScope, via?: Db): Promise<Reach> {
    if (scope === 'all') return { scope, departmentIds: null, ownerId: null };
    if (scope === 'own') return { scope, departmentIds: null, ownerId: this.userId };
    return { scope, departmentIds: departmentsReached(await this.tree(via), scope, this.rule, this.departmentId), ownerId: null };
  }
}

/**
 * Whether giving `given` to holders in `holderDepartments` would reach more than the caller does (decision
 * 032), in the role's default scope or any resource either rule overrides: the caller's `all` covers
 * everything; a given `all` exceeds any other; a given `own` exceeds nothing; otherwise, for every holder's
 * department, the departments the given scope reaches must all be among those the caller's reaches.
 */
export async function scopeExceeds(caller: RequestScope, given: ScopeRule, holderDepartments: readonly number[], via?: Db): Promise<boolean> {
  const resources = [undefined, ...new Set([...Object.keys(given.scopes), ...Object.keys(caller.rule.scopes)])];
  let tree: DepartmentTree | undefined;
  for (const resource of resources) {
    const mine = caller.scopeOf(resource);
    const theirs = scopeFor(given, resource);
    if (mine === 'all' || theirs === 'own') continue;
    if (theirs === 'all') return true;
    tree ??= await caller.tree(via);
    const reached = departmentsReached(tree, mine, caller.rule, caller.departmentId)!;
    for (const holder of holderDepartments) {
      for (const id of departmentsReached(tree, theirs, given, holder)!) if (!reached.has(id)) return true;
    }
  }
  return false;
}
