#!/usr/bin/env node
// A resource's import at scale (issue 41, docs/resources.md "Import"): a file of 100 000 products uploaded,
// checked and written as a person's import is, beside a plain COPY of the same rows, and the server's memory
// while it runs.
//
//   npm run bench:import [-- --rows 100000] [--formats csv,xlsx] [--server compiled|tsx] [--timeout-minutes 20]
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres   (a database where CREATE DATABASE works)
//
// 1. A scratch copy of this checkout where `npm run new:resource` writes the sample supplier and product (what
//    a team gets from the command), a fresh PostgreSQL database migrated and seeded by the copy's own code, and
//    1 000 suppliers. For each format, a file of `--rows` products under the labels' headers (title, SKU, price,
//    stock, status by its label, supplier by its name: every reference looked up), in memory.
// 2. The copy's server (NODE_ENV=production; compiled, as `npm run start:prod` runs it, unless --server tsx), signed in as admin; its resident memory read from /proc while it
//    idles, then every 50 ms during the import. POST the file (upload), POST check and wait for `checked`, POST
//    commit and wait for `done`, over HTTP: each phase timed, the records and the one audit entry counted.
// 3. COPY of the same rows (the values already resolved: ids for suppliers) from a file the database server
//    reads into a table like products (its indexes and defaults), in the same database, timed: the floor of
//    getting 100 000 rows in.
// The database and the copy are removed and the server stopped however the run ends; the table is printed and
// saved to bench/results/import-<time>.md.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { clearInterval, setInterval } from 'node:timers';
import { benchAccess, cleanupOnExit, createDatabase, migrateAndSeed, option, root, signIn, startServer, withClient } from '../audit/harness.mjs';

const rows = Number(option('rows', 100_000));
const formats = String(option('formats', 'csv,xlsx')).split(',');
const timeoutMinutes = Number(option('timeout-minutes', 20));
// the server as production runs it (`npm run start:prod`: the compiled JavaScript), or through tsx as `npm start` does
const serverKind = String(option('server', 'compiled'));
if (serverKind !== 'compiled' && serverKind !== 'tsx') throw new Error(`--server compiled|tsx, not ${serverKind}`);
const { adminUrl, serverKeys, sign } = benchAccess('bench-import');
const TARGET_MS = 30_000;
const SUPPLIERS = 1000;

const { cleanups, cleanup, stopDeadline } = cleanupOnExit(timeoutMinutes);

const copy = mkdtempSync(join(tmpdir(), 'atrium-bench-import-'));
cleanups.push(async () => rmSync(copy, { recursive: true, force: true }));
execFileSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/resource/scratch-copy.ts'), copy], { cwd: root, stdio: 'inherit' });
execFileSync(process.execPath, ['--import', 'tsx', 'scripts/resource/new.ts', 'scripts/resource/samples/supplier.json', 'scripts/resource/samples/product.json'], { cwd: copy, stdio: 'ignore' });
if (serverKind === 'compiled') execFileSync(process.execPath, [join(copy, 'scripts/build-server.mjs')], { cwd: copy, stdio: 'ignore' });
const serverArgs = serverKind === 'compiled' ? [join(copy, 'apps/server/dist/main.js')] : ['--import', 'tsx', join(copy, 'apps/server/src/main.ts')];
const { openDatabase } = await import(join(copy, 'apps/server/src/db/client.ts'));

