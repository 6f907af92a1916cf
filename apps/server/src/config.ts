import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ROLE_CODE_PATTERN, type SigningCredential } from '@atrium/contracts';
import type { DrawingLimits } from './plugins/drawing-allowance.ts';

/** The only module that reads process.env. Everything else receives an AppConfig. */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; undefined means the embedded PGlite database in `<dataDir>/pgdata`. */
  databaseUrl: string | undefined;
  /** PostgreSQL schema holding the tables (default public); lets several deployments share one database. */
  databaseSchema: string;
  /** The keyring. The first key is the console's (handed out by GET /api/client-config). */
  signingKeys: SigningCredential[];
  signatureMode: 'enforce' | 'off';
  /**
   * 32 bytes that seal the two-step verification secrets at rest (AES-256-GCM, security/secret-box.ts):
   * SECRET_KEY, base64; the same on every replica. Outside production generated once into DATA_DIR.
   */
  secretKey: Buffer;
  sessionIdleSeconds: number;
  sessionAbsoluteSeconds: number;
  captcha: 'adaptive' | 'always' | 'off';
  smsOutbox: string;
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** IANA zone used to interpret `YYYY-MM-DD` date filters. */
  timeZone: string;
  /** Default request body limit in bytes (routes may lower or raise it). */
  bodyLimit: number;
  /** Per client IP per minute, per process. */
  rateLimits: { login: number; captcha: number; sms: number };
  /** Pages drawn by the server (decisions 049, 051), shed past these bounds (plugins/drawing-allowance.ts, decision 052). */
  drawing: DrawingLimits;
  /** Built console served on `/` (SPA fallback); absent directory = API only. */
  webDist: string;
  /** Uploaded files (avatars) live here; served under /uploads/. */
  uploadsDir: string;
  /**
   * How long a stopping server lets running requests (an export, say) finish before it closes their
   * connections; 0 closes them at once.
   */
  shutdownTimeoutSeconds: number;
  /**
   * From the first stop signal, how long the server keeps serving new requests while /readyz answers 503
   * (SHUTDOWN_DRAIN_SECONDS), so a load balancer takes it out of rotation before it stops accepting.
   */
  shutdownDrainSeconds: number;
  /** Port of the Prometheus endpoint (GET /metrics on HOST, plugins/metrics.ts); undefined: no metrics. */
  metricsPort: number | undefined;
  /** Audit entries older than this many days are deleted by the retention sweep (AUDIT_RETENTION_DAYS). */
  auditRetentionDays: number;
  /**
   * Addresses and CIDR ranges of trusted proxies (TRUST_PROXY); empty trusts none. The client address
   * is then the right-most X-Forwarded-For entry reached through trusted hops (Fastify's trustProxy).
   */
  trustProxy: string[];
  /** Company sign-in (OpenID Connect); undefined while OIDC_ISSUER is unset. */
  oidc: OidcConfig | undefined;
  /** PASSWORD_SIGNIN: `admins` lets only full administrators use the password and phone forms. */
  passwordSignIn: 'on' | 'admins';
}

/** Company sign-in's settings (docs/company-sign-in.md). */
export interface OidcConfig {
  /** The provider's issuer; its discovery document gives the endpoints and keys. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The address people open, without a trailing slash; the redirect URI is this + /api/auth/oidc/callback. */
  publicUrl: string;
  scopes: string;
  /** The claim holding the person's groups (a list of strings). */
  rolesClaim: string;
  /** Group → role codes (OIDC_ROLE_MAP); undefined: roles are managed in Atrium. */
  roleMap: ReadonlyMap<string, readonly string[]> | undefined;
  /** The role of a person none of whose groups is mapped (and of every new account without a map). */
  defaultRole: string | undefined;
  /** The sign-in button's text; undefined: the console's own, in the reader's language. */
  label: string | undefined;
  /** `provider`: signing out also ends the session at the provider. */
  logout: 'local' | 'provider';
}

const keyPairPattern = /^[A-Za-z0-9_.-]{1,64}:\S{16,}$/;

