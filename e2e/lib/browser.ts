import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page, type Request } from 'playwright-core';
import { inject } from 'vitest';

export const baseUrl = inject('baseUrl');
const smsOutbox = inject('smsOutbox');
export const artifactsDir = resolve(import.meta.dirname, '../artifacts');
const headlessShell = '/usr/bin/chromium-headless-shell';

/** Flags from the brief: headless, no sandbox (root), and no background traffic on a closed network. */
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface LaunchOptions {
  width?: number;
  height?: number;
  /** Preset localStorage `fingerprint`; default a unique id so the server's per-device counters stay per test. */
  fingerprint?: string | null;
  locale?: 'zh-CN' | 'en-US';
  theme?: 'light' | 'dark';
  /** The system's motion setting as the page's media queries see it. */
  reducedMotion?: 'reduce' | 'no-preference';
  /** A phone's touch screen: taps instead of a hovering pointer (`(hover: none)`). */
  touch?: boolean;
}

export interface Browser {
  context: BrowserContext;
  close: () => Promise<void>;
}

/**
 * Debian's Chromium headless shell (package chromium-headless-shell: the same Blink and V8 as `chromium`,
 * without the desktop browser around them, what Playwright itself runs for headless), in which a sign-in and
 * the workplace cost a third less CPU than the full browser (decision 048); the full browser where the
 * shell is not installed. CHROMIUM_PATH names another.
 */
const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');

/** Chromium with a fresh user-data-dir (a cold, isolated profile per call). */
export async function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'atrium-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    headless: true,
    args: chromiumArgs,
    viewport: { width: options.width ?? 1366, height: options.height ?? 860 },
    locale: options.locale ?? 'zh-CN',
    reducedMotion: options.reducedMotion ?? 'no-preference',
    ...(options.touch ? { hasTouch: true, isMobile: true } : {}),
  });
  const fingerprint = options.fingerprint === undefined ? `e2e-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}` : options.fingerprint;
  await context.addInitScript(
    ({ fp, locale, theme }) => {
      if (fp && !localStorage.getItem('fingerprint')) localStorage.setItem('fingerprint', fp);
      if (locale && !localStorage.getItem('arco-locale')) localStorage.setItem('arco-locale', locale);
      if (theme && !localStorage.getItem('arco-theme')) localStorage.setItem('arco-theme', theme);
    },
    { fp: fingerprint, locale: options.locale ?? null, theme: options.theme ?? null },
  );
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Requests a page sent and has no answer for yet, per page (for a failure's message). */
const unanswered = new WeakMap<Page, Map<Request, number>>();

/** A page whose console errors and uncaught exceptions are collected for assertions. */
export async function newPage(context: BrowserContext): Promise<Page & { errors: string[] }> {
  const page = (context.pages()[0] ?? (await context.newPage())) as Page & { errors: string[] };
  page.errors = [];
  page.on('pageerror', (error) => page.errors.push(error.message));
  const open = new Map<Request, number>();
  unanswered.set(page, open);
  page.on('request', (request) => open.set(request, Date.now()));
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  return page;
}

/**
 * What a page shows and waits for, when a step's wait ran out: its address, whether the console ever took
 * over from the pre-rendered view (and whether that view's form was submitted), the messages and field
 * errors on screen, the requests still without an answer, and whether the server answers a request of
 * this process right now. A screenshot is saved beside the other artefacts.
 */
async function describeStall(page: Page, name: string): Promise<string> {
  const file = await screenshot(page, `stalled-${name}`).catch(() => '(no screenshot)');
  const seen = await page
    .evaluate(() => ({
      prerender: document.getElementById('prerender') ? (document.getElementById('prerender')!.hasAttribute('data-submitted') ? 'still shown, submitted' : 'still shown') : 'released',
      messages: Array.from(document.querySelectorAll('.arco-message, [data-field-error], .arco-modal:not([style*="display: none"])')).map((e) => (e.textContent ?? '').trim()),
      captcha: !!document.querySelector('input[name=captcha]'),
    }))
    .catch((error: Error) => ({ unreadable: error.message }));
  const now = Date.now();
  const open = [...(unanswered.get(page) ?? new Map<Request, number>())].map(([r, at]) => `${r.method()} ${r.url().replace(baseUrl, '')} (${now - at} ms)`);
  const probeStart = Date.now();
  const probe = await fetch(`${baseUrl}/favicon.svg`, { signal: AbortSignal.timeout(5000) })
    .then((res) => `${res.status} in ${Date.now() - probeStart} ms`)
    .catch((error: Error) => `no answer: ${error.message}`);
  return [`at ${page.url()}`, `page: ${JSON.stringify(seen)}`, `server, asked from the test: ${probe}`, `unanswered: ${open.length ? open.join(', ') : 'none'}`, `screenshot: ${file}`].join('\n');
}

export const accounts = {
  admin: { username: 'admin', password: 'admin123', phone: '13800000000' },
  user: { username: 'user', password: 'user123', phone: '13900000000' },
} as const;

/** Signs in through the account tab and waits for the shell. */
export async function loginAs(page: Page, who: keyof typeof accounts, path = '/login'): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.locator('input[name=username]').fill(accounts[who].username);
  await page.locator('input[name=password]').fill(accounts[who].password);
  await page.locator('[data-testid=login-submit]').click();
  try {
    await page.waitForSelector('[data-testid=navbar]');
  } catch (error) {
    throw new Error(`${who} signed in, but the shell did not come:\n${await describeStall(page, `login-${who}`)}`, { cause: error });
  }
}

/** Saves the viewport (or, with `fullPage`, the whole scrolled document) as a CI artefact. */
export async function screenshot(page: Page, name: string, fullPage = false): Promise<string> {
  mkdirSync(artifactsDir, { recursive: true });
  const file = join(artifactsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}

/**
 * The latest SMS code the development provider wrote for a phone number; with `after` (epoch ms), only a
 * code sent from then on, so a code left by an earlier scenario is never taken for the new one.
 */
function readSmsCode(tel: string, after = 0): string | null {
  let text = '';
  try {
    text = readFileSync(smsOutbox, 'utf8');
  } catch {
    return null;
  }
  const lines = text.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as { tel: string; code: string; sentAt: string });
  return lines.filter((l) => l.tel === tel && Date.parse(l.sentAt) >= after).pop()?.code ?? null;
}

export async function waitForSmsCode(tel: string, after = 0, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const code = readSmsCode(tel, after);
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS code for ${tel}`);
}
