#!/usr/bin/env node
// Audit trail benchmark: the issue's two targets on PostgreSQL.
//   - Listing 1 000 000 audit entries with filters: first page p99 <= 50 ms (an index for every filter).
//   - A write call's p99, with its audit entry in the same transaction, <= 20 ms at 50 connections.
//
//   npm run bench:audit [-- --entries 1000000] [--seconds 10] [--connections 10,50] [--write-connections 50]
//                          [--write-rows 20000] [--timeout-minutes 30]
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres   (a database where CREATE DATABASE works)
//
// 1. A fresh database, migrated and seeded with the server's own code (demo accounts, admin/admin123), then
//    `--entries` audit entries in one INSERT ... SELECT generate_series: 364 days, ~50 actors and ~40
//    actions (both skewed: a few do most), 94 % success, 4 % denied, 2 % failed; VACUUM (ANALYZE), which
//    autovacuum does to an insert-only table soon after a bulk load (statistics, visibility map).
// 2. The real server (`node --import tsx apps/server/src/main.ts`, NODE_ENV=production, LOG_LEVEL=warn),
//    signed in as admin. For every filter, page size and connection count: the first page of
//    GET /api/system/audit through autocannon, from a pool of requests signed beforehand (each its own
//    nonce). The server answers `{ list, total }`: a page and the count of every match.
// 3. The plans: the server's own list function (audit/audit.service.ts) is called in this
//    process on a pool that records the statements it sends, and each is run again under
//    EXPLAIN (ANALYZE, BUFFERS): the SQL is the server's, not a copy of it.
// 4. With the demo: PATCH /api/list/policy/:id (`{ "count": n }`, spread over `--write-rows` collections so
//    no two requests in flight share a collection) at `--write-connections`, and beside it POST
//    /api/list/quality-inspection (an insert, no shared row). Without it (a blank product, `npm run
//    demo:remove`): PUT /api/system/users/:id (`{ "name": ... }`, spread over `--write-rows` accounts) and
//    POST /api/system/roles (an insert). Each change and its audit entry commit in one transaction
//    (http/register-call.ts). The audit insert cannot be left out without changing the server, so the
//    figures are absolute; the entries written are counted against the answers.
// Every line shows what the database backends did meanwhile (pg_stat_activity, pg_locks samples).
// The database is dropped and the server stopped however the run ends; `--timeout-minutes` bounds it.
import { cpus, loadavg } from 'node:os';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { URLSearchParams } from 'node:url';
import { benchAccess, cleanupOnExit, createDatabase, hasCall, measure, migrateAndSeed, option, root, seedAuditTrail, signIn, startServer, withClient } from './harness.mjs';

const { openDatabase } = await import('../../apps/server/src/db/client.ts');
const { auditListQuerySchema } = await import('../../packages/contracts/src/calls/system.ts');

const entries = Number(option('entries', 1_000_000));
const seconds = Number(option('seconds', 10));
const connectionCounts = String(option('connections', '10,50')).split(',').map(Number);
const writeConnections = Number(option('write-connections', 50));
const writeRows = Number(option('write-rows', 20_000));
const timeoutMinutes = Number(option('timeout-minutes', 30));
const { adminUrl, serverKeys, sign } = benchAccess('bench-audit');
const LIST_P99_MS = 50;
const WRITE_P99_MS = 20;
const pageSizes = [10, 20];

/* ---------- cleanup, whatever ends the run ---------- */

const { cleanups, cleanup, stopDeadline } = cleanupOnExit(timeoutMinutes);

/* ---------- data ---------- */

/**
 * The writes measured: the demo's collection edit (the issue's call) and queue creation when the product has
 * them, else the core's account edit and role creation. `table`: the rows the edits spread over.
 */
const demoWrites = hasCall('collection.update') && hasCall('card.quality.create');
const writeTable = demoWrites ? 'collections' : 'users';

