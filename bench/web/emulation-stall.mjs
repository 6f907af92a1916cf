#!/usr/bin/env node
/* global localStorage */
/**
 * bench/web/emulation-stall.mjs: do cold workplace loads through HAProxy (TLS, HTTP/2) stall, and where
 * (bench/notes/014-emulation-stall.md).
 *
 * Starts Atrium on a fresh embedded database with its sample data (the built console in apps/web/dist),
 * one HAProxy in front of it as bench/web's haproxy set does (deploy/haproxy.cfg rendered by
 * scripts/cluster, a self-signed certificate, every request logged), signs in once, then loads the
 * workplace --loads times, each in a fresh Chromium profile, on the emulated 100 ms network of bench/web
 * (the DevTools protocol's Network.emulateNetworkConditions) or, with --no-emulation, as it is. A load
 * whose shell is not on screen within 20 s is a stall: its requests still without an answer in the page
 * are printed beside what HAProxy logged for them. With --net-log, each load also writes Chromium's net
 * log (--log-net-log) into bench/results/emulation-stall/, kept for the loads that stalled, and prints
 * from it what each abandoned request's HTTP/2 stream took in against what was handed on to the page
 * (readNetLog).
 *
 *   npm run build -w @atrium/web
 *   node bench/web/emulation-stall.mjs [--loads 50] [--no-emulation] [--net-log]
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumArgs, NET_100, spkiPin } from './browser-setup.mjs';
import { renderHaproxyConfig } from '../../scripts/cluster/cluster.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const loads = Number(opt('--loads', 50));
const emulate = !args.includes('--no-emulation');
const netLog = args.includes('--net-log');
const outDir = join(root, 'bench/results/emulation-stall');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const cleanups = [];
async function cleanUp() {
  for (const step of cleanups.splice(0).reverse()) await step().catch(() => undefined);
}

async function startAtrium() {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-stall-db-'));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const { DATABASE_URL: _embedded, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...env, NODE_ENV: 'development', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_LOGIN: '100000', WEB_DIST: join(root, 'apps/web/dist') },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  cleanups.push(async () => {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r()));
    rmSync(dataDir, { recursive: true, force: true });
  });
  for (let i = 0; i < 240; i++) {
    if (await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false)) return `127.0.0.1:${port}`;
    await sleep(250);
  }
  throw new Error('Atrium did not answer /readyz within 60 s');
}

/** HAProxy in front of `server`, logging every request (deploy/haproxy.cfg logs only the abnormal ones). */
async function startHaproxy(server) {
  const runDir = mkdtempSync(join(tmpdir(), 'atrium-stall-haproxy-'));
  const h = await renderHaproxyConfig({ servers: [server], runDir });
  writeFileSync(h.configFile, readFileSync(h.configFile, 'utf8').replace(/^\s*option dontlog-normal.*$/m, ''));
  const child = spawn(h.argv[0], h.argv.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
  const lines = [];
  const keep = (d) => lines.push(...String(d).split('\n').filter(Boolean));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  cleanups.push(async () => {
    child.kill('SIGKILL');
    rmSync(runDir, { recursive: true, force: true });
  });
  const pin = spkiPin(h.ca);
  for (let i = 0; i < 100; i++) {
    if (await fetch(`${h.url}/readyz`).then((r) => r.ok, () => false)) return { url: h.tlsUrl, pin, lines };
    await sleep(100);
  }
  throw new Error(`HAProxy did not find Atrium up within 10 s:\n${lines.join('\n')}`);
}

/** A fresh profile trusting the proxy's certificate by its key; bench/web's Chromium flags. */
async function browser(pin, extra = []) {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-stall-chromium-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [...chromiumArgs, `--ignore-certificate-errors-spki-list=${pin}`, ...extra],
    viewport: { width: 1440, height: 900 },
    serviceWorkers: 'block',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page, close: async () => (await context.close().catch(() => undefined), rmSync(dir, { recursive: true, force: true })) };
}

/**
 * From a stalled load's net log: for each script or stylesheet request abandoned with the page, the bytes
 * its HTTP/2 stream took in (HTTP2_STREAM_UPDATE_RECV_WINDOW) and by when, and the bytes handed on to the
 * request (URL_REQUEST_JOB_BYTES_READ) and when the last came before the abandon; ms from the document's
 * request.
 */
