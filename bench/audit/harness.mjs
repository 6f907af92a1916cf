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
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { register } from 'tsx/esm/api';

register(); // the contracts' signing code is TypeScript
const { signHeaders } = await import('../../packages/contracts/src/signing.ts');

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
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
 * A signer for one credential: `sign(method, url, { body, token })` answers the request's headers with a
 * fresh nonce and signature, for `url` exactly as it will be sent (path and raw query).
 */
export function signer(credential, fingerprint) {
  return (method, url, { body, token } = {}) => {
    const [path, query = ''] = url.split('?');
    const headers = { 'X-Fingerprint': fingerprint, 'Accept-Language': 'en-US', ...(token ? { 'Access-Token': token } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) };
    return signHeaders(credential, { method, path, query, headers, body: body ?? '' });
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
      ok({ sent: r.requests.total, reqPerSec: Math.round(r.requests.total / seconds), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts, statuses });
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
