#!/usr/bin/env node
// API benchmark (issue 2): seeds N collections (100 000 by default, `--rows 1000000`) with
// INSERT ... SELECT generate_series, starts the real server (`tsx apps/server/src/main.ts`) on PGlite and
// on PostgreSQL, and measures GET /api/list/policy (first page, deep page, filtered page) with autocannon,
// beside a bare Fastify hello-world in the same run. Prints req/s, p50/p99 and the ratio to hello-world.
//
//   npm run bench:api [-- --rows 1000000] [--seconds 10] [--connections 10] [--engines pglite,postgres]
//                        [--modes signed,unsigned] [--scenarios menu,first,deep,filtered,uncached] [--node-env production]
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres   (a database where CREATE DATABASE works)
//   BENCH_SERVER_NODE_FLAGS="..."                              (extra node flags for the server process)
//
// Like for like: the server runs as `npm start` runs it (node --import tsx src/main.ts), in production
// mode by default (NODE_ENV=production: no response-contract check, as deployed; the demo accounts are
// seeded by this script before the server starts), and both it and the hello-world log through Fastify's
// pino logger at LOG_LEVEL=warn (no line per request; `--log-level info` to measure request logging).
// The server is measured once it is idle after start-up: it compresses the built console in the
// background when it starts, which is start-up work, not the cost of a request.
//
// Signing: every request needs a fresh nonce and the contracts' signing code is asynchronous, while
// autocannon's setupRequest hook is synchronous. So the benchmark signs a pool of requests (one nonce
// each) before the run and `setupRequest` hands them out one by one; the run sends exactly that many.
// The pool size is a short probe's rate times `--seconds`. A second column runs the same calls on a
// server with SIGNATURE_MODE=off (unsigned). req/s = answers / time from the first request sent to the
// last answer. Each line's ratio is to a hello-world measured right after it (the machine's speed drifts
// over the minutes a full run takes).
import { fork, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { register } from 'tsx/esm/api';

register(); // the contracts' signing and the server's database code are TypeScript
const { signHeaders } = await import('../../packages/contracts/src/signing.ts');
const { openDatabase } = await import('../../apps/server/src/db/client.ts');
const { migrateDatabase } = await import('../../apps/server/src/db/migrate.ts');
const { seedDatabase } = await import('../../apps/server/src/db/seed/index.ts');

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const arg = (name, fallback) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const rows = Number(arg('rows', 100_000));
const seconds = Number(arg('seconds', 10));
const connections = Number(arg('connections', 10));
const engines = String(arg('engines', 'pglite,postgres')).split(',');
const modes = String(arg('modes', 'signed,unsigned')).split(',');
const scenarioNames = arg('scenarios', undefined)?.split(',');
const nodeEnv = String(arg('node-env', 'production'));
const logLevel = String(arg('log-level', 'warn'));
const serverFlags = (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean);
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const credential = { keyId: 'bench', secret: 'bench-api-secret-0123456789abcdef' };
const fingerprint = 'bench-api';

const freePort = () =>
  new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });

