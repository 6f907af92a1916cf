/**
 * The route and role table: one source for the console's router, menu, breadcrumb,
 * tab titles and guards, and for the server's `GET /api/user/menu`.
 */
export const roles = ['admin', 'user'] as const;
export type Role = (typeof roles)[number];
export type RouteRole = Role | '*';

export interface RouteNode {
  path: string;
  /** Route name (used in `redirect=` queries). Groups have none. */
  name?: string;
  /** i18n key of the menu / tab / page title. */
  titleKey?: string;
  /** Arco icon component name for top-level menu entries. */
  icon?: string;
  /** Allowed roles; absent = any signed-in user. */
  roles?: RouteRole[];
  order: number;
  requiresAuth: boolean;
  hideInMenu?: boolean;
  /** Whether visiting the page opens a tab; `closable: false` keeps it open. */
  tab?: boolean;
  closable?: boolean;
  children?: RouteNode[];
}

const any: RouteRole[] = ['*'];
const admin: RouteRole[] = ['admin'];

export const routeTable: RouteNode[] = [
  { path: '/workplace', name: 'Workplace', titleKey: 'menu.dashboard.workplace', icon: 'IconDashboard', order: 0, requiresAuth: true, tab: true, closable: false },
  {
    path: '/list', titleKey: 'menu.list', icon: 'IconList', order: 2, requiresAuth: true,
    children: [
      { path: '/list/search-table', name: 'SearchTable', titleKey: 'menu.list.searchTable', roles: any, order: 2.1, requiresAuth: true, tab: true },
      { path: '/list/card', name: 'Card', titleKey: 'menu.list.cardList', roles: any, order: 2.2, requiresAuth: true, tab: true },
    ],
  },
  {
    path: '/form', titleKey: 'menu.form', icon: 'IconSettings', order: 3, requiresAuth: true,
    children: [
      { path: '/form/step', name: 'Step', titleKey: 'menu.form.step', roles: admin, order: 3.1, requiresAuth: true, tab: true },
      { path: '/form/group', name: 'Group', titleKey: 'menu.form.group', roles: admin, order: 3.2, requiresAuth: true, tab: true },
    ],
  },
  {
    path: '/profile', titleKey: 'menu.profile', icon: 'IconFile', order: 4, requiresAuth: true,
    children: [{ path: '/profile/basic', name: 'Basic', titleKey: 'menu.profile.basic', roles: admin, order: 4.1, requiresAuth: true, tab: true }],
  },
  {
    path: '/result', titleKey: 'menu.result', icon: 'IconCheckCircle', order: 5, requiresAuth: true,
    children: [
      { path: '/result/success', name: 'Success', titleKey: 'menu.result.success', roles: admin, order: 5.1, requiresAuth: true, tab: true },
      { path: '/result/error', name: 'Error', titleKey: 'menu.result.error', roles: admin, order: 5.2, requiresAuth: true, tab: true },
    ],
  },
  {
    path: '/exception', titleKey: 'menu.exception', icon: 'IconExclamationCircle', order: 6, requiresAuth: true,
    children: [
      { path: '/exception/403', name: '403', titleKey: 'menu.exception.403', roles: admin, order: 6.1, requiresAuth: true, tab: true },
      { path: '/exception/404', name: '404', titleKey: 'menu.exception.404', roles: any, order: 6.2, requiresAuth: true, tab: true },
      { path: '/exception/500', name: '500', titleKey: 'menu.exception.500', roles: any, order: 6.3, requiresAuth: true, tab: true },
    ],
  },
  {
    path: '/user', titleKey: 'menu.user', icon: 'IconUser', order: 7, requiresAuth: true,
    children: [
      { path: '/user/info', name: 'Info', titleKey: 'menu.user.info', roles: any, order: 7.1, requiresAuth: true, tab: true },
      { path: '/user/setting', name: 'Setting', titleKey: 'menu.user.setting', roles: any, order: 7.2, requiresAuth: true, tab: true },
    ],
  },
];

export const defaultRoute = { name: 'Workplace', path: '/workplace', titleKey: 'menu.dashboard.workplace' } as const;

/** Allowed when the route has no roles, or its roles contain `*` or the role. */
export function isRouteAllowed(route: Pick<RouteNode, 'roles'>, role: string | undefined | null): boolean {
  if (!route.roles || route.roles.length === 0) return true;
  return route.roles.includes('*') || (!!role && route.roles.includes(role as Role));
}

/** The route tree filtered by role, groups without any allowed child dropped, sorted by order. */
export function filterRoutesByRole(tree: RouteNode[], role: string | undefined | null): RouteNode[] {
  const out: RouteNode[] = [];
  for (const node of [...tree].sort((a, b) => a.order - b.order)) {
    if (!isRouteAllowed(node, role)) continue;
    if (node.children) {
      const children = filterRoutesByRole(node.children, role);
      if (children.length === 0) continue;
      out.push({ ...node, children });
    } else {
      out.push(node);
    }
  }
  return out;
}

/** Leaf routes (pages) of the tree in menu order. */
export function flattenRoutes(tree: RouteNode[]): RouteNode[] {
  return [...tree]
    .sort((a, b) => a.order - b.order)
    .flatMap((node) => (node.children ? flattenRoutes(node.children) : [node]));
}

/** First page the role may open in menu order (where a denied user is sent), or undefined. */
export function firstAllowedRoute(role: string | undefined | null, tree: RouteNode[] = routeTable): RouteNode | undefined {
  return flattenRoutes(filterRoutesByRole(tree, role))[0];
}

export function findRouteByPath(path: string, tree: RouteNode[] = routeTable): RouteNode | undefined {
  for (const node of tree) {
    if (node.path === path) return node;
    const hit = node.children && findRouteByPath(path, node.children);
    if (hit) return hit;
  }
  return undefined;
}

export function findRouteByName(name: string, tree: RouteNode[] = routeTable): RouteNode | undefined {
  for (const node of tree) {
    if (node.name === name) return node;
    const hit = node.children && findRouteByName(name, node.children);
    if (hit) return hit;
  }
  return undefined;
}

/** The chain of nodes from the top group down to the page (for breadcrumbs). */
export function routeAncestry(path: string, tree: RouteNode[] = routeTable): RouteNode[] {
  for (const node of tree) {
    if (node.path === path) return [node];
    if (node.children) {
      const rest = routeAncestry(path, node.children);
      if (rest.length) return [node, ...rest];
    }
  }
  return [];
}
