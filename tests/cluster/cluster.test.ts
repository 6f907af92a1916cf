/**
 * Three replicas of the compiled server behind HAProxy (scripts/cluster/cluster.mjs with deploy/haproxy.cfg,
 * as `npm run cluster` runs them), on PostgreSQL (TEST_DATABASE_URL, a schema of this run's own), in
 * production mode, with signed load from many clients, each with its own session, device and address:
 *
 * - a client's session, its rate limits and its replay protection hold whichever replica answers, and the
 *   replicas see the client's address through HAProxy (TRUST_PROXY=127.0.0.1), not one it writes itself;
 * - a rolling restart under load (each replica in turn: SIGTERM, exit 0, start, healthy): 0 failed requests;
 * - kill -9 of one replica under load: only requests sent before the kill fail (they were in flight), no
 *   more than there were in flight; HAProxy takes the replica out at once and routes nothing more to it;
 *   it rejoins when started again;
 * - every acknowledged write is in the database afterwards exactly once, and no write twice;
 * - HAProxy's TLS port serves the console and signed calls over HTTP/2 (ALPN h2, the run's self-signed
 *   certificate) with HSTS, the plain port serves as before without it, and the redirect port sends every
 *   request to https:// on the same host and path; renderHaproxyConfig puts the same configuration in
 *   front of any server (here a static one), as a benchmark does.
 *
 * Needs `npm run build` first (the compiled server) and Debian's haproxy. `npm run test:cluster`.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TLSSocket } from 'node:tls';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderHaproxyConfig, root, startCluster } from '../../scripts/cluster/cluster.mjs';
import { LOST_IN_FLIGHT, describeFailures, failed, newClient, send, sendHttp2, signedRequest, startLoad, type Client, type Outcome } from './load.ts';

const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const runId = `c${Date.now().toString(36).slice(-5)}`;
const schema = `cluster_${runId}_${process.pid}`;
const credential = { keyId: 'cluster-test', secret: randomBytes(24).toString('hex') };
const admin = { username: 'admin', password: 'Cluster2026' };
const WORKERS = 12;
const CLIENTS = 12;

type Cluster = Awaited<ReturnType<typeof startCluster>>;
let cluster: Cluster;
let db: pg.Client;
const clients: Client[] = [];
const allWrites: Outcome[] = [];
let anyFailed = false;
const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);

async function signIn(client: Client): Promise<void> {
  const a = await send(cluster.url, client, await signedRequest(credential, client, 'POST', '/api/user/login', admin));
  expect(a.status, JSON.stringify(a.body)).toBe(200);
  client.token = a.body.data.token as string;
}

const call = async (client: Client, method: string, path: string, body?: unknown, extra?: Record<string, string>) =>
  send(cluster.url, client, await signedRequest(credential, client, method, path, body), extra);

function load(phase: string, maxSeconds: number) {
  return startLoad({ url: cluster.url, credential, clients, workers: WORKERS, maxRequests: 40_000, maxSeconds, writeEvery: 5, codePrefix: `${runId}-${phase}` });
}

/** Every replica answered some of these, and tells how many each. */
function byReplica(outcomes: Outcome[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const o of outcomes) if (o.replica) out[o.replica] = (out[o.replica] ?? 0) + 1;
  return out;
}

