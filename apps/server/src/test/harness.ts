/**
 * Test harness for server suites. Every `createTestApp()` gets its own fresh,
 * migrated and seeded database:
 * - PGlite (default): loaded from a template data dir (migrated + seeded once, or migrated only for
 *   `seed: false`, cached on disk under the OS temp dir and keyed by the migration and seed sources),
 *   1.3-1.8 s instead of ~10 s per app (measured
 *   2026-12-01: most of it reading and untarring the 44 MB template, a 16 MB WAL segment included);
 * - PostgreSQL when ATRIUM_TEST_ENGINE=postgres (the `server-pg` vitest project, enabled when
 *   TEST_DATABASE_URL is set): a new schema selected through search_path, dropped on close().
 *
 * Usage:
 *   const t = await createTestApp();
 *   const token = await t.login('admin');
 *   const res = await t.request({ method: 'GET', url: '/api/system/users?current=1', token });
 *   expect(res.status).toBe(200); expect(res.body.data.total).toBe(2);
 *   await t.close();
 */
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { signHeaders, type Locale, type SigningCredential } from '@atrium/contracts';
import { buildApp } from '../app.ts';
import type { AppConfig } from '../config.ts';
import { postgresHandle, type Db, type DbHandle, type Engine } from '../db/client.ts';
import { pgliteHandle, pgliteOptions } from '../db/pglite.ts';
import { migrateDatabase, migrationsFolder } from '../db/migrate.ts';
import { seedDatabase } from '../db/seed/index.ts';
import type { ServerSlice } from '../slice.ts';
import { serverSlices } from '../slices.ts';
import type { Clock } from '../http/context.ts';
import type { SmsProvider } from '../modules/auth/sms-provider.ts';

export const TEST_CREDENTIAL: SigningCredential = { keyId: 'test-key', secret: 'test-secret-0123456789abcdef' };
export const TEST_FINGERPRINT = 'test-fingerprint-0001';
const testAccounts = {
  admin: { username: 'admin', password: 'admin123', phone: '13800000000' },
  user: { username: 'user', password: 'user123', phone: '13900000000' },
} as const;

export interface TestAppOptions {
  /** Config fields to override (signing keys, captcha mode, session lifetimes...). */
  config?: Partial<AppConfig>;
  /** Injected clock; also used for X-Date when the harness signs. */
  clock?: Clock;
  /** Seed the sample accounts and content (default true). */
  seed?: boolean;
  sms?: SmsProvider;
  /** Captcha text generator, so a test can answer the image. */
  captchaText?: () => string;
  /** Which engine; default from ATRIUM_TEST_ENGINE (pglite unless the server-pg project runs). */
  engine?: Engine;
  /** Resources to serve instead of the registry's, as slices (`resourceServerSlice`: the resource kit's own tests). */
  resources?: readonly ServerSlice[];
  /**
   * A PostgreSQL database of the test's own to use whole (a private cluster's, which the test may restart),
   * migrated and seeded here, instead of a private schema of TEST_DATABASE_URL or a PGlite.
   */
  databaseUrl?: string;
}

export interface TestRequest {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE' | 'HEAD';
  /** Path with query, e.g. `/api/system/users?current=2`. */
  url: string;
  /** Objects are sent as JSON; strings and Buffers as they are (set `contentType` for those). */
  body?: unknown;
  contentType?: string;
  token?: string;
  headers?: Record<string, string>;
  locale?: Locale;
  /** Sign the request (default true). */
  sign?: boolean;
  fingerprint?: string;
  /** Signing credential (default TEST_CREDENTIAL). */
  credential?: SigningCredential;
  /** X-Date override (default: the app clock). */
  signedAt?: Date;
  nonce?: string;
}

export interface TestResponse {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  /** Parsed JSON when the answer is JSON, else the text. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  text: string;
  raw: Buffer;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  handle: DbHandle;
  config: AppConfig;
  engine: Engine;
  close(): Promise<void>;
  request(req: TestRequest): Promise<TestResponse>;
  /** Signs in with the seeded account's password and returns the token. */
  login(who: 'admin' | 'user', opts?: { fingerprint?: string }): Promise<string>;
  /** Row count of a table (refused calls must not change any). */
  count(table: string): Promise<number>;
}

const serverRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export function defaultEngine(): Engine {
  const wanted = process.env.ATRIUM_TEST_ENGINE ?? 'pglite';
  if (wanted === 'postgres') {
    if (!process.env.TEST_DATABASE_URL) throw new Error('ATRIUM_TEST_ENGINE=postgres needs TEST_DATABASE_URL');
    return 'postgres';
  }
  return 'pglite';
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = overrides.dataDir ?? mkdtempSync(join(tmpdir(), 'atrium-test-'));
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: undefined,
    databaseSchema: 'public',
    signingKeys: [TEST_CREDENTIAL],
    signatureMode: 'enforce',
    // One key for every test server: two servers on one database open each other's secrets, as replicas do.
    secretKey: Buffer.alloc(32, 7),
    sessionIdleSeconds: 7200,
    sessionAbsoluteSeconds: 604_800,
    captcha: 'adaptive',
    smsOutbox: join(dataDir, 'sms-outbox.jsonl'),
    nodeEnv: 'test',
    logLevel: 'silent',
    timeZone: 'Asia/Shanghai',
    bodyLimit: 1024 * 1024,
    rateLimits: { login: 10_000, captcha: 10_000, sms: 10_000 },
    drawing: { perSessionPerMinute: 60, inFlight: 4 },
    webDist: join(dataDir, 'no-web-dist'),
    uploadsDir: join(dataDir, 'uploads'),
    shutdownTimeoutSeconds: 30,
    shutdownDrainSeconds: 0,
    metricsPort: undefined,
    auditRetentionDays: 365,
    trustProxy: [],
    oidc: undefined,
    passwordSignIn: 'on',
    ...overrides,
  };
}

// ---- PGlite template -------------------------------------------------------------------------------

function templateKey(): string {
  const h = createHash('sha256');
  const add = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir, { recursive: true }).map(String).sort()) {
      const file = join(dir, name);
      if (/\.(sql|ts|json)$/.test(name) && !name.endsWith('.test.ts')) h.update(name).update(readFileSync(file));
    }
  };
  add(migrationsFolder);
  // The sources the template's migrations and seed come from: the core's, the slices' (their migrations,
  // seeds and registry, wherever they live in src/), and the contracts (the roles' permissions).
  add(join(serverRoot, 'src'));
  add(join(serverRoot, '../../packages/contracts/src'));
  // Seeded content is relative to "today": a template from another day is rebuilt.
  h.update(new Date().toISOString().slice(0, 10));
  return h.digest('hex').slice(0, 16);
}

const templates = new Map<boolean, Promise<Buffer>>();

/** The data dir of a migrated database, seeded or not (a suite of the migrations' or the seed's own asks for none). */
async function pgliteTemplate(seed: boolean): Promise<Buffer> {
  let template = templates.get(seed);
  if (template) return template;
  template = (async () => {
    const dir = join(tmpdir(), 'atrium-test-templates');
    const file = join(dir, `pglite-${templateKey()}${seed ? '' : '-unseeded'}.tar`);
    if (existsSync(file)) return readFileSync(file);
    const client = new PGlite(pgliteOptions());
    const handle = pgliteHandle(client);
    await migrateDatabase(handle, serverSlices);
    if (seed) await seedDatabase(handle.db, { nodeEnv: 'test' }, serverSlices);
    const dump = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
    await client.close();
    mkdirSync(dir, { recursive: true });
    for (const old of readdirSync(dir)) {
      // templates of earlier sources or days: drop those no running worker can still be writing
      const path = join(dir, old);
      if (old.startsWith('pglite-') && path !== file && Date.now() - statSync(path).mtimeMs > 3_600_000) rmSync(path, { force: true });
    }
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(tmp, dump);
    renameSync(tmp, file); // atomic: parallel workers may race to build it
    return dump;
  })();
  templates.set(seed, template);
  return template;
}

