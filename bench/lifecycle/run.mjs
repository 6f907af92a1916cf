#!/usr/bin/env node
// Life cycles at scale (issue 40, lifecycle.md §4): 100 000 records awaiting an approval over 5 000 departments.
//
//   npm run bench:lifecycle [-- --rows 100000] [--drafts 20000] [--departments 5000] [--seconds 5] [--connections 10]
//                              [--timeout-minutes 20]
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres   (a database where CREATE DATABASE works)
//
// 1. A scratch copy of this checkout where `npm run new:resource` writes an `expense` with a life cycle: draft,
//    submitted, approved (locks every field), rejected; `submit`, `approve` by the role `bench-finance` (which
//    the spec brings), `reject` by the record's department leader with a comment. What a team gets from the
//    command, not a hand-written table.
// 2. A private PostgreSQL database migrated and seeded by the copy's own code; bench/data-scope's tree of
//    `--departments` departments (depth 10), each led by an account of its own; 200 accounts who ask; 10 of the
//    finance role; `--rows` expenses in `submitted` over the departments at random, each with its history row
//    and its row among those awaiting an approval (as its submit would have written them), and `--drafts`
//    expenses in `draft`. Then VACUUM (ANALYZE).
// 3. The copy's server (NODE_ENV=production) and `--connections` connections, each a different account:
//    GET /api/approvals (first page) and /api/approvals/count as department leaders (each leads one
//    department: about rows / departments records await each) and as the finance role (every one of the
//    records awaits them); target p99 <= 50 ms.
// 4. A transition against an update: `approve` of a submitted expense and a PUT of a draft's title, each
//    request on a record of its own at version 1, by the finance accounts; target: a transition at most 1.5x
//    an update (p50 and p99).
// The database and the copy are removed and the server stopped however the run ends. The table is printed and
// saved to bench/results/lifecycle-<rows>-<time>.{md,json}.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { departmentTree, insertDepartments } from '../data-scope/tree.mjs';
import { benchAccess, cleanupOnExit, createDatabase, measure, migrateAndSeed, option, root, signIn, startServer } from '../audit/harness.mjs';

const rows = Number(option('rows', 100_000));
const drafts = Number(option('drafts', 20_000));
const departmentCount = Number(option('departments', 5000));
const seconds = Number(option('seconds', 5));
const connections = Number(option('connections', 10));
const timeoutMinutes = Number(option('timeout-minutes', 20));
const { adminUrl, serverKeys, sign } = benchAccess('bench-lifecycle');
const PASSWORD = 'bench-cycle-123';
const REQUESTERS = 200;
const P99_TARGET_MS = 50;
const RATIO_TARGET = 1.5;

const { cleanups, cleanup, stopDeadline } = cleanupOnExit(timeoutMinutes);
const fmt = (n) => n.toLocaleString('en-US');

/* ---------- the copy with the generated resource ---------- */

const copy = mkdtempSync(join(tmpdir(), 'atrium-bench-lifecycle-'));
cleanups.push(async () => rmSync(copy, { recursive: true, force: true }));
execFileSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/resource/scratch-copy.ts'), copy], { cwd: root, stdio: 'inherit' });
const label = (en, zh) => ({ 'zh-CN': zh, 'en-US': en });
const spec = {
  name: 'expense',
  label: label('Expense', '报销'),
  pluralLabel: label('Expenses', '报销'),
  menu: { group: 'finance', groupLabel: label('Finance', '财务'), order: 9 },
  fields: [
    { name: 'title', type: 'string', label: label('Title', '事由'), required: true, max: 80, filter: 'contains', sortable: true },
    { name: 'amount', type: 'decimal', scale: 2, min: 0, label: label('Amount', '金额'), filter: 'range', sortable: true },
  ],
  lifecycle: {
    field: 'status',
    initial: 'draft',
    states: [
      { value: 'draft', label: label('Draft', '草稿') },
      { value: 'submitted', label: label('Submitted', '待审批') },
      { value: 'approved', label: label('Approved', '已批准'), locks: 'all' },
      { value: 'rejected', label: label('Rejected', '已驳回') },
    ],
    transitions: [
      { name: 'submit', from: ['draft', 'rejected'], to: 'submitted', label: label('Submit', '提交'), requires: ['amount'] },
      { name: 'approve', from: ['submitted'], to: 'approved', label: label('Approve', '批准'), approval: { by: 'role', role: 'bench-finance' } },
      { name: 'reject', from: ['submitted'], to: 'rejected', label: label('Reject', '驳回'), comment: 'required', approval: { by: 'department-leader' } },
    ],
    roles: { 'bench-finance': { name: label('Finance', '财务'), description: label('Approves expenses', '审批报销') } },
  },
};
writeFileSync(join(copy, 'expense.json'), JSON.stringify(spec));
execFileSync(process.execPath, ['--import', 'tsx', 'scripts/resource/new.ts', 'expense.json'], { cwd: copy, stdio: 'ignore' });
const at = (path) => import(pathToFileURL(join(copy, path)).href);
const { openDatabase } = await at('apps/server/src/db/client.ts');
const { hashPassword } = await at('apps/server/src/security/passwords.ts');
const { sql } = await import(pathToFileURL(createRequire(join(copy, 'apps/server/package.json')).resolve('drizzle-orm')).href);

