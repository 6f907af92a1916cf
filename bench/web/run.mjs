#!/usr/bin/env node
/* global performance, localStorage */
/**
 * bench/web: builds the console, serves the production build from our own server (apps/server on a
 * fresh embedded database), loads /login and /workplace in headless Chromium with a cold profile N times
 * each (default 5) and reports medians: JS transferred (gzip) for /login, JS for /workplace before the
 * charts, FCP of /login, time until the workplace content is ready, next to a static HTML page served the
 * same way (the floor of this machine).
 *
 *   npm run bench:web               (build + 5 runs)
 *   node bench/web/run.mjs --runs 3 --no-build
 *
 * Budgets (issue 3): /login JS <= 150 KiB gzip, /workplace JS before charts <= 300 KiB gzip.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 5;
const build = !args.includes('--no-build');
const BUDGET_LOGIN = 150 * 1024;
const BUDGET_WORKPLACE = 300 * 1024;
const chromiumArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const freePort = () =>
  new Promise((ok, fail) => {
    const s = createServer();
    s.on('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const ms = (n) => `${Math.round(n)} ms`;

async function waitFor(url, timeoutMs, child) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timeout waiting for ${url}`);
}

/**
 * The server serves apps/web/dist itself. While a server build cannot (older checkout), Vite's preview
 * server serves the same files and proxies the API to it; gzip sizes are then computed from the bodies.
 */
