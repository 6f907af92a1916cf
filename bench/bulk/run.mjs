#!/usr/bin/env node
// Bulk actions at scale (issue 41, docs/resources.md "Bulk actions"): one field of 10 000 matching records set in
// one request, all or none, with an audit entry each.
//
//   npm run bench:bulk [-- --rows 100000] [--matching 10000] [--runs 5] [--timeout-minutes 20]
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres   (a database where CREATE DATABASE works)
//
// 1. A scratch copy of this checkout where `npm run new:resource` writes the sample supplier and product (the
//    bench measures what a team gets from the command), then a fresh PostgreSQL database migrated and seeded
//    by the copy's own code: 1 000 suppliers and `--rows` products, `--matching` of them live (the rest drafts),
//    in INSERT ... SELECT generate_series, then VACUUM (ANALYZE).
// 2. The copy's server (NODE_ENV=production), signed in as admin. `--runs` times: GET /api/products/count?status=live
//    (the count the console asks before offering every match), then POST /api/products/bulk-update setting the
//    stock of every live product (`matching` with that count), over HTTP, timed from the request to the answer;
//    each run's audit entries counted. Then the same with 1 000 products picked by id at their versions.
// The database and the copy are removed and the server stopped however the run ends; the table is printed and
// saved to bench/results/bulk-<time>.md.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { benchAccess, cleanupOnExit, createDatabase, migrateAndSeed, option, root, signIn, startServer, withClient } from '../audit/harness.mjs';

const rows = Number(option('rows', 100_000));
const matching = Number(option('matching', 10_000));
const runs = Number(option('runs', 5));
const timeoutMinutes = Number(option('timeout-minutes', 20));
const { adminUrl, serverKeys, sign } = benchAccess('bench-bulk');
const TARGET_MS = 5000;
const SELECTED = 1000;

const { cleanups, cleanup, stopDeadline } = cleanupOnExit(timeoutMinutes);

const copy = mkdtempSync(join(tmpdir(), 'atrium-bench-bulk-'));
cleanups.push(async () => rmSync(copy, { recursive: true, force: true }));
execFileSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/resource/scratch-copy.ts'), copy], { cwd: root, stdio: 'inherit' });
execFileSync(process.execPath, ['--import', 'tsx', 'scripts/resource/new.ts', 'scripts/resource/samples/supplier.json', 'scripts/resource/samples/product.json'], { cwd: copy, stdio: 'ignore' });
const { openDatabase } = await import(join(copy, 'apps/server/src/db/client.ts'));

const fmt = (n) => n.toLocaleString('en-US').replace(/,/g, ' ');
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

const results = [];
try {
  const database = await createDatabase(adminUrl, `atrium_bench_bulk_${process.pid}`);
  cleanups.push(database.drop);
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-bulk-data-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const handle = await openDatabase({ databaseUrl: database.url, dataDir });
  await migrateAndSeed(handle, copy);
  const started = Date.now();
  await handle.db.execute(`insert into suppliers (name, code, created_at, updated_at, department_id, owner_id)
    select 'Supplier ' || g, 'S' || lpad(g::text, 5, '0'), now(), now(), 1, (select min(id) from users) from generate_series(1, 1000) g`);
  // every (rows / matching)-th product live: the matches spread over the table, as a status would be
  await handle.db.execute(`insert into products (title, sku, price, stock, status, featured, supplier, created_at, updated_at)
    select 'Product ' || g, 'SKU-' || g, ((g::bigint * 613) % 100000) / 100.0, g % 500,
      case when g % ${Math.round(rows / matching)} = 0 then 'live' else 'draft' end, false, 1 + (g::bigint * 13) % 1000,
      now() - ((${rows} - g) || ' seconds')::interval, now()
    from generate_series(1, ${rows}) g`);
  await handle.db.execute('vacuum (analyze) products');
  await handle.close();
  console.log(`bench/bulk: ${fmt(rows)} products, seeded in ${fmt(Date.now() - started)} ms; ${cpus().length} CPUs, load average ${loadavg()[0].toFixed(1)}, Node ${process.version}`);

  const server = await startServer({ NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: dataDir, DATABASE_URL: database.url, ...serverKeys }, ['--import', 'tsx', join(copy, 'apps/server/src/main.ts')]);
  cleanups.push(server.stop);
  const token = await signIn(server.port, sign, 'admin', 'admin123');
  const send = async (method, path, body) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const at = performance.now();
    const res = await fetch(`http://127.0.0.1:${server.port}${path}`, { method, headers: await sign(method, path, { token, body: text }), body: text });
    const json = await res.json();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
    return { data: json.data, ms: performance.now() - at };
  };
  const entries = (action) => withClient(database.url, async (c) => Number((await c.query('select count(*)::int as n from audit_log where action = $1', [action])).rows[0].n));

  const line = async (name, call) => {
    const times = [];
    const counts = [];
    for (let i = 0; i < runs; i++) {
      const before = await entries('product.bulk-update');
      const { ms, count } = await call(i);
      times.push(ms);
      counts.push([count, (await entries('product.bulk-update')) - before]);
    }
    const result = { name, runs: times.map((t) => Math.round(t)), median: Math.round(median(times)), max: Math.round(Math.max(...times)), counts };
    results.push(result);
    console.log(`  ${name}: ${result.runs.join(', ')} ms (median ${result.median}, max ${result.max}); records and audit entries per run: ${counts.map(([a, b]) => `${a}/${b}`).join(', ')}`);
  };

  await line(`every match (${fmt(matching)}), count asked first`, async (i) => {
    const { data: counted, ms: countMs } = await send('GET', '/api/products/count?status=live');
    const { data, ms } = await send('POST', '/api/products/bulk-update', { field: 'stock', value: 100 + i, matching: { filters: { status: 'live' }, count: counted.count } });
    return { ms: ms + countMs, count: data.count };
  });
  await line(`${fmt(SELECTED)} picked at their versions`, async (i) => {
    const picked = await withClient(database.url, async (c) => (await c.query(`select id, version from products where status = 'draft' order by id limit ${SELECTED} offset ${i * SELECTED}`)).rows);
    const { data, ms } = await send('POST', '/api/products/bulk-update', { field: 'featured', value: true, records: picked.map((r) => ({ id: r.id, version: r.version })) });
    return { ms, count: data.count };
  });
} finally {
  stopDeadline();
  await cleanup();
}

const lines = [`## bench/bulk: ${fmt(rows)} products on PostgreSQL, ${runs} runs a line (${new Date().toISOString().slice(0, 10)})`, '', '| bulk update | runs (ms) | median ms | max ms | records / audit entries | target |', '| --- | --- | ---: | ---: | --- | --- |'];
for (const r of results) lines.push(`| ${r.name} | ${r.runs.join(', ')} | ${r.median} | ${r.max} | ${r.counts.map(([a, b]) => `${a}/${b}`).join(', ')} | ${r.name.startsWith('every') ? `<= ${TARGET_MS} ms: ${r.max <= TARGET_MS ? 'met' : '**not met**'}` : ''} |`);
console.log(`\n${lines.join('\n')}`);
mkdirSync(join(root, 'bench/results'), { recursive: true });
const file = join(root, 'bench/results', `bulk-${new Date().toISOString().replace(/[:.]/g, '-')}.md`);
writeFileSync(file, `${lines.join('\n')}\n`);
console.log(`\nsaved ${file.replace(`${root}/`, '')}`);
process.exit(0);
