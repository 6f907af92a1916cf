#!/usr/bin/env node
// Export memory benchmark (issue 4): seeds N rows (1 000 000 by default) with INSERT ... SELECT
// generate_series into a private PostgreSQL database, starts the real server on it, signs in, downloads an
// export through real HTTP and samples the server process's RSS while it streams. The export must stay
// under 200 MB of server memory (exit code 1 otherwise).
//
// Which export: the demo's collections (GET /api/list/policy/export, N collections) when the product has
// it; in a blank product (`npm run demo:remove`) the core's audit log (GET /api/system/audit/export, N
// audit entries, every entry up to the end of the seeding).
//
//   node bench/export/run.mjs [--rows 1000000] [--keep]
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres   (a database where CREATE DATABASE works)
//   BENCH_SERVER_NODE_FLAGS="--max-semi-space-size=4"          (extra node flags for the server process)
//
// The server is started as `npm start -w @atrium/server` starts it (node + tsx, src/main.ts). Most of its
// RSS is not the export: node + tsx, the modules (PGlite's is loaded even in PostgreSQL mode), V8's young
// generation (up to 3 x 16 MB by default) and argon2id's 19 MiB working memory after a sign-in. The table
// shows RSS at each stage so the export's own share (peak - before) reads apart from that baseline.
//
// PostgreSQL only: the embedded PGlite engine lives inside the server process and alone takes
// 300-550 MB of RSS, so a memory ceiling for the export code is only meaningful with an outside database.
import { spawn, spawnSync } from 'node:child_process';
import { clearInterval, setInterval } from 'node:timers';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';
import pg from 'pg';
import { hasCall, seedAuditTrail } from '../audit/harness.mjs';

register(); // lets this script use the contracts' TypeScript signing code (never re-implemented here)
const { signHeaders } = await import('../../packages/contracts/src/signing.ts');

/** The export measured (see above): the demo's collections, or the core's audit log. */
const collections = hasCall('collection.export');

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const rows = Number(args[args.indexOf('--rows') + 1] ?? 0) || 1_000_000;
const keep = args.includes('--keep');
const LIMIT_MB = 200;
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `atrium_bench_export_${process.pid}`;
const dbUrl = (() => {
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const credential = { keyId: 'bench', secret: 'bench-export-secret-0123456789' };
const fingerprint = 'bench-export';

const freePort = () =>
  new Promise((res, rej) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
    srv.on('error', rej);
  });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const rssMb = (pid) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};
const mb = (n) => `${n.toFixed(1)} MB`;
const cpuSeconds = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
/** Waits until the process uses under 5 % of a core for a second (at most 120 s); returns the seconds waited. */
async function waitIdle(pid) {
  const start = Date.now();
  let last = cpuSeconds(pid);
  for (let i = 0; i < 120; i++) {
    await sleep(1000);
    const now = cpuSeconds(pid);
    if (now - last < 0.05) break;
    last = now;
  }
  return (Date.now() - start) / 1000;
}

async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function signedFetch(base, method, path, { query = '', body, token } = {}) {
  const headers = { 'X-Fingerprint': fingerprint, 'Accept-Language': 'zh-CN' };
  if (token) headers['Access-Token'] = token;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const payload = body === undefined ? '' : JSON.stringify(body);
  const signed = await signHeaders(credential, { method, path, query, headers, body: payload, now: new Date() });
  return fetch(`${base}${path}${query ? `?${query}` : ''}`, { method, headers: signed, body: body === undefined ? undefined : payload });
}

