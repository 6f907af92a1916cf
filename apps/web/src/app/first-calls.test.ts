import { flattenRoutes, routeTable } from '@atrium/contracts/routes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from '../lib/api';
import type { UserInfo } from '@atrium/contracts/calls/auth';
import { declaredCall, firstCallKey, grantedAtLastVisit } from '../lib/api/first-calls';
import { sessionFirstCalls, useSession } from '../stores/session';
import { preloadPage } from './route-components';

// The document's boot sends the first view's calls before the console runs (src/prerender/first-calls.ts),
// and the console adopts an answer only when it asks for exactly that call: what the boot sends must be
// what the console asks for first, or the boot's requests are wasted and the console sends its own.

/** The calls the console sends, as the boot keys them. */
let asked: string[] = [];

beforeEach(() => {
  resetApiClient();
  asked = [];
  localStorage.setItem('token', 'tok-1');
  localStorage.setItem('fingerprint', 'fp-1');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      if (input === '/api/client-config') return Response.json({ keyId: 'k', secret: 's' });
      const [path = '', query = ''] = input.split('?');
      asked.push(firstCallKey(init.method ?? 'GET', path, query));
      // No data: each page's own queries are not what is checked here.
      return Response.json({ status: 'error', code: 503, message: 'none', data: { error: 'SERVICE_UNAVAILABLE' }, traceId: 't' }, { status: 503 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("the first view's calls the document sends", () => {
  it("are those the session's start asks for: user info and the menu", async () => {
    await useSession.getState().load();
    // The menu is asked for beside user info, and may leave after the profile's refusal came back.
    await vi.waitFor(() => expect([...asked].sort()).toEqual(sessionFirstCalls.map((c) => firstCallKey(c.method, c.path, c.query)).sort()));
  });

  // A product whose pages declare none (the blank one) has only the session's.
  const declaring = flattenRoutes(routeTable).filter((route) => route.firstCalls?.length);
  if (declaring.length > 0) it.each(declaring.map((route) => [route.path, route] as const))('of %s are what its page asks for first', async (_path, route) => {
    await preloadPage(route.name!, new URLSearchParams());
    const declared = route.firstCalls!.map(declaredCall).map((c) => firstCallKey(c.method, c.path, c.query));
    expect([...new Set(asked)].sort()).toEqual([...new Set(declared)].sort());
    expect(declared).toHaveLength(new Set(declared).size);
  });

  it("remember the role's permissions for the next document, none while every page is refused, and forget them with the session", () => {
    const user = { role: 'user', permissions: ['workplace:view'], mustChangePassword: false, mfaRequired: false, mfaEnabled: false } as unknown as UserInfo;
    useSession.getState().setUser(user);
    expect(grantedAtLastVisit()).toEqual(new Set(['workplace:view']));
    useSession.getState().setUser({ ...user, mustChangePassword: true });
    expect(grantedAtLastVisit()).toEqual(new Set());
    useSession.getState().clear();
    expect(grantedAtLastVisit()).toBeNull();
  });
});
