import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdp, type Idp } from './idp.mjs';

// The development provider driven as a browser and Atrium's server would: plain fetch, redirects read
// from Location (never followed automatically), the provider's cookies kept between the requests.
const publicUrl = 'http://127.0.0.1:3000';
const redirectUri = `${publicUrl}/api/auth/oidc/callback`;
let idp: Idp;
let discovery: Record<string, any>;

beforeAll(async () => {
  idp = await startIdp({ port: 0, publicUrl });
  discovery = (await (await fetch(`${idp.issuer}/.well-known/openid-configuration`)).json()) as Record<string, any>;
});
afterAll(() => idp?.close());

const b64url = (bytes: Buffer) => bytes.toString('base64url');

/** A browser's cookie jar, enough for one provider on one host (cookies by name). */
function browser() {
  const jar = new Map<string, string>();
  return async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (jar.size > 0) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    const res = await fetch(new URL(url, idp.issuer), { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const expired = attributes.some((a) => /^\s*expires=.*1970/i.test(a) || /^\s*max-age=0\s*$/i.test(a));
      if (expired) jar.delete(pair.slice(0, at).trim());
      else jar.set(pair.slice(0, at).trim(), pair.slice(at + 1));
    }
    return res;
  };
}

type SignIn = { code?: string; params?: URLSearchParams; status: number; verifier: string; nonce: string; state: string };

/**
 * Starts at the authorization endpoint (state, nonce, S256 challenge), signs in on the provider's form
 * (giving consent if asked) and stops at the redirect to Atrium's callback: its query is `params`.
 * `status` is the answer to the sign-in form when it was not a redirect (a refused password).
 */
async function signIn(username: string, password: string, { scope = 'openid profile email', cancel = false, pkce = true } = {}): Promise<SignIn> {
  const go = browser();
  const verifier = b64url(randomBytes(32));
  const state = b64url(randomBytes(16));
  const nonce = b64url(randomBytes(16));
  const authorize = new URL(discovery.authorization_endpoint);
  authorize.search = new URLSearchParams({
    client_id: 'atrium',
    response_type: 'code',
    redirect_uri: redirectUri,
    scope,
    state,
    nonce,
    ...(pkce ? { code_challenge: b64url(createHash('sha256').update(verifier).digest()), code_challenge_method: 'S256' } : {}),
  }).toString();

  let res = await go(authorize.href);
  for (let hop = 0; hop < 10; hop++) {
    if (res.status === 200) {
      // A sign-in form: fill it in (or cancel).
      const html = await res.text();
      if (cancel) {
        res = await go(/href="([^"]+\/abort)"/.exec(html)![1]!);
        continue;
      }
      const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
      expect(action, html).toBeDefined();
      res = await go(action!, { method: 'POST', body: new URLSearchParams({ username, password }) });
      if (res.status !== 303) return { status: res.status, verifier, nonce, state };
      continue;
    }
    expect([302, 303]).toContain(res.status);
    const location = new URL(res.headers.get('location')!, idp.issuer);
    if (location.href.startsWith(`${redirectUri}?`)) {
      return { code: location.searchParams.get('code') ?? undefined, params: location.searchParams, status: res.status, verifier, nonce, state };
    }
    expect(location.origin).toBe(idp.issuer); // never anywhere else before the callback
    res = await go(location.href);
  }
  throw new Error('too many redirects');
}

/** Atrium's server redeeming the code (client_secret_basic, or client_secret_post as openid-client does by default). */
async function redeem(code: string, verifier: string, { auth = 'basic', secret = idp.clientSecret } = {}) {
  const body = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier });
  const headers: Record<string, string> = {};
  if (auth === 'basic') headers.authorization = `Basic ${Buffer.from(`atrium:${encodeURIComponent(secret)}`).toString('base64')}`;
  else {
    body.set('client_id', 'atrium');
    body.set('client_secret', secret);
  }
  const res = await fetch(discovery.token_endpoint, { method: 'POST', headers, body });
  return { status: res.status, json: (await res.json()) as Record<string, any> };
}

async function verifyIdToken(idToken: string): Promise<JWTPayload> {
  const { payload, protectedHeader } = await jwtVerify(idToken, createRemoteJWKSet(new URL(discovery.jwks_uri)), {
    issuer: idp.issuer,
    audience: 'atrium',
    algorithms: ['RS256'],
  });
  expect(protectedHeader.alg).toBe('RS256');
  return payload;
}

