/**
 * Real server processes for tests that need one (`node --import tsx src/main.ts`): a free port, signed
 * HTTP calls with the test credential, and a start that waits for /readyz.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signHeaders, type Locale } from '@atrium/contracts';
import { TEST_CREDENTIAL, TEST_FINGERPRINT } from './harness.ts';

export const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => ok(port));
    });
  });
}

export interface CallOptions {
  /** Sent as JSON, unless it is a Buffer (then as is, with `contentType`: multipart uploads). */
  body?: unknown;
  contentType?: string;
  token?: string;
  locale?: Locale;
  /** The device (X-Fingerprint); the test device unless given. */
  fingerprint?: string;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** A fetch() init signed with the test credential; `path` may carry a query string. */
export async function signedInit(method: string, path: string, opts: CallOptions): Promise<{ method: string; headers: Record<string, string>; body?: string | Uint8Array<ArrayBuffer> }> {
  const body = Buffer.isBuffer(opts.body) ? new Uint8Array(opts.body) : opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const headers: Record<string, string> = { 'X-Fingerprint': opts.fingerprint ?? TEST_FINGERPRINT };
  if (body !== undefined) headers['Content-Type'] = typeof body === 'string' ? 'application/json' : (opts.contentType ?? 'application/octet-stream');
  if (opts.token) headers['Access-Token'] = opts.token;
  if (opts.locale) headers['Accept-Language'] = opts.locale;
  const q = path.indexOf('?');
  const signed = await signHeaders(TEST_CREDENTIAL, { method, path: q === -1 ? path : path.slice(0, q), query: q === -1 ? '' : path.slice(q + 1), headers, body: body ?? '' });
  return { method, headers: signed, body };
}

export interface CallAnswer {
  status: number;
  body: { status: string; code: number; message: string; data: Record<string, unknown> };
}
export type Caller = (method: Method, path: string, opts?: CallOptions) => Promise<CallAnswer>;

export function httpCaller(port: number): Caller {
  return async (method, path, opts = {}) => {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, await signedInit(method, path, opts));
    return { status: res.status, body: (await res.json()) as CallAnswer['body'] };
  };
}

export interface ServerProcess {
  port: number;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  log: () => string;
}

/**
 * Spawns a server (development mode, warn-level logs, the test signing key, a free port) with `env` on top,
 * and resolves once /readyz answers 200. The child is pushed to `children` at once, so the caller's
 * cleanup kills it even when it never became ready.
 */
export async function startServer(env: Record<string, string>, children: ChildProcess[]): Promise<ServerProcess> {
  const port = await freePort();
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      SIGNING_KEYS: `${TEST_CREDENTIAL.keyId}:${TEST_CREDENTIAL.secret}`,
      ...env,
    },
    // an IPC channel: should this test process die, the server sees it gone and stops instead of lingering
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  children.push(child);
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return { port, child, log: () => out };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server did not become ready:\n${out}`);
}