function parseKeyList(raw: string | undefined): SigningCredential[] | string {
  if (!raw || !raw.trim()) return [];
  const out: SigningCredential[] = [];
  for (const part of raw.split(',').map((p) => p.trim()).filter(Boolean)) {
    if (!keyPairPattern.test(part)) return `"${part.split(':')[0]}" is not keyId:secret (key id [A-Za-z0-9_.-], secret >= 16 characters)`;
    const at = part.indexOf(':');
    out.push({ keyId: part.slice(0, at), secret: part.slice(at + 1) });
  }
  return out;
}

/** `10.0.0.1`, `10.0.0.0/8`, `::1`, `fd00::/8`: an exact address or a CIDR range (prefix length only). */
function parseProxyList(raw: string | undefined): string[] | string {
  if (!raw || !raw.trim()) return [];
  const out: string[] = [];
  for (const part of raw.split(',').map((p) => p.trim()).filter(Boolean)) {
    const slash = part.indexOf('/');
    const addr = slash === -1 ? part : part.slice(0, slash);
    const version = isIP(addr);
    const prefix = slash === -1 ? undefined : part.slice(slash + 1);
    const max = version === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= max);
    if (version === 0 || !prefixOk) return `"${part}" is not an IP address or CIDR range (e.g. 10.0.0.1, 10.0.0.0/8, fd00::/8)`;
    out.push(part);
  }
  return out;
}

const ROLE_CODE = ROLE_CODE_PATTERN;

/** `group=roleCode,...`: several groups may map to one role, a group to several roles. */
function parseRoleMap(raw: string | undefined): Map<string, string[]> | undefined | string {
  if (!raw || !raw.trim()) return undefined;
  const map = new Map<string, string[]>();
  for (const part of raw.split(',').map((p) => p.trim()).filter(Boolean)) {
    const at = part.lastIndexOf('=');
    const group = at > 0 ? part.slice(0, at).trim() : '';
    const role = at > 0 ? part.slice(at + 1).trim().toLowerCase() : '';
    if (!group || !ROLE_CODE.test(role)) return `"${part}" is not group=roleCode (e.g. atrium-admins=admin,atrium-users=user)`;
    const roles = map.get(group) ?? [];
    if (!roles.includes(role)) roles.push(role);
    map.set(group, roles);
  }
  return map;
}

/** An integer in [min, max]; unset or blank: undefined. */
const optionalIntIn = (min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `must be an integer between ${min} and ${max}` });
        return z.NEVER;
      }
      return n;
    });

const intIn = (min: number, max: number, fallback: number) => optionalIntIn(min, max).transform((n) => n ?? fallback);