function readNetLog(file) {
  let text = readFileSync(file, 'utf8').trim();
  // a log Chromium could not finish has no closing brackets
  if (!text.endsWith('}')) text = `${text.replace(/,\s*$/, '')}]}`;
  const { constants, events } = JSON.parse(text);
  const name = Object.fromEntries(Object.entries(constants.logEventTypes).map(([k, v]) => [v, k]));
  const bySource = new Map();
  for (const e of events) {
    if (!bySource.has(e.source.id)) bySource.set(e.source.id, []);
    bySource.get(e.source.id).push(e);
  }
  const alive = (evs) => evs.find((e) => name[e.type] === 'REQUEST_ALIVE' && e.params?.url);
  const documentStart = Math.min(...[...bySource.values()].map(alive).filter((e) => e && new URL(e.params.url).pathname === '/workplace').map((e) => Number(e.time)));
  const abandoned = [...bySource.values()].filter((evs) => alive(evs)?.params.url.includes('/assets/') && evs.some((e) => name[e.type] === 'CANCELLED'));
  const cancelledAt = Math.min(...abandoned.flatMap((evs) => evs.filter((e) => name[e.type] === 'CANCELLED').map((e) => Number(e.time))));
  return abandoned.map((evs) => {
    const received = evs.filter((e) => name[e.type] === 'HTTP2_STREAM_UPDATE_RECV_WINDOW' && e.params.delta < 0);
    const handed = evs.filter((e) => name[e.type] === 'URL_REQUEST_JOB_BYTES_READ' && Number(e.time) < cancelledAt - 1000);
    const at = (list) => (list.length ? `${Number(list.at(-1).time) - documentStart} ms` : '–');
    return {
      path: new URL(alive(evs).params.url).pathname,
      received: `${received.reduce((a, e) => a - e.params.delta, 0)} bytes by ${at(received)}`,
      handed: `${handed.reduce((a, e) => a + e.params.byte_count, 0)} bytes, the last at ${at(handed)}`,
    };
  });
}

async function main() {
  const proxy = await startHaproxy(await startAtrium());
  const signIn = await browser(proxy.pin);
  await signIn.page.goto(`${proxy.url}/login`);
  await signIn.page.locator('#root input[name=username]').fill('admin');
  await signIn.page.locator('#root input[name=password]').fill('admin123');
  await signIn.page.locator('#root [data-testid=login-submit]').click();
  await signIn.page.waitForSelector('[data-testid=navbar]', { timeout: 30_000 });
  const storage = await signIn.page.evaluate(() => ({ ...localStorage }));
  await signIn.close();
  if (netLog) mkdirSync(outDir, { recursive: true });

  let stalls = 0;
  for (let i = 1; i <= loads; i++) {
    const logFile = join(outDir, `net-log-${i}.json`);
    const b = await browser(proxy.pin, netLog ? [`--log-net-log=${logFile}`] : []);
    let stalled = false;
    try {
      await b.context.addInitScript((entries) => {
        for (const [k, v] of Object.entries(entries)) if (localStorage.getItem(k) === null) localStorage.setItem(k, v);
      }, storage);
      if (emulate) {
        const cdp = await b.context.newCDPSession(b.page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', NET_100);
      }
      const open = new Map();
      b.page.on('request', (r) => open.set(r, Date.now()));
      b.page.on('requestfinished', (r) => open.delete(r));
      b.page.on('requestfailed', (r) => open.delete(r));
      const logged = proxy.lines.length;
      const started = Date.now();
      await b.page.goto(`${proxy.url}/workplace`, { waitUntil: 'commit' });
      const shown = await b.page
        .waitForFunction(() => !!document.querySelector('[data-testid=navbar]') && !document.getElementById('prerender'), null, { timeout: 20_000 })
        .then(() => true, () => false);
      if (shown) {
        console.log(`load ${i}: shell shown in ${Date.now() - started} ms`);
        continue;
      }
      stalls++;
      stalled = true;
      // HAProxy's line per request (option httplog): the status and the bytes sent are its 6th and 7th
      // fields, the request line ends it (an absolute URL over HTTP/2).
      const answered = new Map(
        proxy.lines.slice(logged).flatMap((line) => {
          const target = line.match(/"GET (\S+) HTTP/)?.[1];
          return target ? [[new URL(target, proxy.url).pathname, line.split(/\s+/).slice(5, 7).join(' ')]] : [];
        }),
      );
      const unanswered = [...open.keys()].map((r) => new URL(r.url()).pathname);
      const byProxy = unanswered.filter((path) => answered.get(path)?.startsWith('200'));
      console.log(`load ${i}: STALL, shell not shown in 20 s; ${unanswered.length} requests without an answer in the page, of which HAProxy logged ${byProxy.length} as answered 200:${netLog ? ` (net log ${logFile})` : ''}`);
      for (const path of unanswered.slice(0, 12)) console.log(`  ${path}: HAProxy ${answered.get(path) ?? 'has no line for it'}`);
    } finally {
      await b.close();
      // Chromium writes the net log out as it closes; only a stalled load's is kept.
      if (netLog && !stalled) rmSync(logFile, { force: true });
      if (netLog && stalled) {
        const requests = readNetLog(logFile);
        console.log(`  net log: ${requests.length} requests abandoned with the page; the HTTP/2 stream took in, and Chromium handed to the page:`);
        for (const r of requests.slice(0, 8)) console.log(`  ${r.path}: took in ${r.received}; handed ${r.handed}`);
      }
    }
  }
  console.log(`\n${stalls} of ${loads} loads stalled (${emulate ? 'emulated 100 ms network' : 'no emulation'}, through HAProxy, HTTP/2)`);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(cleanUp);
