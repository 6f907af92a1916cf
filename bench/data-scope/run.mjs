#!/usr/bin/env node
// Data scope at scale (issue 39, data-scope.md §7): a million scoped records over 5 000 departments of depth 10.
//
//   npm run bench:data-scope [-- --rows 1000000] [--departments 5000] [--seconds 5] [--warm-up 3] [--connections 10]
//                               [--designs any,any-named,path,ancestors,interval,path-copy] [--indexes plain,composite,covering] [--total cap|exact]
//                               [--scopes all,department-tree,department,custom,own]
//                               [--no-tree] [--no-lists] [--no-plans] [--collections] [--keep-database]
//                               [--timeout-minutes 20]
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres   (a database where CREATE DATABASE works)
//
// 1. A private database, migrated and seeded by the server's own code; `--departments` departments in a
//    tree of depth 10 (one root, the levels widening to the leaves: 1, 5, 15, 40, 90, 180, 350, 650, 1 300,
//    2 369 of 5 000, each department under one of the level above drawn at random) with their materialised
//    paths as migration 0009 keeps them; 2 000 accounts spread over the departments; and `--rows` records in
//    `bench_records`, a table shaped as the collections are (number, name, status, created time over a year,
//    the collections' order and trigram index) with a department and an owner each, drawn at random (about
//    200 records a department, 500 an owner).
// 2. The tree: GET /api/system/departments (every department in one call) over HTTP, signed, from the real
//    server, `--connections` connections, each request from one of as many accounts in turn.
// 3. The scoped list through the list layer itself (lists/list.repository.ts `readPage`, a ListSource
//    declaring `scope`, on a pool of `--connections`), in this process: as many workers as connections, each
//    an account of its own, each reach reckoned per request from the tree in memory as sessions/data-scope.ts
//    does. For each scope (unscoped, i.e. `all`; `department-tree` with accounts at every depth from 2 to 10,
//    reaching from one department to 30 % of the records; `department`; `custom` with three departments of
//    depths 4 to 6 and their subtrees; `own`): the first page; a day never asked before (a created-time
//    window, new per request); a name fragment never asked before (trigrams, new per request). Totals capped
//    at 1 000 as the kit's (`--total exact`: exact and remembered, as the collections'). Each line runs
//    `--seconds` after `--warm-up` seconds (3: plans settle; PostgreSQL may turn to a generic plan after five
//    runs of a prepared statement, and each of the 10 accounts' statements is prepared on each of the 10 connections). Designs of the scope condition (`--designs`): `any`, readPage as it is
//    (scopeCondition: `department_id = any('{ids}')` written into the statement's text, one department
//    `= $id`; each statement named by its text, so planned once per connection for its ids, decision 053);
//    `any-named`, the ids as one parameter of a named prepared statement (readPage before decision 035: a
//    generic plan may guess ten departments for any array); `path`, the subtree as a range of the departments' path (`inSubtreeOf`, a semi-join).
//    `interval` and `path-copy`: the department's preorder number or its path copied onto each record and indexed
//    ahead of the list's order, a subtree one range of it (bench/data-scope/README.md: tried, not kept).
//    Index sets (`--indexes`): `plain`, (department_id) and (owner_id); `composite`, (department_id,
//    created_time desc, id) and (owner_id, created_time desc, id): the scope's column ahead of the list's order;
//    `covering`, `composite` and the order's index carrying department_id and owner_id (`include`).
// 4. Plans (EXPLAIN (ANALYZE, BUFFERS)) of each design for the account reaching most under department-tree,
//    the first custom account and the first own account, and of a read by id with its scope check: as the
//    custom plan of these values and as the generic plan a prepared statement may settle on.
// 5. `--collections` (once the demo's collections are scoped, issue 39: columns department_id and owner_id):
//    a second database with `--rows` collections over the same tree and accounts, and GET /api/list/policy
//    over HTTP from `--connections` accounts per scope (`all`, `department-tree`, `own`): first page, a day
//    never asked, a name fragment never asked; each scope's ratio to `all`.
// The databases are dropped (unless `--keep-database`, to look at plans by hand) and the servers stopped
// however the run ends. The tables are printed and saved to bench/results/data-scope-<rows>-<time>.{md,json}.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL, URLSearchParams } from 'node:url';
import { departmentTree, insertDepartments } from './tree.mjs';
import { benchAccess, cleanupOnExit, createDatabase, hasCall, measure, migrateAndSeed, option, root, signIn, startServer } from '../audit/harness.mjs';

const rows = Number(option('rows', 1_000_000));
const departmentCount = Number(option('departments', 5000));
const seconds = Number(option('seconds', 5));
const warmUp = Number(option('warm-up', 3));
const connections = Number(option('connections', 10));
const designs = String(option('designs', 'any,any-named,path')).split(',');
const indexSets = String(option('indexes', 'plain,composite')).split(',');
const totalMode = String(option('total', 'cap'));
const withTree = !process.argv.includes('--no-tree');
const withLists = !process.argv.includes('--no-lists');
const withPlans = !process.argv.includes('--no-plans');
const withCollections = process.argv.includes('--collections');
const keepDatabase = process.argv.includes('--keep-database');
const timeoutMinutes = Number(option('timeout-minutes', 20));
const { adminUrl, serverKeys, sign } = benchAccess('bench-data-scope');
const ACCOUNTS = 2000;
const PASSWORD = 'bench-scope-123';

