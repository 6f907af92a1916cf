#!/usr/bin/env node
// Resource lists at scale (docs/resources.md, decision 018): a generated resource with a million records.
//
//   npm run bench:resources [-- --rows 1000000] [--pglite-rows 100000] [--seconds 8] [--connections 10]
//                              [--engines postgres,pglite] [--no-lists] [--no-options] [--no-export] [--timeout-minutes 40]
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres   (a database where CREATE DATABASE works)
//
// 1. A scratch copy of this checkout (scripts/resource/scratch-copy.ts) where `npm run new:resource` writes
//    the two sample resources (scripts/resource/samples: supplier, product) and a `customer` of its own (a
//    unique name with a `prefix` filter, issue 38's picker): the bench measures what a team gets from the
//    command, not a hand-written table.
// 2. Per engine, a fresh database migrated and seeded by the copy's own code, then 1 000 suppliers and
//    `--rows` products in one INSERT ... SELECT generate_series each (titles from 60 adjectives x 80 nouns
//    and a model number, SKUs `SKU-<n>`, prices 0-999.99, launch dates over five years with a null in every
//    eleventh, 30 % live) and as many customers (`Cobalt Lantern 48213`: two capitalised words and the
//    row's number), then VACUUM (ANALYZE) as autovacuum would soon after a bulk load.
// 3. The copy's server (`node --import tsx apps/server/src/main.ts`, NODE_ENV=production), signed in as
//    admin; every line drives GET /api/products through autocannon from a pool of requests signed
//    beforehand. "Fresh" lines give every request a filter value drawn at random (a title fragment, a SKU
//    prefix, a price or date window, a supplier): no two requests ask the same, so no cache can answer.
//    "Same" lines send one request again and again. GET /api/user/menu, the signed pipeline alone, is the
//    reference of what the machine allows at that moment. Then the reference pickers: GET /api/products/options
//    and /api/customers/options with a keyword drawn at random per request (a title's beginning, a word
//    inside it, a number, a keyword nothing matches), and with none (the picker opening).
// 4. On PostgreSQL, GET /api/products/export of every record, the server's RSS sampled every 100 ms.
// The databases and the copy are removed and the servers stopped however the run ends.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setInterval, clearInterval } from 'node:timers';
import { URLSearchParams } from 'node:url';
import { benchAccess, cleanupOnExit, createDatabase, measure, migrateAndSeed, option, root, signIn, startServer } from '../audit/harness.mjs';

const rows = Number(option('rows', 1_000_000));
const pgliteRows = Number(option('pglite-rows', 100_000));
const seconds = Number(option('seconds', 8));
const connections = Number(option('connections', 10));
const engines = String(option('engines', 'postgres,pglite')).split(',');
const withExport = !process.argv.includes('--no-export');
const withLists = !process.argv.includes('--no-lists');
const withOptions = !process.argv.includes('--no-options');
const timeoutMinutes = Number(option('timeout-minutes', 40));
const { adminUrl, serverKeys, sign } = benchAccess('bench-resources');
const P99_TARGET_MS = 50;
const EXPORT_LIMIT_MB = 200;

/* ---------- cleanup, whatever ends the run ---------- */

const { cleanups, cleanup, stopDeadline } = cleanupOnExit(timeoutMinutes);

/* ---------- the copy with the generated resources ---------- */

const copy = mkdtempSync(join(tmpdir(), 'atrium-bench-resources-'));
cleanups.push(async () => rmSync(copy, { recursive: true, force: true }));
execFileSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/resource/scratch-copy.ts'), copy], { cwd: root, stdio: 'inherit' });
// A customer as issue 38 measured its picker: a unique name filtered by its beginning, and nothing else.
const customerSpec = {
  name: 'customer', plural: 'customers', label: { 'zh-CN': '客户', 'en-US': 'Customer' }, pluralLabel: { 'zh-CN': '客户', 'en-US': 'Customers' },
  menu: { group: 'catalog', order: 9 },
  fields: [{ name: 'name', type: 'string', label: { 'zh-CN': '名称', 'en-US': 'Name' }, required: true, unique: true, max: 80, filter: 'prefix' }],
};
writeFileSync(join(copy, 'customer.json'), JSON.stringify(customerSpec));
execFileSync(process.execPath, ['--import', 'tsx', 'scripts/resource/new.ts', 'scripts/resource/samples/supplier.json', 'scripts/resource/samples/product.json', 'customer.json'], { cwd: copy, stdio: 'ignore' });
const { openDatabase } = await import(join(copy, 'apps/server/src/db/client.ts'));

