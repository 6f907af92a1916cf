import { eq, sql, type SQL } from 'drizzle-orm';
import type { Locale } from '@atrium/contracts';
import type { Db } from '../../db/client.ts';
import { departments, type DepartmentRow } from '../../db/schema/auth.ts';

/**
 * What several modules read of the departments (decision 031): the root, a department's name in the reader's
 * language and a subtree as a condition. Whether one may be given to an account or a record is
 * lists/placement.ts's; the tree's own calls are the system module's (modules/system/department.*).
 */

/** The root, made by migration 0009: the one department without a parent, and every account's by default. */
export const ROOT_DEPARTMENT_ID = 1;

/** A department's name as its reader sees it: the root the migration made keeps its English name until renamed (decision 015). */
export function departmentName(row: Pick<DepartmentRow, 'name' | 'nameEn'>, locale: Locale): string {
  return locale === 'en-US' ? (row.nameEn ?? row.name) : row.name;
}

/**
 * `column` (a department id) is department `id` or one below it: the paths from the department's own up to
 * the same with its last "/" raised to "0" (the next byte) are exactly those that start with it, one range
 * of the path's index (the column compares bytes, collation "C"). No recursion, whatever the depth.
 */
export function inSubtreeOf(column: SQL, id: number): SQL {
  return sql`${column} in (select s.id from departments s join departments p on p.id = ${id}
    where s.path >= p.path and s.path < (left(p.path, -1) || '0'))`;
}

/** The department's name in the reader's language; '' when it is gone. */
export async function departmentNameOf(db: Db, id: number, locale: Locale): Promise<string> {
  const [row] = await db.select({ name: departments.name, nameEn: departments.nameEn }).from(departments).where(eq(departments.id, id));
  return row ? departmentName(row, locale) : '';
}

/** Every department's id and parent (the tree in memory, department-tree.ts). */
export function departmentParents(db: Db): Promise<{ id: number; parentId: number | null; leaderId: number | null }[]> {
  return db.select({ id: departments.id, parentId: departments.parentId, leaderId: departments.leaderId }).from(departments);
}