const { cleanups, cleanup, stopDeadline } = cleanupOnExit(timeoutMinutes);

const at = (path) => import(join(root, path));
const { openDatabase, postgresHandle } = await at('apps/server/src/db/client.ts');
const { readPage, isoText } = await at('apps/server/src/lists/list.repository.ts');
const { scopeCondition, scopedBy } = await at('apps/server/src/lists/scope.ts');
const { inSubtreeOf } = await at('apps/server/src/modules/shared/departments.repository.ts');
const { RequestScope } = await at('apps/server/src/sessions/data-scope.ts');
const { currentGeneration } = await at('apps/server/src/db/list-generations.ts');
const { hashPassword } = await at('apps/server/src/security/passwords.ts');
// drizzle's `sql` as the server resolves it (a dependency of the server's package, not the repository's)
const { sql } = await import(pathToFileURL(createRequire(join(root, 'apps/server/package.json')).resolve('drizzle-orm')).href);
const { runPreparedSql } = await at('apps/server/src/db/prepared.ts');

/* ---------- data ---------- */

const adjectives = 'brass cedar amber cobalt velvet linen copper marble walnut ivory slate coral birch indigo maple pearl onyx jade silver golden rustic modern vintage classic compact deluxe nordic urban coastal alpine desert forest harbor meadow prairie canyon glacier summit lunar solar polar'.split(' ');
const nouns = 'lamp chair table desk shelf stool bench sofa rug mirror clock vase bowl plate mug kettle teapot pitcher basket crate lantern candle frame easel cabinet drawer dresser wardrobe mattress pillow blanket quilt curtain blind hook rail rack stand cart trolley tray board'.split(' ');
const pgArray = (words) => `array[${words.map((w) => `'${w}'`).join(',')}]`;

async function seed(db, tree, collections) {
  const started = Date.now();
  await insertDepartments(db, sql, tree);
  // The accounts: one password hash for all (argon2 is slow on purpose), departments drawn evenly.
  const hash = await hashPassword(PASSWORD);
  await db.execute(sql`insert into users (account_id, username, password_hash, roles, name, department_id)
    select (30000 + g)::text, 'bench' || lpad(g::text, 4, '0'), ${hash}, '{user}', 'Bench ' || g, 1 + (g::bigint * 7919) % ${tree.length}
      from generate_series(1, ${ACCOUNTS}) g`);
  const [{ first }] = (await db.execute(sql`select min(id)::int as first from users where username like 'bench%'`)).rows;
  await db.execute(sql`select setseed(0.39)`);
  const table = collections ? 'collections' : 'bench_records';
  if (!collections) {
    await db.execute(sql.raw(`create table bench_records (
      id integer primary key generated always as identity, number text not null, name text not null, status text not null,
      created_time timestamptz not null, department_id integer not null references departments(id), owner_id integer not null references users(id))`));
  }
  const extra = collections ? `'Records ' || g, (array['img', 'horizontalVideo', 'verticalVideo'])[1 + g % 3], (array['artificial', 'rules'])[1 + g % 2], (g % 1000)::int, ` : '';
  const columns = collections ? 'number, name, name_en, content_type, filter_type, count, status, created_time, updated_at, department_id, owner_id' : 'number, name, status, created_time, department_id, owner_id';
  await db.execute(sql.raw(`insert into ${table} (${columns})
    select lpad(g::text, 8, '0'),
      (${pgArray(adjectives)})[(1 + (g::bigint * 7919) % ${adjectives.length})::int] || ' ' || (${pgArray(nouns)})[(1 + (g::bigint * 104729) % ${nouns.length})::int] || ' ' || (1 + (g::bigint * 31) % 9973),
      ${extra}(array['online', 'offline'${collections ? '' : ", 'draft'"}])[1 + g % ${collections ? 2 : 3}],
      now() - interval '365 days' * ((${rows} - g)::float8 / ${rows}),
      ${collections ? 'now(), ' : ''}1 + floor(random() * ${tree.length})::int, ${first} + floor(random() * ${ACCOUNTS})::int
    from generate_series(1, ${rows}) g`));
  if (!collections) {
    for (const index of [
      'create index bench_records_created_idx on bench_records (created_time desc nulls first, id)',
      'create index bench_records_status_created_idx on bench_records (status, created_time desc nulls first, id)',
      'create extension if not exists pg_trgm',
      'create index bench_records_name_trgm_idx on bench_records using gin (lower(name) gin_trgm_ops)',
      // as the kit's migrations (migration-sql.ts) and the collections' set it: the planner's guess of how many
      // rows a substring matches decides whether it narrows them by the scope's index before reading the table
      'alter index bench_records_name_trgm_idx alter column 1 set statistics 1000',
    ]) await db.execute(sql.raw(index));
  }
  await db.execute(sql.raw(`vacuum (analyze) ${table}`));
  await db.execute(sql.raw('vacuum (analyze) departments'));
  await db.execute(sql.raw('vacuum (analyze) users'));
  return { ms: Date.now() - started, firstAccount: first };
}

/**
 * The scope's indexes of the records: one column each, or each ahead of the list's order; `covering` is
 * `composite` with the scope's columns carried by the order's index too (`include`), so a walk in the list's
 * order tests a record's department or owner from the index, without reading the record.
 */