/* ---------- data ---------- */

const adjectives = 'brass cedar amber cobalt velvet linen copper marble walnut ivory slate coral birch indigo maple pearl onyx jade silver golden rustic modern vintage classic compact deluxe nordic urban coastal alpine desert forest harbor meadow prairie canyon glacier summit lunar solar polar tidal misty sunny quiet bold bright gentle swift steady humble noble royal grand petite mighty tiny giant'.split(' ');
const nouns = 'lamp chair table desk shelf stool bench sofa rug mirror clock vase bowl plate mug kettle teapot pitcher basket crate lantern candle frame easel cabinet drawer dresser wardrobe mattress pillow blanket quilt curtain blind hook rail rack stand cart trolley tray board knife spoon fork ladle whisk grater peeler sieve jar tin box case bag pouch wallet satchel backpack tote umbrella scarf glove mitten beanie sock slipper sandal boot sneaker loafer belt brooch ring bangle pendant charm locket'.split(' ');
const pgArray = (words) => `array[${words.map((w) => `'${w}'`).join(',')}]`;

async function loadProducts(db, n, engine) {
  const started = Date.now();
  // suppliers and customers are scoped (docs/resources.md): the root's, owned by the first account
  await db.execute(`insert into suppliers (name, code, created_at, updated_at, department_id, owner_id)
    select 'Supplier ' || g, 'S' || lpad(g::text, 5, '0'), now() - (g || ' minutes')::interval, now(), 1, (select min(id) from users) from generate_series(1, 1000) g`);
  await db.execute(`insert into products (title, sku, price, stock, status, launched_on, featured, supplier, created_at, updated_at)
    select (${pgArray(adjectives)})[(1 + (g::bigint * 7919) % ${adjectives.length})::int] || ' ' || (${pgArray(nouns)})[(1 + (g::bigint * 104729) % ${nouns.length})::int] || ' ' || (1 + (g::bigint * 31) % 9973),
      'SKU-' || g, ((g::bigint * 613) % 100000) / 100.0, g % 500, case when g % 10 < 3 then 'live' else 'draft' end,
      case when g % 11 = 0 then null else date '2021-01-01' + ((g::bigint * 37) % 1826)::int end, g % 17 = 0, 1 + (g::bigint * 13) % 1000,
      now() - ((${n} - g) || ' seconds')::interval, now()
    from generate_series(1, ${n}) g`);
  await db.execute(`insert into customers (name, created_at, updated_at, department_id, owner_id)
    select initcap((${pgArray(adjectives)})[(1 + (g::bigint * 104723) % ${adjectives.length})::int]) || ' ' || initcap((${pgArray(nouns)})[(1 + (g::bigint * 7907) % ${nouns.length})::int]) || ' ' || g,
      now() - ((${n} - g) || ' seconds')::interval, now(), 1, (select min(id) from users)
    from generate_series(1, ${n}) g`);
  // PostgreSQL's autovacuum analyzes a table soon after a bulk load; PGlite has none, and the server analyzes
  // its tables at start instead (analyzeEmbedded in db/migrate.ts), so only PostgreSQL is analyzed here.
  if (engine === 'postgres') {
    await db.execute('vacuum (analyze) suppliers');
    await db.execute('vacuum (analyze) products');
    await db.execute('vacuum (analyze) customers');
  }
  return Date.now() - started;
}

