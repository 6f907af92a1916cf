import { type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { PrivateCluster } from './private-cluster.ts';
import { httpCaller, startServer, type CallAnswer, type Caller, type ServerProcess } from './server-process.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

interface Outcome {
  at: number;
  what: string;
  status: number | 'no answer';
  error?: string;
}

/** What the load does: five signed clients repeating a read and, every `writeEvery`-th call, a write. */
interface LoadPlan {
  /** The signed read (a list's first page): the load asks for it 10 rows at a time, the recovery polls it. */
  read: string;
  writeEvery: number;
  /** The n-th write of worker w; `key` names what it creates, kept with the id it answers once acknowledged. */
  write: (w: number, n: number) => { key: string; url: string; body: unknown };
}

/**
 * A real server process on a private PostgreSQL 15 cluster of its own (never the shared one), under load
 * from before the first test of the enclosing suite until `stopLoad()`; everything is torn down after its
 * last test. Shared by the database-fault suites (src/test/db-faults.test.ts, the demo's import faults and
 * scoped-write faults): the fault is theirs, the load, the recovery and the log's verdict are here.
 */
class ServerUnderLoad {
  readonly children: ChildProcess[] = [];
  cluster: PrivateCluster | undefined;
  server!: ServerProcess;
  call!: Caller;
  token!: string;
  readonly outcomes: Outcome[] = [];
  readonly acknowledged: Array<{ id: number; key: string }> = [];
  private loadOn = false;
  private load: Promise<unknown> | undefined;
  private dataDir: string | undefined;

  constructor(private readonly plan: LoadPlan) {}

  async start(): Promise<void> {
    this.dataDir = mkdtempSync(join(tmpdir(), 'atrium-pgfaults-data-'));
    this.cluster = new PrivateCluster();
    await this.cluster.init();
    this.server = await startServer({ DATA_DIR: this.dataDir, DATABASE_URL: this.cluster.url(), DATABASE_SCHEMA: 'public', RATE_LIMIT_LOGIN: '10000' }, this.children);
    this.call = httpCaller(this.server.port);
    const login = await this.call('POST', '/api/user/login', { body: { username: 'admin', password: 'admin123' } });
    expect(login.status).toBe(200);
    this.token = login.body.data.token as string;

    this.loadOn = true;
    const record = async (what: string, work: () => Promise<CallAnswer | Response>) => {
      const at = Date.now();
      try {
        const res = await work();
        this.outcomes.push({ at, what, status: res.status });
        return res;
      } catch (err) {
        this.outcomes.push({ at, what, status: 'no answer', error: String(err) });
        return undefined;
      }
    };
    const worker = async (w: number) => {
      for (let n = 0; this.loadOn; n++) {
        if (n % this.plan.writeEvery === 0) {
          const { key, url, body } = this.plan.write(w, n);
          const res = (await record('create', () => this.call('POST', url, { token: this.token, body }))) as CallAnswer | undefined;
          if (res?.status === 200) this.acknowledged.push({ id: res.body.data.id as number, key });
        } else {
          await record('list', () => this.call('GET', `${this.plan.read}&pageSize=10`, { token: this.token }));
        }
        await sleep(15);
      }
    };
    const probe = async () => {
      while (this.loadOn) {
        await record('readyz', () => fetch(`http://127.0.0.1:${this.server.port}/readyz`));
        await sleep(50);
      }
    };
    this.load = Promise.all([...[0, 1, 2, 3, 4].map(worker), probe()]);
    await sleep(500);
  }

  async stop(): Promise<void> {
    this.loadOn = false;
    await this.load?.catch(() => undefined);
    for (const c of this.children) if (c.exitCode === null) c.kill('SIGKILL');
    await this.cluster?.destroy();
    if (this.dataDir) rmSync(this.dataDir, { recursive: true, force: true });
  }

  async stopLoad(): Promise<void> {
    this.loadOn = false;
    await this.load;
  }

  /** Polls the signed read until it answers 200; returns the milliseconds it took. */
  async recovery(): Promise<number> {
    const from = Date.now();
    while (Date.now() - from < 15_000) {
      const res = await this.call('GET', this.plan.read, { token: this.token }).catch(() => undefined);
      if (res?.status === 200) return Date.now() - from;
      await sleep(50);
    }
    return Infinity;
  }

  windowOutcomes(from: number, to: number) {
    const seen = this.outcomes.filter((o) => o.at >= from && o.at <= to);
    return { seen, statuses: [...new Set(seen.map((o) => o.status))].sort() };
  }

  /** Service is back within 5 s, the server alive, and every answer of the fault's window was 200 or 503. Resolves with those statuses. */
  async expectRecovered(from: number, back: number) {
    const tookMs = await this.recovery();
    expect(tookMs).toBeLessThan(5000);
    expect(alive(this.server.child), this.server.log()).toBe(true);
    const { statuses } = this.windowOutcomes(from, back + tookMs);
    expect(statuses.every((s) => s === 200 || s === 503), JSON.stringify(statuses)).toBe(true);
    return statuses;
  }

  /** Every acknowledged write of the load is in `table`, under the key it was created with (`column`). */
  async expectAcknowledgedKept(table: string, column: string): Promise<void> {
    const ids = this.acknowledged.map((a) => a.id);
    const present = await this.cluster!.admin(async (c) => (await c.query(`select id, ${column} as key from ${table} where id = any($1::int[])`, [ids])).rows);
    expect(present.length).toBe(this.acknowledged.length);
    expect(new Map(present.map((r) => [r.id, r.key]))).toEqual(new Map(this.acknowledged.map((a) => [a.id, a.key])));
  }

  /** The load saw 200 and 503 only, and the log holds no error, only warnings, one per outage at most. */
  expectWarnedNotErrored(): void {
    const statuses = [...new Set(this.outcomes.map((o) => o.status))].sort();
    expect(statuses, JSON.stringify(this.outcomes.filter((o) => o.status !== 200 && o.status !== 503).slice(0, 5))).toEqual([200, 503]);
    const lines = this.server
      .log()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { level: number; msg: string });
    expect(lines.filter((l) => l.level >= 50), this.server.log()).toEqual([]);
    const warnings = lines.filter((l) => l.level === 40 && l.msg.startsWith('database unavailable'));
    expect(warnings.length).toBeGreaterThan(0);
    // one warning per outage (at most one per interval), not one per failed request
    expect(warnings.length).toBeLessThan(this.outcomes.filter((o) => o.status === 503).length);
    expect(warnings.length).toBeLessThanOrEqual(6);
  }
}

/** A server under load for the enclosing suite: started before its first test, torn down after its last. */
export function serverUnderLoad(plan: LoadPlan): ServerUnderLoad {
  const s = new ServerUnderLoad(plan);
  beforeAll(() => s.start(), 120_000);
  afterAll(() => s.stop(), 60_000);
  return s;
}