async function useIndexes(db, set, table = 'bench_records') {
  await db.execute(sql.raw(`drop index if exists ${table}_scope_department_idx; drop index if exists ${table}_scope_owner_idx`));
  if (table === 'bench_records') {
    const include = set === 'covering' ? ' include (department_id, owner_id)' : '';
    await db.execute(sql.raw(`drop index if exists bench_records_created_idx; create index bench_records_created_idx on bench_records (created_time desc nulls first, id)${include}`));
  }
  const tail = set === 'composite' || set === 'covering' ? ', created_time desc nulls first, id' : '';
  await db.execute(sql.raw(`create index ${table}_scope_department_idx on ${table} (department_id${tail})`));
  await db.execute(sql.raw(`create index ${table}_scope_owner_idx on ${table} (owner_id${tail})`));
  await db.execute(sql.raw(`analyze ${table}`));
}

/* ---------- the accounts and their scopes ---------- */

/**
 * `connections` accounts per scope: department-tree at depths 2 to 10 in turn (one account high in the
 * tree, one at a leaf, the rest between), department anywhere, custom with three departments of depths 4 to
 * 6, own by their own id. Answers { scope, userId, departmentId, rule, reached } per account.
 */
function accountsOf(tree, firstAccount, scope) {
  const byDepth = (depth) => tree.filter((d) => d.depth === depth);
  const pickAt = (depth, k) => ((list) => list[(k * 7) % list.length])(byDepth(depth));
  return Array.from({ length: connections }, (_, k) => {
    const userId = firstAccount + k * 37 + ['all', 'department-tree', 'department', 'custom', 'own'].indexOf(scope);
    const departmentId = scope === 'department-tree' ? pickAt(2 + (k % 9), k).id : pickAt(1 + (k % 10), k + 3).id;
    const custom = scope === 'custom' ? [4, 5, 6].map((depth) => pickAt(depth, k * 3 + depth).id) : [];
    return { scope, userId, departmentId, rule: { dataScope: scope, departmentIds: custom, scopes: {} } };
  });
}

/* ---------- the lists ---------- */

const escapeLike = (text) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** The collections' conditions for the filters used here (demo/search-table/collection.repository.ts). */
const conditions = (filter) => [
  ...(filter.day ? [sql`t.created_time >= ${filter.day}::timestamptz`, sql`t.created_time < ${filter.day}::timestamptz + interval '1 day'`] : []),
  ...(filter.name ? [sql`lower(t.name) like lower(${`%${escapeLike(filter.name)}%`})`] : []),
];
const baseSource = {
  table: 'bench_records',
  reads: ['bench_records'],
  columns: sql`t.id, t.number, t.name, t.status, t.department_id as "departmentId", t.owner_id as "ownerId", ${isoText(sql`t.created_time`)} as "createdTime"`,
  where: conditions,
  order: sql`t.created_time desc nulls first, t.id asc`,
  ...(totalMode === 'exact' ? { total: 'exact', remembered: true } : { total: { cap: 1000 }, scattered: (filter) => Boolean(filter.name) }),
};
const filterKey = (filter) => JSON.stringify([filter.day, filter.name]);

/** A design whose subtree is one range (`subtree(id)`) of a copy on each record; custom: the roots' ranges. */
function rangeOfCopy(account, subtree) {
  switch (account.scope) {
    case 'all': return undefined;
    case 'own': return sql`t.owner_id = ${account.userId}`;
    case 'department': return sql`t.department_id = ${account.departmentId}`;
    case 'department-tree': return subtree(account.departmentId);
    case 'custom': {
      const roots = account.rule.departmentIds.filter((id, _, all) => !all.some((other) => other !== id && ancestorsOf(id).has(other)));
      return sql`(${sql.join(roots.map(subtree), sql` or `)})`;
    }
  }
}

/**
 * The condition a design puts in place of today's scopeCondition (undefined: every row), from the account
 * as sessions/data-scope.ts knows it (its scope, department and custom departments).
 */
const designConditions = {
  /** The ids as one parameter of a named prepared statement, as readPage ran it before decision 035 (and 053 writes them into the text). */
  'any-named': (account, reach) => {
    const ids = reach.departmentIds && [...reach.departmentIds];
    if (ids === null) return scopeCondition(reach, scopedBy('bench'));
    return ids.length === 1 ? sql`t.department_id = ${ids[0]}` : sql`t.department_id = any(${`{${ids.join(',')}}`}::int[])`;
  },
  /** The subtree as one range of the departments' preorder positions, copied onto each record (`department_pos`). */
  interval: (account) => rangeOfCopy(account, (id) => sql.raw(`t.department_pos between ${intervals.spans.get(id)[0]} and ${intervals.spans.get(id)[1]}`)),
  /** The subtree as one range of its path, copied onto each record (`department_path`, collated "C"). */
  'path-copy': (account) => rangeOfCopy(account, (id) => ((path) => sql.raw(`(t.department_path >= '${path}' and t.department_path < '${path.slice(0, -1)}0')`))(intervals.paths.get(id))),
  path(account) {
    const column = sql`t.department_id`;
    switch (account.scope) {
      case 'all': return undefined;
      case 'own': return sql`t.owner_id = ${account.userId}`;
      case 'department': return sql`t.department_id = ${account.departmentId}`;
      case 'department-tree': return inSubtreeOf(column, account.departmentId);
      case 'custom': return sql`(${sql.join(account.rule.departmentIds.map((id) => inSubtreeOf(column, id)), sql` or `)})`;
    }
  },
};

