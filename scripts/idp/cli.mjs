#!/usr/bin/env node
// `npm run idp`: the local OpenID provider of idp.mjs, for pointing a development Atrium at company sign-in.
// Prints the variables to start Atrium with; Ctrl-C (or SIGTERM) stops it.
//
//   npm run idp -- [--port 3001] [--public-url http://127.0.0.1:3000] [--client-secret SECRET]
//
// IDP_PORT, PUBLIC_URL and IDP_CLIENT_SECRET do the same (the options win). Without a secret, one is made
// for the run: give one to keep Atrium's configuration across restarts of the provider.
import { parseArgs } from 'node:util';
import { password, people, startIdp } from './idp.mjs';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.IDP_PORT || '3001' },
    'public-url': { type: 'string', default: process.env.PUBLIC_URL || 'http://127.0.0.1:3000' },
    'client-secret': { type: 'string', default: process.env.IDP_CLIENT_SECRET || undefined },
  },
  strict: true,
});

const fail = (message) => {
  console.error(`idp: ${message}`);
  process.exit(1);
};
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail('--port (IDP_PORT) takes a port number');
const publicUrl = values['public-url'].replace(/\/+$/, '');
if (!URL.canParse(publicUrl) || !/^https?:$/.test(new URL(publicUrl).protocol)) fail('--public-url (PUBLIC_URL) takes an http(s) address');

const idp = await startIdp({
  port,
  publicUrl,
  clientSecret: values['client-secret'],
  log: (line) => console.log(`  ${line}`),
}).catch((err) => fail(err.code === 'EADDRINUSE' ? `port ${port} is in use (--port or IDP_PORT picks another)` : err.message));

const roleMap = 'atrium-admins=admin,atrium-users=user';
/** A value as a shell word (a secret given with --client-secret may hold anything). */
const shell = (value) => (/^[\w.:/=,@%+-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`);
console.log(`Development OpenID provider: ${idp.issuer}  (issuer; discovery at ${idp.issuer}/.well-known/openid-configuration)`);
console.log(`People: ${people.map((p) => `${p.username} (${p.groups.join(', ') || 'no group'})`).join(', ')}; password ${password}`);
console.log(`Client ${idp.clientId}, redirect URI ${publicUrl}/api/auth/oidc/callback. Start Atrium with:\n`);
console.log(`OIDC_ISSUER=${idp.issuer} OIDC_CLIENT_ID=${idp.clientId} OIDC_CLIENT_SECRET=${shell(idp.clientSecret)} PUBLIC_URL=${shell(publicUrl)} OIDC_ROLE_MAP=${roleMap}\n`);
console.log('Ctrl-C stops it.');

let stopping = false;
const stop = async () => {
  if (stopping) process.exit(1); // a second signal: at once
  stopping = true;
  await idp.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
