import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { DataScope } from '@atrium/contracts';

// The data scope as every list, total, export, picker and read by id applies it (issue 39, data-scope.md §4):
// one condition over the row's department and owner columns, built here and nowhere else, so a path cannot
// apply a scope of its own; and one key per reach, so a cached answer or a remembered total is only ever
// served to a caller who reaches exactly the same rows.

/** What a caller reaches in one resource, as of one request (sessions/data-scope.ts reckons it). */
export interface Reach {
  scope: DataScope;
  /** The departments whose records are reached; null: every department (`all`), or none by department (`own`). */
  departmentIds: ReadonlySet<number> | null;
  /** `own`: the account whose records are reached (the caller); null otherwise. */
  ownerId: number | null;
}

/**
 * How a table is scoped: the resource whose scope applies (the key of a role's per-resource overrides, one of
 * contracts' `scopedResources`), and its department and owner columns over `t`. The accounts' list, for
 * one, is the `user` resource, its department column `department_id` and its "owner" the account itself
 * (`id`): `own` reaches one's own account.
 */
export interface ScopeColumns {
  resource: string;
  department: string;
  owner: string;
}

/** The usual columns of a scoped table (the kit's and the collections'). */
export const scopedBy = (resource: string): ScopeColumns => ({ resource, department: 'department_id', owner: 'owner_id' });

/**
 * The accounts are the `user` resource of the data scope (delegated administration, issue 39): an account's
 * department is its own, and its "owner" the account itself, so `own` reaches one's own account alone. The
 * accounts' list and calls by id (modules/system) and the live sessions of accounts (sessions/) scope by it.
 */
export const accountScope: ScopeColumns = { resource: 'user', department: 'department_id', owner: 'id' };

/**
 * The rows of `alias` that `reach` reaches, as one condition (undefined: every row). One department is an
 * equality, which an index of (department, the list's order) reads in the list's order; several are written
 * into the statement's text as one array literal, so the text names the reach (decision 053): a plan kept by
 * the text (db/prepared.ts `runPreparedSql`) is a plan for these departments, and PostgreSQL plans each
 * statement once per connection instead of estimating a reach of a thousand ids for every request. As a
 * parameter it would not: a generic plan guesses ten departments for any array, reads them all through the
 * department index and sorts (a second for 300 000 reached rows, bench/data-scope), where the plan for the
 * ids themselves walks the order's index and tests each row against the ids hashed. The ids are the tree's
 * own integers, checked as such before they are written.
 */
export function scopeCondition(reach: Reach, columns: ScopeColumns, alias = 't'): SQL | undefined {
  const column = (name: string) => sql`${sql.identifier(alias)}.${sql.identifier(name)}`;
  if (reach.ownerId !== null) return sql`${column(columns.owner)} = ${reach.ownerId}`;
  if (reach.departmentIds === null) return undefined;
  if (reach.departmentIds.size === 0) return sql`false`;
  if (reach.departmentIds.size === 1) return sql`${column(columns.department)} = ${[...reach.departmentIds][0]!}`;
  return sql`${column(columns.department)} = any(${sql.raw(`'{${departmentList(reach)}}'::int[]`)})`;
}

/** By the set of departments: the tree keeps one set per reach (department-tree.ts), so this is written once. */
const lists = new WeakMap<ReadonlySet<number>, string>();

/** The reach's departments in ascending order, as the text of an array (the same reach, the same text). */
function departmentList(reach: Reach): string {
  const departments = reach.departmentIds!;
  let list = lists.get(departments);
  if (list !== undefined) return list;
  for (const id of departments) if (!Number.isInteger(id) || id < -(2 ** 31) || id > 2 ** 31 - 1) throw new Error('a reach holds department ids, integers only');
  list = Int32Array.from(departments).sort().join(',');
  lists.set(departments, list);
  return list;
}

const keys = new WeakMap<ReadonlySet<number>, string>();

/**
 * A key naming exactly the rows a reach reaches: `all`, `own:12`, or the departments (sorted; hashed when
 * many). Two callers with the same key see the same rows, so they may share a cached answer; any other
 * difference, of role, department or tree, gives another key.
 */
export function scopeKey(reach: Reach): string {
  if (reach.ownerId !== null) return `own:${reach.ownerId}`;
  if (reach.departmentIds === null) return 'all';
  let key = keys.get(reach.departmentIds);
  if (key === undefined) {
    const ids = departmentList(reach);
    key = ids.length <= 64 ? `d:${ids}` : `d#${createHash('sha256').update(ids).digest('base64url')}`;
    keys.set(reach.departmentIds, key);
  }
  return key;
}