/* ---------- the requests ---------- */

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const between = (lo, hi) => lo + Math.floor(Math.random() * (hi - lo + 1));
const day = (offset) => new Date(Date.UTC(2021, 0, 1 + offset)).toISOString().slice(0, 10);
/** A fragment of a word of the titles: 3 to 5 letters from anywhere in it. */
const fragment = () => {
  const word = pick(Math.random() < 0.5 ? adjectives : nouns);
  const length = Math.min(word.length, between(3, 5));
  const start = between(0, word.length - length);
  return word.slice(start, start + length);
};

/** Each line: a name and a query per request (`fresh`: a new value every time). */
const lines = [
  { name: 'no filter (newest first)', query: () => ({}) },
  { name: 'title contains a word fragment', fresh: true, query: () => ({ title: fragment() }) },
  { name: 'title contains a model number', fresh: true, query: () => ({ title: String(between(1000, 9973)) }) },
  { name: 'title contains two words', fresh: true, query: () => ({ title: `${pick(adjectives)} ${pick(nouns)}` }) },
  { name: 'SKU prefix', fresh: true, query: () => ({ sku: `SKU-${between(1, 99_999)}` }) },
  { name: 'price range (5.00 wide)', fresh: true, query: () => ({ price: ((a) => [String(a), String(a + 5)])(between(0, 990)) }) },
  { name: 'launch date, one week', fresh: true, query: () => ({ launchedOn: ((a) => [day(a), day(a + 6)])(between(0, 1800)) }) },
  { name: 'supplier', fresh: true, query: () => ({ supplier: String(between(1, 1000)) }) },
  { name: 'status + price range + fragment', fresh: true, query: () => ({ status: pick(['live', 'draft']), price: ((a) => [String(a), String(a + 100)])(between(0, 899)), title: fragment() }) },
  { name: 'fragment, sorted by price', fresh: true, query: () => ({ title: fragment(), sort: '-price' }) },
  { name: 'same fragment again and again', query: () => ({ title: 'ant' }) },
];
/** A keyword nothing holds: letters no title has side by side. */
const nothing = () => `${fragment()}qz${between(1, 999)}`;
/** The picker of each resource: a title's beginning, a word inside it (not its first), a number, a miss. */
const optionLines = ['products', 'customers'].flatMap((plural) => [
  { plural, name: 'no keyword (the picker opening)', target: true, keyword: () => undefined },
  { plural, name: 'keyword: a title\'s beginning', fresh: true, keyword: () => ((a) => a.slice(0, between(2, a.length)))(pick(adjectives)) },
  { plural, name: 'keyword: a word inside the title', fresh: true, keyword: fragment },
  { plural, name: 'keyword: a number', fresh: true, keyword: () => String(between(100, 99_999)) },
  { plural, name: 'keyword: nothing matches', fresh: true, keyword: nothing },
]);
const optionsUrl = (plural, keyword) => `/api/${plural}/options${keyword === undefined ? '' : `?${new URLSearchParams({ keyword })}`}`;
const listUrl = (query) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) for (const v of [value].flat()) params.append(key, v);
  params.set('current', '1');
  params.set('pageSize', '10');
  return `/api/products?${params}`;
};
const signedGets = (urlOf, token) => async (_from, n) =>
  Promise.all(Array.from({ length: n }, async () => {
    const url = urlOf();
    return { method: 'GET', path: url, headers: await sign('GET', url, { token }) };
  }));

/* ---------- the export ---------- */

const rssMb = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

async function measureExport(server, token) {
  const url = '/api/products/export';
  const before = rssMb(server.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 100);
  const started = Date.now();
  let bytes = 0;
  let lines = 0;
  try {
    const res = await fetch(`http://127.0.0.1:${server.port}${url}`, { headers: await sign('GET', url, { token }) });
    if (!res.ok) throw new Error(`export answered ${res.status}`);
    for await (const chunk of res.body) {
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) lines++;
    }
  } finally {
    clearInterval(sampler);
  }
  return { rows: lines - 1, mb: bytes / 1048576, seconds: (Date.now() - started) / 1000, before, peak };
}

/* ---------- the run ---------- */

