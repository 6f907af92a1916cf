import { builtInRoles } from '@atrium/contracts/permissions';
import { defaultRoute, findRouteByPath, firstAllowedRoute, flattenRoutes, isRouteAllowed, routeTable } from '@atrium/contracts/routes';
import { describe, expect, it } from 'vitest';
import { decide, loginRedirectUrl, postLoginUrl } from './guard';

// The core's pages, whatever slices the product has; the expectations that depend on the slices (where a
// role lands) are read from the route table. A slice checks its own pages beside them.
const admin = { token: 't', role: 'admin', permissions: builtInRoles.admin.permissions };
const user = { token: 't', role: 'user', permissions: builtInRoles.user.permissions };
/** A custom role: the guard reads its permissions, not its name. */
const auditor = { token: 't', role: 'auditor', permissions: ['audit:read'] };
const anon = { token: '', role: '', permissions: [] };
/** Where a role is sent from a page it lacks: its first allowed page in menu order. */
const fallbackOf = (permissions: readonly string[]) => firstAllowedRoute(permissions)!.path;
const pages = flattenRoutes(routeTable);

describe('route guard', () => {
  it('sends a signed-out visitor to login with the route name and query', () => {
    expect(decide({ pathname: '/system/user', search: '?keyword=ann&current=2' }, anon)).toEqual({
      type: 'redirect',
      to: '/login?redirect=SystemUser&keyword=ann&current=2',
    });
  });

  it('gives the landing page (and the root) no redirect parameter', () => {
    expect(decide({ pathname: defaultRoute.path, search: '?x=1' }, anon)).toEqual({ type: 'redirect', to: '/login' });
    expect(loginRedirectUrl({ pathname: '/', search: '' })).toBe('/login');
  });

  it('lets a signed-out visitor open the login page', () => {
    expect(decide({ pathname: '/login', search: '' }, anon)).toEqual({ type: 'allow' });
  });

  it('asks for user info when a token has no role yet', () => {
    expect(decide({ pathname: '/system/user', search: '' }, { token: 't', role: '', permissions: [] })).toEqual({ type: 'needUser' });
    expect(decide({ pathname: '/login', search: '' }, { token: 't', role: '', permissions: [] })).toEqual({ type: 'needUser' });
  });

  it('sends a signed-in user away from login to the landing page', () => {
    expect(decide({ pathname: '/login', search: '' }, user)).toEqual({ type: 'redirect', to: defaultRoute.path });
  });

  it('redirects / to the landing page and groups to their first allowed child', () => {
    expect(decide({ pathname: '/', search: '' }, admin)).toEqual({ type: 'redirect', to: defaultRoute.path });
    expect(decide({ pathname: '/exception', search: '' }, user)).toEqual({ type: 'redirect', to: '/exception/404' });
    expect(decide({ pathname: '/system', search: '' }, admin)).toEqual({ type: 'redirect', to: '/system/user' });
    expect(decide({ pathname: '/system/', search: '' }, admin)).toEqual({ type: 'redirect', to: '/system/user' });
    expect(decide({ pathname: '/system', search: '' }, auditor)).toEqual({ type: 'redirect', to: '/system/audit' });
  });

  it('opens the system pages by their own permission, whatever the role is called', () => {
    expect(decide({ pathname: '/system/audit', search: '' }, auditor)).toEqual({ type: 'allow' });
    for (const path of ['/system/user', '/system/role']) {
      expect(decide({ pathname: path, search: '' }, auditor)).toEqual({ type: 'redirect', to: '/system/audit', reason: 'noPermission' });
      expect(decide({ pathname: path, search: '' }, admin)).toEqual({ type: 'allow' });
    }
    // The role name alone opens nothing: an `admin` session whose permissions say otherwise is refused.
    const strippedAdmin = { token: 't', role: 'admin', permissions: ['audit:read'] };
    expect(decide({ pathname: '/system/user', search: '' }, strippedAdmin)).toEqual({ type: 'redirect', to: '/system/audit', reason: 'noPermission' });
    const bare = { token: 't', role: 'admin', permissions: [] };
    expect(decide({ pathname: '/system/user', search: '' }, bare)).toEqual({ type: 'redirect', to: fallbackOf([]), reason: 'noPermission' });
  });

  it('sends a role without the landing page on to its first page, without the no-permission toast', () => {
    const landing = findRouteByPath(defaultRoute.path)!;
    const without = { token: 't', role: 'reader', permissions: ['audit:read'] };
    expect(isRouteAllowed(landing, without.permissions)).toBe(landing.permission === undefined);
    if (landing.permission) expect(decide({ pathname: defaultRoute.path, search: '' }, without)).toEqual({ type: 'redirect', to: '/system/audit' });
    expect(decide({ pathname: '/system/user', search: '' }, without)).toEqual({ type: 'redirect', to: '/system/audit', reason: 'noPermission' });
  });

  it('leaves a group with no allowed child to the not-found page', () => {
    expect(decide({ pathname: '/system', search: '' }, user)).toEqual({ type: 'allow' });
  });

  it('sends a user away from every page the role lacks to its first allowed page with the no-permission toast', () => {
    const lacking = pages.filter((page) => !isRouteAllowed(page, user.permissions)).map((page) => page.path);
    expect(lacking).toEqual(expect.arrayContaining(['/exception/403', '/system/user', '/system/role', '/system/audit']));
    for (const path of lacking) {
      expect(decide({ pathname: path, search: '' }, user)).toEqual({ type: 'redirect', to: fallbackOf(user.permissions), reason: 'noPermission' });
      expect(decide({ pathname: path, search: '' }, admin)).toEqual({ type: 'allow' });
    }
  });

  it('allows the pages the role holds, the redirect route and unknown paths (not-found)', () => {
    const open = pages.filter((page) => isRouteAllowed(page, user.permissions)).map((page) => page.path);
    expect(open).toEqual(expect.arrayContaining([defaultRoute.path, '/exception/404', '/user/info', '/user/setting']));
    for (const path of [...open, '/redirect/%2Fuser%2Finfo', '/no/such/page']) {
      expect(decide({ pathname: path, search: '' }, user)).toEqual({ type: 'allow' });
    }
  });
});

describe('after sign-in', () => {
  it('goes to the named route with the remaining query', () => {
    expect(postLoginUrl('?redirect=SystemUser&keyword=ann&current=2')).toBe('/system/user?keyword=ann&current=2');
  });
  it('goes to the landing page without redirect or with an unknown or unsafe one', () => {
    expect(postLoginUrl('')).toBe(defaultRoute.path);
    expect(postLoginUrl('?redirect=https://evil.example')).toBe(defaultRoute.path);
    expect(postLoginUrl('?redirect=Login')).toBe(defaultRoute.path);
    expect(postLoginUrl('?redirect=Redirect')).toBe(defaultRoute.path);
  });
});