const envSchema = z.object({
  PORT: intIn(0, 65535, 3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() ? v.trim() : undefined))
    .refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), 'must start with postgres:// or postgresql://'),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case identifier')
    .default('public'),
  SIGNING_KEYS: z.string().optional(),
  EXTRA_SIGNING_KEYS: z.string().optional(),
  SECRET_KEY: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() ? v.trim() : undefined))
    .refine((v) => v === undefined || Buffer.from(v, 'base64').length === 32, 'must be 32 bytes in base64 (openssl rand -base64 32)'),
  SIGNATURE_MODE: z.enum(['enforce', 'off']).default('enforce'),
  SESSION_IDLE_SECONDS: intIn(60, 31_536_000, 7200),
  SESSION_ABSOLUTE_SECONDS: intIn(60, 31_536_000, 604_800),
  CAPTCHA: z.enum(['adaptive', 'always', 'off']).default('adaptive'),
  SMS_OUTBOX: z.string().optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  TZ: z
    .string()
    .optional()
    .refine((v) => {
      if (!v) return true;
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: v });
        return true;
      } catch {
        return false;
      }
    }, 'is not a known IANA time zone'),
  BODY_LIMIT: intIn(1024, 100 * 1024 * 1024, 1024 * 1024),
  RATE_LIMIT_LOGIN: intIn(1, 100_000, 120),
  RATE_LIMIT_CAPTCHA: intIn(1, 100_000, 120),
  RATE_LIMIT_SMS: intIn(1, 100_000, 30),
  RATE_LIMIT_DRAWN_PAGES: intIn(1, 100_000, 60),
  DRAWN_PAGES_AT_ONCE: intIn(1, 1_000, 4),
  WEB_DIST: z.string().optional(),
  SHUTDOWN_TIMEOUT_SECONDS: intIn(0, 86_400, 30),
  // default: 2 with NODE_ENV=production, 0 otherwise (loadConfig)
  SHUTDOWN_DRAIN_SECONDS: optionalIntIn(0, 3_600),
  METRICS_PORT: optionalIntIn(1, 65_535),
  AUDIT_RETENTION_DAYS: intIn(1, 36_500, 365),
  OIDC_ISSUER: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() ? v.trim().replace(/\/+$/, '') : undefined))
    .refine((v) => v === undefined || (URL.canParse(v) && /^https?:$/.test(new URL(v).protocol)), 'must be an http(s) URL (the provider\'s issuer)'),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  PUBLIC_URL: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() ? v.trim().replace(/\/+$/, '') : undefined))
    .refine((v) => v === undefined || (URL.canParse(v) && /^https?:$/.test(new URL(v).protocol) && new URL(v).pathname === '/'), 'must be an http(s) origin such as https://admin.example.com'),
  OIDC_SCOPES: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() ? v.trim().split(/\s+/).join(' ') : 'openid profile email'))
    .refine((v) => v.split(' ').includes('openid'), 'must include openid'),
  OIDC_ROLES_CLAIM: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() ? v.trim() : 'groups')),
  OIDC_ROLE_MAP: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const map = parseRoleMap(v);
      if (typeof map === 'string') {
        ctx.addIssue({ code: 'custom', message: map });
        return z.NEVER;
      }
      return map;
    }),
  OIDC_DEFAULT_ROLE: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() ? v.trim().toLowerCase() : undefined))
    .refine((v) => v === undefined || ROLE_CODE.test(v), 'must be a role code'),
  OIDC_LABEL: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() ? v.trim() : undefined))
    .refine((v) => v === undefined || v.length <= 64, 'must be at most 64 characters'),
  OIDC_LOGOUT: z.enum(['local', 'provider']).default('local'),
  PASSWORD_SIGNIN: z.enum(['on', 'admins']).default('on'),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const list = parseProxyList(v);
      if (typeof list === 'string') {
        ctx.addIssue({ code: 'custom', message: list });
        return z.NEVER;
      }
      return list;
    }),
});

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    // One problem reads on one line; several are listed one per line.
    super(problems.length === 1 ? `Invalid configuration: ${problems[0]}` : `Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** DATA_DIR cannot be created or written; the message is one line naming the directory and the cause. */
export class DataDirError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataDirError';
  }
}

/** `EROFS: read-only file system` out of `EROFS: read-only file system, open '/x/y'`. */
function errnoText(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  if (!e?.code) return String((e as Error)?.message ?? err);
  const head = String(e.message).split(', ')[0] ?? '';
  return head.startsWith(`${e.code}:`) ? head : e.code;
}

/**
 * Creates DATA_DIR when missing and checks that files can be written in it (a probe file, created and
 * removed): a read-only mount or an immutable directory fails here with a one-line message instead of a
 * stack trace from whichever later step (the key file, the lock, the database, an upload) hits it first.
 */
function ensureWritableDataDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (err) {
    const exists = (() => {
      try {
        return statSync(dir);
      } catch {
        return undefined;
      }
    })();
    if (exists && !exists.isDirectory()) throw new DataDirError(`DATA_DIR ${dir} is not a directory`);
    throw new DataDirError(`DATA_DIR ${dir} cannot be created (${errnoText(err)})`);
  }
  const probe = join(dir, `.write-check-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    writeFileSync(probe, '');
  } catch (err) {
    throw new DataDirError(`DATA_DIR ${dir} is not writable (${errnoText(err)})`);
  }
  rmSync(probe, { force: true });
}

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Parses the environment. Collects every problem before failing so an operator fixes them in one go.
 * When SIGNING_KEYS is unset, a development key is generated once into `<DATA_DIR>/signing-keys` and
 * reused on later starts (so open consoles keep working across restarts).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`${issue.path.join('.')}: ${issue.message}`);
  }
  const primary = parseKeyList(env.SIGNING_KEYS);
  const extra = parseKeyList(env.EXTRA_SIGNING_KEYS);
  if (typeof primary === 'string') problems.push(`SIGNING_KEYS: ${primary}`);
  if (typeof extra === 'string') problems.push(`EXTRA_SIGNING_KEYS: ${extra}`);
  if (parsed.success && parsed.data.SESSION_IDLE_SECONDS > parsed.data.SESSION_ABSOLUTE_SECONDS) {
    problems.push('SESSION_IDLE_SECONDS: must not exceed SESSION_ABSOLUTE_SECONDS');
  }
  if (parsed.success && parsed.data.NODE_ENV === 'production' && parsed.data.SIGNATURE_MODE === 'off') {
    problems.push('SIGNATURE_MODE: "off" is not allowed when NODE_ENV=production');
  }
  // A generated key is per data directory: replicas would each hand their console a key the others refuse.
  if (parsed.success && parsed.data.NODE_ENV === 'production' && Array.isArray(primary) && primary.length === 0) {
    problems.push('SIGNING_KEYS: required when NODE_ENV=production (set the same keyId:secret list on every replica)');
  }
  // A generated secret key is per data directory: a replica could not open the secrets another sealed.
  if (parsed.success && parsed.data.NODE_ENV === 'production' && parsed.data.SECRET_KEY === undefined) {
    problems.push('SECRET_KEY: required when NODE_ENV=production (32 bytes in base64, the same on every replica)');
  }
  if (parsed.success && parsed.data.METRICS_PORT !== undefined && parsed.data.METRICS_PORT === parsed.data.PORT) {
    problems.push('METRICS_PORT: must differ from PORT (the API port never serves the metrics)');
  }
  if (parsed.success) problems.push(...oidcProblems(parsed.data));
  if (problems.length > 0 || !parsed.success || typeof primary === 'string' || typeof extra === 'string') {
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  // Unset: <repo>/data, so `npm start`, `npm run dev -w ...` and the CLI all use one directory.
  const dataDir = e.DATA_DIR ? resolve(e.DATA_DIR) : join(repoRoot, 'data');
  ensureWritableDataDir(dataDir);
  const keys = primary.length > 0 ? primary : [loadOrCreateDevKey(dataDir)];
  const keyring = dedupeKeys([...keys, ...extra]);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    signingKeys: keyring,
    signatureMode: e.SIGNATURE_MODE,
    secretKey: e.SECRET_KEY ? Buffer.from(e.SECRET_KEY, 'base64') : loadOrCreateDevSecretKey(dataDir),
    sessionIdleSeconds: e.SESSION_IDLE_SECONDS,
    sessionAbsoluteSeconds: e.SESSION_ABSOLUTE_SECONDS,
    captcha: e.CAPTCHA,
    smsOutbox: resolve(e.SMS_OUTBOX ?? join(dataDir, 'sms-outbox.jsonl')),
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    timeZone: e.TZ || Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
    bodyLimit: e.BODY_LIMIT,
    rateLimits: { login: e.RATE_LIMIT_LOGIN, captcha: e.RATE_LIMIT_CAPTCHA, sms: e.RATE_LIMIT_SMS },
    drawing: { perSessionPerMinute: e.RATE_LIMIT_DRAWN_PAGES, inFlight: e.DRAWN_PAGES_AT_ONCE },
    webDist: resolve(e.WEB_DIST ?? join(repoRoot, 'apps/web/dist')),
    uploadsDir: join(dataDir, 'uploads'),
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS ?? (e.NODE_ENV === 'production' ? 2 : 0),
    metricsPort: e.METRICS_PORT,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    trustProxy: e.TRUST_PROXY,
    oidc: oidcConfig(e),
    passwordSignIn: e.PASSWORD_SIGNIN,
  };
}

