#!/usr/bin/env node
// Server memory: the compiled server (`npm run start:prod`) against the tsx server (`npm start`), on
// PostgreSQL, interleaved round by round.
//
//   node --import tsx bench/memory/run.mjs [--rounds 3]
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres   (a database where CREATE DATABASE works)
//
// Needs `npm run build` first (apps/server/dist and the precompressed console). Each round starts each
// server on one fresh, migrated and seeded database with NODE_ENV=production, waits until it is ready and
// idle, signs in, makes one signed list call (the audit log's first page: a core call, in the full
// product and in the blank one) and reads VmRSS from /proc twice: a second after the call,
// and settled, 15 s after it, once V8's memory reducer has run on the idle process (it gives back the
// young generation that start-up filled, 20-25 MB). Reported: the median of each server at both moments
// and the ratios of medians (issue 16's target: compiled <= 60 % of tsx).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchAccess, createDatabase, migrateAndSeed, option, root, signIn, startServer } from '../audit/harness.mjs';

const { openDatabase } = await import('../../apps/server/src/db/client.ts');

const rounds = Number(option('rounds', 3));
const { adminUrl, serverKeys, sign } = benchAccess('bench-memory');
const compiledMain = join(root, 'apps/server/dist/main.js');
if (!existsSync(compiledMain)) {
  console.error('bench/memory: apps/server/dist/main.js is missing; run `npm run build` first.');
  process.exit(1);
}

/** The ways to run the server: node arguments as the npm scripts pass them (package.json). */
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const prodFlags = (pkg.scripts['start:prod'].match(/node ((?:--\S+ )*)scripts/)?.[1] ?? '').trim().split(/\s+/).filter(Boolean);
const servers = [
  { name: 'tsx (npm start)', args: ['--import', 'tsx', join(root, 'apps/server/src/main.ts')] },
  { name: `compiled (npm run start:prod${prodFlags.length ? `: ${prodFlags.join(' ')}` : ''})`, args: [...prodFlags, join(root, 'scripts/start-prod.mjs')] },
];

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const database = await createDatabase(adminUrl, `atrium_bench_memory_${process.pid}`);
const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-memory-'));
const samples = servers.map(() => []);
const settled = servers.map(() => []);
const SETTLE_SECONDS = 15;
try {
  const handle = await openDatabase({ databaseUrl: database.url, dataDir });
  await migrateAndSeed(handle);
  await handle.close();
  for (let round = 1; round <= rounds; round++) {
    for (const [i, server] of servers.entries()) {
      const env = { NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: dataDir, DATABASE_URL: database.url, ...serverKeys };
      const running = await startServer(env, server.args);
      try {
        const token = await signIn(running.port, sign, 'admin', 'admin123');
        const path = '/api/system/audit?current=1&pageSize=10';
        const res = await fetch(`http://127.0.0.1:${running.port}${path}`, { headers: await sign('GET', path, { token }) });
        if (!res.ok) throw new Error(`list call answered ${res.status}`);
        await new Promise((r) => setTimeout(r, 1000));
        samples[i].push(rssMb(running.pid));
        await new Promise((r) => setTimeout(r, (SETTLE_SECONDS - 1) * 1000));
        settled[i].push(rssMb(running.pid));
        console.log(`  round ${round}: ${server.name.padEnd(60)} ${samples[i].at(-1).toFixed(0)} MB after 1 s, ${settled[i].at(-1).toFixed(0)} MB after ${SETTLE_SECONDS} s`);
      } finally {
        await running.stop();
      }
    }
  }
} finally {
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

const range = (xs) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)} MB`;
console.log(`\n| server | RSS 1 s after start, a sign-in and a list call (median of ${rounds}) | range | RSS settled, ${SETTLE_SECONDS} s after | range |`);
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const [i, server] of servers.entries()) console.log(`| ${server.name} | ${median(samples[i]).toFixed(0)} MB | ${range(samples[i])} | ${median(settled[i]).toFixed(0)} MB | ${range(settled[i])} |`);
const ratio = (series) => ((median(series[1]) / median(series[0])) * 100).toFixed(0);
console.log(`\ncompiled / tsx: ${ratio(samples)} % after 1 s, ${ratio(settled)} % settled (target <= 60 %)`);
