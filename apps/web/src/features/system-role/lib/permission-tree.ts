import type { PermissionEntry } from '@atrium/contracts/calls/system';
import { permissionGroups } from '@atrium/contracts/permissions';

export interface PermissionTreeNode {
  key: string;
  title: string;
  disableCheckbox?: boolean;
  children?: PermissionTreeNode[];
}

const GROUP_PREFIX = 'group:';
const RESOURCE_PREFIX = 'resource:';

/**
 * The catalogue as a tree: one node per area, in the catalogue's area order; inside an area that covers
 * several resources (the system area: accounts, roles, sessions, audit log) one node per resource; then the
 * permissions in the order the server lists them. Area and resource nodes carry `group:` and `resource:`
 * keys, never a permission code.
 */
export function groupPermissions(entries: readonly PermissionEntry[], readOnly = false): PermissionTreeNode[] {
  const rank = (group: PermissionEntry['group']) => permissionGroups.indexOf(group);
  const areas = new Map<string, { title: string; resources: Map<string, { title: string; entries: PermissionEntry[] }> }>();
  for (const entry of [...entries].sort((a, b) => rank(a.group) - rank(b.group))) {
    let area = areas.get(entry.group);
    if (!area) areas.set(entry.group, (area = { title: entry.groupLabel, resources: new Map() }));
    let resource = area.resources.get(entry.resource);
    if (!resource) area.resources.set(entry.resource, (resource = { title: entry.resourceLabel, entries: [] }));
    resource.entries.push(entry);
  }
  const node = (key: string, title: string, children?: PermissionTreeNode[]): PermissionTreeNode => ({
    key,
    title,
    ...(readOnly ? { disableCheckbox: true } : {}),
    ...(children ? { children } : {}),
  });
  return [...areas].map(([group, area]) => {
    const resources = [...area.resources];
    const leaves = (list: PermissionEntry[]) => list.map((entry) => node(entry.code, entry.label));
    const children =
      resources.length === 1 ? leaves(resources[0]![1].entries) : resources.map(([resource, r]) => node(`${RESOURCE_PREFIX}${resource}`, r.title, leaves(r.entries)));
    return node(`${GROUP_PREFIX}${group}`, area.title, children);
  });
}

/** The permission codes among a tree's checked keys (a fully checked area or resource also reports its own key). */
export function checkedPermissions(keys: readonly string[]): string[] {
  return keys.filter((key) => !key.startsWith(GROUP_PREFIX) && !key.startsWith(RESOURCE_PREFIX));
}

/**
 * The boxes of a read-only tree, whose inner nodes Arco does not derive (it skips disabled boxes): the
 * held codes, plus each area or resource all of whose permissions are held; those holding some are half
 * checked.
 */
export function readOnlyCheckState(tree: readonly PermissionTreeNode[], held: readonly string[]): { checked: string[]; half: string[] } {
  const holds = new Set(held);
  const checked = [...held];
  const half: string[] = [];
  /** How many of the node's permissions are held, out of how many. */
  const visit = (node: PermissionTreeNode): [number, number] => {
    if (!node.children) return [holds.has(node.key) ? 1 : 0, 1];
    let [count, total] = [0, 0];
    for (const child of node.children) {
      const [c, t] = visit(child);
      count += c;
      total += t;
    }
    if (count > 0 && count === total) checked.push(node.key);
    else if (count > 0) half.push(node.key);
    return [count, total];
  };
  tree.forEach(visit);
  return { checked, half };
}