describe('three replicas behind HAProxy on PostgreSQL', () => {
  beforeAll(async () => {
    // startCluster refuses without a build; a build older than the sources tests old code
    const main = join(root, 'apps/server/dist/main.js');
    const newest = ['apps/server/src/app.ts', 'apps/server/src/main.ts', 'packages/contracts/src/index.ts'].map((f) => statSync(join(root, f)).mtimeMs);
    if (existsSync(main) && Math.max(...newest) > statSync(main).mtimeMs) console.warn('cluster test: apps/server/dist looks older than the sources; `npm run build` to test the current code');
    const t0 = performance.now();
    cluster = await startCluster({
      databaseUrl,
      schema,
      replicas: 3,
      signingKeys: `${credential.keyId}:${credential.secret}`,
      admin,
      // one line per request in each replica's log (production's level); 6 captchas a minute per address
      env: { LOG_LEVEL: 'info', RATE_LIMIT_CAPTCHA: '6' },
      log: (line) => console.log(`  ${line}`),
    });
    console.log(`cluster up in ${seconds(t0)} s: ${cluster.url}, logs in ${cluster.runDir}`);
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    for (let i = 0; i < CLIENTS; i++) clients.push(newClient(i, runId));
    for (const c of clients) await signIn(c);
  });

  afterAll(async () => {
    cluster?.kill();
    for (const c of clients) c.agent.destroy();
    if (db) {
      await db.query(`drop schema if exists "${schema}" cascade`);
      await db.end();
    }
    if (cluster && !anyFailed) rmSync(cluster.runDir, { recursive: true, force: true });
    else if (cluster) console.log(`logs kept in ${cluster.runDir}`);
  });
  afterEach((ctx) => {
    if (ctx.task.result?.state === 'fail') anyFailed = true;
  });

  it('holds a session, its rate limits and the replay store whichever replica answers; sees each client by its own address', async () => {
    // a session answers on every replica, and a logout on one ends it on all
    const [a, b] = [clients[0]!, newClient(40, runId)];
    await signIn(b);
    const served = [];
    for (let i = 0; i < 6; i++) {
      const r = await call(b, 'POST', '/api/user/info');
      expect(r.status).toBe(200);
      served.push(r.replica);
    }
    expect(new Set(served).size).toBe(3);
    expect((await call(b, 'POST', '/api/user/logout')).status).toBe(200);
    const after = [];
    for (let i = 0; i < 3; i++) after.push(await call(b, 'POST', '/api/user/info'));
    expect(after.map((r) => [r.status, r.body.data.error])).toEqual(after.map(() => [401, 'SESSION_EXPIRED']));
    expect(new Set(after.map((r) => r.replica)).size).toBe(3);

    // a replayed request is refused by every replica, not only by the one that took it
    const once = await signedRequest(credential, a, 'GET', '/api/user/menu');
    const first = await send(cluster.url, a, once);
    expect(first.status).toBe(200);
    const replays = [];
    for (let i = 0; i < 4; i++) replays.push(await send(cluster.url, a, once));
    expect(replays.map((r) => [r.status, r.body.data.error])).toEqual(replays.map(() => [400, 'REPLAYED']));
    expect(replays.filter((r) => r.replica !== first.replica).length).toBeGreaterThan(0);

    // the per-address limit (6 captchas a minute) counts across replicas, and per client address
    const c = newClient(41, runId);
    const d = newClient(42, runId);
    const captchas = [];
    for (let i = 0; i < 9; i++) captchas.push(await call(c, 'GET', '/auth/captcha'));
    expect(captchas.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200, 429, 429, 429]);
    expect(new Set(captchas.slice(0, 6).map((r) => r.replica)).size).toBe(3);
    expect(new Set(captchas.slice(6).map((r) => r.replica)).size).toBe(3);
    // another address is not limited, even when it claims the limited one in its own X-Forwarded-For
    expect((await call(d, 'GET', '/auth/captcha', undefined, { 'X-Forwarded-For': c.address })).status).toBe(200);

    // the sessions record the client's address, not HAProxy's, nor one the client wrote itself
    const spoofer = newClient(43, runId);
    const spoofed = await send(cluster.url, spoofer, await signedRequest(credential, spoofer, 'POST', '/api/user/login', admin), { 'X-Forwarded-For': '203.0.113.9' });
    expect(spoofed.status).toBe(200);
    const { rows } = await db.query<{ fingerprint: string; ip: string }>(`select fingerprint, ip from "${schema}".sessions where fingerprint like $1`, [`${runId}-device-%`]);
    const ipOf = new Map(rows.map((r) => [r.fingerprint, r.ip]));
    for (const x of [...clients, b, spoofer]) expect(ipOf.get(x.fingerprint)).toBe(x.address);
    for (const x of [b, c, d, spoofer]) x.agent.destroy();
  });

  it('serves the console and signed calls over TLS with HTTP/2, HSTS on it only; the redirect port sends browsers to https', async () => {
    const ca = readFileSync(cluster.ca!, 'utf8');
    // the console's document, as a browser asks for it: HTTP/2 (ALPN h2), HSTS, from a replica
    const doc = await sendHttp2(cluster.tlsUrl, ca, { method: 'GET', path: '/', headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' } });
    expect(doc.alpn).toBe('h2');
    expect(doc.status).toBe(200);
    expect(doc.headers['content-type']).toMatch(/^text\/html/);
    expect(doc.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(doc.headers['x-atrium-replica']).toMatch(/^replica[123]$/);

    // signed calls through it: a sign-in and a call in the session, from the client's own address
    const h = newClient(44, runId);
    const viaH2 = async (method: string, path: string, body?: unknown) => {
      const r = await signedRequest(credential, h, method, path, body);
      // HTTP/2 has no Host header (:authority instead) and lower-case names only
      return sendHttp2(cluster.tlsUrl, ca, { method, path, headers: Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k.toLowerCase(), v])), body: r.body }, h.address);
    };
    const login = await viaH2('POST', '/api/user/login', admin);
    expect([login.alpn, login.status], JSON.stringify(login.body)).toEqual(['h2', 200]);
    h.token = login.body.data.token as string;
    const info = await viaH2('POST', '/api/user/info');
    expect(info.status, JSON.stringify(info.body)).toBe(200);
    expect(info.body.data.username).toBe(admin.username);
    const { rows } = await db.query<{ ip: string }>(`select ip from "${schema}".sessions where fingerprint = $1`, [h.fingerprint]);
    expect(rows.map((r) => r.ip)).toEqual([h.address]);

    // HTTP/1.1 over TLS, for clients that offer no h2
    const h1 = await new Promise<{ status: number; alpn: string | false | null; hsts: unknown }>((ok, fail) => {
      const agent = new HttpsAgent({ ca, ALPNProtocols: ['http/1.1'] });
      const r = httpsRequest(`${cluster.tlsUrl}/readyz`, { agent }, (res) => {
        res.resume();
        res.on('end', () => ok({ status: res.statusCode ?? 0, alpn: (res.socket as TLSSocket).alpnProtocol, hsts: res.headers['strict-transport-security'] }));
      });
      r.on('error', fail);
      r.end();
    });
    expect(h1).toEqual({ status: 200, alpn: 'http/1.1', hsts: 'max-age=31536000' });

    // the plain port serves (tools on the balancer's machine, the load below), without HSTS
    const plain = await fetch(`${cluster.url}/`);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    expect(plain.headers.get('x-atrium-replica')).toMatch(/^replica[123]$/);

    // the redirect port (port 80 in deploy/haproxy.cfg) forwards nothing: same host and path on https://
    // (node:http: fetch() does not let a caller set Host)
    for (const method of ['GET', 'POST']) {
      const moved = await new Promise<IncomingMessage>((ok, fail) => httpRequest(`${cluster.redirectUrl}/system/users?tab=2`, { method, headers: { Host: 'atrium.example' } }, ok).on('error', fail).end());
      moved.resume();
      expect([moved.statusCode, moved.headers.location, moved.headers['x-atrium-replica']]).toEqual([301, 'https://atrium.example/system/users?tab=2', undefined]);
    }
    h.agent.destroy();
  });

  it('restarts every replica in turn under load without a failed request', async () => {
    const t0 = performance.now();
    const run = load('r', 120);
    await sleep(1000);
    const restarts: Array<{ name: string; sigterm: number; exit: number; up: number }> = [];
    for (const r of cluster.replicas) {
      const sigterm = performance.now();
      expect(await cluster.stopReplica(r, 'SIGTERM')).toBe(0);
      const exit = performance.now();
      await cluster.startReplica(r);
      await cluster.waitStatus(r.name, 'UP');
      restarts.push({ name: r.name, sigterm, exit, up: performance.now() });
    }
    await sleep(1000);
    const outcomes = await run.stop();
    allWrites.push(...outcomes.filter((o) => o.code));
    const servedWhileDraining = restarts.map((x) => outcomes.filter((o) => o.replica === x.name && o.sent >= x.sigterm && o.sent < x.exit).length);
    console.log(
      `rolling restart: ${outcomes.length} requests in ${seconds(t0)} s, ${failed(outcomes).length} failed, by replica ${JSON.stringify(byReplica(outcomes))}; ` +
        restarts.map((x, i) => `${x.name}: drained ${((x.exit - x.sigterm) / 1000).toFixed(1)} s serving ${servedWhileDraining[i]} new requests, back in ${((x.up - x.exit) / 1000).toFixed(1)} s`).join('; '),
    );
    expect(failed(outcomes), describeFailures(outcomes)).toHaveLength(0);
    expect(outcomes.length).toBeGreaterThan(300);
    // each replica answered again once it was back
    for (const x of restarts) expect(outcomes.some((o) => o.replica === x.name && o.sent > x.up)).toBe(true);
  });

  it('loses only the requests in flight when a replica is killed (-9), stops routing to it at once, and takes it back', async () => {
    const victim = cluster.replicas[1]!;
    const t0 = performance.now();
    const run = load('k', 60);
    await sleep(1500);
    const before = (await cluster.stats())[victim.name]!;
    const killedAt = performance.now();
    await cluster.stopReplica(victim, 'SIGKILL');
    const downMs = await cluster.waitStatus(victim.name, 'DOWN', 5000);
    const down = (await cluster.stats())[victim.name]!;
    await sleep(2000);
    const stillDown = (await cluster.stats())[victim.name]!;
    const restartAt = performance.now();
    await cluster.startReplica(victim);
    const upMs = await cluster.waitStatus(victim.name, 'UP');
    const upAt = performance.now();
    await sleep(1500);
    const outcomes = await run.stop();
    allWrites.push(...outcomes.filter((o) => o.code));
    const lost = failed(outcomes);
    console.log(
      `kill -9 of ${victim.name}: ${outcomes.length} requests in ${seconds(t0)} s, ${lost.length} failed (${lost.map((x) => x.error).join(', ') || 'none'}); ` +
        `HAProxy marked it DOWN ${downMs} ms after the kill (sessions sent to it: ${before.stot} before, ${down.stot} at DOWN, ${stillDown.stot} 2 s later); ` +
        `UP ${upMs} ms after it was ready again; sent again to another replica by HAProxy: ${stillDown.wredis}; by replica ${JSON.stringify(byReplica(outcomes))}`,
    );
    // only requests already sent when it died may fail, no more than were in flight (load.ts, LOST_IN_FLIGHT)
    for (const x of lost) {
      expect(x.sent).toBeLessThan(killedAt);
      expect(x.ended).toBeGreaterThanOrEqual(killedAt);
      expect(LOST_IN_FLIGHT).toContain(x.error);
    }
    // every worker has one request out at a time
    expect(lost.length).toBeLessThanOrEqual(WORKERS);
    // out of rotation within one check interval (500 ms; observe layer4 marks it down on the first refused connection)
    expect(downMs).toBeLessThanOrEqual(500);
    // ...and nothing more was sent to it while it was down
    expect(stillDown.stot).toBe(down.stot);
    expect(outcomes.filter((o) => o.replica === victim.name && o.sent > killedAt && o.sent < restartAt)).toHaveLength(0);
    // it rejoins: answers again once HAProxy has it UP
    expect(outcomes.filter((o) => o.replica === victim.name && o.sent > upAt).length).toBeGreaterThan(0);
  });

  it('has every acknowledged write in the database exactly once, and no write twice', async () => {
    // roles.code is unique: a write done twice would have been refused the second time, so the audit
    // trail counts the creations too (one entry per role created)
    const { rows } = await db.query<{ id: number; code: string }>(`select id, code from "${schema}".roles where code like $1`, [`${runId}-%`]);
    const count = new Map<string, number>();
    const idOf = new Map<string, number>();
    for (const r of rows) {
      count.set(r.code, (count.get(r.code) ?? 0) + 1);
      idOf.set(r.code, r.id);
    }
    const created = await db.query<{ target_id: string; n: string }>(
      `select target_id, count(*) as n from "${schema}".audit_log where action = 'system.role.create' and result = 'success' and summary like $1 group by target_id`,
      [`created role ${runId}-%`],
    );
    const entries = new Map(created.rows.map((r) => [Number(r.target_id), Number(r.n)]));
    const acked = allWrites.filter((w) => w.status === 200);
    const unanswered = allWrites.filter((w) => w.status !== 200);
    expect(acked.length).toBeGreaterThan(100);
    for (const w of acked) {
      expect(count.get(w.code!), w.code).toBe(1);
      expect(idOf.get(w.code!)).toBe(w.id);
      expect(entries.get(w.id!), `audit entry of ${w.code}`).toBe(1);
    }
    // a write whose answer was lost (kill -9) happened once or not at all
    for (const w of unanswered) expect(count.get(w.code!) ?? 0).toBeLessThanOrEqual(1);
    const ours = [...count.keys()].filter((t) => t.startsWith(`${runId}-`));
    expect(ours.length).toBeLessThanOrEqual(allWrites.length);
    console.log(`writes: ${allWrites.length} sent, ${acked.length} acknowledged, all in the database once; ${unanswered.length} unanswered, ${unanswered.filter((w) => count.has(w.code!)).length} of them done`);
  });

  it('stops cleanly: every replica drains and exits 0', async () => {
    expect(await cluster.stop()).toEqual([0, 0, 0]);
  });
});

