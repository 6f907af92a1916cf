import { builtInRoles } from '@atrium/contracts/permissions';
import { describe, expect, it } from 'vitest';
import { decide, loginRedirectUrl, postLoginUrl } from './guard';

const admin = { token: 't', role: 'admin', permissions: builtInRoles.admin.permissions };
const user = { token: 't', role: 'user', permissions: builtInRoles.user.permissions };
/** A custom role: the guard reads its permissions, not its name. */
const auditor = { token: 't', role: 'auditor', permissions: ['workplace:view', 'audit:read'] };
const anon = { token: '', role: '', permissions: [] };

describe('route guard', () => {
  it('sends a signed-out visitor to login with the route name and query', () => {
    expect(decide({ pathname: '/list/search-table', search: '?status=online&current=2' }, anon)).toEqual({
      type: 'redirect',
      to: '/login?redirect=SearchTable&status=online&current=2',
    });
  });

  it('gives the workplace (and the root) no redirect parameter', () => {
    expect(decide({ pathname: '/workplace', search: '?x=1' }, anon)).toEqual({ type: 'redirect', to: '/login' });
    expect(loginRedirectUrl({ pathname: '/', search: '' })).toBe('/login');
  });

  it('lets a signed-out visitor open the login page', () => {
    expect(decide({ pathname: '/login', search: '' }, anon)).toEqual({ type: 'allow' });
  });

  it('asks for user info when a token has no role yet', () => {
    expect(decide({ pathname: '/form/step', search: '' }, { token: 't', role: '', permissions: [] })).toEqual({ type: 'needUser' });
    expect(decide({ pathname: '/login', search: '' }, { token: 't', role: '', permissions: [] })).toEqual({ type: 'needUser' });
  });

  it('sends a signed-in user away from login to the workplace', () => {
    expect(decide({ pathname: '/login', search: '' }, user)).toEqual({ type: 'redirect', to: '/workplace' });
  });

  it('redirects / to the workplace and groups to their first allowed child', () => {
    expect(decide({ pathname: '/', search: '' }, admin)).toEqual({ type: 'redirect', to: '/workplace' });
    expect(decide({ pathname: '/form', search: '' }, admin)).toEqual({ type: 'redirect', to: '/form/step' });
    expect(decide({ pathname: '/exception', search: '' }, user)).toEqual({ type: 'redirect', to: '/exception/404' });
    expect(decide({ pathname: '/list/', search: '' }, user)).toEqual({ type: 'redirect', to: '/list/search-table' });
    expect(decide({ pathname: '/system', search: '' }, admin)).toEqual({ type: 'redirect', to: '/system/user' });
    expect(decide({ pathname: '/system', search: '' }, auditor)).toEqual({ type: 'redirect', to: '/system/audit' });
  });

  it('follows the permissions of the role: a card reader without the search table is sent to its first page', () => {
    const cards = { token: 't', role: 'cards', permissions: ['workplace:view', 'card:read'] };
    expect(decide({ pathname: '/list', search: '' }, cards)).toEqual({ type: 'redirect', to: '/list/card' });
    expect(decide({ pathname: '/list/search-table', search: '' }, cards)).toEqual({ type: 'redirect', to: '/workplace', reason: 'noPermission' });
    expect(decide({ pathname: '/list/card', search: '' }, cards)).toEqual({ type: 'allow' });
  });

  it('opens the system pages by their own permission, whatever the role is called', () => {
    expect(decide({ pathname: '/system/audit', search: '' }, auditor)).toEqual({ type: 'allow' });
    for (const path of ['/system/user', '/system/role']) {
      expect(decide({ pathname: path, search: '' }, auditor)).toEqual({ type: 'redirect', to: '/workplace', reason: 'noPermission' });
      expect(decide({ pathname: path, search: '' }, admin)).toEqual({ type: 'allow' });
    }
    // The role name alone opens nothing: an `admin` session whose permissions say otherwise is refused.
    const strippedAdmin = { token: 't', role: 'admin', permissions: ['workplace:view'] };
    expect(decide({ pathname: '/system/user', search: '' }, strippedAdmin)).toEqual({ type: 'redirect', to: '/workplace', reason: 'noPermission' });
  });

  it('leaves a group with no allowed child to the not-found page', () => {
    expect(decide({ pathname: '/form', search: '' }, user)).toEqual({ type: 'allow' });
    expect(decide({ pathname: '/result', search: '' }, user)).toEqual({ type: 'allow' });
    expect(decide({ pathname: '/system', search: '' }, user)).toEqual({ type: 'allow' });
  });

  it('sends a user away from pages the role lacks to the first allowed route with the no-permission toast', () => {
    for (const path of ['/form/step', '/form/group', '/profile/basic', '/result/success', '/result/error', '/exception/403', '/system/user', '/system/role', '/system/audit']) {
      expect(decide({ pathname: path, search: '' }, user)).toEqual({ type: 'redirect', to: '/workplace', reason: 'noPermission' });
      expect(decide({ pathname: path, search: '' }, admin)).toEqual({ type: 'allow' });
    }
  });

  it('sends a role without the workplace to its first allowed page, not to the workplace', () => {
    const noWorkplace = { token: 't', role: 'cards', permissions: ['card:read'] };
    expect(decide({ pathname: '/workplace', search: '' }, noWorkplace)).toEqual({ type: 'redirect', to: '/list/card', reason: 'noPermission' });
  });

  it('allows pages open to any role, the redirect route and unknown paths (not-found)', () => {
    for (const path of ['/workplace', '/list/card', '/exception/404', '/user/setting', '/redirect/%2Fworkplace', '/no/such/page']) {
      expect(decide({ pathname: path, search: '' }, user)).toEqual({ type: 'allow' });
    }
  });
});

describe('after sign-in', () => {
  it('goes to the named route with the remaining query', () => {
    expect(postLoginUrl('?redirect=SearchTable&status=online&current=2')).toBe('/list/search-table?status=online&current=2');
  });
  it('goes to the workplace without redirect or with an unknown or unsafe one', () => {
    expect(postLoginUrl('')).toBe('/workplace');
    expect(postLoginUrl('?redirect=https://evil.example')).toBe('/workplace');
    expect(postLoginUrl('?redirect=Login')).toBe('/workplace');
    expect(postLoginUrl('?redirect=Redirect')).toBe('/workplace');
  });
});
