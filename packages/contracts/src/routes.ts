import type { Permission } from './permissions.ts';
import type { ResourceDef } from './resource.ts';
import { sliceDefs } from './slices.ts';

/**
 * The route table: one source for the console's router, menu, breadcrumb, tab titles and guards, and
 * for the server's `GET /api/user/menu`. A page names the permission it needs; the caller's active role
 * decides (the server sends its permissions with the user info).
 */

export interface RouteNode {
  path: string;
  /** Route name (used in `redirect=` queries). Groups have none. */
  name?: string;
  /** i18n key of the menu / tab / page title. */
  titleKey?: string;
  /** Arco icon component name for top-level menu entries. */
  icon?: string;
  /** The permission a role needs to open the page; absent = any signed-in user. */
  permission?: Permission;
  order: number;
  requiresAuth: boolean;
  hideInMenu?: boolean;
  /** Whether visiting the page opens a tab; `closable: false` keeps it open. */
  tab?: boolean;
  closable?: boolean;
  /**
   * The reads the page's first view makes (`path` or `path?query`, exactly as its queries send them): for a
   * visitor with a session, the document's boot script sends them with user info and the menu while the
   * console's code downloads, and the page's queries adopt the answers (docs/architecture.md, The first
   * view). One line opts a page in; a test checks the list against what the page asks for first.
   */
  firstCalls?: readonly string[];
  children?: RouteNode[];
}

/** The core's home page: where a signed-in user lands when no slice brings a landing page (slice.ts). */
const homeRoute = { name: 'Home', path: '/home', titleKey: 'menu.home' } as const;
const sliceLanding = sliceDefs.find((s) => s.landing)?.landing;
export const defaultRoute: { readonly name: string; readonly path: string; readonly titleKey: string } = sliceLanding ?? homeRoute;

/**
 * 待我审批 / Awaiting me (docs/resources.md, "Life cycles"): what awaits the caller's approval across the
 * resources, open to every signed-in user (the list is each caller's own). A product has it once a resource's
 * life cycle has an approval; without one there is nothing it could list.
 */
export const approvalsRoute = { name: 'Approvals', path: '/approvals', titleKey: 'menu.approvals' } as const;
export const hasApprovals = sliceDefs.some((s) => (s.resource?.lifecycle?.awaiting.length ?? 0) > 0);

const coreRoutes: RouteNode[] = [
  ...(sliceLanding ? [] : [{ ...homeRoute, icon: 'IconHome', order: 0, requiresAuth: true, tab: true, closable: false }]),
  ...(hasApprovals ? [{ ...approvalsRoute, icon: 'IconCheckSquare', order: 0.5, requiresAuth: true, tab: true }] : []),
  {
    path: '/exception', titleKey: 'menu.exception', icon: 'IconExclamationCircle', order: 6, requiresAuth: true,
    children: [
      { path: '/exception/403', name: '403', titleKey: 'menu.exception.403', permission: 'exception:403', order: 6.1, requiresAuth: true, tab: true },
      { path: '/exception/404', name: '404', titleKey: 'menu.exception.404', order: 6.2, requiresAuth: true, tab: true },
      { path: '/exception/500', name: '500', titleKey: 'menu.exception.500', order: 6.3, requiresAuth: true, tab: true },
    ],
  },
  {
    path: '/user', titleKey: 'menu.user', icon: 'IconUser', order: 7, requiresAuth: true,
    children: [
      { path: '/user/info', name: 'Info', titleKey: 'menu.user.info', order: 7.1, requiresAuth: true, tab: true },
      { path: '/user/setting', name: 'Setting', titleKey: 'menu.user.setting', order: 7.2, requiresAuth: true, tab: true },
    ],
  },
  {
    path: '/system', titleKey: 'menu.system', icon: 'IconSafe', order: 8, requiresAuth: true,
    children: [
      { path: '/system/user', name: 'SystemUser', titleKey: 'menu.system.user', permission: 'user:read', order: 8.1, requiresAuth: true, tab: true },
      { path: '/system/role', name: 'SystemRole', titleKey: 'menu.system.role', permission: 'role:read', order: 8.2, requiresAuth: true, tab: true },
      { path: '/system/departments', name: 'SystemDepartment', titleKey: 'menu.system.department', permission: 'department:read', order: 8.25, requiresAuth: true, tab: true },
      { path: '/system/audit', name: 'SystemAudit', titleKey: 'menu.system.audit', permission: 'audit:read', order: 8.3, requiresAuth: true, tab: true },
    ],
  },
];

/** The i18n keys of a resource's texts (resourceMessages() fills them from the definitions). */
export const resourceTitleKey = (name: string) => `resource.${name}.pluralLabel`;
export const resourceGroupTitleKey = (group: string) => `resource.group.${group}`;
/** A resource's page in the route table (the console's slice of the resource names its page by it). */
export const resourceRouteName = (name: string) => `Resource:${name}`;
/** A record's own page (`/<group>/<plural>/:id`), and the key of its title (商品详情 / Product). */
export const resourceRecordRouteName = (name: string) => `Resource:${name}:record`;
export const resourceRecordTitleKey = (name: string) => `resource.${name}.recordTitle`;

/**
 * The resources' pages joined to the route table: under their menu group (an existing one, or a new
 * group with its label and order), in the order the registry lists them.
 */
