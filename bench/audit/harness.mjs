// What bench/audit/run.mjs needs around its measurements: a private PostgreSQL database, the real server
// process on it, signed requests (the contracts' own signing code) and autocannon driven from a pool of
// pre-signed requests. The method is bench/api's (docs/decisions/008-api-benchmark-method.md); that script
// is not a module, so the few helpers it needs live here.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import { clearTimeout, setTimeout } from 'node:timers';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { register } from 'tsx/esm/api';

register(); // the contracts' signing code is TypeScript
const { signHeaders } = await import('../../packages/contracts/src/signing.ts');
const { allCalls } = await import('../../packages/contracts/src/calls/index.ts');

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Whether the product has the call of this id. The demo's calls (the collections, the card list's queues)
 * are gone from a blank product (`npm run demo:remove`): a benchmark that measures one of them falls back
 * to a core call there.
 */
export const hasCall = (id) => allCalls.some((call) => call.id === id);

/**
 * Migrates and seeds a database as the server does when it starts: the core's migrations and accounts,
 * then the product's slices' (apps/server/src/slices.ts; the demo's sample data when it is there). `dir`:
 * another checkout whose server code to use. `sample: false`: migrated only, as production leaves an empty
 * database (a bench that seeds departments of its own: the demo's sample departments would take their ids).
 */
export async function migrateAndSeed(handle, dir = root, { sample = true } = {}) {
  const at = (path) => import(pathToFileURL(join(dir, path)).href);
  const { migrateDatabase } = await at('apps/server/src/db/migrate.ts');
  const { seedDatabase } = await at('apps/server/src/db/seed/index.ts');
  const { serverSlices } = await at('apps/server/src/slices.ts');
  await migrateDatabase(handle, serverSlices);
  if (sample) await seedDatabase(handle.db, { nodeEnv: 'development' }, serverSlices);
}

// Call ids of audited calls (every write, and the exports), the common ones first: with the skew below the
// first ones get most entries, as in a console where collections are edited all day and roles rarely.
export const auditActions = [
  'collection.update', 'auth.login', 'collection.create', 'user.logout', 'message.read', 'card.rule.update', 'collection.export', 'user.preferences.save',
  'channel.submit', 'collection.delete', 'card.quality.create', 'card.quality.inspect', 'profile.submit', 'user.switch-role', 'collection.import', 'message.clear',
  'card.service.update', 'user.save-info', 'card.quality.delete', 'profile.approve', 'system.user.update', 'user.upload', 'card.service.renew', 'profile.cancel',
  'system.user.create', 'user.change-password', 'system.session.revoke', 'system.user.disable', 'system.user.enable', 'user.session.revoke', 'system.user.unlock',
  'system.user.reset-password', 'system.audit.export', 'user.bind-phone', 'system.role.update', 'system.role.create', 'user.certification.apply',
  'user.session.revoke-others', 'system.role.delete', 'user.security-question',
];

/**
 * `entries` audit entries in one INSERT ... SELECT generate_series (bench/audit, and bench/api's list):
 * entry g at now - 364 days * (N - g) / N (ids grow with time, as the server writes them; within the
 * 365-day retention, so the sweep at start deletes none). Actor k (0-49) with probability growing as
 * sqrt: k = 0 (`admin`) has ~14 %, k = 25 ~1.4 %; 1 % have no actor (a refused sign-in of an unknown name).
 * Actions from `auditActions`, skewed the same way; 94 % success, 4 % denied, 2 % failed. Targets as the
 * server derives them (resource of the call id, id from the path) among 5 000 ids. Answers the milliseconds
 * it took. (The trail's call ids are the demo's and the core's: in a blank product the demo's are history.)
 */
