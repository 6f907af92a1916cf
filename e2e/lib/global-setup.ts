import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

const repoRoot = resolve(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.unref();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? ok(address.port) : fail(new Error('no port'))));
    });
  });
}

export async function waitFor(url: string, timeoutMs: number, server?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server && server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${url}`);
}

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  smsOutbox: string;
  stop: () => Promise<void>;
  /** What the server printed so far, and how it ended if it has: for a failure's message. */
  output: () => string;
}

/**
 * Starts the real server (apps/server) on a fresh data directory and a free port, or on `extraEnv.PORT`
 * when the caller needs the address beforehand (PUBLIC_URL names it).
 */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-e2e-'));
  const port = extraEnv.PORT ? Number(extraEnv.PORT) : await freePort();
  const smsOutbox = join(dataDir, 'sms-outbox.jsonl');
  const logs: string[] = [];
  // The embedded database, whatever the calling shell points at.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...inherited,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SMS_OUTBOX: smsOutbox,
      LOG_LEVEL: 'warn',
      // Many sign-ins from one address in a few minutes: the production limits would trip.
      RATE_LIMIT_LOGIN: '10000',
      RATE_LIMIT_CAPTCHA: '10000',
      RATE_LIMIT_SMS: '10000',
      WEB_DIST: webDist,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => logs.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => logs.push(d.toString()));
  let ended = '';
  child.on('exit', (code, signal) => (ended = `\n(exited: ${signal ?? `code ${code}`})`));
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${baseUrl}/healthz`, 90_000, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${logs.join('')}`);
  }
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { baseUrl, dataDir, smsOutbox, stop, output: () => `${logs.join('')}${ended}` };
}

/**
 * The suite's own build of the web app, served by the server through WEB_DIST, so a build running
 * elsewhere in the same checkout (apps/web/dist) never changes the files under test mid-run.
 */
export const webDist = join(repoRoot, 'e2e/artifacts/web-dist');

/** Builds the web app once per run (E2E_SKIP_BUILD=1 reuses the previous build). */
export function buildWeb(outDir = webDist): void {
  if (process.env.E2E_SKIP_BUILD === '1' && existsSync(join(outDir, 'index.html'))) return;
  // The build that ships: vitest sets NODE_ENV=test, and a build under it bundled React's development
  // code (and JSX's development runtime) into the app under test.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync('npm', ['run', 'build', '-w', '@atrium/web', '--', '--outDir', outDir, '--emptyOutDir'], { cwd: repoRoot, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error('web build failed');
}

/**
 * The server serves apps/web/dist itself; while it does not (older server), a Vite preview server
 * with the same proxy rules stands in front of it so the suite still drives the built app.
 */
async function frontFor(apiBase: string): Promise<{ url: string; close: () => Promise<void> }> {
  const res = await fetch(`${apiBase}/login`).catch(() => null);
  if (res?.ok && (res.headers.get('content-type') ?? '').includes('text/html')) return { url: apiBase, close: async () => {} };
  const { preview } = await import('vite');
  const port = await freePort();
  const server = await preview({
    root: join(repoRoot, 'apps/web'),
    configFile: join(repoRoot, 'apps/web/vite.config.ts'),
    build: { outDir: webDist },
    preview: {
      host: '127.0.0.1',
      port,
      strictPort: true,
      proxy: { '/api': apiBase, '/auth': apiBase, '/uploads': apiBase },
    },
    logLevel: 'warn',
  });
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  buildWeb();
  const server = await startServer();
  const front = await frontFor(server.baseUrl);
  project.provide('baseUrl', front.url);
  project.provide('dataDir', server.dataDir);
  project.provide('smsOutbox', server.smsOutbox);
  return async () => {
    await front.close();
    await server.stop();
  };
}
