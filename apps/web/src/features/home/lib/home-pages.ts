import { defaultRoute, filterRoutes, routeTable, type Granted, type RouteNode } from '@atrium/contracts/routes';

export interface HomeEntry {
  page: RouteNode;
  /** The menu group holding the page; none for a page at the top of the menu. */
  group?: RouteNode;
}

/**
 * The pages the home page offers: the menu's (the route table filtered by the active role's permissions,
 * hidden entries and those the server's tree lacks left out, in menu order), without the landing page
 * itself and the exception pages.
 */
export function homeEntries(granted: Granted, serverPaths: Set<string> | null, tree: RouteNode[] = routeTable): HomeEntry[] {
  const offered = (page: RouteNode) =>
    !page.hideInMenu && page.path !== defaultRoute.path && !page.path.startsWith('/exception/') && (!serverPaths || serverPaths.has(page.path));
  return filterRoutes(tree, granted).flatMap((node): HomeEntry[] => {
    if (node.hideInMenu) return [];
    if (!node.children) return offered(node) ? [{ page: node }] : [];
    return node.children.filter(offered).map((page) => ({ page, group: node }));
  });
}
