#!/usr/bin/env node
/* global performance, localStorage, location, requestAnimationFrame, getComputedStyle */
/**
 * bench/web: the console's load and navigation times beside Arco Design Pro React's, measured in one run.
 *
 * It builds the console (into bench/results/web-dist), starts Atrium on a fresh embedded database with
 * demo data as `npm start` does, serves the Arco Design Pro React build on a static server with an SPA
 * fallback (gzip, as the shared harness's serve.mjs and any deployment serve it), and a script-free
 * page from Atrium's own server (the floor of first paint). Then, for --rounds rounds (default 7), in an
 * order that rotates every round so the machine's drift hits every app alike, each measure loads each
 * app once in a fresh Chromium profile (cold HTTP and code caches):
 *   - /login: first contentful paint (and Atrium's in English, the language of Arco Pro's);
 *   - /workplace, signed in: first contentful paint and content ready (the first animation frame where
 *     the greeting with the user's name, a chart and a popular-content row are laid out), the JS
 *     requests until then, and, for Atrium, when the page's own data request leaves (below);
 *   - the menu navigation workplace -> search table: click to rows laid out;
 *   - Atrium only, loopback only: from the workplace to each of several menu pages, click to the page's content.
 * Atrium's landing page is the contracts' `defaultRoute`: the demo's workplace, or in a blank product
 * (`npm run demo:remove`) the core's home page, whose content ready is the greeting with the user's name
 * and its links laid out; its navigation then goes to the accounts (用户管理) instead of the search table,
 * and the menu pages are those the product has. Arco Pro's side is the same in both.
 *
 * Sets (issue 27): every round measures every chosen set, Atrium and Arco side by side in each. A set is
 * `{ name, network, mockLatency, open }` (see `sets` below):
 *   - loopback: the servers as they are on 127.0.0.1, Arco's mocks (mockjs) pinned to 0 ms, the fair
 *     comparison with a real server on the same machine;
 *   - net100: the network emulated through the DevTools protocol as the shared harness does it
 *     (measure.mjs --rtt 100: `Network.emulateNetworkConditions`, 100 ms latency per request, 10 Mbit/s
 *     down, 5 up), Arco's mocks pinned to the same 100 ms (its data never crosses the network);
 *   - haproxy (--via-haproxy): through HAProxy with TLS and HTTP/2, on the same emulated network and mock
 *     latency as net100: Atrium's server and Arco's static server each behind an HAProxy of its own
 *     (deploy/haproxy.cfg rendered for that one backend by scripts/cluster's renderHaproxyConfig, a
 *     self-signed certificate for 127.0.0.1 each), loaded over https://; Chromium trusts the two
 *     certificates by their public keys (--ignore-certificate-errors-spki-list, nothing else is
 *     ignored), and every load checks that its document came over HTTP/2 (PerformanceNavigationTiming's
 *     nextHopProtocol 'h2') and stops the run if not. In the default sets when HAProxy (/usr/sbin/haproxy,
 *     or HAPROXY) and openssl are there; skipped with a line saying so otherwise;
 *   - warm (not in the default sets): loopback, each page loaded twice before in the same profile, so its
 *     code comes from the HTTP cache already compiled (V8 keeps a script's code from its second load on)
 *     and the calls answer on loopback: what the first view costs without fetching or compiling code,
 *     the floor of the other sets (issue 27). No target.
 *
 * A load that is not ready within 60 s stops the run with a screenshot and its refused, failed and
 * unanswered requests, except on an emulated network: there Chromium's throttling of the DevTools
 * protocol sometimes stops handing the page bytes it has already received (bench/notes/014: with HTTP/2's
 * 80-odd streams at once, 5 to 10 loads in 50 through HAProxy; none in 100 without the emulation), and
 * such a load is not something a user meets. A load on an emulated network that is not ready within
 * 30 s is loaded again in a fresh profile, at most twice; the report says how many were.
 *
 * The main thread: for each landing page load, the renderer's TaskDuration, ScriptDuration and
 * RecalcStyleDuration + LayoutDuration (the DevTools protocol's Performance.getMetrics, which start again
 * with each navigation), read at the first poll after content ready (within 25 ms of it): how much of
 * the time to content ready the main thread was busy, and with what. Content ready cannot come before
 * that work is done, whatever the network.
 *
 * The landing page's data request: the first request for one of the workplace's own data calls (its
 * five paths in `workplaceData`), in ms from navigation start, read from PerformanceResourceTiming:
 * its `startTime` (= fetchStart: no redirects) is when the page handed the request to the browser —
 * fetch() called, a preload discovered in the document, or an Early Hint acted on — on the page's own
 * clock, the one FCP and content ready are read on. That is when it leaves the page; its `requestStart`
 * (when it went out on a connection, after any wait for one of HTTP/1.1's six per host) is recorded and
 * printed beside it. CDP's Network.requestWillBeSent marks the same moment on the browser's monotonic
 * clock, whose zero would have to be the document's own request (checked on both sets: its time after
 * the document's request came within 4–16 ms of startTime, the document leaving a few ms after the
 * navigation starts). A blank product's home page asks for no data of its own: the line then says not
 * applicable.
 *
 * Every target of issues 14 and 27 is printed with its medians, ranges, the ratio of medians and the
 * median of the per-round (paired) ratios, per set, and JS budgets are checked.
 *
 *   npm run bench:web                          (build + 7 rounds, loopback, net100 and, with HAProxy, haproxy)
 *   node bench/web/run.mjs --rounds 3 --no-build [--sets loopback,warm,net100,haproxy] [--via-haproxy]
 *                          [--arco path/to/arco-pro-react-dist.tgz] [--trace]
 *
 * --trace records each landing page load in a Chromium trace and adds, per set, the main thread's time
 * until content ready by kind (script, style and layout, parsing, requests, ...: trace-breakdown.mjs),
 * Atrium beside Arco Pro, and the same until the first contentful paint; the last load of each server is kept
 * as bench/results/trace-<host>-<port>.json (DevTools' performance panel opens it). Tracing costs the loads
 * some time of their own: compare traced runs with traced runs.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumArgs, NET_100, signInAdmin, spkiPin } from './browser-setup.mjs';
import { breakdown, endTrace, KIND_NAMES, startTrace } from './trace-breakdown.mjs';
import { register } from 'tsx/esm/api';

register(); // the contracts' route table is TypeScript
const { defaultRoute, findRouteByPath } = await import('../../packages/contracts/src/routes.ts');

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const rounds = Number(opt('--rounds', 7));
const build = !args.includes('--no-build');
/** --trace: each landing page load under a Chromium trace, the main thread's time by kind in the report (trace-breakdown.mjs). */
const tracing = args.includes('--trace');
const arcoTgz = resolve(opt('--arco', process.env.ARCO_DIST_TGZ ?? join(root, '../shared/bench/arco-pro-react-dist.tgz')));
const BUDGET_LOGIN = 150 * 1024;
const BUDGET_WORKPLACE = 300 * 1024;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The servers as they are: both origins loaded directly. */
const direct = async (origins) => ({ ...origins, close: async () => undefined });