export async function seedAuditTrail(db, entries) {
  const started = Date.now();
  await db.execute('select setseed(0.2026)');
  await db.execute(`
    insert into audit_log (at, actor_id, actor_name, role, action, target_type, target_id, summary, changes, result, ip, user_agent, trace_id)
    select at, case when k < 0 then null else k + 1 end,
           case when k < 0 then 'ghost' || g % 97 when k < 3 then (array['admin', 'user', 'auditor'])[k + 1] else 'operator' || lpad(k::text, 2, '0') end,
           case when k < 0 then null when k % 4 = 0 then 'admin' else 'user' end,
           action, resource, case when resource in ('auth', 'user') then null else t::text end,
           action || ' ' || t,
           case when action like '%.update' then jsonb_build_array(jsonb_build_object('field', 'count', 'before', t, 'after', t + 1)) else '[]'::jsonb end,
           case when r < 0.94 then 'success' when r < 0.98 then 'denied' else 'failed' end,
           '10.0.' || (g % 250) || '.' || (g % 199), 'Mozilla/5.0 (X11; Linux x86_64) bench-audit', 'req-' || g
      from (select g, at, k, action, r, t, case split_part(action, '.', 1) when 'system' then split_part(action, '.', 2) else split_part(action, '.', 1) end as resource
              from (select g, now() - interval '364 days' * ((${entries} - g)::float8 / ${entries}) as at,
                           case when random() < 0.01 then -1 else floor(50 * random() ^ 2)::int end as k,
                           ('{${auditActions.join(',')}}'::text[])[1 + floor(${auditActions.length} * random() ^ 1.5)::int] as action,
                           random() as r, floor(random() * 5000)::int as t
                      from generate_series(1, ${entries}) as g) as drawn) as e`);
  return Date.now() - started;
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** `--name value` from the command line, or `fallback`. */
export function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : process.argv[at + 1];
}

/**
 * The run's cleanup steps (`cleanups.push(step)`: a database to drop, a server to stop), run last first,
 * once, however the run ends: `cleanup()` at its end, or a signal, or no result within `timeoutMinutes`
 * (then the process exits 130, 143 or 2). A second signal exits at once.
 */
export function cleanupOnExit(timeoutMinutes) {
  const cleanups = [];
  let cleaning;
  const cleanup = () =>
    (cleaning ??= (async () => {
      for (const step of cleanups.reverse()) await step().catch((e) => console.error(`cleanup: ${e.message}`));
    })());
  const abort = (why, code) => {
    console.error(`\n${why}: cleaning up`);
    void cleanup().then(() => process.exit(code));
  };
  const deadline = setTimeout(() => abort(`no result within --timeout-minutes ${timeoutMinutes}`, 2), timeoutMinutes * 60_000);
  process.once('SIGINT', () => abort('interrupted', 130));
  process.once('SIGTERM', () => abort('terminated', 143));
  return { cleanups, cleanup, stopDeadline: () => clearTimeout(deadline) };
}

/** Runs `work` with one connection to `url`, closed afterwards. */
export async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return work(client).finally(() => client.end());
}

