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

/** Every path of a menu tree (the menu answers groups with their pages). */
const menuPaths = (nodes: any[]): string[] => nodes.flatMap((n) => [n.path, ...menuPaths(n.children ?? [])]);

// The core's calls (what is left when the demo is taken out, npm run demo:remove), read as the
// administrator, with the fields the contract names.
const readCalls: Array<[string, string, (data: any) => void]> = [
  ['POST', '/api/user/info', (d) => expect(d).toMatchObject({ role: 'admin', roles: expect.arrayContaining(['admin']) })],
  ['GET', '/api/user/menu', (d) => expect(menuPaths(d)).toEqual(expect.arrayContaining(['/user/info', '/user/setting', '/system/user', '/system/role', '/system/audit']))],
  ['GET', '/api/user/preferences', (d) => expect(typeof d).toBe('object')],
  ['GET', '/api/user/certification', (d) => expect(d).toHaveProperty('enterpriseInfo')],
  ['GET', '/api/user/two-step', (d) => expect(d).toMatchObject({ enabled: false })],
  ['GET', '/api/user/sessions', (d) => expect(d.list.filter((s: any) => s.current)).toHaveLength(1)],
  ['GET', '/api/message/list', (d) => expect(JSON.stringify(d)).toMatch(/"type":"(message|notice|todo)"/)],
  ['GET', '/api/system/users?current=1&pageSize=10', (d) => expect(d.list.map((a: any) => a.username)).toEqual(expect.arrayContaining(['admin', 'user']))],
  ['GET', '/api/system/users?current=1&pageSize=10&keyword=admin&status=active', (d) => expect(d.list.length > 0 && d.list.every((a: any) => a.status === 'active')).toBe(true)],
  ['GET', '/api/system/roles', (d) => expect(d.list.filter((r: any) => r.builtIn).map((r: any) => r.code)).toEqual(expect.arrayContaining(['admin', 'user']))],
  ['GET', '/api/system/role-options', (d) => expect(d.map((r: any) => r.code)).toEqual(expect.arrayContaining(['admin', 'user']))],
  ['GET', '/api/system/permissions', (d) => expect(d.map((p: any) => p.code)).toEqual(expect.arrayContaining(['user:read', 'role:write', 'audit:read']))],
  ['GET', '/api/system/sessions', (d) => expect(d.total).toBeGreaterThan(0)],
  ['GET', '/api/system/audit?current=1&pageSize=10&action=auth.login', (d) => expect(d.list.length > 0 && d.list.every((e: any) => e.action === 'auth.login')).toBe(true)],
];
/** Calls that need a permission the built-in user role never holds (system management). */
const adminOnly = [
  ['GET', '/api/system/users'],
  ['GET', '/api/system/audit'],
  ['POST', '/api/system/roles'],
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

  it('writes as admin: creates a role, reads it back and in the audit trail, deletes it', async () => {
    const c = client('independent-writer-device');
    await c.login('admin', 'admin123');
    const code = `independent-${Date.now().toString(36)}`;
    const created = await c.call('POST', '/api/system/roles', { code, name: 'Independent client', permissions: ['audit:read'] });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    expect(created.json.data).toMatchObject({ code, permissions: ['audit:read'], builtIn: false, userCount: 0 });
    const roles = await c.call('GET', '/api/system/roles');
    expect(roles.json.data.list.map((r: any) => r.code)).toContain(code);
    const trail = await c.call('GET', `/api/system/audit?current=1&pageSize=10&action=system.role.create&targetId=${created.json.data.id}`);
    expect(trail.json.data.list).toHaveLength(1);
    expect(trail.json.data.list[0]).toMatchObject({ actorName: 'admin', result: 'success', summary: `created role ${code}` });
    expect((await c.call('DELETE', `/api/system/roles/${created.json.data.id}`)).status).toBe(200);
    // a CSV answer (the audit export) is read as text
    const csv = await c.call('GET', `/api/system/audit/export?action=system.role.create&targetId=${created.json.data.id}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(String(csv.json)).toContain(`created role ${code}`);
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
