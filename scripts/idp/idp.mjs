// A local OpenID Connect provider for development and tests (identity.md §1, "For development and tests"):
// oidc-provider (panva's certified implementation) with three people and one client, Atrium. Nothing of
// the protocol is written here: this file only configures the library and draws the sign-in form that its
// interaction API asks for. Everything lives in memory and goes with the process. Not for production.
import { createHmac, generateKeyPairSync, randomBytes, randomUUID, sign as cryptoSign } from 'node:crypto';
import { createServer } from 'node:http';
import { URLSearchParams } from 'node:url';
import Provider, { errors } from 'oidc-provider';

/** The people (password `idp123` each). `sub` is fixed, so Atrium finds the same account after a restart. */
export const people = [
  { sub: '6f1c2a4e-8d7b-4c3a-9e51-a11ce0000001', username: 'alice', name: 'Alice Admin', email: 'alice@idp.example', groups: ['atrium-admins'] },
  { sub: '6f1c2a4e-8d7b-4c3a-9e51-b0b000000002', username: 'bob', name: 'Bob User', email: 'bob@idp.example', groups: ['atrium-users'] },
  { sub: '6f1c2a4e-8d7b-4c3a-9e51-ca4010000003', username: 'carol', name: 'Carol', email: 'carol@idp.example', groups: [] },
];
export const password = 'idp123';
const clientId = 'atrium';

/**
 * Starts the provider on 127.0.0.1 (`port` 0: any free port; the issuer names the real one).
 * @param {{ port?: number, publicUrl?: string, clientSecret?: string, log?: (line: string) => void }} [options]
 */
export async function startIdp({ port = 3001, publicUrl = 'http://127.0.0.1:3000', clientSecret = randomBytes(24).toString('base64url'), log } = {}) {
  const atrium = publicUrl.replace(/\/+$/, '');
  // This instance's people: a test may move one between groups (setGroups) without touching another's.
  const cast = people.map((p) => ({ ...p, groups: [...p.groups] }));
  /** @type {((token: { header: Record<string, unknown>, payload: Record<string, unknown> }) => { header: Record<string, unknown>, payload: Record<string, unknown>, sign: 'key' | 'secret' | 'none' }) | undefined} */
  let tamper;
  /** @type {Provider | undefined} */
  let provider;
  /** @type {((req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void) | undefined} */
  let handle;
  // The interaction pages are ours; every other path is the provider's. (The provider needs the issuer,
  // so the port, before it is made: it is set once the server listens.)
  const server = createServer((req, res) => {
    if (!provider || !handle) return void res.writeHead(503).end();
    const { pathname } = new URL(req.url ?? '/', 'http://idp');
    if (pathname.startsWith('/interaction/')) return void interaction(provider, cast, req, res, pathname.split('/')[3]);
    handle(req, res);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(undefined));
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const issuer = `http://127.0.0.1:${actualPort}`;

  // A signing key made at each start (RS256, 2048 bits): fine for a development provider, whose tokens
  // live as long as the process. A real provider keeps and rotates its keys.
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' };

  provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        client_name: 'Atrium',
        redirect_uris: [`${atrium}/api/auth/oidc/callback`],
        post_logout_redirect_uris: [`${atrium}/login`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        // client_secret_post is accepted as well: the library takes either way of sending the secret.
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'RS256',
      },
    ],
    jwks: { keys: [jwk] },
    // SameSite=Lax for the session too (the default, None, needs https, which a development provider lacks).
    cookies: { keys: [randomBytes(32).toString('base64url')], long: { httpOnly: true, sameSite: 'lax' } },
    // `groups` comes with `profile` (Atrium asks for `openid profile email` by default) and with a scope of
    // its own, as Keycloak or Dex offer it; the claims parameter may ask for it too.
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username', 'groups'],
      email: ['email', 'email_verified'],
      groups: ['groups'],
    },
    // The ID token carries the claims of the granted scopes (not only the userinfo endpoint), as most
    // company providers do.
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: false }, // they accept any login without a password: ours checks it
      claimsParameter: { enabled: true },
      rpInitiatedLogout: { enabled: true, logoutSource, postLogoutSuccessSource },
    },
    pkce: { methods: ['S256'], required: () => true },
    interactions: { url: (_ctx, { uid }) => `/interaction/${uid}` },
    findAccount: (_ctx, sub) => {
      const person = cast.find((p) => p.sub === sub);
      return person && { accountId: sub, claims: () => claimsOf(person) };
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = page('Error', Object.entries(out).map(([key, value]) => `<p><strong>${escape(key)}</strong>: ${escape(value)}</p>`).join(''));
    },
    ttl: { AccessToken: 3600, AuthorizationCode: 60, IdToken: 3600, Interaction: 600, Session: 8 * 3600, Grant: 8 * 3600 },
  });
  // For the relying party's tests only: the token endpoint's ID token rewritten (a wrong audience or
  // nonce, unsigned, signed with the client secret) to show that Atrium refuses it.
  provider.use(async (ctx, next) => {
    await next();
    const body = /** @type {{ id_token?: unknown } | undefined} */ (ctx.body);
    if (!tamper || ctx.path !== '/token' || typeof body?.id_token !== 'string') return;
    const [header, payload] = body.id_token.split('.').slice(0, 2).map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    body.id_token = signJwt(tamper({ header, payload }), privateKey, clientSecret);
  });
  handle = provider.callback();
  // Errors the provider answers (bad client, wrong secret, PKCE mismatch…) go to the log, as a real one's would.
  if (log) {
    for (const event of ['authorization.error', 'grant.error', 'end_session.error', 'server_error']) {
      provider.on(event, (_ctx, err) => log(`${event}: ${err.message}${err.error_description ? ` (${err.error_description})` : ''}`));
    }
  }

  return {
    issuer,
    port: actualPort,
    clientId,
    clientSecret,
    setGroups: (username, groups) => {
      const person = cast.find((p) => p.username === username);
      if (!person) throw new Error(`no person ${username}`);
      person.groups = [...groups];
    },
    tamperIdToken: (fn) => {
      tamper = fn;
    },
    close: () =>
      new Promise((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve(undefined)));
        server.closeAllConnections();
      }),
  };
}

