#!/usr/bin/env node
// Cluster benchmark (issue 16): three replicas of the compiled server behind HAProxy (scripts/cluster, the
// configuration of deploy/haproxy.cfg) against one replica served directly, in the same run, on the same
// PostgreSQL database: signed list calls (the first page of the audit log, a core call: the same in the
// full product and in the blank one) at 50 connections.
//
//   node bench/cluster/run.mjs [--seconds 30] [--rounds 3] [--connections 50] [--log-level warn] [--no-restart]
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres   (a database where CREATE DATABASE works)
//
// Needs `npm run build` and Debian's haproxy. Method (bench/cluster/README.md):
// - One database of its own, migrated and seeded through the compiled code (the core's accounts, and the
//   product's slices' sample data when it has any: the demo's); the replicas run as in
//   production (NODE_ENV=production, `node scripts/start-prod.mjs`), LOG_LEVEL=warn like bench/api.
// - The single replica is replica1 of the same cluster, addressed on its own port: same process, same
//   database, same minutes. Slices alternate (cluster, single, cluster, ...) so the machine's drift falls on both.
// - Load: autocannon in this process, a pool of requests signed before each slice (one nonce each), as
//   bench/api does; the slice sends exactly that many.
// - CPU per answer: every process that works for an answer, from /proc: the replicas (all three for the
//   cluster, replica1 alone for the single one), HAProxy (cluster only) and the PostgreSQL backends of
//   the database; the load generator's own beside it. The ratio of the two is the target (<= 1.15): it
//   says whether a request costs the machines more behind the balancer, which is what decides whether
//   adding machines adds capacity (this 2-core machine cannot show throughput doubling).
// - Then a rolling restart under the same load through HAProxy (each replica: SIGTERM, exit, start,
//   healthy), counting errors (target 0).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { startCluster } from '../../scripts/cluster/cluster.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dist = (path) => import(pathToFileURL(join(root, 'apps/server/dist', path)).href);
const { signHeaders } = await dist('node_modules/@atrium/contracts/signing.js');
const { openDatabase } = await dist('db/client.js');
const { migrateDatabase } = await dist('db/migrate.js');
const { seedDatabase } = await dist('db/seed/index.js');
const { serverSlices } = await dist('slices.js');

const args = process.argv.slice(2);
const arg = (name, fallback) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const seconds = Number(arg('seconds', 30));
const rounds = Math.max(1, Number(arg('rounds', 3)));
const connections = Number(arg('connections', 50));
const logLevel = String(arg('log-level', 'warn'));
const restart = !args.includes('--no-restart');
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const credential = { keyId: 'bench', secret: 'bench-cluster-secret-0123456789abcdef' };
const fingerprint = 'bench-cluster';
const path = '/api/system/audit?current=1&pageSize=10';

/** CPU seconds (user + system) of a process so far, from /proc; 0 once it is gone. */
function cpuOf(pid) {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return 0;
  }
}

/** The machine's idle share between two readings of /proc/stat's first line. */
const machine = () => readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
const idleBetween = (a, b) => {
  const d = b.map((v, i) => v - a[i]);
  return (d[3] + d[4]) / d.reduce((x, y) => x + y, 0);
};

async function query(url, text, values) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text, values)).rows;
  } finally {
    await c.end();
  }
}

const database = `atrium_bench_cluster_${process.pid}`;
const dbUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();
/** The backends serving the benchmark's database (the replicas' pools). */
const backends = async () => (await query(adminUrl, 'select pid from pg_stat_activity where datname = $1', [database])).map((r) => r.pid);

async function sign(token, n) {
  const headers = { 'X-Fingerprint': fingerprint, 'Accept-Language': 'en-US', 'Access-Token': token };
  const [p, q] = path.split('?');
  return Promise.all(Array.from({ length: n }, () => signHeaders(credential, { method: 'GET', path: p, query: q, headers })));
}

/** One autocannon run of `pool.length` pre-signed requests; the rate is taken from the first request sent to the last answer. */
function cannon(port, pool, conns) {
  let i = 0;
  let first = 0;
  let last = 0;
  return new Promise((ok, fail) =>
    autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections: conns,
        amount: pool.length,
        requests: [
          {
            method: 'GET',
            path,
            setupRequest: (req) => {
              first ||= performance.now();
              return { ...req, headers: pool[i++] };
            },
            onResponse: () => (last = performance.now()),
          },
        ],
      },
      (err, r) => (err ? fail(err) : ok({ ...r, wall: (last - first) / 1000 })),
    ),
  );
}

/**
 * One slice: `n` pre-signed requests spread over `targets` (a port and its connections each, loaded at the
 * same time), with the CPU of `pids` and of the database backends per answer.
 */
