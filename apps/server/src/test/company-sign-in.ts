/**
 * Company sign-in as a browser does it, for the server suites: the development provider of `npm run idp`
 * (scripts/idp, oidc-provider) started in-process, its sign-in form filled over HTTP with a cookie jar,
 * and Atrium's side of the flow through the test app.
 */
import { expect } from 'vitest';
import type { OidcConfig } from '../config.ts';
import { startIdp, type Idp } from '../../../../scripts/idp/idp.mjs';
import type { TestApp, TestResponse } from './harness.ts';

/** Atrium's address as the provider knows it (the suites never open it: the callback is injected). */
const PUBLIC_URL = 'http://atrium.test';
/** The provider's groups (`npm run idp`'s map) and a group of a custom role, which a suite creates when it needs it (`createReviewer`). */
const ROLE_MAP = new Map([
  ['atrium-admins', ['admin']],
  ['atrium-users', ['user']],
  ['atrium-reviewers', ['reviewer']],
]);

/** Creates the custom role `reviewer` (reads the audit log), which the group `atrium-reviewers` maps to; answers its id. */
export async function createReviewer(t: TestApp, adminToken: string): Promise<number> {
  const res = await t.request({ method: 'POST', url: '/api/system/roles', token: adminToken, body: { code: 'reviewer', name: 'Reviewer', permissions: ['audit:read'] } });
  expect(res.status, res.text).toBe(200);
  return res.body.data.id as number;
}

export function startProvider(port = 0): Promise<Idp> {
  return startIdp({ port, publicUrl: PUBLIC_URL });
}

export function oidcSettings(idp: Pick<Idp, 'issuer' | 'clientId' | 'clientSecret'>, overrides: Partial<OidcConfig> = {}): OidcConfig {
  return {
    issuer: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    publicUrl: PUBLIC_URL,
    scopes: 'openid profile email',
    rolesClaim: 'groups',
    roleMap: ROLE_MAP,
    defaultRole: undefined,
    label: undefined,
    logout: 'local',
    ...overrides,
  };
}

/**
 * Follows the provider's redirects from `authorizationUrl`, fills its sign-in form (or cancels it) and
 * answers the path and query of the callback the provider sends the browser to.
 */
export async function atProvider(authorizationUrl: string, username: string, opts: { cancel?: boolean } = {}): Promise<string> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  let form: string | undefined;
  for (let hop = 0; hop < 20; hop++) {
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      body: form,
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    });
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    form = undefined;
    if (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get('location')!, url).href;
      if (next.startsWith(PUBLIC_URL)) return next.slice(PUBLIC_URL.length);
      url = next;
      continue;
    }
    const action = /action="([^"]+)"/.exec(await res.text())?.[1];
    if (!action) throw new Error(`no sign-in form at ${url} (${res.status})`);
    if (opts.cancel) {
      url = new URL(action.replace(/\/login$/, '/abort'), url).href;
      continue;
    }
    url = new URL(action, url).href;
    form = new URLSearchParams({ username, password: 'idp123' }).toString();
  }
  throw new Error('the provider never sent the browser back');
}

/** The binding cookie of a start's answer, as the browser sends it back. */
function bindingCookie(res: TestResponse): string {
  const line = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith('atrium_oidc='));
  expect(line, 'binding cookie').toBeDefined();
  return String(line).split(';')[0]!;
}

/** A browser's navigation: it asks for HTML. */
export const navigation = { accept: 'text/html,application/xhtml+xml' };

export interface Flow {
  cookie: string;
  /** The callback's path and query, as the provider sent the browser there. */
  callback: string;
}

/** Starts a sign-in on `t` and signs in at the provider as `username`. */
export async function startFlow(t: TestApp, username: string, opts: { redirect?: string; cancel?: boolean } = {}): Promise<Flow> {
  const start = await t.request({ url: `/api/auth/company-sign-in/start?redirect=${encodeURIComponent(opts.redirect ?? '/user/info')}`, sign: false, headers: navigation });
  expect(start.status, start.text).toBe(302);
  return { cookie: bindingCookie(start), callback: await atProvider(String(start.headers.location), username, opts) };
}

/** The callback as the browser makes it: the Location it is sent to (`/login#sso=…` or `/login#sso_error=…`). */
export async function callback(t: TestApp, flow: Flow, cookie: string | null = flow.cookie): Promise<string> {
  const res = await t.request({ url: flow.callback, sign: false, headers: { ...navigation, ...(cookie ? { cookie } : {}) } });
  expect(res.status, res.text).toBe(302);
  return String(res.headers.location);
}

export const ticketOf = (location: string) => /^\/login#sso=([A-Za-z0-9_-]{43})$/.exec(location)?.[1];

/** The sign-in page's redemption: a signed call with the browser's cookie. */
export function redeem(t: TestApp, ticket: string, cookie: string | null, fingerprint?: string): Promise<TestResponse> {
  return t.request({ method: 'POST', url: '/api/auth/company-sign-in/redeem', body: { ticket }, headers: cookie ? { cookie } : {}, fingerprint });
}

/** The whole flow for `username`: the session's answer. */
export async function signInThroughProvider(t: TestApp, username: string, redirect?: string): Promise<TestResponse> {
  const flow = await startFlow(t, username, { redirect });
  const location = await callback(t, flow);
  const ticket = ticketOf(location);
  expect(ticket, location).toBeDefined();
  return redeem(t, ticket!, flow.cookie);
}