describe('renderHaproxyConfig: the same HAProxy, TLS and HTTP/2 in front of another server', () => {
  it('serves a static server over HTTP/2 once its /readyz answers 200', async () => {
    const server = createServer((req, res) => {
      if (req.url === '/readyz') return res.end('ok');
      res.setHeader('Content-Type', 'text/plain');
      res.end(`static ${req.method} ${req.url}`);
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    const { port } = server.address() as AddressInfo;
    const runDir = mkdtempSync(join(tmpdir(), 'atrium-haproxy-'));
    const h = await renderHaproxyConfig({ servers: [`127.0.0.1:${port}`], runDir });
    const haproxy = spawn(h.argv[0]!, h.argv.slice(1), { stdio: 'ignore' });
    try {
      const ca = readFileSync(h.ca!, 'utf8');
      let answer;
      for (let i = 0; i < 100; i++) {
        // 503 until HAProxy's first check has found the server up; refused until it listens
        answer = await sendHttp2(h.tlsUrl, ca, { method: 'GET', path: '/app.js' }).catch(() => undefined);
        if (answer?.status === 200) break;
        await sleep(50);
      }
      expect([answer?.alpn, answer?.status, answer?.body, answer?.headers['x-atrium-replica']]).toEqual(['h2', 200, 'static GET /app.js', 'replica1']);
      expect(answer?.headers['strict-transport-security']).toBe('max-age=31536000');
    } finally {
      haproxy.kill('SIGKILL');
      server.close();
      rmSync(runDir, { recursive: true, force: true });
    }
  });
});