async function slice(targets, pids, token, n) {
  const pools = await Promise.all(targets.map(() => sign(token, Math.round(n / targets.length))));
  const dbBefore = new Map((await backends()).map((pid) => [pid, cpuOf(pid)]));
  const before = pids.map(cpuOf);
  const own = process.cpuUsage();
  const m0 = machine();
  const runs = await Promise.all(targets.map((t, k) => cannon(t.port, pools[k], t.connections)));
  const idle = idleBetween(m0, machine());
  const ownCpu = process.cpuUsage(own);
  const cpu = pids.map((pid, k) => cpuOf(pid) - before[k]);
  let db = 0;
  for (const pid of await backends()) db += cpuOf(pid) - (dbBefore.get(pid) ?? 0);
  const sum = (f) => runs.reduce((a, r) => a + f(r), 0);
  return {
    answers: sum((r) => r.requests.total),
    wall: Math.max(...runs.map((r) => r.wall)),
    p50: Math.max(...runs.map((r) => r.latency.p50)),
    p99: Math.max(...runs.map((r) => r.latency.p99)),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    cpu,
    db,
    client: (ownCpu.user + ownCpu.system) / 1e6,
    idle,
  };
}

function total(slices, label) {
  const answers = slices.reduce((s, x) => s + x.answers, 0);
  const us = (sec) => Math.round((sec * 1e6) / answers);
  const sum = (f) => slices.reduce((s, x) => s + f(x), 0);
  const parts = slices[0].cpu.map((_, k) => sum((x) => x.cpu[k]));
  const line = {
    label,
    answers,
    reqPerSec: Math.round(answers / sum((x) => x.wall)),
    p50: slices.map((x) => x.p50).sort((a, b) => a - b)[Math.floor(slices.length / 2)],
    p99: Math.max(...slices.map((x) => x.p99)),
    failed: sum((x) => x.non2xx + x.errors),
    servers: us(parts.reduce((a, b) => a + b, 0)),
    parts: parts.map(us),
    database: us(sum((x) => x.db)),
    client: us(sum((x) => x.client)),
    idle: Math.round((sum((x) => x.idle) / slices.length) * 100),
  };
  line.perAnswer = line.servers + line.database;
  return line;
}