/** A database with nothing in it (no migrations): PGlite in memory, or a fresh schema dropped on close. */
export async function openEmptyTestDatabase(engine: Engine = defaultEngine()): Promise<DbHandle> {
  if (engine === 'pglite') return pgliteHandle(new PGlite(pgliteOptions()));
  const url = process.env.TEST_DATABASE_URL!;
  const schemaName = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema "${schemaName}"`);
  await admin.end();
  const handle = postgresHandle(url, { schemaName, max: 5 });
  const closePool = handle.close;
  handle.close = async () => {
    await closePool();
    const dropper = new pg.Client({ connectionString: url });
    await dropper.connect();
    await dropper.query(`drop schema if exists "${schemaName}" cascade`);
    await dropper.end();
  };
  return handle;
}

/**
 * An empty database migrated as a version before the migration `tag` left it (the migrations before it
 * only), for an upgrade test: `run` fills it as that version would, then migrates on. Closed after `run`.
 */
export async function withDatabaseBefore(tag: string, run: (handle: DbHandle) => Promise<void>): Promise<void> {
  const earlier = mkdtempSync(join(tmpdir(), 'atrium-migrations-'));
  const handle = await openEmptyTestDatabase();
  try {
    cpSync(migrationsFolder, earlier, { recursive: true });
    const journal = JSON.parse(readFileSync(join(earlier, 'meta/_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
    const before = journal.entries.findIndex((e) => e.tag === tag);
    if (before <= 0) throw new Error(`no migration ${tag} after the first`);
    writeFileSync(join(earlier, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, before) }));
    await migrateDatabase(handle, [], earlier);
    await run(handle);
  } finally {
    await handle.close();
    rmSync(earlier, { recursive: true, force: true });
  }
}

async function openTestDatabase(engine: Engine, seed: boolean, databaseUrl?: string): Promise<DbHandle> {
  if (databaseUrl) {
    const handle = postgresHandle(databaseUrl, { max: 5 });
    await migrateDatabase(handle, serverSlices);
    if (seed) await seedDatabase(handle.db, { nodeEnv: 'test' }, serverSlices);
    return handle;
  }
  if (engine === 'pglite') {
    const template = await pgliteTemplate(seed);
    const client = new PGlite(pgliteOptions({ loadDataDir: new Blob([new Uint8Array(template)]) }));
    await client.waitReady;
    return pgliteHandle(client);
  }
  const handle = await openEmptyTestDatabase(engine);
  await migrateDatabase(handle, serverSlices);
  if (seed) await seedDatabase(handle.db, { nodeEnv: 'test' }, serverSlices);
  return handle;
}

// ---- the app ---------------------------------------------------------------------------------------

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const engine = options.databaseUrl ? 'postgres' : (options.engine ?? defaultEngine());
  const config = testConfig(options.config);
  const ownsDataDir = options.config?.dataDir === undefined;
  const clock = options.clock ?? (() => new Date());
  const handle = await openTestDatabase(engine, options.seed ?? true, options.databaseUrl);
  // A test may close the database itself (to check readiness); closing again must be harmless.
  const closeOnce = handle.close;
  let dbClosed: Promise<void> | undefined;
  handle.close = () => (dbClosed ??= closeOnce());
  // TEST_LOG=1 prints the server's errors (a 500's cause) while a suite runs
  const app = await buildApp(config, { db: handle.db, clock, sms: options.sms, captchaText: options.captchaText, engine, logger: process.env.TEST_LOG === '1' ? { level: 'error' } : false, slices: options.resources && [...serverSlices.filter((s) => !s.resource), ...options.resources] });
  await app.ready();

  async function request(r: TestRequest): Promise<TestResponse> {
    const method = r.method ?? 'GET';
    let payload: string | Buffer | undefined;
    const headers: Record<string, string> = { 'X-Fingerprint': r.fingerprint ?? TEST_FINGERPRINT };
    if (r.body !== undefined) {
      if (typeof r.body === 'string' || Buffer.isBuffer(r.body)) payload = r.body;
      else payload = JSON.stringify(r.body);
      headers['Content-Type'] = r.contentType ?? 'application/json';
    }
    if (r.token) headers['Access-Token'] = r.token;
    if (r.locale) headers['Accept-Language'] = r.locale;
    Object.assign(headers, r.headers);
    let finalHeaders = headers;
    if (r.sign ?? true) {
      const q = r.url.indexOf('?');
      finalHeaders = await signHeaders(r.credential ?? config.signingKeys[0]!, {
        method,
        path: q === -1 ? r.url : r.url.slice(0, q),
        query: q === -1 ? '' : r.url.slice(q + 1),
        headers,
        body: payload === undefined ? '' : typeof payload === 'string' ? payload : new Uint8Array(payload),
        now: r.signedAt ?? clock(),
        nonce: r.nonce,
      });
    }
    const res = await app.inject({ method, url: r.url, headers: finalHeaders, payload });
    const raw = res.rawPayload;
    const text = raw.toString('utf8');
    let body: unknown = text;
    if (String(res.headers['content-type'] ?? '').includes('json') && text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    return { status: res.statusCode, headers: res.headers, body, text, raw };
  }

  async function login(who: 'admin' | 'user', opts: { fingerprint?: string } = {}): Promise<string> {
    const account = testAccounts[who];
    const res = await request({ method: 'POST', url: '/api/user/login', body: { username: account.username, password: account.password }, fingerprint: opts.fingerprint });
    if (res.status !== 200) throw new Error(`login(${who}) failed: ${res.status} ${res.text}`);
    return res.body.data.token as string;
  }

  async function count(table: string): Promise<number> {
    if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new Error(`bad table name ${table}`);
    const result = (await handle.db.execute(`select count(*)::int as n from "${table}"`)) as unknown as { rows: Array<{ n: number }> };
    return Number(result.rows[0]?.n ?? 0);
  }

  let closed = false;
  return {
    app,
    db: handle.db,
    handle,
    config,
    engine,
    request,
    login,
    count,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await handle.close();
      if (ownsDataDir) rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