/** HAProxy (HAPROXY, else Debian's /usr/sbin/haproxy, as scripts/cluster finds it) and openssl (OPENSSL) are there. */
const haproxyAvailable = () => existsSync(process.env.HAPROXY || '/usr/sbin/haproxy') && spawnSync(process.env.OPENSSL || 'openssl', ['version']).status === 0;


/** GET `url` over https trusting `ca` only: resolves with the status, rejects on a refused connection or a bad certificate. */
const httpsStatus = (url, ca) =>
  new Promise((ok, fail) => {
    const req = httpsRequest(url, { ca, timeout: 2000 }, (res) => (res.resume(), ok(res.statusCode)));
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', fail);
    req.end();
  });

/**
 * The third set: Atrium and Arco Pro's static server through HAProxy with TLS and HTTP/2. Given the
 * servers' loopback origins ({ atrium, arco }), it starts one HAProxy in front of each (deploy/haproxy.cfg
 * rendered for that backend by scripts/cluster's renderHaproxyConfig: TLS on a port of its own, ALPN
 * h2,http/1.1, a self-signed certificate for 127.0.0.1 made with openssl), waits until each answers
 * `GET /readyz` 200 over TLS (its health check has found the backend up), and returns the https origins
 * to load, the Chromium flag that trusts those two certificates (their SPKI pins), the protocol every
 * document must come over ('h2'), and a close() that stops both HAProxy processes (SIGUSR1, the graceful
 * stop, then SIGKILL after 5 s) and removes their run directories. Everything else (sign-in, rounds,
 * report) works on any set; the https origins get a sign-in of their own (localStorage is per origin).
 */