/** A JWT of `header` and `payload`, signed with the provider's key, the client's secret (HS256) or not at all (`none`). */
function signJwt({ header, payload, sign }, privateKey, clientSecret) {
  const alg = sign === 'key' ? 'RS256' : sign === 'secret' ? 'HS256' : 'none';
  const input = [{ ...header, alg }, payload].map((part) => Buffer.from(JSON.stringify(part)).toString('base64url')).join('.');
  if (sign === 'none') return `${input}.`;
  const signature = sign === 'key' ? cryptoSign('sha256', Buffer.from(input), privateKey) : createHmac('sha256', clientSecret).update(input).digest();
  return `${input}.${signature.toString('base64url')}`;
}

/** The claims of a person; the provider keeps those of the granted scopes. A person without a group has no `groups` claim (as in Keycloak). */
function claimsOf(person) {
  return {
    sub: person.sub,
    preferred_username: person.username,
    name: person.name,
    email: person.email,
    email_verified: true,
    ...(person.groups.length > 0 ? { groups: person.groups } : {}),
  };
}

/**
 * GET /interaction/:uid shows the sign-in form, POST /interaction/:uid/login checks it,
 * GET /interaction/:uid/abort cancels (Atrium gets `access_denied`). Consent is given at once: Atrium is
 * the company's own application, and company providers do not ask for it either.
 */
async function interaction(provider, cast, req, res, action) {
  try {
    const { uid, prompt, params, grantId, session } = await provider.interactionDetails(req, res);
    if (prompt.name === 'consent') {
      const grant = (grantId && (await provider.Grant.find(grantId))) || new provider.Grant({ accountId: session?.accountId, clientId: String(params.client_id) });
      if (prompt.details.missingOIDCScope) grant.addOIDCScope(prompt.details.missingOIDCScope.join(' '));
      if (prompt.details.missingOIDCClaims) grant.addOIDCClaims(prompt.details.missingOIDCClaims);
      return await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
    }
    if (action === 'abort') {
      const result = { error: 'access_denied', error_description: 'The person cancelled the sign-in.' };
      return await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
    }
    if (prompt.name !== 'login') return send(res, 501, page('Not supported', `<p>Prompt ${escape(prompt.name)} is not supported here.</p>`));
    if (req.method === 'POST' && action === 'login') {
      const form = await readForm(req);
      const username = form.get('username')?.trim().toLowerCase() ?? '';
      const person = cast.find((p) => p.username === username);
      if (person && form.get('password') === password) {
        return await provider.interactionFinished(req, res, { login: { accountId: person.sub } }, { mergeWithLastSubmission: false });
      }
      return send(res, 401, loginPage(uid, username, 'Wrong username or password.'));
    }
    return send(res, 200, loginPage(uid, typeof params.login_hint === 'string' ? params.login_hint : ''));
  } catch (err) {
    if (err instanceof errors.SessionNotFound) {
      return send(res, 400, page('Sign-in expired', '<p>This sign-in has expired or is finished. Start again from Atrium.</p>'));
    }
    console.error(err);
    if (!res.headersSent) send(res, 500, page('Error', '<p>Something went wrong: see the provider’s output.</p>'));
  }
}

function loginPage(uid, username, error) {
  const base = `/interaction/${encodeURIComponent(uid)}`;
  return page(
    'Sign in',
    `${error ? `<p role="alert" class="error">${escape(error)}</p>` : ''}
<form method="post" action="${base}/login" autocomplete="off">
  <label>Username <input name="username" value="${escape(username)}" required ${username ? '' : 'autofocus'}></label>
  <label>Password <input name="password" type="password" required ${username ? 'autofocus' : ''}></label>
  <button type="submit">Sign in</button>
</form>
<p><a href="${base}/abort">Cancel</a></p>
<p class="hint">Development provider: ${people.map((p) => `<code>${p.username}</code>`).join(', ')}, password <code>${password}</code>.</p>`,
  );
}

async function logoutSource(ctx, form) {
  ctx.body = page(
    'Sign out',
    `<p>Sign out of the development provider?</p>${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out</button>
<button type="submit" form="op.logoutForm">Stay signed in</button>`,
  );
}

async function postLogoutSuccessSource(ctx) {
  ctx.body = page('Signed out', '<p>You are signed out of the development provider.</p>');
}

function page(title, body) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Atrium development IdP</title>
<style>body{font:16px system-ui,sans-serif;max-width:24rem;margin:3rem auto;padding:0 1rem}label{display:block;margin:.75rem 0}input{display:block;width:100%;padding:.4rem;box-sizing:border-box}button{padding:.4rem 1rem;margin:.25rem .25rem 0 0}.error{color:#b00020}.hint{color:#555;font-size:.875rem}</style>
</head><body><h1>${escape(title)}</h1>
${body}
</body></html>`;
}

function send(res, status, html) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html);
}

function escape(value) {
  return String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** An application/x-www-form-urlencoded body (a sign-in form: a few bytes). */
async function readForm(req) {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > 10_000) break;
  }
  return new URLSearchParams(body);
}