/** The trail (harness.mjs), and the rows for the edits to spread over (the demo seed has 55 collections, 2 accounts). */
async function seedTrail(db) {
  const started = Date.now();
  await seedAuditTrail(db, entries);
  if (demoWrites) {
    await db.execute(`insert into collections (number, name, content_type, filter_type, count, status, created_time, updated_at)
      select (30000000 + g)::text, 'Audit bench ' || g, 'img', 'rules', g, 'online', now(), now() from generate_series(1, ${writeRows}) as g`);
  } else {
    await db.execute(`insert into users (account_id, username, name, updated_at)
      select (30000000 + g)::text, 'bench.writer.' || g, 'Audit bench ' || g, now() from generate_series(1, ${writeRows}) as g`);
  }
  await db.execute(`vacuum (analyze) audit_log, ${writeTable}`);
  return Date.now() - started;
}

/* ---------- what is measured ---------- */

const dayOf = (daysAgo) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
const filters = [
  { name: 'no filter', query: {} },
  { name: 'actor (username, busiest)', query: { actor: 'admin' } },
  { name: 'actor (id)', query: { actor: '26' } },
  { name: 'action', query: { action: 'system.user.disable' } },
  { name: 'result=denied', query: { result: 'denied' } },
  { name: 'targetType + targetId', query: { targetType: 'collection', targetId: '1234' } },
  { name: 'one day', query: { from: `${dayOf(100)}T00:00:00Z`, to: `${dayOf(100)}T23:59:59Z` } },
  { name: '7 days + action + result', query: { from: `${dayOf(37)}T00:00:00Z`, to: `${dayOf(30)}T23:59:59Z`, action: 'collection.update', result: 'success' } },
  { name: 'matching nothing', query: { action: 'bench.nothing' } },
];
const listUrl = (query, pageSize) => `/api/system/audit?${new URLSearchParams({ ...query, current: '1', pageSize: String(pageSize) })}`;

/** n signed copies of one GET (each its own nonce). */
const signedGets = (url, token) => async (_from, n) => Promise.all(Array.from({ length: n }, async () => ({ method: 'GET', path: url, headers: await sign('GET', url, { token }) })));

async function getJson(port, url, token) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, { headers: await sign('GET', url, { token }) });
  return { status: res.status, json: await res.json().catch(() => null) };
}

/** Waits (up to 10 minutes) until the audit list answers: the system module may still be on its way. */
async function auditListReady(port, token) {
  for (let i = 0; ; i++) {
    const { status, json } = await getJson(port, listUrl({}, 10), token);
    if (status === 200) return json.data.total;
    if (status !== 404 || i >= 20) throw new Error(`GET /api/system/audit answered ${status}: ${JSON.stringify(json)}`);
    console.log('  GET /api/system/audit answers 404; trying again in 30 s');
    await new Promise((r) => setTimeout(r, 30_000));
  }
}

/**
 * Runs `work` while sampling, every 50 ms, what the run's database backends are doing: a wait event, CPU
 * (active, no wait) or idle in a transaction (waiting on the server), and which tables have a row some
 * backend waits for (a tuple lock). Answers `{ result, waits, rowWaits }`: waits as the share of busy-backend
 * samples, row waits as the share of samples with such a wait, largest first.
 */