const fmt = (n) => n.toLocaleString('en-US').replace(/,/g, ' ');
console.log(`bench/resources: ${engines.join(', ')} (${fmt(rows)} products on PostgreSQL, ${fmt(pgliteRows)} on PGlite), ~${seconds} s per line, ${connections} connections, ${cpus().length} CPUs, load average ${loadavg()[0].toFixed(1)}, Node ${process.version}`);
const results = [];
let exportResult = null;
try {
  for (const engine of engines) {
    const n = engine === 'pglite' ? pgliteRows : rows;
    const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-resources-data-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    let databaseUrl = '';
    if (engine === 'postgres') {
      const database = await createDatabase(adminUrl, `atrium_bench_resources_${process.pid}`);
      cleanups.push(database.drop);
      databaseUrl = database.url;
    }
    const handle = await openDatabase({ databaseUrl: databaseUrl || undefined, dataDir });
    await migrateAndSeed(handle, copy);
    console.log(`\n${engine}: ${fmt(n)} products loaded in ${fmt(await loadProducts(handle.db, n, engine))} ms`);
    await handle.close();

    const server = await startServer(
      { NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...serverKeys },
      ['--import', 'tsx', join(copy, 'apps/server/src/main.ts')],
    );
    cleanups.push(server.stop);
    const token = await signIn(server.port, sign, 'admin', 'admin123');
    const run = async (name, urlOf) => {
      const r = await measure(server.port, { make: signedGets(urlOf, token), connections, seconds });
      const bad = r.non2xx + r.errors;
      console.log(`  ${name.padEnd(40)} ${String(r.reqPerSec).padStart(5)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms${bad ? `  ${bad} not 2xx (${[...r.statuses].map(([s, k]) => `${k} x ${s}`).join(', ')})` : ''}`);
      return r;
    };
    const reference = await run('GET /api/user/menu (pipeline only)', () => '/api/user/menu');
    results.push({ engine, rows: n, name: 'GET /api/user/menu (the signed pipeline alone)', ...reference });
    for (const line of withLists ? lines : []) {
      const sample = await fetch(`http://127.0.0.1:${server.port}${listUrl(line.query())}`, { headers: await sign('GET', listUrl(line.query()), { token }) });
      const r = await run(line.name, () => listUrl(line.query()));
      results.push({ engine, rows: n, name: line.name, fresh: Boolean(line.fresh), sampleStatus: sample.status, ...r });
    }
    for (const line of withOptions ? optionLines : []) {
      const name = `${line.plural} options, ${line.name}`;
      const r = await run(name, () => optionsUrl(line.plural, line.keyword()));
      results.push({ engine, rows: n, name, fresh: Boolean(line.fresh), target: Boolean(line.target), ...r });
    }
    if (engine === 'postgres' && withExport) {
      exportResult = await measureExport(server, token);
      console.log(`  export: ${fmt(exportResult.rows)} rows, ${exportResult.mb.toFixed(0)} MB in ${exportResult.seconds.toFixed(1)} s; server RSS ${exportResult.before.toFixed(0)} MB before, ${exportResult.peak.toFixed(0)} MB at most`);
    }
    await server.stop();
  }
} finally {
  stopDeadline();
  await cleanup();
}

console.log('\n| engine | rows | request | req/s | p50 | p99 | p99 target |');
console.log('| --- | ---: | --- | ---: | ---: | ---: | --- |');
for (const r of results) {
  const target = r.fresh || r.target ? (r.p99 <= P99_TARGET_MS ? 'met' : '**not met**') : '';
  console.log(`| ${r.engine} | ${fmt(r.rows)} | ${r.name} | ${fmt(r.reqPerSec)} | ${r.p50} ms | ${r.p99} ms | ${target} |`);
}
if (exportResult) {
  const grew = exportResult.peak - exportResult.before;
  console.log(`\nExport of ${fmt(exportResult.rows)} products: ${exportResult.seconds.toFixed(1)} s, server RSS ${exportResult.before.toFixed(0)} -> ${exportResult.peak.toFixed(0)} MB (${grew <= EXPORT_LIMIT_MB ? 'within' : '**beyond**'} ${EXPORT_LIMIT_MB} MB)`);
}
const failed = results.some((r) => r.non2xx + r.errors > 0);
process.exit(failed ? 1 : 0);
