#!/usr/bin/env node
/* global performance, requestAnimationFrame, PerformanceObserver, localStorage, getComputedStyle, location */
/**
 * bench/web/click.mjs: where the time of issue 42's "click without hovering" goes, on a running Atrium
 * (the shared harness's measure: the workplace loaded cold and settled, the 列表页 group opened, then the
 * item 查询表格 clicked by script, so no pointer ever rests on it first).
 *
 *   node bench/web/click.mjs --base http://127.0.0.1:3000 [--runs 6] [--profile DIR] [--maps DIST]
 *
 * Signs in as the demo's administrator once, then for each run, in a fresh Chromium profile with that
 * session: loads /workplace, waits 3.5 s, opens the group, waits 1.1 s, clicks, and records on the page's
 * clock from the click: when the list's request (or the drawn page's, decision 051) left and was answered,
 * when three rows of six cells were shown (as the harness counts them: in the page the server drew, or
 * in the console's), and the frame after that (the harness's figure); and when each of the two had them.
 * Prints each run and the medians.
 * --profile DIR also writes each click's CPU profile (DevTools opens them) and prints the self time per
 * package over the runs; --maps DIST (a build made with `--sourcemap`) names the functions and packages
 * through the build's source maps.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { SourceMap } from 'node:module';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, signInAdmin } from './browser-setup.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const base = option('base', 'http://127.0.0.1:3000').replace(/\/$/, '');
const runs = Number(option('runs', '6'));
const profileDir = option('profile', '');
const maps = option('maps', '');
const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';

async function open() {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-click-'));
  const context = await chromium.launchPersistentContext(dir, { executablePath, args: chromiumArgs, viewport: { width: 1440, height: 900 } });
  return { context, page: context.pages()[0] ?? (await context.newPage()), close: async () => (await context.close(), rmSync(dir, { recursive: true, force: true })) };
}

// The session, once.
const first = await open();
await first.page.goto(`${base}/login`);
const { storage, cookies } = await signInAdmin(first.page, first.context, '/workplace');
await first.close();

/** Runs in the page: clicks the item and resolves with the moments after it, in ms from the click. */
function clickAndWatch() {
  return new Promise((resolve) => {
    const item = [...document.querySelectorAll('.arco-menu-item')].find((e) => e.textContent.trim() === '查询表格' && e.getBoundingClientRect().height > 0);
    const at = {};
    const t0 = performance.now();
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (/\/api\/(list\/policy|user\/drawn-page)\?/.test(e.name) && at.requestSent === undefined) Object.assign(at, { requestSent: e.startTime - t0, answered: e.responseEnd - t0 });
      }
    }).observe({ type: 'resource' });
    item.click();
    // Three rows of six cells shown, as the harness counts them (anywhere in the document, at the table's
    // address); in the page the server drew as the console went there (decision 051) or in the console's.
    const shownRows = (scope) =>
      [...scope.querySelectorAll('tbody tr')].filter((tr) => {
        if (/empty|placeholder|measure/.test(tr.className)) return false;
        if ([...tr.children].filter((c) => c.tagName === 'TD' && c.textContent.trim() !== '').length < 6) return false;
        const box = tr.getBoundingClientRect();
        return box.height > 0 && box.width > 0 && getComputedStyle(tr).visibility !== 'hidden';
      }).length >= 3;
    const tick = () => {
      const now = performance.now() - t0;
      const drawn = document.querySelector('[data-drawn-pane]');
      if (at.drawn === undefined && drawn && shownRows(drawn)) at.drawn = now;
      const pane = document.querySelector('[data-tab-pane="/list/search-table"]');
      if (at.console === undefined && pane && shownRows(pane)) at.console = now;
      if (at.rows === undefined && location.pathname === '/list/search-table' && shownRows(document)) {
        at.rows = now;
        requestAnimationFrame(() => (at.frame = performance.now() - t0));
      }
      if (at.console !== undefined && at.frame !== undefined) return setTimeout(() => resolve(at), 300);
      if (now > 10_000) return resolve({ ...at, error: 'no rows in 10 s' });
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

const results = [];
if (profileDir) mkdirSync(profileDir, { recursive: true });
for (let run = 0; run < runs; run++) {
  const b = await open();
  try {
    await b.context.addCookies(cookies);
    await b.page.goto(`${base}/login`, { waitUntil: 'commit' });
    await b.page.evaluate((entries) => Object.entries(entries).forEach(([k, v]) => localStorage.setItem(k, v)), storage);
    await b.page.goto('about:blank');
    await b.page.goto(`${base}/workplace`, { waitUntil: 'load' });
    await new Promise((ok) => setTimeout(ok, 3500));
    await b.page.locator('.arco-menu-inline-header', { hasText: '列表页' }).first().click();
    await new Promise((ok) => setTimeout(ok, 1100));
    const cdp = profileDir ? await b.context.newCDPSession(b.page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    const at = await b.page.evaluate(clickAndWatch);
    if (cdp) writeFileSync(join(profileDir, `click-${run + 1}.cpuprofile`), JSON.stringify((await cdp.send('Profiler.stop')).profile));
    const rounded = Object.fromEntries(Object.entries(at).map(([k, v]) => [k, typeof v === 'number' ? Math.round(v) : v]));
    console.log(`run ${run + 1}: ${JSON.stringify(rounded)}`);
    results.push(rounded);
  } finally {
    await b.close();
  }
}

const median = (key) => {
  const values = results.map((r) => r[key]).filter((v) => typeof v === 'number').sort((a, b) => a - b);
  return values.length ? values[Math.floor(values.length / 2)] : '–';
};
console.log(
  `\nmedians, ms from the click (${runs} runs): request sent ${median('requestSent')}, answered ${median('answered')}, ` +
    `three rows shown ${median('rows')} (drawn by the server ${median('drawn')}, the console's ${median('console')}), the frame after ${median('frame')}`,
);

if (profileDir) {
  // Self time per package (or file of the console), over every run's profile.
  const traces = new Map();
  const traceOf = (url) => {
    if (!traces.has(url)) {
      const file = maps && join(maps, 'assets', `${url.split('/').pop()}.map`);
      traces.set(url, file && existsSync(file) ? new SourceMap(JSON.parse(readFileSync(file, 'utf8'))) : null);
    }
    return traces.get(url);
  };
  const byPackage = new Map();
  let total = 0;
  for (let run = 1; run <= runs; run++) {
    const profile = JSON.parse(readFileSync(join(profileDir, `click-${run}.cpuprofile`), 'utf8'));
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    profile.samples.forEach((id, i) => {
      const { callFrame } = nodes.get(id);
      if (/^\((idle|program)\)$/.test(callFrame.functionName)) return;
      const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
      let where = callFrame.url ? callFrame.url.split('/').pop() : callFrame.functionName || '(native)';
      const trace = callFrame.url && traceOf(callFrame.url);
      const source = trace && trace.findEntry(callFrame.lineNumber, callFrame.columnNumber)?.originalSource;
      if (source) where = source.includes('node_modules/') ? source.split('node_modules/').pop().split('/').slice(0, source.includes('node_modules/@') ? 2 : 1).join('/') : source.replace(/^.*\/src\//, 'src/');
      byPackage.set(where, (byPackage.get(where) ?? 0) + ms);
      total += ms;
    });
  }
  console.log(`\nCPU samples per click (${(total / runs).toFixed(1)} ms, the effects after the frame included), self time by package:`);
  for (const [where, ms] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${(ms / runs).toFixed(1).padStart(6)} ${where}`);
}
