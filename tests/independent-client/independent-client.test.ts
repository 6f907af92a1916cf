import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IndependentClient } from './client.ts';

const root = resolve(import.meta.dirname, '../..');
const partner = { keyId: 'partner-1', secret: 'partner-secret-used-as-its-UTF-8-text' };

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
    srv.on('error', fail);
  });
}

let server: ChildProcess;
let baseUrl = '';
let dataDir = '';
let log = '';

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'atrium-independent-'));
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', EXTRA_SIGNING_KEYS: `${partner.keyId}:${partner.secret}`, NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (d) => (log += d));
  server.stderr!.on('data', (d) => (log += d));
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      const res = await fetch(`${baseUrl}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || server.exitCode !== null) throw new Error(`server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  rmSync(dataDir, { recursive: true, force: true });
});

const client = (fingerprint = 'independent-device') => new IndependentClient({ baseUrl, ...partner, fingerprint });

// The original calls that any signed-in user reads, with the fields the contract names.
const readCalls: Array<[string, string, (data: any) => void]> = [
  ['POST', '/api/user/info', (d) => expect(d).toMatchObject({ role: 'admin', roles: expect.arrayContaining(['admin']) })],
  ['GET', '/api/user/menu', (d) => expect(d.map((m: any) => m.path)).toContain('/workplace')],
  ['GET', '/api/user/my-project/list', (d) => expect(d.length).toBeGreaterThan(0)],
  ['GET', '/api/user/latest-activity', (d) => expect(d.length).toBeGreaterThan(0)],
  ['GET', '/api/user/visits', (d) => expect(d).toBeTruthy()],
  ['GET', '/api/user/project-and-team/list', (d) => expect(d).toBeTruthy()],
  ['GET', '/api/user/my-team/list', (d) => expect(d.length).toBeGreaterThan(0)],
  ['GET', '/api/user/certification', (d) => expect(d).toHaveProperty('enterpriseInfo')],
  ['GET', '/api/message/list', (d) => expect(JSON.stringify(d)).toMatch(/"type":"(message|notice|todo)"/)],
  ['GET', '/api/content-data', (d) => expect(d).toHaveLength(14)],
  ['GET', '/api/popular/list?type=text', (d) => expect(d).toHaveLength(5)],
  ['GET', '/api/popular/list?type=image', (d) => expect(d).toHaveLength(5)],
  ['GET', '/api/popular/list?type=video', (d) => expect(d).toHaveLength(5)],
  ['GET', '/api/chat/list', (d) => expect(d.length).toBeGreaterThan(0)],
  ['GET', '/api/list/quality-inspection', (d) => expect(d.length).toBeGreaterThan(0)],
  ['GET', '/api/list/the-service', (d) => expect(d.length).toBeGreaterThan(0)],
  ['GET', '/api/list/rules-preset', (d) => expect(d.length).toBeGreaterThan(0)],
  ['GET', '/api/list/policy?current=1&pageSize=10', (d) => expect(d).toMatchObject({ total: 55, list: expect.any(Array) })],
  ['GET', '/api/list/policy?current=6&pageSize=10&status=online', (d) => expect(d.list.every((r: any) => r.status === 'online')).toBe(true)],
  ['GET', '/api/profile/basic', (d) => expect(d).toHaveProperty('video')],
  ['GET', '/api/operation/log', (d) => expect(d).toBeTruthy()],
];
const adminOnly = [
  ['GET', '/api/profile/basic'],
  ['GET', '/api/operation/log'],
  ['POST', '/api/channel-form/submit'],
] as const;

describe('a client written from the HTTP contract alone', () => {
  it('gets an image captcha without a token, not cached', async () => {
    const res = await client().call('GET', '/auth/captcha');
    expect(res.status).toBe(200);
    expect(res.json.data.image).toMatch(/^data:image\/svg\+xml/);
    expect(res.headers.get('cache-control')).toContain('no-store');
  });

  it('signs in as admin and reads every call', async () => {
    const c = client();
    await c.login('admin', 'admin123');
    for (const [method, path, check] of readCalls) {
      const res = await c.call(method, path);
      expect.soft(res.status, `${method} ${path}: ${JSON.stringify(res.json).slice(0, 200)}`).toBe(200);
      if (res.status === 200) {
        expect(res.json).toMatchObject({ status: 'success', code: 0 });
        check(res.json.data);
      }
    }
  });

  it('is refused admin calls as a user, with 403 FORBIDDEN', async () => {
    const c = client('independent-user-device');
    await c.login('user', 'user123');
    for (const [method, path] of adminOnly) {
      const res = await c.call(method, path, method === 'POST' ? { data: {} } : undefined);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.json.data.error).toBe('FORBIDDEN');
    }
  });

  it('is told exactly what is wrong with a bad signature, and never with 401', async () => {
    const c = new IndependentClient({ baseUrl, keyId: partner.keyId, secret: 'wrong secret', fingerprint: 'x' });
    const res = await c.call('GET', '/auth/captcha');
    expect(res.status).toBe(400);
    expect(res.json.data.error).toBe('SIGNATURE_INVALID');
  });

  it('logs out, after which the token is refused with 401', async () => {
    const c = client('independent-logout-device');
    await c.login('user', 'user123');
    expect((await c.call('POST', '/api/user/logout')).status).toBe(200);
    const res = await c.call('POST', '/api/user/info');
    expect(res.status).toBe(401);
  });
});
