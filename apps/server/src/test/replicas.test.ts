import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { createTestApp, defaultEngine } from './harness.ts';
import { httpCaller, signedInit, startServer, type Caller } from './server-process.ts';

/**
 * Sessions live in the database, so replicas share them: sign in on one server, use the token on the
 * other, log out there, and the first refuses it. On PostgreSQL this runs two real server processes
 * (`tsx src/main.ts`) on one fresh schema; on PGlite (one process per data dir by design) it runs two
 * app instances on one database.
 */
async function scenario(a: Caller, b: Caller) {
  const login = await a('POST', '/api/user/login', { body: { username: 'admin', password: 'admin123' } });
  expect(login.status).toBe(200);
  const token = login.body.data.token as string;
  const onB = await b('POST', '/api/user/info', { token });
  expect(onB.status).toBe(200);
  expect(onB.body.data.username).toBe('admin');
  expect((await b('POST', '/api/user/logout', { token })).status).toBe(200);
  const onA = await a('POST', '/api/user/info', { token });
  expect(onA.status).toBe(401);
  expect(onA.body.data.error).toBe('SESSION_EXPIRED');
}

/** The per-IP limits are counted in the database: three captchas a minute in all, whichever replica serves them. */
async function sharedRateLimit(a: Caller, b: Caller) {
  expect((await a('GET', '/auth/captcha')).status).toBe(200);
  expect((await a('GET', '/auth/captcha')).status).toBe(200);
  expect((await b('GET', '/auth/captcha')).status).toBe(200);
  const onB = await b('GET', '/auth/captcha');
  expect(onB.status).toBe(429);
  expect(onB.body.data.error).toBe('RATE_LIMITED');
  expect((await a('GET', '/auth/captcha')).status).toBe(429);
}

/**
 * System management acts from the next request on every replica: an administrator on `a` changes a role,
 * disables, enables and resets an account, and revokes its other sessions; the account's requests to `b`
 * follow at once (no replica caches who may do what).
 */
async function systemScenario(a: Caller, b: Caller) {
  const admin = (await a('POST', '/api/user/login', { body: { username: 'admin', password: 'admin123' } })).body.data.token as string;
  const role = await a('POST', '/api/system/roles', { token: admin, body: { code: 'replica-editor', name: 'Replica editor', permissions: ['session:read', 'audit:read'] } });
  expect(role.status).toBe(200);
  const created = await a('POST', '/api/system/users', { token: admin, body: { username: 'replica.one', name: 'Replica One', roles: ['replica-editor'], password: 'Replica2026' } });
  expect(created.status).toBe(200);
  const id = (created.body.data.user as { id: number }).id;
  const signIn = async (password: string, on: Caller, fingerprint?: string) => {
    const res = await on('POST', '/api/user/login', { body: { username: 'replica.one', password }, fingerprint });
    expect(res.status).toBe(200);
    return res.body.data.token as string;
  };
  const token = await signIn('Replica2026', b);
  expect((await b('GET', '/api/system/audit', { token })).status).toBe(200);

  // a role change on a: the next request on b is refused
  expect((await a('PUT', `/api/system/roles/${role.body.data.id}`, { token: admin, body: { permissions: ['session:read'] } })).status).toBe(200);
  const refused = await b('GET', '/api/system/audit', { token });
  expect([refused.status, refused.body.data.error]).toEqual([403, 'FORBIDDEN']);
  expect((await b('GET', '/api/system/sessions', { token })).status).toBe(200);

  // disable on a: the open session on b ends at once, and signing in is refused
  expect((await a('POST', `/api/system/users/${id}/disable`, { token: admin })).status).toBe(200);
  expect((await b('GET', '/api/message/list', { token })).status).toBe(401);
  const disabled = await b('POST', '/api/user/login', { body: { username: 'replica.one', password: 'Replica2026' } });
  expect([disabled.status, disabled.body.data.error]).toEqual([403, 'ACCOUNT_DISABLED']);
  expect((await a('POST', `/api/system/users/${id}/enable`, { token: admin })).status).toBe(200);

  // revoke-others on b ends the session opened on a
  const first = await signIn('Replica2026', a, 'replica-device-1');
  const second = await signIn('Replica2026', b, 'replica-device-2');
  const revoked = await b('POST', '/api/user/sessions/revoke-others', { token: second, fingerprint: 'replica-device-2' });
  expect(revoked.body.data.revoked).toBeGreaterThanOrEqual(1);
  expect((await a('POST', '/api/user/info', { token: first, fingerprint: 'replica-device-1' })).status).toBe(401);

  // a reset on a ends the session on b; the one-time password must be changed before anything else
  const reset = await a('POST', `/api/system/users/${id}/reset-password`, { token: admin });
  expect((await b('POST', '/api/user/info', { token: second, fingerprint: 'replica-device-2' })).status).toBe(401);
  const fresh = await signIn(reset.body.data.initialPassword as string, b);
  const blocked = await a('GET', '/api/message/list', { token: fresh });
  expect([blocked.status, blocked.body.data.error]).toEqual([403, 'PASSWORD_CHANGE_REQUIRED']);
}