/* ---------- data ---------- */

async function seed(db, tree) {
  const started = Date.now();
  await insertDepartments(db, sql, tree);
  const hash = await hashPassword(PASSWORD);
  await db.execute(sql`insert into roles (code, name, permissions) values
    ('bench-finance', 'bench-finance', '{expense:read,expense:write,expense:approve}'), ('bench-leader', 'bench-leader', '{expense:read,expense:reject}'),
    ('bench-asker', 'bench-asker', '{expense:read,expense:write,expense:submit}') on conflict (code) do update set permissions = excluded.permissions`);
  // a leader for each department, in it; those who ask, over the departments; the finance role's accounts in the root
  await db.execute(sql`insert into users (account_id, username, password_hash, roles, name, department_id)
    select (40000 + d)::text, 'lead' || lpad(d::text, 4, '0'), ${hash}, '{bench-leader}', 'Leader ' || d, d from generate_series(1, ${tree.length}) d`);
  await db.execute(sql`update departments d set leader_id = u.id from users u where u.username = 'lead' || lpad(d.id::text, 4, '0')`);
  await db.execute(sql`insert into users (account_id, username, password_hash, roles, name, department_id)
    select (50000 + g)::text, 'ask' || lpad(g::text, 3, '0'), ${hash}, '{bench-asker}', 'Asker ' || g, 1 + (g::bigint * 7919) % ${tree.length} from generate_series(1, ${REQUESTERS}) g`);
  await db.execute(sql`insert into users (account_id, username, password_hash, roles, name, department_id)
    select (60000 + g)::text, 'fin' || lpad(g::text, 2, '0'), ${hash}, '{bench-finance}', 'Finance ' || g, 1 from generate_series(1, ${connections}) g`);
  const [{ firstAsker }] = (await db.execute(sql`select min(id)::int as "firstAsker" from users where username like 'ask%'`)).rows;
  await db.execute(sql`select setseed(0.40)`);
  // submitted ones first (ids 1..rows), then the drafts; each by an asker, in a department at random, asked over the last 90 days
  await db.execute(sql`insert into expenses (title, amount, status, created_at, updated_at, created_by, updated_by, department_id, owner_id)
    select 'Expense ' || g, ((g::bigint * 613) % 100000) / 100.0, case when g <= ${rows} then 'submitted' else 'draft' end,
      now() - interval '90 days' * ((${rows + drafts} - g)::float8 / ${rows + drafts}), now(), o, o, d, o
    from (select g, ${firstAsker} + floor(random() * ${REQUESTERS})::int as o, 1 + floor(random() * ${tree.length})::int as d from generate_series(1, ${rows + drafts}) g) s`);
  await db.execute(sql`insert into record_transitions (resource, record_id, transition, from_state, to_state, actor_id, at)
    select 'expense', id, 'submit', 'draft', 'submitted', owner_id, updated_at from expenses where status = 'submitted'`);
  await db.execute(sql`insert into awaiting_approvals (resource, record_id, state, department_id, owner_id, requested_by, requested_at)
    select 'expense', id, 'submitted', department_id, owner_id, owner_id, created_at from expenses where status = 'submitted'`);
  for (const table of ['departments', 'users', 'expenses', 'record_transitions', 'awaiting_approvals']) await db.execute(sql.raw(`vacuum (analyze) ${table}`));
  return Date.now() - started;
}

/* ---------- the run ---------- */

