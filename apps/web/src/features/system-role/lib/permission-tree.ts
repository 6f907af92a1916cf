import type { PermissionEntry } from '@atrium/contracts/calls/system';
import { permissionGroups } from '@atrium/contracts/permissions';

export interface PermissionTreeNode {
  key: string;
  title: string;
  disableCheckbox?: boolean;
  children?: PermissionTreeNode[];
}

const GROUP_PREFIX = 'group:';

/**
 * The catalogue as a tree: one node per group, in the catalogue's group order, with its permissions in
 * the order the server lists them. Group nodes carry a `group:` key, never a permission code.
 */
export function groupPermissions(entries: readonly PermissionEntry[], readOnly = false): PermissionTreeNode[] {
  const byGroup = new Map<string, PermissionTreeNode>();
  const rank = (group: PermissionEntry['group']) => permissionGroups.indexOf(group);
  for (const entry of [...entries].sort((a, b) => rank(a.group) - rank(b.group))) {
    let node = byGroup.get(entry.group);
    if (!node) {
      node = { key: `${GROUP_PREFIX}${entry.group}`, title: entry.groupLabel, children: [] };
      if (readOnly) node.disableCheckbox = true;
      byGroup.set(entry.group, node);
    }
    node.children!.push(readOnly ? { key: entry.code, title: entry.label, disableCheckbox: true } : { key: entry.code, title: entry.label });
  }
  return [...byGroup.values()];
}

/** The permission codes among a tree's checked keys (a fully checked group also reports its own key). */
export function checkedPermissions(keys: readonly string[]): string[] {
  return keys.filter((key) => !key.startsWith(GROUP_PREFIX));
}

/**
 * The boxes of a read-only tree, whose groups Arco does not derive (it skips disabled boxes): the
 * held codes, plus each group all of whose permissions are held; groups holding some are half checked.
 */
export function readOnlyCheckState(tree: readonly PermissionTreeNode[], held: readonly string[]): { checked: string[]; half: string[] } {
  const holds = new Set(held);
  const checked = [...held];
  const half: string[] = [];
  for (const group of tree) {
    const count = (group.children ?? []).filter((child) => holds.has(child.key)).length;
    if (count > 0 && count === group.children?.length) checked.push(group.key);
    else if (count > 0) half.push(group.key);
  }
  return { checked, half };
}
