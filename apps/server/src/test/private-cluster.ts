import { execFile as execFileCb } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './server-process.ts';

const execFile = promisify(execFileCb);
const pgBin = '/usr/lib/postgresql/15/bin';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A PostgreSQL 15 cluster in a temporary directory, on its own port, run as the postgres user. */
export class PrivateCluster {
  readonly base: string;
  readonly data: string;
  port = 0;
  private started = false;

  constructor() {
    for (const bin of ['initdb', 'pg_ctl', 'postgres']) {
      if (!existsSync(join(pgBin, bin))) throw new Error(`PostgreSQL 15 binaries are required: ${join(pgBin, bin)} is missing`);
    }
    this.base = mkdtempSync(join(tmpdir(), 'atrium-pgfaults-'));
    this.data = join(this.base, 'data');
  }

  private asPostgres(bin: string, args: string[], timeout = 60_000) {
    return execFile('runuser', ['-u', 'postgres', '--', join(pgBin, bin), ...args], { timeout });
  }

  /** pg_ctl with the data directory and a log file (without -l, the postmaster would hold our stdout open). */
  pgCtl(...args: string[]) {
    return this.asPostgres('pg_ctl', ['-D', this.data, '-l', join(this.base, 'postgres.log'), ...args]);
  }

  async init(): Promise<void> {
    const ids = await execFile('id', ['-u', 'postgres']);
    const gid = await execFile('id', ['-g', 'postgres']);
    chownSync(this.base, Number(ids.stdout.trim()), Number(gid.stdout.trim()));
    await this.asPostgres('initdb', ['-D', this.data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
    this.port = await freePort();
    await this.start();
    await this.admin((c) => c.query('create database atrium'), 'postgres');
  }

  async start(): Promise<void> {
    this.started = true;
    await this.pgCtl('-o', `-p ${this.port} -k ${this.base} -c listen_addresses=127.0.0.1`, '-w', '-t', '30', 'start');
  }

  /** After a kill -9 the orphaned backends leave within moments; until then a new postmaster refuses to start. */
  async startAfterCrash(): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.start();
      } catch (err) {
        if (attempt >= 30) throw err;
        await sleep(300);
      }
    }
  }

  postmasterPid(): number {
    return Number(readFileSync(join(this.data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  }

  url(db = 'atrium'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${db}`;
  }

  async admin<T>(work: (c: pg.Client) => Promise<T>, db = 'atrium'): Promise<T> {
    const c = new pg.Client({ connectionString: this.url(db) });
    c.on('error', () => undefined);
    await c.connect();
    try {
      return await work(c);
    } finally {
      await c.end().catch(() => undefined);
    }
  }

  async destroy(): Promise<void> {
    if (this.started) {
      await this.pgCtl('-m', 'immediate', 'stop').catch(() => undefined);
      try {
        process.kill(this.postmasterPid(), 'SIGKILL');
      } catch {
        // stopped, or never started
      }
    }
    rmSync(this.base, { recursive: true, force: true });
  }
}