const results = { lines: [] };
try {
  const database = await createDatabase(adminUrl, `atrium_bench_cycle_${process.pid}`);
  cleanups.push(database.drop);
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-cycle-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const handle = await openDatabase({ databaseUrl: database.url, dataDir });
  await migrateAndSeed(handle, copy, { sample: false });
  const tree = departmentTree(departmentCount);
  const ms = await seed(handle.db, tree);
  // the leaders measured: those of ten departments at random, and how many records await each
  const leaders = (await handle.db.execute(sql`select u.username, count(a.*)::int as n from departments d join users u on u.id = d.leader_id
      left join awaiting_approvals a on a.department_id = d.id group by u.username order by md5(u.username) limit ${connections}`)).rows;
  await handle.close();
  console.log(`seeded ${fmt(tree.length)} departments, ${fmt(rows)} awaiting and ${fmt(drafts)} draft expenses in ${fmt(ms)} ms`);

  const server = await startServer({ NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: dataDir, DATABASE_URL: database.url, ...serverKeys }, ['--import', 'tsx', join(copy, 'apps/server/src/main.ts')]);
  cleanups.push(server.stop);
  const tokensOf = async (names) => {
    const tokens = [];
    for (const name of names) tokens.push(await signIn(server.port, sign, name, PASSWORD));
    return tokens;
  };
  const who = {
    leader: await tokensOf(leaders.map((l) => l.username)),
    finance: await tokensOf(Array.from({ length: connections }, (_, k) => `fin${String(k + 1).padStart(2, '0')}`)),
  };
  const reads = (url, tokens) => async (from, n) =>
    Promise.all(Array.from({ length: n }, async (_, i) => ({ method: 'GET', path: url, headers: await sign('GET', url, { token: tokens[(from + i) % tokens.length] }) })));
  const line = async (name, make, extra = {}) => {
    const r = await measure(server.port, { make, connections, seconds });
    results.lines.push({ name, reqPerSec: r.reqPerSec, p50: r.p50, p97_5: r.p97_5, p99: r.p99, bad: r.non2xx + r.errors, ...extra });
    console.log(`${name.padEnd(40)} ${r.reqPerSec} req/s  p50 ${r.p50}  p97.5 ${r.p97_5}  p99 ${r.p99} ms${r.non2xx + r.errors ? `  ${r.non2xx + r.errors} not 2xx` : ''}`);
  };
  const sample = await fetch(`http://127.0.0.1:${server.port}/api/approvals/count`, { headers: await sign('GET', '/api/approvals/count', { token: who.finance[0] }) }).then((r) => r.json());
  console.log(`the finance role: ${sample.data.count}${sample.data.capped ? '+' : ''} awaiting; the leaders: ${leaders.map((l) => l.n).join(', ')} each`);
  await line('approvals, department leader', reads('/api/approvals', who.leader), { target: 'p99' });
  await line('approvals count, department leader', reads('/api/approvals/count', who.leader));
  await line('approvals, role approver', reads('/api/approvals', who.finance), { target: 'p99' });
  await line('approvals count, role approver', reads('/api/approvals/count', who.finance));

  // a write per record: the n-th request of a line takes the n-th record of its set, at version 1
  const writes = (method, pathOf, bodyOf) => async (from, n) =>
    Promise.all(
      Array.from({ length: n }, async (_, i) => {
        const url = pathOf(from + i);
        const body = JSON.stringify(bodyOf(from + i));
        return { method, path: url, body, headers: await sign(method, url, { body, token: who.finance[(from + i) % who.finance.length] }) };
      }),
    );
  await line('update (PUT, a draft\'s title)', writes('PUT', (k) => `/api/expenses/${rows + 1 + (k % drafts)}`, (k) => ({ title: `Renamed ${k}`, version: 1 })));
  await line('transition (approve)', writes('POST', (k) => `/api/expenses/${1 + (k % rows)}/transitions/approve`, () => ({ version: 1 })), { versus: 'update (PUT, a draft\'s title)' });
} finally {
  // the database, the data directory, the copy and the server go however the run ends (as the README says)
  stopDeadline();
  await cleanup();
}

/* ---------- the table ---------- */

const lines = [];
const say = (text = '') => (console.log(text), lines.push(text));
say(`\n## bench/lifecycle: ${fmt(rows)} expenses awaiting an approval, ${fmt(departmentCount)} departments, ${connections} connections (load ${loadavg().map((l) => l.toFixed(1)).join(' ')})`);
say('\n| line | req/s | p50 ms | p97.5 ms | p99 ms | not 2xx | target |');
say('| --- | ---: | ---: | ---: | ---: | ---: | --- |');
for (const r of results.lines) {
  const base = r.versus && results.lines.find((b) => b.name === r.versus);
  const target = r.target ? `p99 <= ${P99_TARGET_MS}: ${r.p99 <= P99_TARGET_MS ? 'met' : '**not met**'}`
    : base ? `x${(r.p50 / base.p50).toFixed(2)} p50, x${(r.p99 / base.p99).toFixed(2)} p99 (<= ${RATIO_TARGET}: ${r.p50 / base.p50 <= RATIO_TARGET && r.p99 / base.p99 <= RATIO_TARGET ? 'met' : '**not met**'})` : '';
  say(`| ${r.name} | ${r.reqPerSec} | ${r.p50} | ${r.p97_5} | ${r.p99} | ${r.bad} | ${target} |`);
}
const outDir = join(root, 'bench/results');
mkdirSync(outDir, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
writeFileSync(join(outDir, `lifecycle-${rows}-${stamp}.md`), `${lines.join('\n')}\n`);
writeFileSync(join(outDir, `lifecycle-${rows}-${stamp}.json`), JSON.stringify({ rows, drafts, departmentCount, connections, seconds, load: loadavg(), node: process.version, cpus: cpus().length, ...results }, null, 2));
console.log(`\nsaved bench/results/lifecycle-${rows}-${stamp}.{md,json}`);
process.exit(0);