/**
 * The `interval` design: the departments numbered in preorder, each subtree one range of positions
 * [its own, its last descendant's], and each record carrying its department's position, indexed ahead of the
 * list's order. A department-tree page is one range of that index; a move would renumber the moved subtree
 * (into a gap under its new parent) and rewrite its records' positions, one column each.
 */
async function intervals(db, tree) {
  const started = Date.now();
  const children = new Map();
  for (const d of tree) children.set(d.parentId, [...(children.get(d.parentId) ?? []), d]);
  const spans = new Map();
  let next = 0;
  const visit = (d) => {
    const own = next++;
    for (const child of children.get(d.id) ?? []) visit(child);
    spans.set(d.id, [own, next - 1]);
  };
  for (const root of children.get(null) ?? []) visit(root);
  intervals.spans = spans;
  intervals.paths = new Map(tree.map((d) => [d.id, d.path]));
  const ids = [...spans.keys()];
  await db.execute(sql.raw('alter table bench_records add column department_pos integer, add column department_path text collate "C"'));
  await db.execute(sql`update bench_records r set department_pos = p.pos, department_path = p.path
    from unnest(${`{${ids.join(',')}}`}::int[], ${`{${ids.map((id) => spans.get(id)[0]).join(',')}}`}::int[], ${`{${ids.map((id) => intervals.paths.get(id)).join(',')}}`}::text[]) as p(id, pos, path)
    where p.id = r.department_id`);
  await db.execute(sql.raw('create index bench_records_department_pos_idx on bench_records (department_pos, created_time desc nulls first, id)'));
  await db.execute(sql.raw('create index bench_records_department_path_idx on bench_records (department_path, created_time desc nulls first, id)'));
  // the update left every record's old version behind: the table rewritten, as a seeding with the column would be
  await db.execute(sql.raw('vacuum (full, analyze) bench_records'));
  return { ms: Date.now() - started };
}
intervals.spans = new Map();
intervals.paths = new Map();

/**
 * The `ancestors` design: a table of each record's departments and their ancestors (the record's own
 * department included), keyed by the ancestor ahead of the list's order, so a subtree's page is one index
 * range as the unscoped page is. It copies the record's created time (the order) and would be rewritten
 * for a subtree's records when a department moves.
 */
async function ancestorTable(db, tree) {
  const started = Date.now();
  const byId = new Map(tree.map((d) => [d.id, d]));
  const pairs = tree.flatMap((d) => { const out = []; for (let a = d; a; a = byId.get(a.parentId)) out.push([a.id, d.id]); return out; });
  await db.execute(sql.raw('create table bench_department_closure (ancestor_id integer not null, department_id integer not null)'));
  await db.execute(sql`insert into bench_department_closure select * from unnest(${`{${pairs.map((p) => p[0]).join(',')}}`}::int[], ${`{${pairs.map((p) => p[1]).join(',')}}`}::int[])`);
  await db.execute(sql.raw(`create table bench_record_ancestors (ancestor_id integer not null, created_time timestamptz not null, record_id integer not null)`));
  await db.execute(sql.raw(`insert into bench_record_ancestors select c.ancestor_id, r.created_time, r.id from bench_records r join bench_department_closure c on c.department_id = r.department_id`));
  await db.execute(sql.raw('create index bench_record_ancestors_idx on bench_record_ancestors (ancestor_id, created_time desc nulls first, record_id)'));
  await db.execute(sql.raw('vacuum (analyze) bench_record_ancestors'));
  const [{ n }] = (await db.execute(sql.raw('select count(*)::int as n from bench_record_ancestors'))).rows;
  ancestorTable.last = { rows: n, ms: Date.now() - started };
  return ancestorTable.last;
}

/**
 * A page under the `ancestors` design, as readPage's statement reads it (the page, and the total capped at
 * 1 000 when the page is full): one index range per subtree root (custom: the roots not inside another),
 * merged in the list's order.
 */