/** A fresh database beside `adminUrl` (where CREATE DATABASE works); `drop()` removes it, connections and all. */
export async function createDatabase(adminUrl, name) {
  await withClient(adminUrl, async (c) => {
    await c.query(`drop database if exists ${name} with (force)`);
    await c.query(`create database ${name}`);
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => withClient(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`)) };
}

async function freePort() {
  const probe = createServer();
  await new Promise((ok, fail) => probe.once('error', fail).listen(0, '127.0.0.1', ok));
  const { port } = probe.address();
  await new Promise((ok) => probe.close(ok));
  return port;
}

/** CPU seconds (user + system) the process has used so far (Linux /proc; NaN elsewhere). */
function cpuSeconds(pid) {
  try {
    const [utime, stime] = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ').slice(11, 13);
    return (Number(utime) + Number(stime)) / 100;
  } catch {
    return NaN;
  }
}

/**
 * Starts the server as `npm start` runs it (node --import tsx src/main.ts; other node `args` for another way) with `env` on top of the
 * benchmark's defaults, waits until /readyz answers and the process is idle after its start-up work (it
 * compresses the built console in the background), and answers `{ port, pid, stop }`. The IPC channel makes
 * the server drain and exit when this process dies, however it dies.
 */
export async function startServer(env, args = ['--import', 'tsx', join(root, 'apps/server/src/main.ts')]) {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((ok) => child.once('exit', ok));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000).then(() => child.kill('SIGKILL'))]);
  };
  try {
    for (let ready = false; !ready; ) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
      ready = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false);
      if (!ready) await sleep(100);
    }
    for (let i = 0, last = cpuSeconds(child.pid); i < 120; i++) {
      await sleep(1000);
      const now = cpuSeconds(child.pid);
      if (!(now - last >= 0.05)) break;
      last = now;
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { port, pid: child.pid, stop, output: () => output };
}

/**
 * A signer for one credential: `sign(method, url, { body, token, contentType })` answers the request's headers
 * with a fresh nonce and signature, for `url` exactly as it will be sent (path and raw query); a body is JSON
 * unless `contentType` says otherwise (a multipart upload's bytes).
 */
function signer(credential, fingerprint) {
  return (method, url, { body, token, contentType = 'application/json' } = {}) => {
    const [path, query = ''] = url.split('?');
    const headers = { 'X-Fingerprint': fingerprint, 'Accept-Language': 'en-US', ...(token ? { 'Access-Token': token } : {}), ...(body === undefined ? {} : { 'Content-Type': contentType }) };
    return signHeaders(credential, { method, path, query, headers, body: body ?? '' });
  };
}

/**
 * What a bench needs to reach the servers it starts: `adminUrl`, a PostgreSQL where CREATE DATABASE works
 * (BENCH_PG_URL); `serverKeys`, the environment entries a server is started with (its signing credential, and
 * the key that seals two-step secrets, which production mode needs: any 32 bytes do for a bench); `sign`, a
 * signer for that credential with `name` as the fingerprint.
 */
export function benchAccess(name) {
  const credential = { keyId: 'bench', secret: `${name}-secret-0123456789abcdef` };
  return {
    adminUrl: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    serverKeys: { SIGNING_KEYS: `${credential.keyId}:${credential.secret}`, SECRET_KEY: Buffer.alloc(32, 1).toString('base64') },
    sign: signer(credential, name),
  };
}

/** Signs in through real HTTP and answers the session token. */
export async function signIn(port, sign, username, password) {
  const body = JSON.stringify({ username, password });
  const res = await fetch(`http://127.0.0.1:${port}/api/user/login`, { method: 'POST', headers: await sign('POST', '/api/user/login', { body }), body });
  const json = await res.json();
  if (!res.ok) throw new Error(`sign-in failed (${res.status}): ${JSON.stringify(json)}`);
  return json.data.token;
}

/**
 * Sends exactly the requests of `pool` (each `{ method, path, headers, body? }`, signed beforehand: autocannon's
 * setupRequest is synchronous, the signing code is not) over `connections` connections. The rate is answers
 * over the time from the first request sent to the last answer (autocannon ends an `amount` run on its
 * once-a-second tick).
 */
function fire(port, pool, connections) {
  let next = 0;
  let first = 0;
  let last = 0;
  const statuses = new Map();
  const request = {
    setupRequest: (req) => {
      if (first === 0) first = performance.now();
      return { ...req, ...pool[next++ % pool.length] };
    },
    onResponse: (status) => {
      last = performance.now();
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    },
  };
  const options = { url: `http://127.0.0.1:${port}`, connections, amount: pool.length, requests: [request] };
  return new Promise((ok, fail) =>
    autocannon(options, (err, r) => {
      if (err) return fail(err);
      const seconds = (last - first) / 1000;
      ok({ sent: r.requests.total, reqPerSec: Math.round(r.requests.total / seconds), p50: r.latency.p50, p97_5: r.latency.p97_5, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts, statuses });
    }),
  );
}

/**
 * One line: a probe of `probe` requests (warm-up: plans, caches; its rate sizes the run), then about
 * `seconds` worth of requests (at least 100: a slow call's p99 is then its slowest answers); answers the run's figures and `okTotal`. `make(from, n)` answers n signed requests, the first of them number `from`.
 */
export async function measure(port, { make, connections, seconds, probe = Math.max(100, 5 * connections) }) {
  const warm = await fire(port, await make(0, probe), connections);
  const n = Math.min(60_000, Math.max(100, Math.round(warm.reqPerSec * seconds)));
  const run = await fire(port, await make(probe, n), connections);
  // every 2xx answer of both, for checks of what the calls wrote
  return { ...run, okTotal: [...warm.statuses, ...run.statuses].reduce((sum, [status, k]) => sum + (status < 300 ? k : 0), 0) };
}
