import type { TFunction } from '../../../lib/i18n';

/**
 * Why a department cannot be deleted, from the 409's counts: its sub-departments, its members, or both.
 */
export function blockedText(t: TFunction, name: string, children: number, members: number): string {
  const which = children > 0 && members > 0 ? 'both' : children > 0 ? 'children' : 'members';
  return t(`systemDepartment.delete.inUse.${which}`, { name, children, members });
}