async function openViaHaproxy(origins) {
  const { renderHaproxyConfig } = await import('../../scripts/cluster/cluster.mjs');
  const running = [];
  const close = async () => {
    for (const proxy of running.splice(0)) await proxy.stop();
  };
  try {
    const out = {};
    const pins = [];
    for (const name of ['atrium', 'arco']) {
      const runDir = mkdtempSync(join(tmpdir(), `atrium-bench-haproxy-${name}-`));
      const proxy = { child: null, log: '' };
      const killNow = () => proxy.child?.exitCode === null && proxy.child.kill('SIGKILL');
      proxy.stop = async () => {
        const { child } = proxy;
        if (child && child.exitCode === null && child.signalCode === null) {
          const exited = new Promise((r) => child.once('exit', r));
          child.kill('SIGUSR1');
          await Promise.race([exited, sleep(5000)]);
          if (child.exitCode === null && child.signalCode === null) {
            child.kill('SIGKILL');
            await Promise.race([exited, sleep(2000)]);
          }
        }
        process.off('exit', killNow);
        rmSync(runDir, { recursive: true, force: true });
      };
      running.push(proxy);
      const h = await renderHaproxyConfig({ servers: [new URL(origins[name]).host], runDir });
      proxy.child = spawn(h.argv[0], h.argv.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
      process.once('exit', killNow); // an exit without close() (an uncaught error) leaves no HAProxy behind
      const keep = (d) => (proxy.log = (proxy.log + d).slice(-4000));
      proxy.child.stdout.on('data', keep);
      proxy.child.stderr.on('data', keep);
      proxy.child.once('error', (error) => keep(`\n${error.message}`));
      const ca = readFileSync(h.ca, 'utf8');
      const deadline = Date.now() + 30_000;
      // refused until HAProxy listens, 503 until its health check has found the backend up (rise 2 x 500 ms)
      while ((await httpsStatus(`${h.tlsUrl}/readyz`, ca).catch(() => 0)) !== 200) {
        if (proxy.child.exitCode !== null || proxy.child.signalCode !== null) throw new Error(`HAProxy in front of ${name} exited (${proxy.child.exitCode ?? proxy.child.signalCode}):\n${proxy.log}`);
        if (Date.now() > deadline) throw new Error(`HAProxy in front of ${name} (${h.tlsUrl}) did not answer /readyz 200 over TLS within 30 s:\n${proxy.log}`);
        await sleep(100);
      }
      pins.push(spkiPin(h.ca));
      out[name] = h.tlsUrl;
    }
    console.log(`haproxy set: Atrium at ${out.atrium}, Arco at ${out.arco} (HAProxy ${running.map((p) => `pid ${p.child.pid}`).join(', ')})`);
    return { ...out, chromiumArgs: [`--ignore-certificate-errors-spki-list=${pins.join(',')}`], protocol: 'h2', close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * A set: how the browser reaches the servers. `network`: the DevTools protocol's emulated conditions,
 * or null for loopback as it is; `mockLatency`: Arco Pro's mock delay in ms (its data never crosses the
 * network, so it is given the network's latency); `open(origins)`: the base URLs to load for Atrium and
 * Arco, from the servers' own ({ atrium, arco }), and a close(); `chromiumArgs`: added to Chromium's;
 * `menuPages`: Atrium's other menu pages are measured too; `warm`: each page is loaded that many times in
 * the profile before the measured load; `targets`: ratios (Atrium / Arco) and the data request's ms,
 * printed with a verdict (a measure without one is printed without).
 */
const sets = {
  loopback: {
    label: "loopback; Arco Pro's mocks at 0 ms",
    network: null,
    mockLatency: 0,
    open: direct,
    menuPages: true,
    targets: { loginFcp: 0.6, loginFcpEnglish: 0.6, workplaceFcp: 0.6, workplaceReady: 0.85, nav: 0.6, staticFloor: 1.5, dataLeaves: 400 },
  },
  net100: {
    label: "emulated network (DevTools protocol): 100 ms per request, 10 Mbit/s down, 5 up; Arco Pro's mocks at 100 ms",
    network: NET_100,
    mockLatency: 100,
    open: direct,
    targets: { workplaceReady: 0.7, dataLeaves: 600 },
  },
  warm: {
    label: "loopback, caches warm (each page loaded twice before in the same profile: HTTP cache and compiled code); Arco Pro's mocks at 0 ms",
    network: null,
    mockLatency: 0,
    open: direct,
    warm: 2,
    // no target: the floor of the other sets (issue 27), every byte of code already on the machine
    targets: {},
  },
  haproxy: {
    label: "through HAProxy with TLS and HTTP/2, emulated 100 ms network; Arco Pro's mocks at 100 ms",
    network: NET_100,
    mockLatency: 100,
    open: openViaHaproxy,
    // the certificates are trusted by their SPKI pins, which open() adds (made for the run)
    targets: { workplaceReady: 0.6 },
  },
};
// The default sets: loopback, net100, and haproxy where HAProxy and openssl are installed.
const withHaproxy = haproxyAvailable();
if (!withHaproxy && !args.includes('--sets') && !args.includes('--via-haproxy')) console.log('haproxy set skipped: HAProxy (/usr/sbin/haproxy, or HAPROXY) or openssl (OPENSSL) is not installed');
const chosenSets = [...new Set([...opt('--sets', withHaproxy ? 'loopback,net100,haproxy' : 'loopback,net100').split(','), ...(args.includes('--via-haproxy') ? ['haproxy'] : [])])].filter(Boolean);
for (const name of chosenSets) if (!sets[name]) throw new Error(`unknown set ${name}: ${Object.keys(sets).join(', ')}`);

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
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const range = (xs) => {
  const s = xs.filter(Number.isFinite);
  return s.length ? `${Math.round(Math.min(...s))}–${Math.round(Math.max(...s))}` : '–';
};
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;

async function waitFor(url, timeoutMs, child) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await sleep(250);
  }
  throw new Error(`timeout waiting for ${url}`);
}

async function startAtrium(dist) {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-web-'));
  const port = await freePort();
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...env, NODE_ENV: 'development', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_LOGIN: '100000', WEB_DIST: dist },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(`${baseUrl}/healthz`, 120_000, child);
  return {
    baseUrl,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The Arco Pro build on a plain static server: files as they are, index.html for any other path. */
async function serveArco() {
  if (!existsSync(arcoTgz)) throw new Error(`no Arco Design Pro build at ${arcoTgz} (--arco PATH)`);
  const dir = mkdtempSync(join(tmpdir(), 'atrium-bench-arco-'));
  const tar = spawnSync('tar', ['xzf', arcoTgz, '-C', dir]);
  if (tar.status !== 0) throw new Error('could not unpack the Arco build');
  const dist = join(dir, 'dist');
  const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png', '.json': 'application/json', '.ico': 'image/x-icon', '.woff2': 'font/woff2' };
  // Every file read and its text forms gzipped once here (level 6, as the shared harness's serve.mjs), so
  // that no request pays for compression and Arco's JS does not cross an emulated network uncompressed.
  const files = new Map();
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const file = join(d, e.name);
      if (e.isDirectory()) walk(file);
      else {
        const type = types[extname(file)] ?? 'application/octet-stream';
        const raw = readFileSync(file);
        files.set(`/${relative(dist, file).split(sep).join('/')}`, { type, raw, gz: /^(text\/|application\/json|image\/svg)/.test(type) ? gzipSync(raw, { level: 6 }) : null });
      }
    }
  };
  walk(dist);
  const server = createHttpServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    // HAProxy's health check (the haproxy set): ready as soon as it listens
    if (path === '/readyz') return res.writeHead(200, { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' }).end('ok');
    const index = !files.has(path);
    const f = files.get(index ? '/index.html' : path);
    const gzip = f.gz && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    const body = gzip ? f.gz : f.raw;
    res.writeHead(200, { 'Content-Type': f.type, 'Cache-Control': index || path === '/index.html' ? 'no-cache' : 'public, max-age=31536000', Vary: 'Accept-Encoding', 'Content-Length': body.length, ...(gzip ? { 'Content-Encoding': 'gzip' } : {}) });
    res.end(body);
  });
  const port = await freePort();
  await new Promise((ok) => server.listen(port, '127.0.0.1', ok));
  return { baseUrl: `http://127.0.0.1:${port}`, stop: () => new Promise((ok) => server.close(() => (rmSync(dir, { recursive: true, force: true }), ok()))) };
}

// ---- in-page readiness: predicates run in the page, serialised, so they are self-contained ----
function loginReady() {
  const vis = (el) => !!el && el.getBoundingClientRect().height > 0;
  const button = [...document.querySelectorAll('button')].find((b) => b.type === 'submit' || /登录|Login|Sign in/i.test(b.textContent));
  return vis(document.querySelector('input[type=password]')) && vis(button);
}
function workplaceReady({ path, text }) {
  if (location.pathname !== path || !document.body.innerText.includes(text)) return false;
  const chart = [...document.querySelectorAll('canvas, svg')].some((el) => {
    const r = el.getBoundingClientRect();
    return r.width > 100 && r.height > 60;
  });
  const row = [...document.querySelectorAll('tbody tr')].some((tr) => [...tr.children].filter((c) => c.tagName === 'TD' && c.textContent.trim()).length >= 3 && tr.getBoundingClientRect().height > 0);
  return chart && row;
}
/** A landing page without charts (the core's home page): the greeting with the user's name, and its links laid out. */
function landingReady({ path, text }) {
  if (location.pathname !== path) return false;
  const pane = document.querySelector(`[data-tab-pane="${path}"]`);
  if (!pane || !pane.innerText.includes(text)) return false;
  return [...pane.querySelectorAll('a[href], .arco-empty')].some((el) => {
    const r = el.getBoundingClientRect();
    return r.height > 0 && r.width > 0;
  });
}
/** Rows (or any of `selector`) laid out and visible at `path`. */
function contentVisible({ path, selector, min }) {
  if (location.pathname !== path) return false;
  const seen = [...document.querySelectorAll(selector)].filter((el) => {
    if (/empty|placeholder|measure/.test(el.className)) return false;
    if (el.tagName === 'TR' && [...el.children].filter((c) => c.tagName === 'TD' && c.textContent.trim()).length < 3) return false;
    const r = el.getBoundingClientRect();
    return r.height > 0 && r.width > 0 && getComputedStyle(el).visibility !== 'hidden';
  });
  return seen.length >= min;
}

/**
 * Installed before any page script: records the first animation frame at which `test(arg)` holds. The
 * predicate is part of the script's text (a CSP without 'unsafe-eval', as Atrium's, refuses eval).
 */
function readinessProbe(test, arg, mockLatency) {
  if (window.top !== window) return;
  try {
    performance.setResourceTimingBufferSize(2000);
  } catch {
    /* older browsers */
  }
  const probe = (window.__bench = { readyAt: null });
  const tick = () => {
    let ok = false;
    try {
      ok = document.readyState !== 'loading' && test(arg);
    } catch {
      ok = false;
    }
    if (ok) probe.readyAt = performance.now();
    else if (performance.now() < 60000) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  if (mockLatency !== null) {
    // The template's mocks (mockjs) answer after a random 600–1500 ms; pinned to the set's latency here.
    let current = window.XMLHttpRequest;
    Object.defineProperty(window, 'XMLHttpRequest', {
      configurable: true,
      get: () => current,
      set(v) {
        current = v;
        if (v && v._settings && !v.__pinned) {
          Object.defineProperty(v._settings, 'timeout', { configurable: true, get: () => mockLatency, set() {} });
          v.__pinned = true;
        }
      },
    });
  }
}

/** Resolves at the animation frame after `test(arg)` first holds (performance.now() of that frame). */
function waitUntilVisible(test, arg) {
  return new Promise((ok, fail) => {
    const limit = performance.now() + 20000;
    const tick = () => {
      if (test(arg)) requestAnimationFrame(() => ok(performance.now()));
      else if (performance.now() > limit) fail(new Error('navigation timed out'));
      else requestAnimationFrame(tick);
    };
    tick();
  });
}

/**
 * A fresh profile; the set's network emulated on its page (through the DevTools protocol) before any load.
 * `storage`: what a sign-in left in the browser (`{ entries, cookies }`: its origin's localStorage and its
 * cookies, as the shared harness carries them: the document cookie, decision 046), put back first.
 */
async function browser(set, storage) {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-bench-chromium-'));
  const ctx = await chromium.launchPersistentContext(dir, { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: [...chromiumArgs, ...(set.chromiumArgs ?? [])], viewport: { width: 1440, height: 900 }, locale: 'en-US', serviceWorkers: 'block' });
  if (storage?.entries) await ctx.addInitScript((entries) => {
    for (const [k, v] of Object.entries(entries)) if (localStorage.getItem(k) === null) localStorage.setItem(k, v);
  }, storage.entries);
  if (storage?.cookies?.length) await ctx.addCookies(storage.cookies);
  const page = ctx.pages()[0] ?? (await ctx.newPage());
  const close = async () => (await ctx.close().catch(() => undefined), rmSync(dir, { recursive: true, force: true }));
  if (set.network) {
    try {
      const cdp = await ctx.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', set.network);
    } catch (error) {
      await close();
      throw error;
    }
  }
  return { ctx, page, close };
}

/**
 * The protocol the document came over (PerformanceNavigationTiming.nextHopProtocol: 'http/1.1', 'h2'...);
 * when the set names one (`set.protocol`, the haproxy set's 'h2'), anything else stops the run.
 */
async function documentProtocol(page, set, url) {
  const protocol = await page.evaluate(() => performance.getEntriesByType('navigation')[0]?.nextHopProtocol ?? '');
  if (set.protocol && protocol !== set.protocol) throw new Error(`${url} came over ${JSON.stringify(protocol)}, not ${set.protocol}: the ${set.name} set does not measure what it says`);
  return protocol;
}

/**
 * One cold load: FCP, the readiness time, JS on the wire (before `chartsRe` matches, and after) and its
 * request count, when the first request for one of `dataPaths` left the page (header comment), and the
 * protocols of the document and of the page's requests to its own origin.
 */
/** A load on an emulated network that never got ready: Chromium's throttling held its answers (header comment). */
class EmulationStall extends Error {}

/** Loads again, in a fresh profile, a load that stalled on an emulated network; at most twice, each counted in `stalls`. */
async function coldLoad(url, options, stalls = { count: 0, last: '' }) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await coldLoadOnce(url, options);
    } catch (error) {
      if (!(error instanceof EmulationStall) || attempt === 2) throw error;
      stalls.count++;
      stalls.last = error.message;
      console.log(`loaded again: ${url} was not ready within 30 s on the emulated network (${stalls.count} in this set so far)`);
    }
  }
}