async function waitReady(port, child, output) {
  for (let i = 0; i < 400; i++) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server not ready:\n${output()}`);
}

/** CPU seconds (user + system) a process has used so far (Linux /proc). */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** Waits until the process uses under 5 % of a core for a second (at most 120 s); returns the seconds waited. */
async function waitIdle(pid) {
  const start = performance.now();
  let last = cpuSeconds(pid);
  if (Number.isNaN(last)) return 0;
  for (let i = 0; i < 120; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = cpuSeconds(pid);
    if (now - last < 0.05) break;
    last = now;
  }
  return Math.round((performance.now() - start) / 100) / 10;
}

async function startServer(env) {
  const port = await freePort();
  let out = '';
  const child = spawn(process.execPath, [...serverFlags, '--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: { ...process.env, NODE_ENV: nodeEnv, LOG_LEVEL: logLevel, HOST: '127.0.0.1', PORT: String(port), SIGNING_KEYS: `${credential.keyId}:${credential.secret}`, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  await waitReady(port, child, () => out);
  const idleAfter = await waitIdle(child.pid);
  return {
    port,
    pid: child.pid,
    idleAfter,
    stop: () =>
      new Promise((ok) => {
        child.once('exit', ok);
        child.kill('SIGTERM');
      }),
  };
}

async function startHello(pgUrl) {
  const env = { ...process.env, LOG_LEVEL: logLevel, ...(pgUrl ? { HELLO_PG_URL: pgUrl } : {}) };
  const child = fork(join(root, 'bench/api/hello.mjs'), [], { cwd: root, execArgv: serverFlags, env, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const port = await new Promise((ok) => child.once('message', (m) => ok(m.port)));
  return { port, pid: child.pid, stop: () => new Promise((ok) => (child.once('exit', ok), child.kill('SIGTERM'))) };
}

async function signed(method, url, { body, token } = {}) {
  const q = url.indexOf('?');
  const headers = { 'X-Fingerprint': fingerprint, 'Accept-Language': 'en-US' };
  if (token) headers['Access-Token'] = token;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return signHeaders(credential, { method, path: q === -1 ? url : url.slice(0, q), query: q === -1 ? '' : url.slice(q + 1), headers, body: body ?? '' });
}

async function login(port, sign) {
  const body = JSON.stringify({ username: 'admin', password: 'admin123' });
  const headers = sign ? await signed('POST', '/api/user/login', { body }) : { 'Content-Type': 'application/json', 'X-Fingerprint': fingerprint };
  const res = await fetch(`http://127.0.0.1:${port}/api/user/login`, { method: 'POST', headers, body });
  const json = await res.json();
  if (!res.ok) throw new Error(`login failed: ${JSON.stringify(json)}`);
  return json.data.token;
}

/** `path`: one path for every request, or a function of the request's index. */
function cannon(port, path, headersFor, amount, durationSeconds = seconds) {
  const pathFor = typeof path === 'function' ? path : () => path;
  let i = 0;
  let first = 0;
  let last = 0;
  return new Promise((ok, fail) => {
    autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections,
        ...(amount ? { amount } : { duration: durationSeconds }),
        requests: [
          {
            method: 'GET',
            path: pathFor(0),
            setupRequest: (req) => {
              if (first === 0) first = performance.now();
              const index = i++;
              return { ...req, path: pathFor(index), headers: headersFor(index) };
            },
            onResponse: () => {
              last = performance.now();
            },
          },
        ],
      },
      // autocannon notices that `amount` requests are done on its once-a-second tick, and its `duration`
      // is whole seconds: the rate is taken from the first request sent to the last answer received.
      (err, result) => (err ? fail(err) : ok({ ...result, wallSeconds: (last - first) / 1000 })),
    );
  });
}

const summary = (r) => ({
  reqPerSec: Math.round(r.requests.total / r.wallSeconds),
  p50: r.latency.p50,
  p99: r.latency.p99,
  non2xx: r.non2xx,
  errors: r.errors,
  sent: r.requests.total,
});

async function seedPolicies(db) {
  const start = performance.now();
  // Numbers from 20000000 on stay 8 digits up to 79 999 999 rows; the demo rows keep theirs.
  await db.execute(`
    insert into policies (number, name, content_type, filter_type, count, status, created_time, updated_at)
    select (20000000 + g)::text,
           'Bench collection ' || g,
           (array['img','horizontalVideo','verticalVideo'])[1 + g % 3],
           (array['artificial','rules'])[1 + g % 2],
           ((g::bigint * 7919) % 100000)::int,
           (array['online','offline'])[1 + (g / 3) % 2],
           now() - make_interval(secs => g * 30),
           now()
      from generate_series(1, ${rows}) as g
    on conflict do nothing`);
  // What autovacuum does to a table within a minute or so of a bulk load: statistics and the visibility
  // map (index-only scans for deep pages). Measuring right after the load would measure a state no
  // running deployment stays in.
  await db.execute('vacuum (analyze) policies');
  return Math.round(performance.now() - start);
}

function scenarios() {
  const all = allScenarios();
  return scenarioNames ? all.filter((s) => scenarioNames.includes(s.key)) : all;
}