async function ancestorsPage(on, account, filter, limit) {
  const roots = account.scope === 'custom'
    ? account.rule.departmentIds.filter((id, _, all) => !all.some((other) => other !== id && ancestorsOf(id).has(other)))
    : [account.departmentId];
  const where = (a) => [
    ...(filter.day ? [sql`${sql.raw(a)}.created_time >= ${filter.day}::timestamptz`, sql`${sql.raw(a)}.created_time < ${filter.day}::timestamptz + interval '1 day'`] : []),
    ...(filter.name ? [sql`lower(t.name) like lower(${`%${escapeLike(filter.name)}%`})`] : []),
  ];
  // the record's own table only where a filter reads it (the name); the ancestors' rows carry the order
  const join = filter.name ? sql`join bench_records t on t.id = a.record_id` : sql``;
  const range = (root, tail) => sql`select a.record_id, a.created_time from bench_record_ancestors a ${join}
    where ${sql.join([sql`a.ancestor_id = ${root}`, ...where('a')], sql` and `)} order by a.created_time desc nulls first, a.record_id ${tail}`;
  const ids = roots.length === 1
    ? range(roots[0], sql`limit ${limit}`)
    : sql`select * from (${sql.join(roots.map((root) => sql`(${range(root, sql`limit ${limit}`)})`), sql` union all `)}) u order by created_time desc nulls first, record_id limit ${limit}`;
  const counted = roots.length === 1
    ? sql`select from bench_record_ancestors a ${join} where ${sql.join([sql`a.ancestor_id = ${roots[0]}`, ...where('a')], sql` and `)} limit 1001`
    : sql`select from bench_record_ancestors a ${join} where ${sql.join([sql`a.ancestor_id = any(${`{${roots.join(',')}}`}::int[])`, ...where('a')], sql` and `)} limit 1001`;
  const statement = sql`with page as (select ${baseSource.columns} from (${ids}) p join bench_records t on t.id = p.record_id order by p.created_time desc nulls first, p.record_id),
      shown as (select count(*)::int as n from page)
    select case when (select n from shown) < ${limit} then (select n from shown) else (select count(*)::int from (${counted}) c) end as total,
      (select coalesce(json_agg(page), '[]'::json) from page) as rows`;
  const [row] = await runPreparedSql(on, statement, 'cached');
  return { rows: row.rows, total: Math.min(row.total, 1000), capped: row.total > 1000 };
}
let ancestorsOf = () => new Set();

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const between = (lo, hi) => lo + Math.floor(Math.random() * (hi - lo + 1));
const dayAgo = (days) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const fragment = () => ((word) => ((length) => ((start) => word.slice(start, start + length))(between(0, word.length - length)))(Math.min(word.length, between(3, 5))))(pick(Math.random() < 0.5 ? adjectives : nouns));
const queries = [
  { name: 'first page', filter: () => ({}) },
  { name: 'a day never asked', fresh: true, filter: () => ({ day: dayAgo(between(1, 364)) }) },
  { name: 'a name fragment never asked', fresh: true, filter: () => ({ name: `${fragment()} ${between(1, 9973)}`.slice(0, between(3, 7)) + (Math.random() < 0.5 ? '' : ` ${between(1, 99)}`) }) },
];