async function coldLoadOnce(url, { set, pred, arg, storage, mockLatency = null, chartsRe, jsUntilReady = false, dataPaths = [], trace = false }) {
  const b = await browser(set, storage);
  try {
    await b.ctx.addInitScript({ content: `(${readinessProbe})(${pred}, ${JSON.stringify(arg ?? null)}, ${JSON.stringify(mockLatency)});` });
    const problems = [];
    b.page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    b.page.on('response', (res) => res.status() >= 400 && problems.push(`${res.status()} ${res.request().method()} ${res.url()}`));
    b.page.on('requestfailed', (req) => problems.push(`failed ${req.method()} ${req.url()}: ${req.failure()?.errorText}`));
    const pending = new Set();
    b.page.on('request', (req) => pending.add(req));
    b.page.on('requestfinished', (req) => pending.delete(req));
    b.page.on('requestfailed', (req) => pending.delete(req));
    const untilReady = async () => {
      const deadline = Date.now() + (set.network ? 30_000 : 60_000);
      while (!(await b.page.evaluate(() => window.__bench?.readyAt ?? null))) {
        if (Date.now() > deadline) {
          // What the page showed instead, for whoever looks into it.
          const shot = join(root, 'bench/results/not-ready.png');
          await b.page.screenshot({ path: shot }).catch(() => undefined);
          for (const req of pending) problems.push(`no answer yet: ${req.method()} ${req.url()}`);
          const Failure = set.network ? EmulationStall : Error;
          throw new Failure(`not ready: ${url} (at ${b.page.url()}; screenshot ${relative(root, shot)})${problems.length ? `\n  ${problems.slice(0, 30).join('\n  ')}` : ''}`);
        }
        await sleep(25);
      }
    };
    // The warm set: the same page loaded before in this profile, its code in the HTTP cache and compiled
    // (V8 keeps a script's code from its second load on).
    for (let i = 0; i < (set.warm ?? 0); i++) {
      await b.page.goto(url, { waitUntil: 'load' });
      await untilReady();
      await sleep(1000);
    }
    // The renderer's main-thread totals (Performance.getMetrics, seconds since the renderer started),
    // read at the first poll after the content was ready (within 25 ms of it): for a cold load,
    // how much of the time to content ready the main thread was busy, and running script.
    const cdp = await b.ctx.newCDPSession(b.page);
    await cdp.send('Performance.enable');
    const metrics = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
    const before = await metrics();
    if (trace) await startTrace(cdp);
    await b.page.goto(url, { waitUntil: 'load' });
    const protocol = await documentProtocol(b.page, set, url);
    await untilReady();
    const after = await metrics();
    const events = trace ? await endTrace(cdp) : null;
    // The last load's trace of each server, to open in DevTools' performance panel.
    if (events) writeFileSync(join(root, 'bench/results', `trace-${new URL(url).host.replace(':', '-')}.json`), JSON.stringify(events));
    const byKind = events ? breakdown(events, url, await b.page.evaluate(() => window.__bench.readyAt)) : null;
    const spent = (name) => (after[name] - before[name]) * 1000;
    const mainThread = { task: spent('TaskDuration'), script: spent('ScriptDuration'), styleLayout: spent('RecalcStyleDuration') + spent('LayoutDuration') };
    await cdp.detach().catch(() => undefined);
    // The paint entry is queued after the frame is presented: it may trail the ready frame a little.
    let fcp = NaN;
    for (let i = 0; i < 40 && !Number.isFinite(fcp); i++) {
      fcp = await b.page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
      if (!Number.isFinite(fcp)) await sleep(50);
    }
    const readyAt = await b.page.evaluate(() => window.__bench.readyAt);
    // The same trace, until the first contentful paint: what the first frame waited for.
    const byKindUntilPaint = events && Number.isFinite(fcp) ? breakdown(events, url, fcp) : null;
    await sleep(1500);
    // JS on the wire: of the whole load (the sign-in page), or of the first view, requested until its
    // content was ready (what idle time preloads afterwards for later pages is not part of it), without
    // the charts.
    // JS requests: every script requested until then, the charts included.
    const { js, jsRequests, ownRequests, data, protocols } = await b.page.evaluate(
      ({ until, charts, dataPaths }) => {
        const entries = performance.getEntriesByType('resource');
        const own = entries.filter((e) => new URL(e.name).origin === location.origin);
        const scripts = entries.filter((e) => /\.m?js(\?|$)/.test(e.name) && e.startTime <= until);
        const first = entries.filter((e) => dataPaths.includes(new URL(e.name).pathname)).sort((x, y) => x.startTime - y.startTime)[0];
        return {
          js: scripts.filter((e) => !(charts && new RegExp(charts).test(e.name))).reduce((a, e) => a + e.transferSize, 0),
          jsRequests: scripts.length,
          // The document and every request to its own origin that started before the content was ready.
          ownRequests: 1 + own.filter((e) => e.startTime <= until).length,
          data: first ? { path: new URL(first.name).pathname, start: first.startTime, sent: first.requestStart, initiator: first.initiatorType } : null,
          protocols: [...new Set(own.map((e) => e.nextHopProtocol || '?'))].sort(),
        };
      },
      { until: jsUntilReady ? readyAt : 1e12, charts: chartsRe?.source ?? '', dataPaths },
    );
    return { fcp, readyAt, js, jsRequests, ownRequests, data, protocol, protocols, mainThread, byKind, byKindUntilPaint, b };
  } catch (error) {
    await b.close();
    throw error;
  }
}

