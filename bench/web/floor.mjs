#!/usr/bin/env node
/* global performance */
/**
 * bench/web/floor.mjs: where the sign-in page's first paint goes (bench/notes/012-first-paint-floor.md).
 *
 * Serves variants of a built index.html from a plain Node server, every external script refused, and
 * loads each in a fresh Chromium profile (cold caches, as bench/web does), the order rotating every
 * round. Prints the median first contentful paint per variant, with its range.
 *
 *   npm run build -w @atrium/web
 *   node bench/web/floor.mjs [--rounds 9] [--dist apps/web/dist] [--variants static,login,...]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const rounds = Number(opt('--rounds', 9));
const dist = resolve(opt('--dist', join(root, 'apps/web/dist')));
const built = readFileSync(join(dist, 'index.html'), 'utf8');

const withoutScripts = (html) => html.replace(/<script[^>]*>[\s\S]*?<\/script>/g, '').replace(/<link rel="modulepreload"[^>]*>/g, '');
/** The document with one pre-rendered view only, shown, and no script: what the boot script leaves. */
function viewAlone(html, view, locale) {
  const body = html.slice(html.indexOf('<div id="prerender">'));
  const m = body.match(new RegExp(`<div data-view="${view}" data-locale="${locale}" hidden>([\\s\\S]*?)</div>(<div data-view=|</div>)`));
  if (!m) throw new Error(`no ${view} view in ${locale}`);
  return `${withoutScripts(html.slice(0, html.indexOf('<body>')))}<body><div id="root"></div><div id="prerender"><div data-view="${view}" data-locale="${locale}">${m[1]}</div></div></body></html>`;
}
const style = (html, css) => html.replace('</head>', `<style>${css}</style></head>`);
const login = viewAlone(built, 'login', 'zh-CN');
// The sign-in page's root element: the one whose ::before carries the backdrop.
const pageClass = login.match(/<div data-view="login" data-locale="zh-CN"><div class="([^"]+)"/)?.[1];
if (!pageClass) throw new Error('no sign-in page element in the pre-rendered view');

const variants = {
  static: '<!doctype html><html><head><meta charset="utf-8"><title>static</title></head><body><h1>Atrium static page</h1><p>The floor of this machine.</p></body></html>',
  login,
  loginEnglish: viewAlone(built, 'login', 'en-US'),
  loginNoBackdrop: style(login, `.${pageClass}::before{display:none!important}`),
  loginNoBackdropNoShadow: style(login, `.${pageClass}::before{display:none!important}[class*=_card_]{box-shadow:none!important}`),
  loginSansSerif: style(login, '*{font-family:sans-serif!important}'),
  loginNoSvg: login.replace(/<svg[\s\S]*?<\/svg>/g, ''),
  loginNoCss: login.replace(/<style data-prerender>[\s\S]*?<\/style>/, ''),
  shell: viewAlone(built, 'shell', 'zh-CN'),
  asBuilt: built,
  asBuiltNoPreloads: built.replace(/<link rel="modulepreload"[^>]*>/g, ''),
};
const names = opt('--variants', Object.keys(variants).join(',')).split(',');
for (const n of names) if (!variants[n]) throw new Error(`unknown variant ${n}: ${Object.keys(variants).join(', ')}`);

const server = createServer((req, res) => {
  const name = req.url.slice(1).split('?')[0];
  if (variants[name]) {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    res.end(variants[name]);
  } else if (req.url === '/favicon.svg') {
    res.writeHead(200, { 'content-type': 'image/svg+xml' });
    res.end(readFileSync(join(dist, 'favicon.svg')));
  } else {
    res.writeHead(404);
    res.end();
  }
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const base = `http://127.0.0.1:${server.address().port}`;
const chromiumArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const fcp = Object.fromEntries(names.map((n) => [n, []]));
try {
  for (let r = 0; r < rounds; r++) {
    for (const n of names.map((_, i) => names[(i + r) % names.length])) {
      const dir = mkdtempSync(join(tmpdir(), 'atrium-floor-'));
      const ctx = await chromium.launchPersistentContext(dir, { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: chromiumArgs, viewport: { width: 1440, height: 900 }, locale: 'en-US' });
      try {
        const page = ctx.pages()[0] ?? (await ctx.newPage());
        await page.goto(`${base}/${n}`, { waitUntil: 'load' });
        let t = NaN;
        for (let i = 0; i < 40 && !Number.isFinite(t); i++) {
          t = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
          if (!Number.isFinite(t)) await new Promise((ok) => setTimeout(ok, 50));
        }
        fcp[n].push(t);
      } finally {
        await ctx.close();
        rmSync(dir, { recursive: true, force: true });
      }
    }
    console.log(`round ${r + 1}/${rounds}: ${names.map((n) => `${n} ${Math.round(fcp[n].at(-1))}`).join(', ')}`);
  }
} finally {
  server.close();
}
const median = (xs) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
console.log(`\nfirst contentful paint, ${rounds} rounds, scripts refused (ms)\n\n| variant | median | range | / static |\n| --- | ---: | ---: | ---: |`);
const s = median(fcp.static ?? [NaN]);
for (const n of names) console.log(`| ${n} | ${Math.round(median(fcp[n]))} | ${Math.round(Math.min(...fcp[n]))}–${Math.round(Math.max(...fcp[n]))} | ${(median(fcp[n]) / s).toFixed(2)} |`);