function percentile(sorted, p) {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Runs `call(worker)` on every worker in a loop for `ms`, answering each call's milliseconds. */
async function drive(workers, call, ms) {
  const times = [];
  const stop = performance.now() + ms;
  await Promise.all(workers.map(async (worker) => {
    while (performance.now() < stop) {
      const started = performance.now();
      await call(worker);
      times.push(performance.now() - started);
    }
  }));
  return times.sort((a, b) => a - b);
}

/* ---------- the run ---------- */

const fmt = (n) => n.toLocaleString('en-US').replace(/,/g, ' ');
const ms = (n) => (n < 10 ? n.toFixed(2) : n.toFixed(1));
console.log(`bench/data-scope: ${fmt(rows)} records, ${fmt(departmentCount)} departments, ${connections} connections, ~${seconds} s per line, totals ${totalMode}, ${cpus().length} CPUs, load average ${loadavg()[0].toFixed(1)}, Node ${process.version}`);
const results = { list: [], tree: null, plans: [], collections: [], planCache: [] };
try {
  const database = await createDatabase(adminUrl, `atrium_bench_scope_${process.pid}`);
  if (keepDatabase) console.log(`keeping ${database.url} (drop it when done)`);
  else cleanups.push(database.drop);
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-scope-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const handle = await openDatabase({ databaseUrl: database.url, dataDir });
  cleanups.push(() => handle.close());
  const db = handle.db;
  await migrateAndSeed(handle, root, { sample: false });
  const tree = departmentTree(departmentCount);
  {
    const byId = new Map(tree.map((d) => [d.id, d]));
    ancestorsOf = (id) => { const out = new Set(); for (let a = byId.get(id); a; a = byId.get(a.parentId)) out.add(a.id); return out; };
  }
  const seeded = await seed(db, tree, false);
  console.log(`seeded ${fmt(tree.length)} departments, ${fmt(ACCOUNTS)} accounts, ${fmt(rows)} records in ${fmt(seeded.ms)} ms`);
  if (designs.includes('interval') || designs.includes('path-copy')) console.log(`the records' department positions in ${fmt((await intervals(db, tree)).ms)} ms`);
  if (designs.includes('ancestors')) console.log(`the records' ancestors: ${fmt((await ancestorTable(db, tree)).rows)} rows in ${fmt((await ancestorTable.last).ms)} ms`);

  /* the tree over HTTP */
  if (withTree) {
    await db.execute(sql`update users set roles = '{admin}' where id between ${seeded.firstAccount} and ${seeded.firstAccount + connections - 1}`);
    const server = await startServer({ NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: dataDir, DATABASE_URL: database.url, ...serverKeys });
    cleanups.push(server.stop);
    const tokens = [];
    for (let k = 0; k < connections; k++) tokens.push(await signIn(server.port, sign, `bench${String(k + 1).padStart(4, '0')}`, PASSWORD));
    const url = '/api/system/departments';
    const check = await fetch(`http://127.0.0.1:${server.port}${url}`, { headers: await sign('GET', url, { token: tokens[0] }) }).then((r) => r.json());
    const make = async (from, n) => Promise.all(Array.from({ length: n }, async (_, i) => ({ method: 'GET', path: url, headers: await sign('GET', url, { token: tokens[(from + i) % tokens.length] }) })));
    const r = await measure(server.port, { make, connections, seconds: seconds * 2 });
    results.tree = { departments: check.data.list.length, ...r, statuses: Object.fromEntries(r.statuses) };
    console.log(`GET ${url} (${fmt(check.data.list.length)} departments): ${r.reqPerSec} req/s, p50 ${r.p50} ms, p97.5 ${r.p97_5} ms, p99 ${r.p99} ms${r.non2xx + r.errors ? `, ${r.non2xx + r.errors} not 2xx` : ''}`);
    await server.stop();
  }

  /* the list layer, in process */
  const listHandle = await openDatabase({ databaseUrl: database.url, dataDir });
  cleanups.push(() => listHandle.close());
  const listDb = listHandle.db;
  const known = { departments: await currentGeneration(listDb, 'departments', null) };
  const scopes = String(option('scopes', 'all,department-tree,department,custom,own')).split(',');
  const accounts = Object.fromEntries(['all', 'department-tree', 'department', 'custom', 'own'].map((scope) => [scope, accountsOf(tree, seeded.firstAccount, scope)]));
  // What each department-tree account reaches, to read the lines by.
  const counts = new Map((await db.execute(sql`select department_id as id, count(*)::int as n from bench_records group by 1`)).rows.map((r) => [r.id, r.n]));
  for (const scope of Object.keys(accounts)) {
    for (const account of accounts[scope]) {
      const reach = await new RequestScope(listDb, account.userId, account.departmentId, account.rule, () => known).reach('bench');
      account.reachedDepartments = reach.departmentIds?.size ?? null;
      account.reachedRows = reach.departmentIds ? [...reach.departmentIds].reduce((sum, id) => sum + (counts.get(id) ?? 0), 0) : null;
    }
  }
  console.log(`department-tree accounts reach ${accounts['department-tree'].map((a) => `${fmt(a.reachedRows)}`).join(', ')} records`);

  /** One call of a line: the account's reach as of this request, then its page through readPage. */
  const callFor = (design, query, on = listDb) => async (account) => {
    const scope = new RequestScope(on, account.userId, account.departmentId, account.rule, () => known);
    const filter = query.filter();
    // the ancestors' table needs the account's department (custom: its roots), not the ids it reaches
    if (design === 'ancestors' && ['department-tree', 'custom'].includes(account.scope)) return ancestorsPage(on, account, filter, 10);
    const reach = await scope.reach('bench');
    if (design === 'any' || design === 'ancestors') return readPage(on, { ...baseSource, scope: scopedBy('bench') }, filter, filterKey(filter), 0, 10, reach);
    const extra = designConditions[design](account, reach);
    const source = { ...baseSource, where: (f) => [...conditions(f), ...(extra ? [extra] : [])] };
    return readPage(on, source, filter, `${account.scope}:${account.userId}|${filterKey(filter)}`, 0, 10);
  };



  // The plan cache: on one connection, ten first pages of a narrow department-tree reach (a few departments),
  // then the broadest reach's. A prepared statement has then had five custom plans and may keep its generic one.
  const planCacheProbe = async (indexes) => {
    const one = postgresHandle(database.url, { max: 1 });
    const tree = [...accounts['department-tree']].sort((a, b) => a.reachedRows - b.reachedRows);
    // a reach of a few thousand records: planned for its ids, a bitmap read and a sort, as dear as the generic plan looks
    const narrow = tree.filter((a) => a.reachedDepartments > 1).sort((a, b) => Math.abs(a.reachedRows - 2500) - Math.abs(b.reachedRows - 2500))[0];
    const broad = tree.at(-1);
    try {
      for (const design of designs.filter((d) => !['path', 'ancestors', 'interval', 'path-copy'].includes(d))) {
        for (let i = 0; i < 10; i++) await callFor(design, queries[0], one.db)(narrow);
        const times = [];
        for (let i = 0; i < 5; i++) {
          const started = performance.now();
          await callFor(design, queries[0], one.db)(broad);
          times.push(performance.now() - started);
        }
        results.planCache.push({ indexes, design, narrow: narrow.reachedRows, broad: broad.reachedRows, ms: times.map((t) => Number(t.toFixed(1))) });
        console.log(`  plan cache, ${indexes}, ${design}: after ten pages of ${fmt(narrow.reachedRows)} reached records, the first page of ${fmt(broad.reachedRows)}: ${times.map(ms).join(', ')} ms`);
      }
    } finally {
      await one.close();
    }
  };
  for (const indexes of withLists ? indexSets : []) {
    await useIndexes(db, indexes);
    await planCacheProbe(indexes);
    for (const design of designs) {
      for (const query of queries) {
        for (const scope of scopes) {
          if (scope === 'all' && design !== designs[0]) continue; // the same statement whatever the design
          const call = callFor(design, query);
          await drive(accounts[scope], call, warmUp * 1000);
          const times = await drive(accounts[scope], call, seconds * 1000);
          const line = { indexes, design: scope === 'all' ? '-' : design, query: query.name, scope, n: times.length, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), perSec: Math.round(times.length / seconds) };
          results.list.push(line);
          console.log(`  ${indexes.padEnd(9)} ${line.design.padEnd(4)} ${query.name.padEnd(28)} ${scope.padEnd(15)} ${String(line.perSec).padStart(5)}/s  p50 ${ms(line.p50)}  p95 ${ms(line.p95)}  p99 ${ms(line.p99)} ms`);
        }
      }
    }
    if (withPlans) results.plans.push(...(await plans(db, listDb, indexes, accounts, callFor)));
  }
  if (withCollections) results.collections = await measureCollections(tree);
} finally {
  stopDeadline();
  await cleanup();
}

/* ---------- plans ---------- */

/**
 * The statements readPage sends for the slowest account of each scope (the one reaching most, for
 * department-tree), recorded by a database whose driver only notes them, then run under EXPLAIN: as the
 * custom plan of these values, and as the generic plan a prepared statement may settle on after five runs.
 */