const engine = defaultEngine();

describe(`two servers on one database (${engine})`, () => {
  const children: ChildProcess[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    for (const fn of cleanups) await fn();
  });

  if (engine === 'postgres') {
    it('shares sessions, revocation, the replay store and the rate limits between two server processes, which shut down cleanly', async () => {
      const url = process.env.TEST_DATABASE_URL!;
      const schema = `r_${Date.now().toString(36)}_${process.pid}`;
      const dataDir = mkdtempSync(join(tmpdir(), 'atrium-replicas-'));
      cleanups.push(async () => {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`drop schema if exists "${schema}" cascade`);
        await c.end();
        rmSync(dataDir, { recursive: true, force: true });
      });
      const start = () => startServer({ DATA_DIR: dataDir, DATABASE_URL: url, DATABASE_SCHEMA: schema, RATE_LIMIT_CAPTCHA: '3' }, children);
      // both start at once: one migrates and seeds, the other waits on the advisory locks
      const [s1, s2] = await Promise.all([start(), start()]);
      await scenario(httpCaller(s1.port), httpCaller(s2.port));
      await systemScenario(httpCaller(s1.port), httpCaller(s2.port));

      // the replay store is shared too: a request accepted by one replica is a replay on the other
      const login = await httpCaller(s1.port)('POST', '/api/user/login', { body: { username: 'user', password: 'user123' } });
      const req = await signedInit('GET', '/api/user/menu', { token: login.body.data.token as string });
      expect((await fetch(`http://127.0.0.1:${s1.port}/api/user/menu`, req)).status).toBe(200);
      const replay = await fetch(`http://127.0.0.1:${s2.port}/api/user/menu`, req);
      expect(replay.status).toBe(400);
      expect(((await replay.json()) as { data: { error: string } }).data.error).toBe('REPLAYED');
      await sharedRateLimit(httpCaller(s1.port), httpCaller(s2.port));

      for (const s of [s1, s2]) {
        const exited = new Promise<number | null>((r) => s.child.once('exit', (code) => r(code)));
        s.child.kill('SIGTERM');
        expect(await exited).toBe(0);
      }
    });
  } else {
    it('shares sessions, revocation, the replay store and the rate limits between two app instances on one database', async () => {
      const t = await createTestApp({ config: { rateLimits: { login: 10_000, captcha: 3, sms: 10_000 } } });
      cleanups.push(() => t.close());
      const second = await buildApp(t.config, { db: t.db, logger: false });
      cleanups.push(() => second.close());
      const injectCaller =
        (app: typeof second): Caller =>
        async (method, path, opts = {}) => {
          const init = await signedInit(method, path, opts);
          const res = await app.inject({ method, url: path, headers: init.headers, payload: init.body });
          return { status: res.statusCode, body: res.json() };
        };
      await scenario(injectCaller(t.app), injectCaller(second));
      await systemScenario(injectCaller(t.app), injectCaller(second));
      const login = await injectCaller(t.app)('POST', '/api/user/login', { body: { username: 'user', password: 'user123' } });
      const req = await signedInit('GET', '/api/user/menu', { token: login.body.data.token as string });
      expect((await t.app.inject({ method: 'GET', url: '/api/user/menu', headers: req.headers })).statusCode).toBe(200);
      expect((await second.inject({ method: 'GET', url: '/api/user/menu', headers: req.headers })).json().data.error).toBe('REPLAYED');
      await sharedRateLimit(injectCaller(t.app), injectCaller(second));
    });
  }
});