type Env = z.output<typeof envSchema>;

/** What company sign-in's variables lack or contradict, one line each. */
function oidcProblems(e: Env): string[] {
  const problems: string[] = [];
  const companyOnly = ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_ROLE_MAP', 'OIDC_DEFAULT_ROLE', 'OIDC_LABEL'] as const;
  if (e.OIDC_ISSUER === undefined) {
    for (const name of companyOnly) if (e[name] !== undefined && String(e[name]).trim() !== '') problems.push(`${name}: has no effect without OIDC_ISSUER`);
    if (e.PASSWORD_SIGNIN === 'admins') problems.push('PASSWORD_SIGNIN: "admins" needs company sign-in (OIDC_ISSUER), or nobody else could sign in');
    return problems;
  }
  if (!e.OIDC_CLIENT_ID?.trim()) problems.push('OIDC_CLIENT_ID: required with OIDC_ISSUER (Atrium\'s client id at the provider)');
  if (!e.OIDC_CLIENT_SECRET?.trim()) problems.push('OIDC_CLIENT_SECRET: required with OIDC_ISSUER (Atrium is a confidential client)');
  if (e.PUBLIC_URL === undefined) problems.push('PUBLIC_URL: required with OIDC_ISSUER (the address people open; the redirect URI is PUBLIC_URL/api/auth/oidc/callback)');
  if (e.NODE_ENV === 'production') {
    if (new URL(e.OIDC_ISSUER).protocol !== 'https:') problems.push('OIDC_ISSUER: must be https when NODE_ENV=production');
    if (e.PUBLIC_URL !== undefined && new URL(e.PUBLIC_URL).protocol !== 'https:') problems.push('PUBLIC_URL: must be https when NODE_ENV=production');
  }
  return problems;
}