async function plans(db, listDb, indexes, accounts, callFor) {
  const out = [];
  const explain = async (label, text, values) => {
    const pool = db.$client;
    const c = await pool.connect();
    try {
      const custom = await c.query(`explain (analyze, buffers, costs off, summary on) ${text}`, values);
      await c.query(`prepare bench_generic as ${text}`);
      await c.query(`set plan_cache_mode = force_generic_plan`);
      const literal = values.map((v) => (v === null ? 'null' : `'${String(v).replace(/'/g, "''")}'`)).join(', ');
      const generic = await c.query(`explain (analyze, buffers, costs off, summary on) execute bench_generic${values.length ? `(${literal})` : ''}`);
      await c.query('deallocate bench_generic; reset plan_cache_mode');
      // a reach's ids, hundreds of them, shortened to their count
      const plan = (r) => r.rows.map((row) => row['QUERY PLAN'].replace(/'\{([0-9,]{60,})\}'/g, (_, ids) => `'{${ids.split(',').length} ids}'`)).join('\n');
      out.push({ indexes, label, text, values: values.map((v) => (String(v).length > 80 ? `${String(v).slice(0, 60)}…` : v)), custom: plan(custom), generic: plan(generic) });
    } finally {
      c.release();
    }
  };
  for (const design of designs) {
    for (const scope of ['department-tree', 'custom', 'own']) {
      const account = scope === 'department-tree' ? [...accounts[scope]].sort((a, b) => b.reachedRows - a.reachedRows)[0] : accounts[scope][0];
      for (const query of scope === 'own' ? [queries[0]] : queries) {
        const statement = await statementOf(listDb, design, query, account, callFor);
        if (statement) await explain(`${design} · ${scope} · ${query.name}`, statement.text, statement.values);
      }
    }
  }
  // The read by id: its scope check beside the primary key.
  const leaf = accounts['department-tree'].find((a) => a.reachedDepartments === 1) ?? accounts['department-tree'][0];
  const reach = await new RequestScope(listDb, leaf.userId, leaf.departmentId, leaf.rule, () => null).reach('bench');
  await explain('get by id · any', 'select * from bench_records t where t.id = $1 and t.department_id = any($2::int[])', [between(1, rows), `{${[...reach.departmentIds].join(',')}}`]);
  await explain('get by id · path', `select * from bench_records t where t.id = $1 and t.department_id in (select s.id from departments s join departments p on p.id = $2
    where s.path >= p.path and s.path < (left(p.path, -1) || '0'))`, [between(1, rows), leaf.departmentId]);
  await explain('get by id · own', 'select * from bench_records t where t.id = $1 and t.owner_id = $2', [between(1, rows), leaf.userId]);
  for (const p of out.filter((p) => p.indexes === indexes)) console.log(`\n--- ${indexes} · ${p.label}: custom plan\n${p.custom}\n--- generic plan\n${p.generic}`);
  return out;
}

/** The text and values readPage sends for one call of a line (its driver records instead of sending, once). */
async function statementOf(listDb, design, query, account, callFor) {
  const pool = listDb.$client;
  let noted;
  // readPage runs on a client of the pool (db/prepared.ts keeps statements per connection); others on the pool
  const noting = (send) =>
    function (config, ...rest) {
      const text = typeof config === 'string' ? config : config.text;
      if (!noted && text.includes('bench_records')) noted = { text, values: typeof config === 'string' ? rest[0] : (config.values ?? rest[0]) };
      return send.call(this, config, ...rest);
    };
  const { query: poolQuery, connect } = pool;
  pool.query = noting(poolQuery);
  pool.connect = async function (...args) {
    const client = await connect.apply(this, args);
    const own = client.query;
    client.query = noting(own);
    const release = client.release;
    client.release = function (...released) {
      client.query = own;
      client.release = release;
      return release.apply(this, released);
    };
    return client;
  };
  try {
    await callFor(design, query)(account);
  } finally {
    pool.query = poolQuery;
    pool.connect = connect;
  }
  return noted;
}

/* ---------- the collections over HTTP (--collections) ---------- */