export function withResourceRoutes(core: RouteNode[], defs: readonly ResourceDef[]): RouteNode[] {
  const tree = core.map((node) => ({ ...node, children: node.children && [...node.children] }));
  for (const r of defs) {
    let group = tree.find((node) => node.path === `/${r.menu.group}` && node.children);
    if (!group) {
      group = { path: `/${r.menu.group}`, titleKey: resourceGroupTitleKey(r.menu.group), icon: 'IconApps', order: r.menu.order ?? 9, requiresAuth: true, children: [] };
      tree.push(group);
    }
    const children = group.children!;
    const last = children.reduce((max, c) => Math.max(max, c.order), group.order);
    const order = Math.round((last + 0.01) * 100) / 100;
    children.push({ path: r.path, name: resourceRouteName(r.name), titleKey: resourceTitleKey(r.name), permission: r.permissions.read, order, requiresAuth: true, tab: true });
    // a record's own page, shared by its address and opened from the list: a tab of its own, not in the menu
    children.push({ path: `${r.path}/:id`, name: resourceRecordRouteName(r.name), titleKey: resourceRecordTitleKey(r.name), permission: r.permissions.read, order, requiresAuth: true, tab: true, hideInMenu: true });
  }
  return tree;
}

/**
 * The slices' routes joined to the core's, in registry order: a group that two slices (or a slice and the
 * core) declare is one menu group holding both's pages. A resource's slice (resourceSlice) brings its page
 * through its definition: after the pages its menu group holds so far (withResourceRoutes).
 */
function withSliceRoutes(core: RouteNode[]): RouteNode[] {
  let tree = [...core];
  for (const slice of sliceDefs) {
    if (slice.resource) tree = withResourceRoutes(tree, [slice.resource]);
    for (const node of slice.routes ?? []) {
      const route = node as RouteNode;
      const group = route.children && tree.find((n) => n.path === route.path && n.children);
      if (group) {
        tree[tree.indexOf(group)] = { ...group, children: [...group.children!, ...route.children!] };
      } else {
        tree.push(route);
      }
    }
  }
  return tree;
}

export const routeTable: RouteNode[] = withSliceRoutes(coreRoutes);

/** The permissions of the caller's active role (none known: only pages that need none are open). */
export type Granted = readonly string[] | ReadonlySet<string> | undefined | null;

export function holds(granted: Granted, permission: string): boolean {
  if (!granted) return false;
  return 'has' in granted ? granted.has(permission) : granted.includes(permission);
}

/** Allowed when the route needs no permission, or the granted permissions include it. */
export function isRouteAllowed(route: Pick<RouteNode, 'permission'>, granted: Granted): boolean {
  return route.permission === undefined || holds(granted, route.permission);
}

/** The route tree filtered by the granted permissions, groups without any allowed child dropped, sorted by order. */
export function filterRoutes(tree: RouteNode[], granted: Granted): RouteNode[] {
  const out: RouteNode[] = [];
  for (const node of [...tree].sort((a, b) => a.order - b.order)) {
    if (!isRouteAllowed(node, granted)) continue;
    if (node.children) {
      const children = filterRoutes(node.children, granted);
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

/**
 * Where a signed-in user lands, or a denied one is sent: the first page in menu order that the role's
 * permissions open, preferring pages that need a permission (the role's own work) over the pages open to
 * anyone, and those over the exception pages. Undefined when the tree has none.
 */
export function firstAllowedRoute(granted: Granted, tree: RouteNode[] = routeTable): RouteNode | undefined {
  // a page of one record (a path with a parameter) is nowhere to land
  const allowed = flattenRoutes(filterRoutes(tree, granted)).filter((r) => !r.path.includes(':'));
  return allowed.find((r) => r.permission !== undefined) ?? allowed.find((r) => !r.path.startsWith('/exception/')) ?? allowed[0];
}

/**
 * The landing page of a role: the product's (`defaultRoute`) when the role may open it, else the first page
 * it may (`firstAllowedRoute`). Sign-in and `/` send everyone to the product's; the guard sends a role
 * without it on to this one, and the tab bar's first tab holds it.
 */
export function landingPath(granted: Granted): string {
  const landing = findRouteByPath(defaultRoute.path);
  return !landing || isRouteAllowed(landing, granted) ? defaultRoute.path : (firstAllowedRoute(granted)?.path ?? defaultRoute.path);
}

/** Whether a route's path names `path`: segment by segment, a parameter (`:id`) standing for any one. */
export function routeMatches(pattern: string, path: string): boolean {
  if (!pattern.includes(':')) return pattern === path;
  const want = pattern.split('/');
  const got = path.split('/');
  return want.length === got.length && want.every((segment, i) => (segment.startsWith(':') ? got[i] !== '' : segment === got[i]));
}

/** The values a path gives a route's parameters (`/catalog/products/:id`, `/catalog/products/12` -> `{ id: '12' }`). */
export function routeParams(pattern: string, path: string): Record<string, string> {
  const got = path.split('/');
  return Object.fromEntries(pattern.split('/').flatMap((segment, i) => (segment.startsWith(':') ? [[segment.slice(1), got[i] ?? '']] : [])));
}

export function findRouteByPath(path: string, tree: RouteNode[] = routeTable): RouteNode | undefined {
  for (const node of tree) {
    if (routeMatches(node.path, path)) return node;
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
    if (routeMatches(node.path, path)) return [node];
    if (node.children) {
      const rest = routeAncestry(path, node.children);
      if (rest.length) return [node, ...rest];
    }
  }
  return [];
}
