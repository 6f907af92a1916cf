import { resources } from '@atrium/contracts/slices';
import type { TFunction } from '../../../lib/i18n';

/** What a 409 IN_USE of a department's delete says blocks it (department.service.ts `removeDepartment`). */
export interface Blocking {
  children?: number;
  members?: number;
  /** The table whose records still belong to the department (their foreign key refused the delete). */
  records?: string;
}

/**
 * Why a department cannot be deleted, from the 409's details: its sub-departments, its members, or both;
 * else the records that still belong to it, named by their resource when a kit resource keeps them.
 */
export function blockedText(t: TFunction, name: string, { children = 0, members = 0, records }: Blocking): string {
  if (children === 0 && members === 0 && records) {
    const def = resources.find((r) => r.table === records);
    return def ? t('systemDepartment.delete.inUse.records', { name, records: t(`resource.${def.name}.label`) }) : t('systemDepartment.delete.inUse.someRecords', { name });
  }
  const which = children > 0 && members > 0 ? 'both' : children > 0 ? 'children' : 'members';
  return t(`systemDepartment.delete.inUse.${which}`, { name, children, members });
}