describe('npm run idp: the development OpenID provider', () => {
  it('publishes a discovery document naming its issuer, endpoints and S256', () => {
    expect(idp.issuer).toBe(`http://127.0.0.1:${idp.port}`);
    expect(idp.clientId).toBe('atrium');
    expect(discovery.issuer).toBe(idp.issuer);
    for (const endpoint of ['authorization_endpoint', 'token_endpoint', 'jwks_uri', 'end_session_endpoint', 'userinfo_endpoint']) {
      expect(discovery[endpoint], endpoint).toMatch(new RegExp(`^${idp.issuer}/`));
    }
    expect(discovery.code_challenge_methods_supported).toContain('S256');
    expect(discovery.code_challenge_methods_supported).not.toContain('plain');
    expect(discovery.id_token_signing_alg_values_supported).toContain('RS256');
  });

  it('signs alice in: code at the callback, ID token signed with the published key, her claims and groups', async () => {
    const flow = await signIn('alice', 'idp123');
    expect(flow.code).toBeTruthy();
    expect(flow.params?.get('state')).toBe(flow.state);
    expect(flow.params?.get('iss')).toBe(idp.issuer);

    const { status, json } = await redeem(flow.code!, flow.verifier);
    expect(status, JSON.stringify(json)).toBe(200);
    const claims = await verifyIdToken(json.id_token);
    expect(claims).toMatchObject({
      iss: idp.issuer,
      aud: 'atrium',
      nonce: flow.nonce,
      sub: '6f1c2a4e-8d7b-4c3a-9e51-a11ce0000001',
      preferred_username: 'alice',
      name: 'Alice Admin',
      email: 'alice@idp.example',
      email_verified: true,
      groups: ['atrium-admins'],
    });

    // The same claims at the userinfo endpoint.
    const userinfo = await (await fetch(discovery.userinfo_endpoint, { headers: { authorization: `Bearer ${json.access_token}` } })).json();
    expect(userinfo).toMatchObject({ sub: claims.sub, preferred_username: 'alice', groups: ['atrium-admins'] });

    // A code is good once.
    expect((await redeem(flow.code!, flow.verifier)).json.error).toBe('invalid_grant');
  });

  it('gives bob the same sub at every sign-in, and groups with the groups scope alone', async () => {
    const first = await signIn('bob', 'idp123');
    const second = await signIn('bob', 'idp123', { scope: 'openid groups' });
    const a = await verifyIdToken((await redeem(first.code!, first.verifier)).json.id_token);
    const b = await verifyIdToken((await redeem(second.code!, second.verifier, { auth: 'post' })).json.id_token);
    expect(b.sub).toBe(a.sub);
    expect(a.groups).toEqual(['atrium-users']);
    expect(b.groups).toEqual(['atrium-users']);
    expect(b.preferred_username).toBeUndefined(); // no profile scope
  });

  it('refuses a wrong password: the form comes back and no code is issued', async () => {
    const flow = await signIn('bob', 'idp124');
    expect(flow.status).toBe(401);
    expect(flow.code).toBeUndefined();
    expect((await signIn('mallory', 'idp123')).code).toBeUndefined();
  });

  it('gives carol, who has no group, no groups', async () => {
    const flow = await signIn('carol', 'idp123');
    const { json } = await redeem(flow.code!, flow.verifier, { auth: 'post' });
    const claims = await verifyIdToken(json.id_token);
    expect(claims.preferred_username).toBe('carol');
    expect(claims.groups ?? []).toEqual([]);
  });

  it('requires PKCE, the verifier and the client secret', async () => {
    const withoutPkce = await signIn('alice', 'idp123', { pkce: false });
    expect(withoutPkce.code).toBeUndefined();
    expect(withoutPkce.params?.get('error')).toBe('invalid_request');
    const flow = await signIn('alice', 'idp123');
    expect((await redeem(flow.code!, b64url(randomBytes(32)))).json.error).toBe('invalid_grant');
    const again = await signIn('alice', 'idp123');
    expect((await redeem(again.code!, again.verifier, { secret: 'wrong' })).json.error).toBe('invalid_client');
  });

  it('answers access_denied at the callback when the person cancels', async () => {
    const flow = await signIn('alice', '', { cancel: true });
    expect(flow.code).toBeUndefined();
    expect(flow.params?.get('error')).toBe('access_denied');
    expect(flow.params?.get('state')).toBe(flow.state);
  });
});