async function measureCollections(tree) {
  if (!hasCall('collection.list')) {
    console.log('\n--collections: this product has no collections (the demo is removed); skipped');
    return [];
  }
  const database = await createDatabase(adminUrl, `atrium_bench_scope_c_${process.pid}`);
  cleanups.push(database.drop);
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-scope-c-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const handle = await openDatabase({ databaseUrl: database.url, dataDir });
  await migrateAndSeed(handle, root, { sample: false });
  const scopedColumns = (await handle.db.execute(sql`select count(*)::int as n from information_schema.columns
    where table_schema = 'public' and table_name = 'collections' and column_name in ('department_id', 'owner_id')`)).rows[0].n;
  if (scopedColumns !== 2) {
    await handle.close();
    console.log('\n--collections: the collections have no department_id and owner_id yet (issue 39 not merged); skipped');
    return [];
  }
  const seeded = await seed(handle.db, tree, true);
  const perScope = ['all', 'department-tree', 'own'];
  const roles = perScope.map((scope) => ({ scope, code: `bench_${scope.replace('-', '_')}` }));
  for (const { scope, code } of roles) {
    await handle.db.execute(sql`insert into roles (code, name, permissions, data_scope) values (${code}, ${code}, '{collection:read}', ${scope})`);
  }
  const accounts = {};
  for (const [i, { scope, code }] of roles.entries()) {
    accounts[scope] = accountsOf(tree, seeded.firstAccount + 1000 + i * 100, scope).map((a) => ({ ...a, username: null }));
    for (const a of accounts[scope]) {
      const [{ username }] = (await handle.db.execute(sql`update users set roles = ${`{${code}}`}, department_id = ${a.departmentId} where id = ${a.userId} returning username`)).rows;
      a.username = username;
    }
  }
  await handle.close();
  const server = await startServer({ NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: dataDir, DATABASE_URL: database.url, ...serverKeys });
  cleanups.push(server.stop);
  const out = [];
  console.log(`\ncollections over HTTP: ${fmt(rows)} collections, GET /api/list/policy`);
  // the created-time filter as the console sends it: the parameter twice, first and last day
  const listUrl = (filter) => `/api/list/policy?${new URLSearchParams([['current', '1'], ['pageSize', '10'], ...(filter.day ? [['createdTime', filter.day], ['createdTime', filter.day]] : []), ...(filter.name ? [['name', filter.name]] : [])])}`;
  for (const scope of perScope) {
    const tokens = [];
    for (const a of accounts[scope]) tokens.push(await signIn(server.port, sign, a.username, PASSWORD));
    for (const query of queries) {
      const make = async (from, n) => Promise.all(Array.from({ length: n }, async (_, i) => {
        const url = listUrl(query.filter());
        return { method: 'GET', path: url, headers: await sign('GET', url, { token: tokens[(from + i) % tokens.length] }) };
      }));
      const r = await measure(server.port, { make, connections, seconds });
      out.push({ scope, query: query.name, reqPerSec: r.reqPerSec, p50: r.p50, p97_5: r.p97_5, p99: r.p99, bad: r.non2xx + r.errors });
      console.log(`  ${scope.padEnd(15)} ${query.name.padEnd(28)} ${r.reqPerSec} req/s  p50 ${r.p50}  p97.5 ${r.p97_5}  p99 ${r.p99} ms${r.non2xx + r.errors ? `  ${r.non2xx + r.errors} not 2xx` : ''}`);
    }
  }
  await server.stop();
  return out;
}

/* ---------- the tables ---------- */

const lines = [];
const say = (line = '') => (console.log(line), lines.push(line));
say(`\n## bench/data-scope: ${fmt(rows)} records, ${fmt(departmentCount)} departments (depth 10), ${connections} connections, totals ${totalMode}`);
if (results.tree) say(`\nGET /api/system/departments (${fmt(results.tree.departments)} departments): p50 ${results.tree.p50} ms, p97.5 ${results.tree.p97_5} ms, p99 ${results.tree.p99} ms, ${results.tree.reqPerSec} req/s (target p99 <= 100 ms: ${results.tree.p99 <= 100 ? 'met' : '**not met**'})`);
for (const r of results.planCache) say(`\nPlan cache (${r.indexes}), ${r.design}: on one connection, after ten first pages of a narrow reach (${fmt(r.narrow)} records), the first page of the broadest (${fmt(r.broad)}): ${r.ms.join(', ')} ms`);
if (results.list.length) {
  say('\n| indexes | design | query | scope | calls/s | p50 | p95 | p99 | p50 / unscoped | p99 / unscoped | target |');
  say('| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
}
for (const r of results.list) {
  const base = results.list.find((b) => b.indexes === r.indexes && b.query === r.query && b.scope === 'all');
  const limit = r.query === 'first page' ? 50 : 100;
  const ratio = (key) => (base ? (r[key] / base[key]).toFixed(2) : '-');
  const target = r.scope === 'all' ? '' : `${r.p99 <= limit ? 'met' : '**not met**'}${!base || r.p99 / base.p99 <= 1.3 ? '' : ' (ratio > 1.3)'}`;
  say(`| ${r.indexes} | ${r.design} | ${r.query} | ${r.scope} | ${r.perSec} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ratio('p50')} | ${ratio('p99')} | ${target} |`);
}
if (results.collections.length) {
  say('\n| collections over HTTP | query | req/s | p50 | p97.5 | p99 | p99 / all |');
  say('| --- | --- | ---: | ---: | ---: | ---: | ---: |');
  for (const r of results.collections) {
    const base = results.collections.find((b) => b.query === r.query && b.scope === 'all');
    say(`| ${r.scope} | ${r.query} | ${r.reqPerSec} | ${r.p50} | ${r.p97_5} | ${r.p99} | ${(r.p99 / base.p99).toFixed(2)} |`);
  }
}
const outDir = join(root, 'bench/results');
mkdirSync(outDir, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
writeFileSync(join(outDir, `data-scope-${rows}-${stamp}.md`), `${lines.join('\n')}\n\n${results.plans.map((p) => `### ${p.indexes} · ${p.label}\n\n\`\`\`\n-- custom plan\n${p.custom}\n-- generic plan\n${p.generic}\n\`\`\``).join('\n\n')}\n`);
writeFileSync(join(outDir, `data-scope-${rows}-${stamp}.json`), JSON.stringify({ rows, departmentCount, connections, seconds, totalMode, load: loadavg(), node: process.version, cpus: cpus().length, ...results }, null, 2));
console.log(`\nsaved bench/results/data-scope-${rows}-${stamp}.{md,json}`);
process.exit(0);