async function sampleWaits(url, work) {
  return withClient(url, async (c) => {
    const waits = new Map();
    const rowWaits = new Map();
    let samples = 0;
    let stop = false;
    const count = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);
    const sampling = (async () => {
      for (; !stop; samples++) {
        const { rows } = await c.query(
          "select case when state = 'active' then coalesce(wait_event_type || ':' || wait_event, 'CPU') else state end as what from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'",
        );
        for (const { what } of rows) count(waits, what);
        const locked = await c.query("select distinct relation::regclass::text as rel from pg_locks where locktype = 'tuple' and database = (select oid from pg_database where datname = current_database())");
        for (const { rel } of locked.rows) count(rowWaits, rel);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    let result;
    try {
      result = await work();
    } finally {
      stop = true;
      await sampling;
    }
    const shares = (map, all) => [...map].sort((a, b) => b[1] - a[1]).map(([what, k]) => `${what} ${Math.round((k / Math.max(1, all)) * 100)} %`);
    return { result, waits: shares(waits, [...waits.values()].reduce((a, b) => a + b, 0)), rowWaits: shares(rowWaits, samples) };
  });
}

/* ---------- plans ---------- */

/** The statements the server's list function sends for `query`, each run again under EXPLAIN (ANALYZE, BUFFERS). */
async function plansOf(handle, query) {
  const { listEntries } = await import('../../apps/server/src/audit/audit.service.ts');
  const sent = [];
  const query0 = handle.pool.query;
  handle.pool.query = function (config, values, ...rest) {
    sent.push(typeof config === 'string' ? { text: config, values } : { text: config.text, values: config.values ?? values });
    return query0.call(this, config, values, ...rest);
  };
  try {
    await listEntries(handle.db, auditListQuerySchema.parse({ ...query, current: '1', pageSize: '10' }));
  } finally {
    handle.pool.query = query0;
  }
  const plans = [];
  for (const statement of sent) {
    const { rows } = await query0.call(handle.pool, `explain (analyze, buffers, format json) ${statement.text}`, statement.values);
    plans.push({ ...summarize(rows[0]['QUERY PLAN'][0], /\bcount\(/i.test(statement.text) ? 'total' : 'page'), sql: statement.text, values: statement.values });
  }
  return plans;
}

/** A plan as one line (its nodes top-down: index, actual rows), its time and buffers; `seqScan` when audit_log is read whole. */
function summarize(plan, kind) {
  const nodes = [];
  const walk = (node) => {
    nodes.push(node);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan.Plan);
  const named = (n) => (n['Index Name'] ? ` ${n['Index Name']}` : n['Relation Name'] ? ` ${n['Relation Name']}` : '');
  const rows = (n) => (/Scan/.test(n['Node Type']) ? ` (${fmt(Math.round(n['Actual Rows'] * n['Actual Loops']))} rows)` : '');
  const ms = plan['Execution Time'];
  return {
    kind,
    ms,
    seqScan: nodes.some((n) => n['Node Type'].includes('Seq Scan') && n['Relation Name'] === 'audit_log'),
    sorts: nodes.some((n) => n['Node Type'].includes('Sort')),
    text: `${nodes.map((n) => `${n['Node Type']}${named(n)}${rows(n)}`).join(' → ')}; ${ms.toFixed(1)} ms, buffers hit ${plan.Plan['Shared Hit Blocks']} read ${plan.Plan['Shared Read Blocks']}`,
    plan,
  };
}

/* ---------- the run ---------- */

const planText = (line, kind) =>
  line.plans
    .filter((p) => p.kind === kind)
    .map((p) => p.text)
    .join('; ');
const fmt = (n) => n.toLocaleString('en-US').replace(/,/g, ' ');
const waitText = (l) => l.waits.slice(0, 3).join(', ') || '–';
const verdict = (p99, limit) => (p99 <= limit ? 'met' : '**NOT met**');
const loadBefore = loadavg()[0].toFixed(1);
console.log(`bench/audit: ${fmt(entries)} entries, ~${seconds} s per line, connections ${connectionCounts.join(' and ')} (writes ${writeConnections}), ${cpus().length} CPUs, load average ${loadBefore}, Node ${process.version}`);

const database = await createDatabase(adminUrl, `atrium_bench_audit_${process.pid}`);
cleanups.push(database.drop);
const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-audit-'));
cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
const referenceLines = [];
const listLines = [];
const writeLines = [];
let floorLine = null;
const planLines = [];
try {
  const handle = await openDatabase({ databaseUrl: database.url, dataDir });
  cleanups.push(() => handle.close());
  await migrateAndSeed(handle);
  console.log(`  ${fmt(entries)} entries and ${fmt(writeRows)} ${demoWrites ? 'collections' : 'accounts'} seeded in ${await seedTrail(handle.db)} ms`);

  const server = await startServer({ NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: dataDir, DATABASE_URL: database.url, ...serverKeys });
  cleanups.push(server.stop);
  const token = await signIn(server.port, sign, 'admin', 'admin123');
  console.log(`  server on port ${server.port}; the list answers total ${fmt(await auditListReady(server.port, token))} without filters`);
  const statusText = (r) => (r.non2xx + r.errors > 0 ? ` (${[...r.statuses].map(([status, k]) => `${k} x ${status}`).join(', ')}, ${r.errors} errors or timeouts)` : '');
  /** One measured line, with what the database's backends waited on meanwhile. */
  const line = async (label, make, connections) => {
    const { result, waits, rowWaits } = await sampleWaits(database.url, () => measure(server.port, { make, connections, seconds }));
    console.log(`  ${label.padEnd(62)} c=${String(connections).padEnd(3)} ${String(result.reqPerSec).padStart(5)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms  non-2xx ${result.non2xx}${statusText(result)}  database: ${waits.slice(0, 3).join(', ')}${rowWaits.length > 0 ? `; a row waited for in ${rowWaits.join(', ')} of samples` : ''}`);
    return { connections, ...result, waits, rowWaits };
  };

  // The signed pipeline alone (signature, nonce, session, permission) on a call that reads almost nothing:
  // what the machine allows any call at the same moment.
  for (const connections of new Set([...connectionCounts, writeConnections])) {
    referenceLines.push({ call: 'GET /api/user/menu (the signed pipeline alone)', ...(await line('pipeline only: GET /api/user/menu', signedGets('/api/user/menu', token), connections)) });
  }

  for (const filter of filters) {
    const { json } = await getJson(server.port, listUrl(filter.query, 10), token);
    const matches = json?.data?.total;
    for (const pageSize of pageSizes) {
      for (const connections of connectionCounts) {
        const url = listUrl(filter.query, pageSize);
        const label = `${filter.name}: ${fmt(matches ?? 0)} matches, pageSize ${pageSize}`;
        listLines.push({ filter: filter.name, url, matches, pageSize, ...(await line(label, signedGets(url, token), connections)) });
      }
    }
    const plans = await plansOf(handle, filter.query);
    planLines.push({ filter: filter.name, plans });
    for (const p of plans) console.log(`      ${p.kind}: ${p.text}`);
  }

  // Writes: the change and its audit entry in one transaction. With the demo, the collection update is the
  // issue's call; every write to `collections` also bumps its backend's list-generation counter
  // (db/list-generations.ts). Creating a quality-inspection queue is an insert with no shared row: its
  // entry's cost without that. Without the demo, the account edit (the seeded bench accounts, never an
  // administrator: no role change, so no administrators' lock) and the role creation (an insert; `roles`
  // has a list-generation counter, bumped in the backend's own slot).
  const { rows: ids } = await withClient(database.url, (c) => c.query(demoWrites ? 'select id from collections order by id' : "select id from users where username like 'bench.writer.%' order by id"));
  const writes = demoWrites
    ? [
        { call: 'PATCH /api/list/policy/:id', action: 'collection.update', method: 'PATCH', path: (i) => `/api/list/policy/${ids[i % ids.length].id}`, body: (i) => ({ count: i % 100_000 }) },
        { call: 'POST /api/list/quality-inspection', action: 'card.quality.create', method: 'POST', path: () => '/api/list/quality-inspection', body: (i) => ({ title: `Bench queue ${i}` }) },
      ]
    : [
        { call: 'PUT /api/system/users/:id', action: 'system.user.update', method: 'PUT', path: (i) => `/api/system/users/${ids[i % ids.length].id}`, body: (i) => ({ name: `Audit bench ${i}` }) },
        { call: 'POST /api/system/roles', action: 'system.role.create', method: 'POST', path: () => '/api/system/roles', body: (i) => ({ code: `bench-${process.pid}-${i}`, name: `Bench role ${i}`, permissions: ['audit:read'] }) },
      ];
  for (const write of writes) {
    const make = async (from, n) =>
      Promise.all(
        Array.from({ length: n }, async (_, k) => {
          const [path, body] = [write.path(from + k), JSON.stringify(write.body(from + k))];
          return { method: write.method, path, body, headers: await sign(write.method, path, { body, token }) };
        }),
      );
    const lastId = await withClient(database.url, async (c) => (await c.query('select max(id) as id from audit_log')).rows[0].id);
    const w = await line(write.call, make, writeConnections);
    const written = await withClient(database.url, async (c) => Number((await c.query('select count(*) from audit_log where id > $1 and action = $2', [lastId, write.action])).rows[0].count));
    writeLines.push({ call: write.call, written, ...w });
    console.log(`      ${written} audit entries written for ${w.okTotal} successful writes`);
  }

  // The floor: the first write's transaction alone (the collection edit, or the account edit), sent by pgbench
  // straight to PostgreSQL (no HTTP, no signing, no server): BEGIN, the row locked, updated (a collection's
  // trigger bumps the list generation), the entry inserted, COMMIT. The server's write cannot be faster than
  // this on the same machine at the same concurrency.
  floorLine = await pgbenchFloor(database.url, writeConnections, seconds, ids[0].id, ids.at(-1).id);
  console.log(`  the database alone (pgbench, ${writeConnections} clients): ${floorLine.tps} tx/s, p50 ${floorLine.p50} ms, p99 ${floorLine.p99} ms`);
} finally {
  stopDeadline();
  await cleanup();
}

/**
 * pgbench with the statements of the first write: a collection edit (the demo's search-table repository,
 * updateCollection) or an account edit (modules/system/account.repository.ts findAccount locked, updateAccount),
 * then audit/audit-entry.ts writeAudit; one transaction per run of the script, `clients` at once for `secs`
 * seconds; p50 and p99 from its per-transaction log.
 */
async function pgbenchFloor(url, clients, secs, firstId, lastId) {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-pgbench-'));
  try {
    const script = join(dir, 'edit.sql');
    writeFileSync(
      script,
      [
        `\\set id random(${firstId}, ${lastId})`,
        '\\set n random(1, 100000)',
        'BEGIN;',
        ...(demoWrites
          ? [
              'SELECT * FROM collections WHERE id = :id FOR UPDATE;',
              'UPDATE collections SET count = :n, updated_at = now() WHERE id = :id RETURNING *;',
              `INSERT INTO audit_log (at, actor_id, actor_name, role, action, target_type, target_id, summary, changes, result, ip, user_agent, trace_id) VALUES (date_trunc('milliseconds', clock_timestamp()), 1, 'admin', 'admin', 'collection.update', 'collection', :id, 'updated', '[{"field":"count","before":1,"after":2}]', 'success', '127.0.0.1', 'pgbench', 'pgbench');`,
            ]
          : [
              'SELECT * FROM users WHERE id = :id FOR UPDATE;',
              "UPDATE users SET name = 'Audit bench ' || :n, updated_at = now() WHERE id = :id RETURNING *;",
              `INSERT INTO audit_log (at, actor_id, actor_name, role, action, target_type, target_id, summary, changes, result, ip, user_agent, trace_id) VALUES (date_trunc('milliseconds', clock_timestamp()), 1, 'admin', 'admin', 'system.user.update', 'user', :id, 'updated account', '[{"field":"name","before":"a","after":"b"}]', 'success', '127.0.0.1', 'pgbench', 'pgbench');`,
            ]),
        'COMMIT;',
        '',
      ].join('\n'),
    );
    const bin = ['/usr/lib/postgresql/15/bin/pgbench', 'pgbench'].find((b) => b === 'pgbench' || existsSync(b));
    await new Promise((resolveRun, reject) => {
      const child = spawn(bin, ['-n', '-f', script, '-c', String(clients), '-j', '2', '-T', String(secs), '-l', '--log-prefix', join(dir, 'log'), url], { stdio: ['ignore', 'pipe', 'pipe'] });
      let err = '';
      child.stderr.on('data', (d) => (err += d));
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolveRun() : reject(new Error(`pgbench exited ${code}: ${err.slice(-500)}`))));
    });
    const latencies = readdirSync(dir)
      .filter((f) => f.startsWith('log'))
      .flatMap((f) => readFileSync(join(dir, f), 'utf8').trim().split('\n'))
      .map((line) => Number(line.split(' ')[2]) / 1000)
      .sort((a, b) => a - b);
    const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1);
    return { clients, tps: Math.round(latencies.length / secs), p50: at(0.5), p99: at(0.99) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/* ---------- report ---------- */

const loadAfter = loadavg()[0].toFixed(1);
const lines = [
  `Audit trail, ${fmt(entries)} entries, PostgreSQL, signed, NODE_ENV=production, ~${seconds} s per line, ${cpus().length} CPUs, load average ${loadBefore} before / ${loadAfter} after`,
  '',
  `First page of GET /api/system/audit (target: p99 <= ${LIST_P99_MS} ms)`,
  '',
  '| filter | matches (total) | page size | connections | req/s | p50 ms | p99 ms | target | non-2xx | database backends (samples) |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | --- |',
  ...referenceLines.map((l) => `| reference: ${l.call} | – | – | ${l.connections} | ${l.reqPerSec} | ${l.p50} | ${l.p99} | – | ${l.non2xx} | ${waitText(l)} |`),
  ...listLines.map((l) => `| ${l.filter} | ${fmt(l.matches ?? 0)} | ${l.pageSize} | ${l.connections} | ${l.reqPerSec} | ${l.p50} | ${l.p99} | ${verdict(l.p99, LIST_P99_MS)} | ${l.non2xx} | ${waitText(l)} |`),
  '',
  "Plans of the list's statements (the server's list function, run again under EXPLAIN (ANALYZE, BUFFERS), page size 10, warm cache)",
  '',
  '| filter | page | total |',
  '| --- | --- | --- |',
  ...planLines.map((l) => `| ${l.filter} | ${planText(l, 'page')} | ${planText(l, 'total')} |`),
  '',
  `A write with its audit entry (target: p99 <= ${WRITE_P99_MS} ms at 50 connections)`,
  '',
  '| call | connections | req/s | p50 ms | p99 ms | target | non-2xx | audit entries written / successful writes | database backends (samples) | a row waited for (samples) |',
  '| --- | ---: | ---: | ---: | ---: | --- | ---: | ---: | --- | --- |',
  ...writeLines.map((l) => `| ${l.call} | ${l.connections} | ${l.reqPerSec} | ${l.p50} | ${l.p99} | ${verdict(l.p99, WRITE_P99_MS)} | ${l.non2xx} | ${l.written} / ${l.okTotal} | ${waitText(l)} | ${l.rowWaits.join(', ') || '–'} |`),
  ...(floorLine
    ? [`| floor: the edit's transaction alone, pgbench straight to PostgreSQL | ${floorLine.clients} | ${floorLine.tps} tx/s | ${floorLine.p50} | ${floorLine.p99} | ${verdict(floorLine.p99, WRITE_P99_MS)} | – | – | – | – |`]
    : []),
];
console.log(`\n${lines.join('\n')}`);
const plansWith = (test) => planLines.filter((l) => l.plans.some(test)).map((l) => l.filter);
const seqScans = plansWith((p) => p.seqScan);
if (seqScans.length > 0) console.log(`\nsequential scan of audit_log in the plans of: ${seqScans.join(', ')}`);
const sorted = plansWith((p) => p.kind === 'page' && p.sorts);
if (sorted.length > 0) console.log(`the page query sorts every match (no index gives its order) for: ${sorted.join(', ')}`);

const outDir = join(root, 'bench/results');
mkdirSync(outDir, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const serialize = (l) => ({ ...l, statuses: Object.fromEntries(l.statuses) });
writeFileSync(join(outDir, `audit-${entries}-${stamp}.json`), JSON.stringify({ entries, seconds, connectionCounts, writeConnections, loadBefore, loadAfter, node: process.version, reference: referenceLines.map(serialize), list: listLines.map(serialize), plans: planLines, writes: writeLines.map(serialize) }, null, 2));
writeFileSync(join(outDir, `audit-${entries}-${stamp}.md`), `${lines.join('\n')}\n`);
console.log(`\nsaved bench/results/audit-${entries}-${stamp}.{json,md}`);
if ([...referenceLines, ...listLines, ...writeLines].some((l) => l.non2xx > 0 || l.errors > 0)) {
  console.error('some requests were not answered 2xx (statuses in the log above and the JSON): those lines count failures and timeouts too');
  process.exit(1);
}
