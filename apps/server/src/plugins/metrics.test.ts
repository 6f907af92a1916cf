/**
 * METRICS_PORT on a real server: Prometheus text on its own port, requests counted by route pattern and
 * status, sign-in failures, the replay store and sessions, the pool gauges and the process defaults; the
 * API port never serves /metrics. PGlite in the `server` project, PostgreSQL (a private schema) in
 * `server-pg`.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultEngine } from '../test/harness.ts';
import { freePort, httpCaller, signedInit, startServer, type Caller } from '../test/server-process.ts';

const engine = defaultEngine();

/** The value of the sample `name` whose labels include `labels` (undefined: no such sample). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return undefined;
}

describe(`metrics (${engine})`, () => {
  const children: ChildProcess[] = [];
  const schema = `metrics_${Date.now().toString(36)}_${process.pid}`;
  let dataDir: string;
  let port: number;
  let metricsPort: number;
  let call: Caller;
  const scrape = async () => {
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'atrium-metrics-'));
    metricsPort = await freePort();
    const database: Record<string, string> = engine === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL!, DATABASE_SCHEMA: schema } : {};
    ({ port } = await startServer({ DATA_DIR: dataDir, METRICS_PORT: String(metricsPort), ...database }, children));
    call = httpCaller(port);
  });

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    if (engine === 'postgres') {
      const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await c.connect();
      await c.query(`drop schema if exists "${schema}" cascade`);
      await c.end();
    }
  });

  it('serves Prometheus text on METRICS_PORT only: the API port answers 404 for /metrics', async () => {
    const text = await scrape();
    for (const name of ['http_request_duration_seconds', 'http_requests_total', 'signin_failures_total', 'replay_store_checks_total', 'session_lookups_total', 'drawn_pages_total', 'db_pool_in_use', 'nodejs_eventloop_lag_seconds', 'process_resident_memory_bytes']) {
      expect(text).toMatch(new RegExp(`^# TYPE ${name} `, 'm'));
    }
    expect(sample(text, 'db_pool_max')).toBe(engine === 'postgres' ? 10 : 1);
    // a build without a renderer draws nothing: every outcome is there, at zero
    for (const result of ['drawn', 'shed_session', 'shed_busy', 'failed']) expect(sample(text, 'drawn_pages_total', { result }), result).toBe(0);
    const api = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(api.status).toBe(404);
    expect(await api.text()).not.toContain('http_requests_total');
    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { method: 'POST' })).status).toBe(404);
  });

  it('counts requests by route pattern and status, refused sign-ins, replays and sessions', async () => {
    const before = await scrape();
    const listed = { route: '/api/system/users', method: 'GET', status: '200' };
    const count = (text: string, name: string, labels: Record<string, string>) => sample(text, name, labels) ?? 0;

    const token = (await call('POST', '/api/user/login', { body: { username: 'admin', password: 'admin123' } })).body.data.token as string;
    expect((await call('GET', '/api/system/users?current=1&pageSize=10', { token })).status).toBe(200);
    expect((await call('GET', '/api/system/users?current=2&pageSize=10', { token })).status).toBe(200);
    expect((await call('POST', '/api/user/login', { body: { username: 'admin', password: 'not-the-password1' } })).body.data.error).toBe('INVALID_CREDENTIALS');
    const init = await signedInit('POST', '/api/user/info', { token });
    expect((await fetch(`http://127.0.0.1:${port}/api/user/info`, init)).status).toBe(200);
    const replayed = await fetch(`http://127.0.0.1:${port}/api/user/info`, init);
    expect(((await replayed.json()) as { data: { error: string } }).data.error).toBe('REPLAYED');

    const after = await scrape();
    expect(count(after, 'http_requests_total', listed) - count(before, 'http_requests_total', listed)).toBe(2);
    expect(count(after, 'http_request_duration_seconds_count', listed) - count(before, 'http_request_duration_seconds_count', listed)).toBe(2);
    expect(count(after, 'http_request_duration_seconds_bucket', { ...listed, le: '+Inf' })).toBe(count(after, 'http_requests_total', listed));
    expect(count(after, 'signin_failures_total', { reason: 'INVALID_CREDENTIALS' }) - count(before, 'signin_failures_total', { reason: 'INVALID_CREDENTIALS' })).toBe(1);
    expect(count(after, 'replay_store_checks_total', { result: 'replayed' }) - count(before, 'replay_store_checks_total', { result: 'replayed' })).toBe(1);
    // two sign-ins, two lists, one user info: five fresh nonces
    expect(count(after, 'replay_store_checks_total', { result: 'fresh' }) - count(before, 'replay_store_checks_total', { result: 'fresh' })).toBe(5);
    expect(count(after, 'session_lookups_total', { source: 'request_gate', result: 'valid' }) - count(before, 'session_lookups_total', { source: 'request_gate', result: 'valid' })).toBe(3);
    // the balancer's checks: counted under their own route, whatever their number
    expect(count(after, 'http_requests_total', { route: '/readyz', method: 'GET', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'db_pool_waiting')).toBe(0);
  });
});