/** Click a menu entry (its group opened first), then wait for the page's content: click -> frame. */
async function navigate(page, { group, item, path, selector, min }) {
  const header = page.locator('.arco-menu-inline-header', { hasText: group }).first();
  const opened = await header.evaluate((el) => el.parentElement?.querySelector('.arco-menu-inline-content')?.getBoundingClientRect().height > 0).catch(() => false);
  if (!opened) {
    await header.click();
    await sleep(800);
  }
  const target = page.locator('.arco-menu-item', { hasText: item }).first();
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  const started = await page.evaluate(() => performance.now());
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  // A string is evaluated through the DevTools protocol, which the page's CSP does not restrict.
  const shown = await page.evaluate(`(${waitUntilVisible})(${contentVisible}, ${JSON.stringify({ path, selector, min })})`);
  return shown - started;
}

async function signInAtrium(baseUrl, set) {
  const b = await browser({ ...set, network: null });
  try {
    await b.page.goto(`${baseUrl}/login`);
    await documentProtocol(b.page, set, `${baseUrl}/login`);
    const { storage, cookies } = await signInAdmin(b.page, b.ctx, defaultRoute.path);
    return { entries: storage, cookies };
  } finally {
    await b.close();
  }
}

async function signInArco(baseUrl, set) {
  const b = await browser({ ...set, network: null });
  try {
    await b.page.goto(`${baseUrl}/login`);
    await documentProtocol(b.page, set, `${baseUrl}/login`);
    await b.page.fill('#userName_input', 'admin');
    await b.page.fill('#password_input', 'admin');
    await b.page.click('button.arco-btn-primary');
    await b.page.waitForURL(/\/dashboard\/workplace/, { timeout: 30_000 });
    return { entries: await b.page.evaluate(() => ({ ...localStorage })), cookies: await b.ctx.cookies() };
  } finally {
    await b.close();
  }
}