async function front(api, dist) {
  const probe = await fetch(`${api.baseUrl}/bench/static.html`).catch(() => null);
  if (probe?.ok && (probe.headers.get('content-type') ?? '').includes('text/html')) return { ...api, label: 'apps/server' };
  const { preview } = await import('vite');
  const port = await freePort();
  const p = await preview({
    root: join(root, 'apps/web'),
    configFile: join(root, 'apps/web/vite.config.ts'),
    build: { outDir: dist },
    preview: { host: '127.0.0.1', port, strictPort: true, proxy: { '/api': api.baseUrl, '/auth': api.baseUrl, '/uploads': api.baseUrl } },
    logLevel: 'warn',
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    label: 'vite preview in front of apps/server (the server does not serve static files yet)',
    stop: async () => {
      await p.close();
      await api.stop();
    },
  };
}

async function startServer(dist) {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-web-'));
  const port = await freePort();
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...env, NODE_ENV: 'development', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_LOGIN: '10000', WEB_DIST: dist },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(`${baseUrl}/healthz`, 90_000, child);
  return {
    baseUrl,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One cold load: a fresh profile, every response recorded with its body's gzip size. */
async function coldLoad(url, { init, ready, timeoutMs = 30_000 }) {
  const userDataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: chromiumArgs,
    viewport: { width: 1366, height: 860 },
  });
  try {
    if (init) await context.addInitScript(init.fn, init.arg);
    const page = context.pages()[0] ?? (await context.newPage());
    const scripts = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      try {
        const body = await response.body();
        const encoding = (await response.allHeaders())['content-encoding'];
        scripts.push({ url: response.url(), gzip: encoding === 'gzip' ? body.length : gzipSync(body, { level: 6 }).length, raw: body.length });
      } catch {
        /* aborted response */
      }
    });
    const started = Date.now();
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(ready, undefined, { timeout: timeoutMs, polling: 16 });
    const readyAt = await page.evaluate(() => performance.now());
    await page.waitForLoadState('networkidle');
    const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
    return { scripts, fcp, readyAt, wall: Date.now() - started };
  } finally {
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

async function signIn(baseUrl, fingerprint) {
  // The contracts are TypeScript: load the one signing implementation through tsx.
  const { tsImport } = await import('tsx/esm/api');
  const { signHeaders } = await tsImport('../../packages/contracts/src/signing.ts', import.meta.url);
  const cfg = (await (await fetch(`${baseUrl}/api/client-config`)).json()).data;
  const body = JSON.stringify({ username: 'admin', password: 'admin123' });
  const headers = await signHeaders(cfg, { method: 'POST', path: '/api/user/login', query: '', headers: { 'X-Fingerprint': fingerprint, 'Content-Type': 'application/json' }, body });
  const res = await fetch(`${baseUrl}/api/user/login`, { method: 'POST', headers, body });
  return (await res.json()).data.token;
}

const isChart = (url) => /\/assets\/charts-/.test(url);

async function main() {
  // Its own build folder (served through WEB_DIST), so another build in the checkout cannot interfere.
  const dist = join(root, 'bench/results/web-dist');
  if (build || !existsSync(join(dist, 'index.html'))) {
    const r = spawnSync('npm', ['run', 'build', '-w', '@atrium/web', '--', '--outDir', dist, '--emptyOutDir'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  // The floor: a static page served by the same server from the same folder.
  mkdirSync(join(dist, 'bench'), { recursive: true });
  writeFileSync(join(dist, 'bench', 'static.html'), '<!doctype html><html><head><meta charset="utf-8"><title>static</title></head><body><h1>Atrium static page</h1><p>The floor of this machine.</p></body></html>');

  const api = await startServer(dist);
  const server = await front(api, dist);
  console.log(`serving the build from ${server.label}`);
  const rows = { loginJs: [], loginFcp: [], loginReady: [], workplaceJs: [], workplaceCharts: [], workplaceReady: [], workplaceFcp: [], staticFcp: [] };
  try {
    for (let i = 0; i < runs; i++) {
      const s = await coldLoad(`${server.baseUrl}/bench/static.html`, { ready: () => document.querySelector('h1') !== null });
      rows.staticFcp.push(s.fcp);

      const login = await coldLoad(`${server.baseUrl}/login`, { ready: () => !!document.querySelector('[data-testid=login-submit]') });
      rows.loginJs.push(login.scripts.reduce((a, x) => a + x.gzip, 0));
      rows.loginFcp.push(login.fcp);
      rows.loginReady.push(login.readyAt);

      const fingerprint = `bench-${i}-${Date.now()}`;
      const token = await signIn(server.baseUrl, fingerprint);
      const work = await coldLoad(`${server.baseUrl}/workplace`, {
        init: {
          fn: ({ fp, tok }) => {
            if (!localStorage.getItem('token')) {
              localStorage.setItem('fingerprint', fp);
              localStorage.setItem('token', tok);
            }
          },
          arg: { fp: fingerprint, tok: token },
        },
        // Content ready: the workplace pane shows its cards and the statistics have arrived.
        ready: () => {
          const pane = document.querySelector('[data-tab-pane="/workplace"]');
          return !!pane && pane.querySelectorAll('.arco-card, .arco-statistic, section').length > 0 && !document.querySelector('#nprogress');
        },
      });
      rows.workplaceJs.push(work.scripts.filter((x) => !isChart(x.url)).reduce((a, x) => a + x.gzip, 0));
      rows.workplaceCharts.push(work.scripts.filter((x) => isChart(x.url)).reduce((a, x) => a + x.gzip, 0));
      rows.workplaceReady.push(work.readyAt);
      rows.workplaceFcp.push(work.fcp);
      if (args.includes('--detail') && i === 0) {
        for (const [name, list] of [['login', login.scripts], ['workplace', work.scripts]]) {
          console.log(`  scripts of ${name}:`);
          for (const x of [...list].sort((a, b) => b.gzip - a.gzip)) console.log(`    ${kib(x.gzip).padStart(10)}  ${new URL(x.url).pathname}`);
        }
      }
      process.stdout.write(`run ${i + 1}/${runs}: login ${kib(rows.loginJs.at(-1))}, FCP ${ms(login.fcp)}; workplace ${kib(rows.workplaceJs.at(-1))} (+charts ${kib(rows.workplaceCharts.at(-1))}), ready ${ms(work.readyAt)}; static FCP ${ms(s.fcp)}\n`);
    }
  } finally {
    await server.stop();
    rmSync(join(dist, 'bench'), { recursive: true, force: true });
  }

  const result = {
    runs,
    loginJsGzip: median(rows.loginJs),
    workplaceJsGzipBeforeCharts: median(rows.workplaceJs),
    workplaceChartsGzip: median(rows.workplaceCharts),
    loginFcpMs: median(rows.loginFcp),
    loginReadyMs: median(rows.loginReady),
    workplaceFcpMs: median(rows.workplaceFcp),
    workplaceReadyMs: median(rows.workplaceReady),
    staticFcpMs: median(rows.staticFcp),
  };
  const ok = (v, budget) => (v <= budget ? 'within' : 'OVER');
  console.log('\nbench/web: medians of', runs, 'cold loads (headless Chromium, production build from apps/server)\n');
  console.log('| measure | median | budget |');
  console.log('| --- | --- | --- |');
  console.log(`| JS for /login (gzip) | ${kib(result.loginJsGzip)} | 150 KiB (${ok(result.loginJsGzip, BUDGET_LOGIN)}) |`);
  console.log(`| JS for /workplace before charts (gzip) | ${kib(result.workplaceJsGzipBeforeCharts)} | 300 KiB (${ok(result.workplaceJsGzipBeforeCharts, BUDGET_WORKPLACE)}) |`);
  console.log(`| charts, loaded lazily on /workplace (gzip) | ${kib(result.workplaceChartsGzip)} | – |`);
  console.log(`| FCP /login | ${ms(result.loginFcpMs)} | – |`);
  console.log(`| /login form interactive | ${ms(result.loginReadyMs)} | – |`);
  console.log(`| FCP /workplace | ${ms(result.workplaceFcpMs)} | – |`);
  console.log(`| /workplace content ready | ${ms(result.workplaceReadyMs)} | – |`);
  console.log(`| FCP static HTML (floor) | ${ms(result.staticFcpMs)} | – |`);
  const outDir = join(root, 'bench/results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'web.json'), JSON.stringify({ ...result, samples: rows }, null, 2));
  if (result.loginJsGzip > BUDGET_LOGIN || result.workplaceJsGzipBeforeCharts > BUDGET_WORKPLACE) process.exitCode = 1;
}

await main();