function allScenarios() {
  const deepPage = Math.max(1, Math.floor(rows / 10 / 2)); // the middle of the list, 10 per page
  const day = (ms) => new Date(ms).toISOString().slice(0, 10);
  const now = Date.now();
  return [
    // the pipeline alone (signature, nonce, session, role) on a call that reads almost nothing
    { key: 'menu', name: 'menu (pipeline only)', path: '/api/user/menu' },
    { key: 'first', name: 'first page', path: '/api/list/policy?current=1&pageSize=10' },
    { key: 'deep', name: `deep page (${deepPage})`, path: `/api/list/policy?current=${deepPage}&pageSize=10` },
    {
      key: 'filtered',
      name: 'filtered first page',
      path: `/api/list/policy?current=1&pageSize=10&status=online&contentType=horizontalVideo&createdTime=${day(now - 30 * 86400_000)}&createdTime=${day(now)}`,
    },
    // Every request a page not read recently (the pages of `status=online` in turn, 5 000 of them, more
    // than the server's page cache keeps), so each one is read from the database: the cost of a list
    // call whose answer is not cached.
    {
      key: 'uncached',
      name: 'uncached pages (status=online)',
      path: '/api/list/policy?current=1&pageSize=10&status=online',
      pathAt: (i) => `/api/list/policy?current=${1 + (i % 5000)}&pageSize=10&status=online`,
    },
  ];
}