let server;
const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-export-'));
try {
  // as `npm start` does before the server starts: the console's compressed files beside the build
  spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/precompress-web.ts'], { cwd: root, stdio: 'inherit' });
  await withClient(adminUrl, (c) => c.query(`create database ${dbName}`));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [...(process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean), '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: dbUrl,
      SIGNING_KEYS: `${credential.keyId}:${credential.secret}`,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    const ready = await fetch(`${base}/readyz`).then((r) => r.ok, () => false);
    if (ready) break;
    if (i > 600) throw new Error('server did not become ready in 60 s');
    await sleep(100);
  }

  // The server compresses the built console in the background after start: start-up work, not the export.
  const idleAfter = await waitIdle(server.pid);
  const rssReady = rssMb(server.pid);
  const seedStart = Date.now();
  /** The export's path, its query (a small warm-up, then the measured one) and how many rows it must hold. */
  let exportPath;
  let warmQuery;
  let fullQuery = '';
  let expected = rows;
  if (collections) {
    exportPath = '/api/list/policy/export';
    warmQuery = 'number=1000001';
    await withClient(dbUrl, async (c) => {
      await c.query('delete from collections');
      await c.query(
        `insert into collections (number, name, content_type, filter_type, count, status, created_time, updated_at)
         select (10000000 + g)::text,
                'bench collection ' || g,
                (array['img', 'horizontalVideo', 'verticalVideo'])[1 + g % 3],
                (array['artificial', 'rules'])[1 + g % 2],
                ((g::bigint * 7919) % 100000000)::int,
                (array['online', 'offline'])[1 + (g / 3) % 2],
                timestamptz '2026-11-01 00:00:00+00' - g * interval '1 second',
                now()
         from generate_series(1, $1::int) g`,
        [rows],
      );
      await c.query('analyze collections');
    });
  } else {
    exportPath = '/api/system/audit/export';
    warmQuery = 'action=bench.nothing';
    await withClient(dbUrl, async (c) => {
      await seedAuditTrail({ execute: (text) => c.query(text) }, rows);
      await c.query('analyze audit_log');
      // every entry up to now: the seeded trail and what the server wrote at start, not this run's sign-in
      const until = new Date().toISOString().slice(0, 19) + 'Z';
      fullQuery = `to=${until}`;
      expected = Number((await c.query('select count(*) as n from audit_log where at <= $1', [until])).rows[0].n);
    });
  }
  const seedSeconds = (Date.now() - seedStart) / 1000;

  const login = await signedFetch(base, 'POST', '/api/user/login', { body: { username: 'admin', password: 'admin123' } });
  const token = (await login.json()).data?.token;
  if (!token) throw new Error(`sign-in failed: ${login.status}`);
  const rssLogin = rssMb(server.pid);
  // Warm up the code paths (a small filtered export) so the baseline is the steady state.
  await (await signedFetch(base, 'GET', exportPath, { query: warmQuery, token })).arrayBuffer();
  await sleep(500);
  const baseline = rssMb(server.pid);

  let peak = baseline;
  const samples = [];
  const sampler = setInterval(() => {
    const v = rssMb(server.pid);
    samples.push(v);
    if (v > peak) peak = v;
  }, 50);
  const started = Date.now();
  const res = await signedFetch(base, 'GET', exportPath, { query: fullQuery, token });
  if (res.status !== 200) throw new Error(`export answered ${res.status}: ${await res.text()}`);
  let firstByte = 0;
  let bytes = 0;
  let lines = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!firstByte) firstByte = Date.now() - started;
    bytes += value.length;
    for (let i = 0; i < value.length; i++) if (value[i] === 10) lines++;
  }
  const seconds = (Date.now() - started) / 1000;
  clearInterval(sampler);
  const exported = lines - 1; // header line

  const table = [
    ['rows seeded', rows.toLocaleString('en-US'), `${seedSeconds.toFixed(1)} s (INSERT ... SELECT generate_series)`],
    ['rows exported', exported.toLocaleString('en-US'), `${exported === expected ? 'all of them' : `MISMATCH: ${expected.toLocaleString('en-US')} expected`} (GET ${exportPath})`],
    ['CSV size', mb(bytes / 1024 / 1024), res.headers.get('content-disposition') ?? ''],
    ['time', `${seconds.toFixed(1)} s`, `first byte after ${firstByte} ms; ${Math.round(exported / seconds).toLocaleString('en-US')} rows/s`],
    ['server RSS ready', mb(rssReady), `after start-up (migrations, sample data, console assets compressed: idle after ${idleAfter.toFixed(0)} s)`],
    ['server RSS signed in', mb(rssLogin), 'after one argon2id sign-in'],
    ['server RSS before', mb(baseline), 'after a small warm-up export'],
    ['server RSS peak', mb(peak), `${samples.length} samples every 50 ms; limit ${LIMIT_MB} MB`],
    ['server RSS growth', mb(peak - baseline), ''],
  ];
  console.log(`\nbench/export: one streamed CSV export through the real HTTP server on PostgreSQL (server node flags: ${process.env.BENCH_SERVER_NODE_FLAGS || 'none'})\n`);
  for (const [k, v, note] of table) console.log(`  ${k.padEnd(20)} ${v.padStart(14)}   ${note}`);
  const ok = exported === expected && peak < LIMIT_MB;
  console.log(`\n  ${ok ? 'PASS' : 'FAIL'}: peak RSS ${mb(peak)} ${peak < LIMIT_MB ? '<' : '>='} ${LIMIT_MB} MB\n`);
  process.exitCode = ok ? 0 : 1;
} finally {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    for (let i = 0; i < 100 && server.exitCode === null; i++) await sleep(100);
  }
  if (!keep) await withClient(adminUrl, (c) => c.query(`drop database if exists ${dbName}`)).catch((err) => console.error('could not drop the bench database:', err.message));
  else console.log(`kept database ${dbName}`);
  rmSync(dataDir, { recursive: true, force: true });
}
