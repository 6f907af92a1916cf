import { filterRoutes, routeTable, type Granted, type RouteNode } from '@atrium/contracts/routes';

/**
 * The menu: the route table sorted by order, filtered by the active role's permissions, hidden routes
 * dropped, then cross-checked with the server's tree (an item the server lacks is hidden). Titles stay
 * keys here and are translated at render time.
 */
export function buildMenu(granted: Granted, serverPaths: Set<string> | null, tree: RouteNode[] = routeTable): RouteNode[] {
  const out: RouteNode[] = [];
  for (const node of filterRoutes(tree, granted)) {
    if (node.hideInMenu) continue;
    if (node.children) {
      const children = node.children.filter((child) => !child.hideInMenu && (!serverPaths || serverPaths.has(child.path)));
      if (children.length > 0) out.push({ ...node, children });
    } else if (!serverPaths || serverPaths.has(node.path)) {
      out.push(node);
    }
  }
  return out;
}

/** The group holding a page (for opening it on route changes). */
export function parentOf(path: string, menu: RouteNode[]): RouteNode | undefined {
  return menu.find((node) => node.children?.some((child) => child.path === path));
}

export interface SearchHit {
  path: string;
  /** Translated "group › page" label. */
  label: string;
}

/** Navbar search: case-insensitive substring of the translated titles. */
export function searchMenu(menu: RouteNode[], query: string, translate: (key: string) => string): SearchHit[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  const hits: SearchHit[] = [];
  for (const node of menu) {
    const groupTitle = node.titleKey ? translate(node.titleKey) : '';
    const leaves = node.children ?? [node];
    for (const leaf of leaves) {
      const title = leaf.titleKey ? translate(leaf.titleKey) : '';
      const label = node.children ? `${groupTitle} › ${title}` : title;
      if (title.toLowerCase().includes(needle) || (node.children && groupTitle.toLowerCase().includes(needle))) hits.push({ path: leaf.path, label });
    }
  }
  return hits;
}