/** Atrium's menu pages measured from the landing page: those of them the product has (the demo's are gone from a blank one). */
const atriumNav = [
  { name: 'search table', group: '列表页', item: '查询表格', path: '/list/search-table', selector: 'tbody tr', min: 3 },
  { name: 'card list', group: '列表页', item: '卡片列表', path: '/list/card', selector: '[data-tab-pane="/list/card"] .arco-card', min: 3 },
  { name: 'step form', group: '表单页', item: '分步表单', path: '/form/step', selector: '[data-tab-pane="/form/step"] input', min: 1 },
  { name: 'group form', group: '表单页', item: '分组表单', path: '/form/group', selector: '[data-tab-pane="/form/group"] input', min: 3 },
  { name: 'basic profile', group: '详情页', item: '基础详情页', path: '/profile/basic', selector: '[data-tab-pane="/profile/basic"] .arco-descriptions-item-value', min: 3 },
  { name: 'user info', group: '个人中心', item: '用户信息', path: '/user/info', selector: '[data-tab-pane="/user/info"] .arco-card', min: 1 },
  { name: 'accounts', group: '系统管理', item: '用户管理', path: '/system/user', selector: 'tbody tr', min: 3 },
  // one row at least: a blank product's trail holds only this run's sign-in (the rows arrive together)
  { name: 'audit log', group: '系统管理', item: '审计日志', path: '/system/audit', selector: 'tbody tr', min: 1 },
].filter((target) => findRouteByPath(target.path));
/** The navigation set beside Arco Pro's (workplace -> search table): the search table, else the accounts. */
const firstNav = atriumNav.find((n) => n.name === 'search table') ?? atriumNav.find((n) => n.name === 'accounts');
/** Atrium's landing page: the workplace (charts and popular content) or the home page (greeting and links). */
const landingPath = defaultRoute.path;
const landingPred = landingPath === '/workplace' ? workplaceReady : landingReady;
const landingName = landingPath === '/workplace' ? 'workplace' : landingPath;
/** The workplace's own data calls (demo/workplace/api/endpoints.ts); a blank product's home page has none. */
const workplaceData = ['/api/workplace/overview', '/api/content-data', '/api/popular/list', '/api/workplace/categories', '/api/workplace/announcement'];
const landingData = landingPath === '/workplace' ? workplaceData : [];