const fmt = (n) => Math.round(n).toLocaleString('en-US').replace(/,/g, ' ');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** A process's resident memory in MiB, from /proc. */
const rssMiB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** The n-th product as a person's spreadsheet holds it (`tag` keeps the SKUs of two files apart). */
const product = (n, tag) => [`Product ${tag} ${n}`, `${tag}-${n}`, (((n * 613) % 100000) / 100).toFixed(2), String(n % 500), n % 10 === 0 ? 'Live' : 'Draft', `Supplier ${1 + ((n * 13) % SUPPLIERS)}`];
const header = ['Title', 'SKU', 'Price', 'Stock', 'Status', 'Supplier'];
const table = (tag) => [header, ...Array.from({ length: rows }, (_, i) => product(i + 1, tag))];
// the kit's own test files: a CSV as a spreadsheet saves one, a workbook of inline strings
const { importSampleCsv } = await import(join(root, 'packages/contracts/src/resource-sample.ts'));
const { xlsxOf } = await import(join(root, 'apps/server/src/modules/resources/import-fixture.ts'));
const csvFile = (tag) => Buffer.from(importSampleCsv(table(tag)));
const xlsxFile = (tag) => xlsxOf(table(tag));

const results = [];
let copyMs = 0;
try {
  const database = await createDatabase(adminUrl, `atrium_bench_import_${process.pid}`);
  cleanups.push(database.drop);
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-import-data-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const handle = await openDatabase({ databaseUrl: database.url, dataDir });
  await migrateAndSeed(handle, copy);
  await handle.db.execute(`insert into suppliers (name, code, created_at, updated_at, department_id, owner_id)
    select 'Supplier ' || g, 'S' || lpad(g::text, 5, '0'), now(), now(), 1, (select min(id) from users) from generate_series(1, ${SUPPLIERS}) g`);
  await handle.close();

  // the floor: the same rows, resolved, through COPY into a table like products (its indexes and defaults)
  copyMs = await withClient(database.url, async (c) => {
    await c.query('create table products_copy (like products including all)');
    const supplierIds = new Map((await c.query('select id, name from suppliers')).rows.map((r) => [r.name, r.id]));
    const lines = Array.from({ length: rows }, (_, i) => {
      const [title, sku, price, stock, status, supplier] = product(i + 1, 'COPY');
      return `${title}\t${sku}\t${price}\t${stock}\t${status.toLowerCase()}\t${supplierIds.get(supplier)}\tnow\tnow\n`;
    });
    // a file the database server reads itself (this machine's: the bench's PostgreSQL is local), so the floor
    // carries no client's transfer either
    const rowsFile = join(tmpdir(), `atrium-bench-import-${process.pid}.tsv`);
    writeFileSync(rowsFile, lines.join(''), { mode: 0o644 });
    cleanups.push(async () => rmSync(rowsFile, { force: true }));
    const at = performance.now();
    await c.query(`copy products_copy (title, sku, price, stock, status, supplier, created_at, updated_at) from '${rowsFile}'`);
    return performance.now() - at;
  });
  console.log(`bench/import: COPY of ${fmt(rows)} products ${fmt(copyMs)} ms; ${cpus().length} CPUs, load average ${loadavg()[0].toFixed(1)}, Node ${process.version}`);

  let server;
  let token;
  const send = async (method, path, body, contentType) => {
    const res = await fetch(`http://127.0.0.1:${server.port}${path}`, { method, headers: await sign(method, path, { token, body, contentType }), body });
    const json = await res.json();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json).slice(0, 400)}`);
    return json.data;
  };
  const until = async (id, status) => {
    for (;;) {
      const job = await send('GET', `/api/products/imports/${id}`);
      if (!['checking', 'writing'].includes(job.status)) {
        if (job.status !== status) throw new Error(`import ${id}: ${job.status} ${job.failure ?? ''} ${JSON.stringify(job.errors.slice(0, 3))}`);
        return job;
      }
      await sleep(100);
    }
  };

  for (const format of formats) {
    const tag = format.toUpperCase();
    const file = format === 'csv' ? csvFile(tag) : xlsxFile(tag);
    // a server of its own for each file: its idle memory is a fresh server's, signed in, at rest
    await server?.stop();
    server = await startServer({ NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: dataDir, DATABASE_URL: database.url, ...serverKeys }, serverArgs);
    cleanups.push(server.stop);
    token = await signIn(server.port, sign, 'admin', 'admin123');
    await sleep(2000);
    const idle = rssMiB(server.pid);
    let peak = idle;
    const peaks = {};
    let phase = 'upload';
    const sampler = setInterval(() => {
      const now = rssMiB(server.pid);
      peak = Math.max(peak, now);
      peaks[phase] = Math.max(peaks[phase] ?? 0, now);
    }, 50);
    const boundary = `----bench${process.pid}`;
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="products.${format}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const phases = {};
    let at = performance.now();
    const job = await send('POST', '/api/products/imports', body, `multipart/form-data; boundary=${boundary}`);
    phases.upload = performance.now() - at;
    phase = 'check';
    at = performance.now();
    await send('POST', `/api/products/imports/${job.id}/check`, JSON.stringify({}));
    const checked = await until(job.id, 'checked');
    phases.check = performance.now() - at;
    if (checked.errorRows > 0) throw new Error(`${format}: ${checked.errorRows} rows refused: ${JSON.stringify(checked.errors.slice(0, 3))}`);
    phase = 'write';
    at = performance.now();
    await send('POST', `/api/products/imports/${job.id}/commit`);
    const done = await until(job.id, 'done');
    phases.write = performance.now() - at;
    clearInterval(sampler);
    const written = await withClient(database.url, async (c) => Number((await c.query('select count(*)::int as n from products where sku like $1', [`${tag}-%`])).rows[0].n));
    const entries = await withClient(database.url, async (c) => Number((await c.query(`select count(*)::int as n from audit_log where action = 'product.import-commit' and target_id = $1`, [String(job.id)])).rows[0].n));
    const total = phases.upload + phases.check + phases.write;
    const result = { format, bytes: file.length, ...phases, total, idle, peak, peaks, written, entries, created: done.counts.created };
    results.push(result);
    console.log(`  ${format}: ${(file.length / 1024 / 1024).toFixed(1)} MiB; upload ${fmt(phases.upload)} ms, check ${fmt(phases.check)} ms, write ${fmt(phases.write)} ms, total ${fmt(total)} ms (${(total / copyMs).toFixed(1)}x COPY); RSS idle ${idle.toFixed(0)} MiB, peak ${peak.toFixed(0)} MiB (upload ${peaks.upload?.toFixed(0)}, check ${peaks.check?.toFixed(0)}, write ${peaks.write?.toFixed(0)}); ${fmt(written)} records, ${entries} audit entry`);
  }
} finally {
  stopDeadline();
  await cleanup();
}

const mib = (n) => `${n.toFixed(0)}`;
const lines = [
  `## bench/import: ${fmt(rows)} products on PostgreSQL (${new Date().toISOString().slice(0, 10)}); COPY of the same rows ${fmt(copyMs)} ms`,
  '',
  '| file | MiB | upload ms | check ms | write ms | total ms | x COPY | target <= 30 000 ms | RSS idle MiB | RSS peak MiB | peak / (1.5 x idle + file) | records | audit entries |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: |',
];
for (const r of results) {
  const bound = 1.5 * r.idle + r.bytes / 1024 / 1024;
  lines.push(`| ${r.format} | ${(r.bytes / 1024 / 1024).toFixed(1)} | ${fmt(r.upload)} | ${fmt(r.check)} | ${fmt(r.write)} | ${fmt(r.total)} | ${(r.total / copyMs).toFixed(1)} | ${r.total <= TARGET_MS ? 'met' : '**not met**'} | ${mib(r.idle)} | ${mib(r.peak)} | ${(r.peak / bound).toFixed(2)}${r.peak <= bound ? '' : ' **over**'} | ${fmt(r.written)} | ${r.entries} |`);
}
console.log(`\n${lines.join('\n')}`);
mkdirSync(join(root, 'bench/results'), { recursive: true });
const out = join(root, 'bench/results', `import-${new Date().toISOString().replace(/[:.]/g, '-')}.md`);
writeFileSync(out, `${lines.join('\n')}\n`);
console.log(`\nsaved ${out.replace(`${root}/`, '')}`);
process.exit(0);