console.log(`bench/cluster: ${connections} connections, ~${seconds} s per mode in ${rounds} slices, ${cpus().length} CPUs, load average ${loadavg()[0].toFixed(1)}, Node ${process.version}`);
await query(adminUrl, `drop database if exists ${database}`);
await query(adminUrl, `create database ${database}`);
let cluster;
try {
  // the accounts (and the slices' sample data) through the compiled code, as the server does when it starts;
  // the replicas themselves run as in production
  const handle = await openDatabase({ databaseUrl: dbUrl, databaseSchema: 'public', dataDir: root });
  await migrateDatabase(handle, serverSlices);
  await seedDatabase(handle.db, { nodeEnv: 'development' }, serverSlices);
  await handle.close();

  cluster = await startCluster({ databaseUrl: dbUrl, schema: 'public', replicas: 3, signingKeys: `${credential.keyId}:${credential.secret}`, env: { LOG_LEVEL: logLevel }, log: (l) => console.log(`  ${l}`) });
  const [r1] = cluster.replicas;
  const login = await fetch(`${cluster.url}/api/user/login`, {
    method: 'POST',
    body: JSON.stringify({ username: 'admin', password: 'admin123' }),
    headers: await signHeaders(credential, { method: 'POST', path: '/api/user/login', query: '', headers: { 'X-Fingerprint': fingerprint, 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'admin123' }) }),
  });
  const token = (await login.json()).data.token;
  if (!token) throw new Error('login failed');

  const replicaPids = () => cluster.replicas.map((r) => r.child.pid);
  const third = Math.round(connections / 3);
  const setups = {
    cluster: { label: '3 replicas behind HAProxy', targets: [{ port: cluster.port, connections }], pids: () => [...replicaPids(), cluster.haproxy.pid] },
    single: { label: '1 replica, direct', targets: [{ port: r1.port, connections }], pids: () => [r1.child.pid] },
    // where the difference comes from: the same load split over the three replicas without a balancer,
    // and one replica behind HAProxy (the other two disabled there)
    split: { label: `3 replicas, direct, ${third} connections each`, targets: cluster.replicas.map((r) => ({ port: r.port, connections: third })), pids: () => replicaPids() },
    alone: { label: '1 replica behind HAProxy', targets: [{ port: cluster.port, connections }], pids: () => [r1.child.pid, cluster.haproxy.pid] },
    // each replica as busy as the single one above: the cost of a request when the load grows with the replicas
    busy: { label: `3 replicas behind HAProxy, ${3 * connections} connections`, targets: [{ port: cluster.port, connections: 3 * connections }], pids: () => [...replicaPids(), cluster.haproxy.pid] },
  };
  const only = async (on) => {
    for (const r of cluster.replicas.slice(1)) await cluster.command(`${on ? 'enable' : 'disable'} server replicas/${r.name}`);
    if (on) for (const r of cluster.replicas) await cluster.waitStatus(r.name, 'UP');
  };
  const run = async (key, n) => {
    const s = setups[key];
    if (key === 'alone') await only(false);
    try {
      return await slice(s.targets, s.pids(), token, n);
    } finally {
      if (key === 'alone') await only(true);
    }
  };

  // warm-up of every path (JIT, plans, the page caches of all three replicas), and the size of a slice
  for (const key of Object.keys(setups)) await run(key, 3000);
  const probe = await run('cluster', 6000);
  const n = Math.min(80_000, Math.max(1000, Math.round(((probe.answers / probe.wall) * seconds) / rounds)));
  const slices = Object.fromEntries(Object.keys(setups).map((key) => [key, []]));
  for (let k = 0; k < rounds; k++) for (const key of Object.keys(setups)) slices[key].push(await run(key, n));
  const lines = Object.keys(setups).map((key) => total(slices[key], setups[key].label));

  let rolling;
  if (restart) {
    // the rolling restart needs about 6 s per replica here: a pool for 30 s of load at the measured rate
    const pool = await sign(token, Math.round((probe.answers / probe.wall) * 30));
    const t0 = performance.now();
    const load = cannon(cluster.port, pool, connections);
    const codes = [];
    for (const r of cluster.replicas) {
      codes.push(await cluster.stopReplica(r, 'SIGTERM'));
      await cluster.startReplica(r);
      await cluster.waitStatus(r.name, 'UP');
    }
    const restartedIn = (performance.now() - t0) / 1000;
    const r = await load;
    rolling = { answers: r.requests.total, failed: r.non2xx + r.errors, p99: r.latency.p99, restartedIn, finishedIn: r.wall, exitCodes: codes };
  }

  const [c, s, , , busy] = lines;
  const ratio = c.perAnswer / s.perAnswer;
  const table = [
    '| setup | answers | req/s | p50 ms | p99 ms | failed | CPU µs per answer: replicas + HAProxy | of which HAProxy | database | total (servers + database) | load generator | machine idle |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...lines.map((l, i) => `| ${l.label} | ${l.answers} | ${l.reqPerSec} | ${l.p50} | ${l.p99} | ${l.failed} | ${l.servers} | ${[0, 3, 4].includes(i) ? l.parts.at(-1) : '–'} | ${l.database} | ${l.perAnswer} | ${l.client} | ${l.idle} % |`),
  ];
  console.log(`\n${table.join('\n')}\n`);
  const checks = [
    `CPU per answer, cluster / single: ${ratio.toFixed(2)} (target <= 1.15) ${ratio <= 1.15 ? 'met' : 'NOT met'}`,
    `p99 behind HAProxy: ${c.p99} ms (target <= 30 ms) ${c.p99 <= 30 ? 'met' : 'NOT met'}`,
    `(beside the target: at ${3 * connections} connections, each replica as busy as the single one, CPU per answer is ${(busy.perAnswer / s.perAnswer).toFixed(2)} x the single replica's)`,
    ...(rolling
      ? [`rolling restart under this load: ${rolling.failed} failed of ${rolling.answers} (target 0) ${rolling.failed === 0 ? 'met' : 'NOT met'}; all three restarted in ${rolling.restartedIn.toFixed(1)} s, exit codes ${rolling.exitCodes.join(', ')}, p99 ${rolling.p99} ms`]
      : []),
  ];
  console.log(checks.join('\n'));
  console.log(`load average after: ${loadavg()[0].toFixed(1)}`);
  const outDir = join(root, 'bench/results');
  mkdirSync(outDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  writeFileSync(join(outDir, `cluster-${stamp}.json`), JSON.stringify({ connections, seconds, rounds, logLevel, node: process.version, loadAverage: loadavg(), lines, ratio, rolling }, null, 2));
  writeFileSync(join(outDir, `cluster-${stamp}.md`), `${table.join('\n')}\n\n${checks.join('\n')}\n`);
  console.log(`saved bench/results/cluster-${stamp}.{json,md}`);
} finally {
  if (cluster) {
    await cluster.stop();
    rmSync(cluster.runDir, { recursive: true, force: true });
  }
  await query(adminUrl, `drop database if exists ${database} with (force)`);
}