async function main() {
  const dist = join(root, 'bench/results/web-dist');
  if (build || !existsSync(join(dist, 'index.html'))) {
    const r = spawnSync('npm', ['run', 'build', '-w', '@atrium/web', '--', '--outDir', dist, '--emptyOutDir'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  mkdirSync(join(dist, 'bench'), { recursive: true });
  writeFileSync(join(dist, 'bench', 'static.html'), '<!doctype html><html><head><meta charset="utf-8"><title>static</title></head><body><h1>Atrium static page</h1><p>The floor of this machine.</p></body></html>');

  // Arco's build first: a missing one stops the run before Atrium's server is started (and left running).
  const arco = await serveArco();
  const atrium = await startAtrium(dist).catch(async (error) => {
    await arco.stop();
    throw error;
  });
  const apps = {
    atrium: { workplace: landingPath, pred: landingPred, text: 'Atrium Admin', signIn: signInAtrium, charts: /\/assets\/charts-/, nav: { group: firstNav.group, item: firstNav.item, path: firstNav.path, selector: firstNav.selector, min: firstNav.min }, data: landingData },
    arco: { workplace: '/dashboard/workplace', pred: workplaceReady, text: 'admin', signIn: signInArco, charts: /bizcharts|charts/i, nav: { group: 'List', item: 'Search Table', path: '/list/search-table', selector: 'tbody tr', min: 3 }, mocked: true },
  };
  // Per set: rows[key][app], one value a round.
  const results = Object.fromEntries(chosenSets.map((name) => [name, { rows: {}, staticFcp: [], loginFcpEnglish: [], menuNav: Object.fromEntries(atriumNav.map((n) => [n.name, []])), data: [], protocols: [], stalls: { count: 0, last: '' } }]));
  const opened = [];
  try {
    for (const name of chosenSets) {
      const bases = await sets[name].open({ atrium: atrium.baseUrl, arco: arco.baseUrl });
      opened.push(bases);
      results[name].bases = bases;
      // what open() adds for this run: Chromium flags (the haproxy set's certificate pins) and the protocol every document must come over
      results[name].set = { ...sets[name], name, chromiumArgs: [...(sets[name].chromiumArgs ?? []), ...(bases.chromiumArgs ?? [])], protocol: bases.protocol ?? sets[name].protocol };
    }
    // One sign-in per pair of origins: the session lives in each origin's localStorage, so the haproxy
    // set's https origins sign in through HAProxy on their own.
    const signedIn = new Map();
    for (const name of chosenSets) {
      const { set } = results[name];
      const { bases } = results[name];
      const key = `${bases.atrium} ${bases.arco}`;
      if (!signedIn.has(key)) signedIn.set(key, { atrium: await apps.atrium.signIn(bases.atrium, set), arco: await apps.arco.signIn(bases.arco, set) });
      results[name].storage = signedIn.get(key);
    }
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 ? ['arco', 'atrium'] : ['atrium', 'arco'];
      // The sets' order rotates too: each meets the machine's drift at every place in a round.
      for (const setName of chosenSets.map((_, i) => chosenSets[(i + r) % chosenSets.length])) {
        const res = results[setName];
        const { set, bases, storage, rows } = res;
        const put = (k, app, v) => ((rows[k] ??= { atrium: [], arco: [] })[app].push(v));
        const s = await coldLoad(`${bases.atrium}/bench/static.html`, { set, pred: () => !!document.querySelector('h1') }, res.stalls);
        res.staticFcp.push(s.fcp);
        await s.b.close();
        if (r === 0 && set.protocol) console.log(`${setName}: the first load's document came over ${s.protocol} (PerformanceNavigationTiming.nextHopProtocol; every load's is checked)`);
        const protocols = {};
        for (const name of order) {
          const login = await coldLoad(`${bases[name]}/login`, { set, pred: loginReady }, res.stalls);
          put('loginFcp', name, login.fcp);
          put('loginJs', name, login.js);
          await login.b.close();
        }
        // Arco Pro's sign-in page is in English; Atrium's default is Chinese, whose first layout also
        // looks up CJK fonts: the same page in English, for a like-for-like line.
        const english = await coldLoad(`${bases.atrium}/login`, { set, pred: loginReady, storage: { entries: { 'arco-locale': 'en-US' } } }, res.stalls);
        res.loginFcpEnglish.push(english.fcp);
        await english.b.close();
        for (const name of order) {
          const app = apps[name];
          const work = await coldLoad(`${bases[name]}${app.workplace}`, { set, pred: app.pred, arg: { path: app.workplace, text: app.text }, storage: storage[name], mockLatency: app.mocked ? set.mockLatency : null, chartsRe: app.charts, jsUntilReady: true, dataPaths: app.data ?? [], trace: tracing }, res.stalls);
          put('workplaceFcp', name, work.fcp);
          put('workplaceOwnRequests', name, work.ownRequests);
          for (const [kind, ms] of Object.entries(work.byKind ?? {})) put(`trace ${kind}`, name, ms);
          if (work.byKind) (res.traceOthers ??= { atrium: [], arco: [] })[name].push(work.byKind.others);
          // One value a round for every kind (NaN without a trace or a first paint), so the rounds line up.
          if (work.byKind) for (const kind of KIND_NAMES) put(`paint trace ${kind}`, name, work.byKindUntilPaint?.[kind] ?? NaN);
          put('workplaceReady', name, work.readyAt);
          put('workplaceJs', name, work.js);
          put('workplaceJsRequests', name, work.jsRequests);
          put('workplaceTask', name, work.mainThread.task);
          put('workplaceScript', name, work.mainThread.script);
          put('workplaceStyleLayout', name, work.mainThread.styleLayout);
          if (name === 'atrium') res.data.push(work.data);
          protocols[name] = { document: work.protocol, requests: work.protocols };
          try {
            await sleep(500);
            put('nav', name, await navigate(work.b.page, app.nav));
            if (name === 'atrium' && set.menuPages) {
              for (const target of atriumNav.filter((n) => n !== firstNav)) {
                res.menuNav[target.name].push(await navigate(work.b.page, target).catch(() => NaN));
              }
            }
          } finally {
            await work.b.close();
          }
        }
        const last = (k, a) => Math.round(rows[k][a].at(-1));
        const data = res.data.at(-1);
        const dataText = landingData.length === 0 ? 'n/a' : data ? `${Math.round(data.start)} (sent ${Math.round(data.sent)}, ${data.path}, ${data.initiator})` : 'none seen';
        res.protocols.push(protocols);
        const protocolText = set.protocol ? `; protocols (document, own-origin requests): Atrium ${protocols.atrium.document} ${protocols.atrium.requests.join('+')}, Arco ${protocols.arco.document} ${protocols.arco.requests.join('+')}` : '';
        console.log(`round ${r + 1}/${rounds} ${setName}: login FCP ${last('loginFcp', 'atrium')} / ${last('loginFcp', 'arco')} ms; ${landingName} FCP ${last('workplaceFcp', 'atrium')} / ${last('workplaceFcp', 'arco')}, ready ${last('workplaceReady', 'atrium')} / ${last('workplaceReady', 'arco')}, JS requests ${last('workplaceJsRequests', 'atrium')} / ${last('workplaceJsRequests', 'arco')}; nav ${last('nav', 'atrium')} / ${last('nav', 'arco')} (Atrium / Arco); data request leaves ${dataText}; static FCP ${Math.round(res.staticFcp.at(-1))}${protocolText}`);
      }
    }
  } finally {
    for (const bases of opened) await bases.close().catch(() => undefined);
    await atrium.stop();
    await arco.stop();
    rmSync(join(dist, 'bench'), { recursive: true, force: true });
  }

  const out = [];
  const landingLabel = landingPath === '/workplace' ? '`/workplace`' : `\`${landingPath}\` (Arco: \`/dashboard/workplace\`)`;
  const verdict = (ok, target, text = `<= ${target}`) => (target === undefined ? '| – | |' : `| ${text} | ${ok ? 'met' : 'not met'} |`);
  for (const setName of chosenSets) {
    const { targets } = sets[setName];
    const { rows, staticFcp, loginFcpEnglish, menuNav, data } = results[setName];
    /** A line Atrium against Arco: medians (ranges), ratio of medians, median of the per-round ratios. */
    const pair = (label, atriumXs, arcoXs, target) => {
      const a = median(atriumXs);
      const b = median(arcoXs);
      const p = median(atriumXs.map((v, i) => v / arcoXs[i]));
      return `| ${label} | ${Math.round(a)} (${range(atriumXs)}) | ${Math.round(b)} (${range(arcoXs)}) | ${(a / b).toFixed(2)} | ${p.toFixed(2)} ${verdict(a / b <= target && p <= target, target)}`;
    };
    const line = (label, k) => pair(label, rows[k].atrium, rows[k].arco, targets[k]);
    out.push(`\nbench/web, ${setName} (${sets[setName].label}): ${rounds} rounds, medians (ranges) in ms, cold loads in headless Chromium at 1440 × 900\n`);
    out.push('| measure | Atrium | Arco Pro React | ratio of medians | paired ratio | target | |');
    out.push('| --- | ---: | ---: | ---: | ---: | ---: | --- |');
    out.push(line('`/login` first contentful paint', 'loginFcp'));
    out.push(pair('`/login` first contentful paint, Atrium in English', loginFcpEnglish, rows.loginFcp.arco, targets.loginFcpEnglish));
    // Atrium's landing page against Arco Pro's workplace: the same page with the demo, the home page without it.
    out.push(line(`${landingLabel} first contentful paint`, 'workplaceFcp'));
    out.push(line(`${landingLabel} content ready`, 'workplaceReady'));
    out.push(line(`${landingName} → ${firstNav.name}, rows visible${firstNav.name === 'search table' ? '' : ' (Arco: search table)'}`, 'nav'));
    out.push(`| ${landingLabel} JS requests until content ready (charts included) | ${median(rows.workplaceJsRequests.atrium)} (${range(rows.workplaceJsRequests.atrium)}) | ${median(rows.workplaceJsRequests.arco)} (${range(rows.workplaceJsRequests.arco)}) | ${(median(rows.workplaceJsRequests.atrium) / median(rows.workplaceJsRequests.arco)).toFixed(2)} | – | – | |`);
    out.push(line(`${landingLabel}: main thread busy until content ready (TaskDuration)`, 'workplaceTask'));
    out.push(line(`${landingLabel}: of which running script (ScriptDuration)`, 'workplaceScript'));
    out.push(line(`${landingLabel}: of which style and layout (RecalcStyleDuration + LayoutDuration)`, 'workplaceStyleLayout'));
    const sMed = median(staticFcp);
    const loginVsStatic = median(rows.loginFcp.atrium) / sMed;
    const pairedStatic = median(rows.loginFcp.atrium.map((v, i) => v / staticFcp[i]));
    out.push(`| \`/login\` FCP against the static page on Atrium's server (${Math.round(sMed)} ms, ${range(staticFcp)}) | ${Math.round(median(rows.loginFcp.atrium))} | – | ${loginVsStatic.toFixed(2)} | ${pairedStatic.toFixed(2)} ${verdict(loginVsStatic <= targets.staticFloor && pairedStatic <= targets.staticFloor, targets.staticFloor)}`);
    if (landingData.length === 0) {
      out.push(`| ${landingLabel}: its own data request leaves | not applicable: the page asks for no data of its own | – | – | – | – | |`);
    } else {
      const starts = data.map((d) => d?.start ?? NaN);
      const sent = data.map((d) => d?.sent ?? NaN);
      const seen = data.filter(Boolean).length;
      const m = median(starts);
      const note = seen === data.length ? '' : `; none seen in ${data.length - seen} of ${data.length} loads`;
      out.push(`| ${landingLabel}: its first data request leaves the page (fetch start, ms from navigation start${note}) | ${Math.round(m)} (${range(starts)}) | – | – | – ${verdict(seen === data.length && m <= targets.dataLeaves, targets.dataLeaves, `<= ${targets.dataLeaves} ms`)}`);
      out.push(`| the same request sent on a connection (requestStart) | ${Math.round(median(sent))} (${range(sent)}) | – | – | – | – | |`);
    }
    if (sets[setName].network) {
      const { stalls } = results[setName];
      out.push(`| loads not ready within 30 s on the emulated network, loaded again (bench/notes/014) | ${stalls.count}${stalls.count ? `; the last: ${stalls.last.split('\n')[0]}` : ''} | | | | | |`);
    }
    const expected = results[setName].set?.protocol;
    if (expected) {
      const seen = (app) => [...new Set(results[setName].protocols.flatMap((p) => p[app].requests))].join(', ');
      out.push(`| protocol of every document, checked on each load (nextHopProtocol); of the landing pages' requests to their own origin | ${expected}; ${seen('atrium')} | ${expected}; ${seen('arco')} | – | – | – | |`);
    }
    out.push(`| ${landingLabel}: requests to its own origin until content ready (the document included) | ${median(rows.workplaceOwnRequests.atrium)} (${range(rows.workplaceOwnRequests.atrium)}) | ${median(rows.workplaceOwnRequests.arco)} (${range(rows.workplaceOwnRequests.arco)}) | ${(median(rows.workplaceOwnRequests.atrium) / median(rows.workplaceOwnRequests.arco)).toFixed(2)} | – | – | |`);
    if (tracing) {
      // The main thread by kind until a moment of each load (`until`: its row of that moment, a value a round).
      const byKindTable = (title, prefix, until, untilLabel) => {
        out.push(`\n| ${landingLabel}, ${setName}: the main thread until ${title}, by kind | Atrium | Arco Pro React |`);
        out.push('| --- | ---: | ---: |');
        for (const kind of KIND_NAMES) out.push(`| ${kind} | ${Math.round(median(rows[`${prefix} ${kind}`].atrium))} | ${Math.round(median(rows[`${prefix} ${kind}`].arco))} |`);
        const total = (app) => median(rows[until][app].map((_, i) => KIND_NAMES.reduce((sum, kind) => sum + rows[`${prefix} ${kind}`][app][i], 0)));
        out.push(`| **busy in all** (of ${untilLabel}: ${Math.round(median(rows[until].atrium))} / ${Math.round(median(rows[until].arco))}) | ${Math.round(total('atrium'))} | ${Math.round(total('arco'))} |`);
      };
      byKindTable('content ready (--trace: a Chromium trace of each load; trace-breakdown.mjs)', 'trace', 'workplaceReady', 'content ready');
      byKindTable('the first contentful paint', 'paint trace', 'workplaceFcp', 'first paint');
      const others = (app) => results[setName].traceOthers[app].at(-1).map(([n, ms]) => `${n} ${Math.round(ms)}`).join(', ');
      out.push(`\n"other" in the last round's loads, the largest by event name: Atrium ${others('atrium')}; Arco Pro ${others('arco')}.`);
    }
    if (sets[setName].menuPages) {
      out.push(`\n| Atrium, ${setName}: ${landingName} → menu page, content visible | median | range | target |`);
      out.push('| --- | ---: | ---: | --- |');
      for (const [name, xs] of [[firstNav.name, rows.nav.atrium], ...Object.entries(menuNav)].filter(([n], i, a) => a.findIndex(([m]) => m === n) === i)) {
        const m = median(xs);
        out.push(`| ${name} | ${Math.round(m)} | ${range(xs)} | <= 150 ms: ${m <= 150 ? 'met' : 'not met'} |`);
      }
    }
  }
  // The budgets: bytes on the wire are the same through any set; the first cold set's are checked (the
  // warm set's scripts come from the cache).
  const budgetSet = chosenSets.find((name) => !sets[name].warm) ?? chosenSets[0];
  const { rows } = results[budgetSet];
  const loginJs = median(rows.loginJs.atrium);
  const workJs = median(rows.workplaceJs.atrium);
  out.push(`\n| JS on the wire (Atrium, ${budgetSet}) | median | budget |`);
  out.push('| --- | ---: | --- |');
  out.push(`| \`/login\` | ${kib(loginJs)} | 150 KiB: ${loginJs <= BUDGET_LOGIN ? 'within' : 'OVER'} |`);
  out.push(`| \`${landingPath}\` before charts | ${kib(workJs)} | 300 KiB: ${workJs <= BUDGET_WORKPLACE ? 'within' : 'OVER'} |`);
  console.log(out.join('\n'));
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  const saved = Object.fromEntries(chosenSets.map((name) => {
    const { bases: _bases, storage: _storage, set: _set, ...kept } = results[name];
    return [name, { label: sets[name].label, network: sets[name].network, mockLatency: sets[name].mockLatency, ...kept }];
  }));
  writeFileSync(join(root, 'bench/results/web.json'), JSON.stringify({ rounds, landingPath, sets: saved }, null, 2));
  if (loginJs > BUDGET_LOGIN || workJs > BUDGET_WORKPLACE) process.exitCode = 1;
}

await main();