async function measureEngine(engine) {
  const dataDir = mkdtempSync(join(tmpdir(), `atrium-bench-api-${engine}-`));
  let dbUrl;
  let dropDb = async () => {};
  if (engine === 'postgres') {
    const name = `atrium_bench_api_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    dbUrl = u.toString();
    dropDb = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  try {
    return await seedAndMeasure(engine, dataDir, dbUrl);
  } finally {
    await dropDb();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function seedAndMeasure(engine, dataDir, dbUrl) {
  const handle = await openDatabase({ databaseUrl: dbUrl, dataDir });
  await migrateDatabase(handle);
  await seedDatabase(handle.db, { nodeEnv: 'development' });
  const seedMs = await seedPolicies(handle.db);
  await handle.close();
  console.log(`  ${engine}: ${rows} rows seeded in ${seedMs} ms`);

  const env = { DATA_DIR: dataDir, ...(dbUrl ? { DATABASE_URL: dbUrl } : {}) };
  const results = [];
  for (const mode of modes) {
    const isSigned = mode === 'signed';
    const label = isSigned ? 'signed' : 'unsigned (SIGNATURE_MODE=off)';
    // production refuses SIGNATURE_MODE=off: the unsigned column runs in development mode
    const server = await startServer({ ...env, SIGNATURE_MODE: isSigned ? 'enforce' : 'off', ...(isSigned ? {} : { NODE_ENV: 'development' }) });
    if (server.idleAfter > 1.5) console.log(`    (server busy with start-up work for ${server.idleAfter} s before measuring)`);
    try {
      const token = await login(server.port, isSigned);
      for (const s of scenarios()) {
        const plain = { 'Access-Token': token, 'X-Fingerprint': fingerprint, 'Accept-Language': 'en-US' };
        // The measured run continues the probe's sequence of paths (where the scenario varies them).
        const pathAt = (from) => (s.pathAt ? (i) => s.pathAt(from + i) : () => s.path);
        const sign = async (n, from) => Promise.all(Array.from({ length: n }, (_, i) => signed('GET', pathAt(from)(i), { token })));
        // warm-up and probe: plans, caches, JIT; its rate sizes the signed pool of the measured run
        const probeN = 2000;
        const probePool = isSigned ? await sign(probeN, 0) : [];
        const probe = await cannon(server.port, pathAt(0), (i) => (isSigned ? probePool[i] : plain), probeN);
        const amount = Math.min(60_000, Math.max(300, Math.round((probe.requests.total / probe.wallSeconds) * seconds)));
        const pool = isSigned ? await sign(amount, probeN) : [];
        const cpuBefore = cpuSeconds(server.pid);
        const r = await cannon(server.port, pathAt(probeN), (i) => (isSigned ? pool[i] : plain), isSigned ? amount : undefined);
        const cpuUsPerReq = Math.round(((cpuSeconds(server.pid) - cpuBefore) * 1e6) / Math.max(1, r.requests.total));
        // The reference again, right after this line: the machine's speed drifts over a run of minutes
        // (a hello-world measured only at the start was seen 30 % off by the end), so each ratio is
        // taken against the hello-world measured beside it.
        const beside = await measureHello(undefined, Math.max(3, Math.round(seconds / 2)));
        results.push({ engine, mode: label, scenario: s.name, path: s.path, ...summary(r), cpuUsPerReq, helloBeside: beside.reqPerSec });
        console.log(`    ${label.padEnd(30)} ${s.name.padEnd(24)} ${String(summary(r).reqPerSec).padStart(6)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  server CPU ${cpuUsPerReq} µs/req  non2xx ${r.non2xx}  (hello-world beside it: ${beside.reqPerSec} req/s)`);
      }
    } finally {
      await server.stop();
    }
  }
  return results;
}

// as `npm start` does before the server starts: the console's compressed files beside the build
spawnSync(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/cli/precompress-web.ts')], { cwd: root, stdio: 'inherit' });

const load = (await import('node:os')).loadavg()[0].toFixed(1);
console.log(`bench/api: ${rows} collections, ~${seconds} s per line, ${connections} connections, ${cpus().length} CPUs, load average ${load}, Node ${process.version}`);
async function measureHello(pgUrl, durationSeconds = seconds) {
  const hello = await startHello(pgUrl);
  try {
    await cannon(hello.port, '/', () => ({}), 5000);
    const cpuBefore = cpuSeconds(hello.pid);
    const r = await cannon(hello.port, '/', () => ({}), undefined, durationSeconds);
    return { ...summary(r), cpuUsPerReq: Math.round(((cpuSeconds(hello.pid) - cpuBefore) * 1e6) / Math.max(1, r.requests.total)) };
  } finally {
    await hello.stop();
  }
}
const helloResult = await measureHello();
console.log(`  hello-world: ${helloResult.reqPerSec} req/s, p50 ${helloResult.p50} ms, p99 ${helloResult.p99} ms, server CPU ${helloResult.cpuUsPerReq} µs/req`);
const helloPg = engines.includes('postgres') ? await measureHello(adminUrl) : undefined;
if (helloPg) console.log(`  hello-world + 1 PostgreSQL query: ${helloPg.reqPerSec} req/s, p50 ${helloPg.p50} ms, p99 ${helloPg.p99} ms, server CPU ${helloPg.cpuUsPerReq} µs/req`);

const all = [];
for (const engine of engines) all.push(...(await measureEngine(engine)));

const rowsOut = all.map((r) => ({ ...r, ratio: r.reqPerSec / r.helloBeside }));
const lines = [
  `| engine | mode | call | req/s | p50 ms | p99 ms | hello-world beside it, req/s | vs hello-world | server CPU µs/req | non-2xx |`,
  `| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |`,
  `| – | – | Fastify hello-world | ${helloResult.reqPerSec} | ${helloResult.p50} | ${helloResult.p99} | – | 100 % | ${helloResult.cpuUsPerReq} | ${helloResult.non2xx} |`,
  ...(helloPg
    ? [`| postgres | – | hello-world + 1 query (\`select 1\`) | ${helloPg.reqPerSec} | ${helloPg.p50} | ${helloPg.p99} | ${helloResult.reqPerSec} | ${Math.round((helloPg.reqPerSec / helloResult.reqPerSec) * 100)} % | ${helloPg.cpuUsPerReq} | ${helloPg.non2xx} |`]
    : []),
  ...rowsOut.map((r) => `| ${r.engine} | ${r.mode} | ${r.scenario} | ${r.reqPerSec} | ${r.p50} | ${r.p99} | ${r.helloBeside} | ${Math.round(r.ratio * 100)} % | ${r.cpuUsPerReq} | ${r.non2xx} |`),
];
const loadAfter = (await import('node:os')).loadavg()[0].toFixed(1);
console.log(`\n${rows} rows, ${connections} connections, ~${seconds} s per line, NODE_ENV=${nodeEnv} (unsigned: development), LOG_LEVEL=${logLevel} on both servers, load average ${load} before / ${loadAfter} after\n`);
console.log(lines.join('\n'));

const outDir = join(root, 'bench/results');
mkdirSync(outDir, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
writeFileSync(join(outDir, `api-${rows}-${stamp}.json`), JSON.stringify({ rows, seconds, connections, nodeEnv, logLevel, serverFlags, loadBefore: load, loadAfter, node: process.version, cpus: cpus().length, hello: helloResult, helloPg, results: rowsOut }, null, 2));
writeFileSync(join(outDir, `api-${rows}-${stamp}.md`), `${lines.join('\n')}\n`);
console.log(`\nsaved bench/results/api-${rows}-${stamp}.{json,md}`);
if (rowsOut.some((r) => r.non2xx > 0 || r.errors > 0)) {
  console.error('some requests failed (see non-2xx): the figures above are not valid');
  process.exit(1);
}
