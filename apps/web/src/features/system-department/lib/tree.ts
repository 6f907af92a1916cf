import type { Department } from '@atrium/contracts/calls/department';

/** What a tree is built of: the departments call's rows, or a picker's (the scope pickers answer less of each). */
type TreeRow = Pick<Department, 'id' | 'parentId' | 'name' | 'status'>;
/** A department with the ones right below it; a leaf has no `children` (so the table shows no expander). */
export type DepartmentNode<T extends TreeRow = Department> = T & { children?: DepartmentNode<T>[] };

/**
 * The tree from the server's flat list (parents before children, siblings in order). A department whose
 * parent is not in the list stands at the top, so nothing the server answers is lost (a data scope's part
 * of the tree starts at the departments it reaches).
 */
export function buildTree<T extends TreeRow>(list: readonly T[]): DepartmentNode<T>[] {
  const nodes = new Map<number, DepartmentNode<T>>(list.map((d) => [d.id, { ...d }]));
  const roots: DepartmentNode<T>[] = [];
  for (const d of list) {
    const node = nodes.get(d.id)!;
    const parent = d.parentId === null ? undefined : nodes.get(d.parentId);
    if (parent && parent !== node) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/**
 * The departments whose name holds `keyword` (without regard to case), each with its ancestors so that it
 * shows where it sits; the other branches go. An empty keyword keeps the whole tree.
 */
export function filterTree(nodes: readonly DepartmentNode[], keyword: string): DepartmentNode[] {
  const needle = keyword.trim().toLocaleLowerCase();
  if (!needle) return [...nodes];
  const keep = (node: DepartmentNode): DepartmentNode | null => {
    const children = (node.children ?? []).map(keep).filter((c): c is DepartmentNode => c !== null);
    if (children.length > 0) return { ...node, children };
    if (node.name.toLocaleLowerCase().includes(needle)) return { ...node, children: undefined };
    return null;
  };
  return nodes.map(keep).filter((n): n is DepartmentNode => n !== null);
}

/** The ids of the nodes that have children: expanding them all shows the whole (filtered) tree. */
export function branchIds(nodes: readonly DepartmentNode[]): number[] {
  return nodes.flatMap((n) => (n.children ? [n.id, ...branchIds(n.children)] : []));
}

/** The department and every department below it. */
export function subtreeIds(list: readonly Department[], id: number): Set<number> {
  const ids = new Set([id]);
  // Parents come before their children in the list; a second pass is not needed then, but costs nothing to be safe.
  for (let grew = true; grew; ) {
    grew = false;
    for (const d of list) {
      if (d.parentId !== null && ids.has(d.parentId) && !ids.has(d.id)) {
        ids.add(d.id);
        grew = true;
      }
    }
  }
  return ids;
}

/** A TreeSelect's node: Arco keys are strings. */
export interface DepartmentOption {
  key: string;
  title: string;
  disabled?: boolean;
  children?: DepartmentOption[];
}

interface OptionRules {
  /** Left out with everything below it (a department cannot sit under itself or one of its own). */
  exclude?: ReadonlySet<number>;
  /** Disabled departments shown but not chosen (nothing is put in or under them). */
  activeOnly?: boolean;
  /** When given, departments outside it are shown but not chosen (beyond the caller's reach). */
  within?: ReadonlySet<number>;
}

/** The tree as a TreeSelect's data. */
export function departmentOptions<T extends TreeRow>(nodes: readonly DepartmentNode<T>[], rules: OptionRules = {}): DepartmentOption[] {
  return nodes
    .filter((n) => !rules.exclude?.has(n.id))
    .map((n) => {
      const children = n.children ? departmentOptions(n.children, rules) : [];
      return {
        key: String(n.id),
        title: n.name,
        ...((rules.activeOnly && n.status !== 'active') || (rules.within && !rules.within.has(n.id)) ? { disabled: true } : {}),
        ...(children.length > 0 ? { children } : {}),
      };
    });
}

/**
 * The options a department's parent may be: all but the department itself and those below it, offered when
 * active and, with `within`, among those the caller may change.
 */
export function parentOptions(list: readonly Department[], editing: number | null, within?: ReadonlySet<number>): DepartmentOption[] {
  const exclude = editing === null ? new Set<number>() : subtreeIds(list, editing);
  return departmentOptions(buildTree(list), { exclude, activeOnly: true, within });
}

/** The keys of the options to open at first: the top two levels, where a choice usually starts. */
export function openOptionKeys(options: readonly DepartmentOption[], levels = 2): string[] {
  if (levels <= 0) return [];
  return options.flatMap((o) => (o.children ? [o.key, ...openOptionKeys(o.children, levels - 1)] : []));
}