function oidcConfig(e: Env): OidcConfig | undefined {
  if (e.OIDC_ISSUER === undefined) return undefined;
  return {
    issuer: e.OIDC_ISSUER,
    clientId: e.OIDC_CLIENT_ID!.trim(),
    clientSecret: e.OIDC_CLIENT_SECRET!.trim(),
    publicUrl: e.PUBLIC_URL!,
    scopes: e.OIDC_SCOPES,
    rolesClaim: e.OIDC_ROLES_CLAIM,
    roleMap: e.OIDC_ROLE_MAP,
    defaultRole: e.OIDC_DEFAULT_ROLE,
    label: e.OIDC_LABEL,
    logout: e.OIDC_LOGOUT,
  };
}

function dedupeKeys(keys: SigningCredential[]): SigningCredential[] {
  const seen = new Map<string, SigningCredential>();
  for (const k of keys) if (!seen.has(k.keyId)) seen.set(k.keyId, k);
  return [...seen.values()];
}

/** The development secret key in `<DATA_DIR>/secret-key`, generated on the first start (kept: the sealed secrets need it). */
function loadOrCreateDevSecretKey(dataDir: string): Buffer {
  const file = join(dataDir, 'secret-key');
  if (existsSync(file)) {
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length === 32) return key;
    throw new ConfigError([`${file}: does not hold 32 bytes in base64; restore it (two-step verification secrets are sealed with it)`]);
  }
  const key = randomBytes(32);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600 });
  return key;
}

function loadOrCreateDevKey(dataDir: string): SigningCredential {
  const file = join(dataDir, 'signing-keys');
  if (existsSync(file)) {
    const parsed = parseKeyList(readFileSync(file, 'utf8').trim());
    if (typeof parsed !== 'string' && parsed[0]) return parsed[0];
    throw new ConfigError([`${file}: does not hold a keyId:secret pair; delete it to generate a new one`]);
  }
  const key = { keyId: `dev-${randomBytes(3).toString('hex')}`, secret: randomBytes(32).toString('base64url') };
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${key.keyId}:${key.secret}\n`, { mode: 0o600 });
  return key;
}
