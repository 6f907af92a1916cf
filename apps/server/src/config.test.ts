import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, DataDirError, loadConfig } from './config.ts';
import { readOnlyDir } from './test/read-only-dir.ts';

/** Any 32 bytes, in base64, for the production configurations below. */
const secretKey = Buffer.alloc(32, 9).toString('base64');

describe('configuration', () => {
  const dirs: string[] = [];
  const tmp = () => {
    const d = mkdtempSync(join(tmpdir(), 'atrium-config-'));
    dirs.push(d);
    return d;
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('has the documented defaults', () => {
    const dir = tmp();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: dir,
      databaseUrl: undefined,
      signatureMode: 'enforce',
      sessionIdleSeconds: 7200,
      sessionAbsoluteSeconds: 604800,
      captcha: 'adaptive',
      smsOutbox: join(dir, 'sms-outbox.jsonl'),
      nodeEnv: 'development',
      shutdownTimeoutSeconds: 30,
      shutdownDrainSeconds: 0,
      metricsPort: undefined,
      auditRetentionDays: 365,
    });
  });

  it('generates a development key once and reuses it', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir }).signingKeys;
    expect(first).toHaveLength(1);
    expect(readFileSync(join(dir, 'signing-keys'), 'utf8').trim()).toBe(`${first[0]!.keyId}:${first[0]!.secret}`);
    expect(loadConfig({ DATA_DIR: dir }).signingKeys).toEqual(first);
  });

  it('reads the keyring: SIGNING_KEYS first (the console key), then EXTRA_SIGNING_KEYS', () => {
    const c = loadConfig({ DATA_DIR: tmp(), SIGNING_KEYS: 'k2026:secret-secret-secret-1,k2025:secret-secret-secret-0', EXTRA_SIGNING_KEYS: 'partner:partner-secret-0123456' });
    expect(c.signingKeys.map((k) => k.keyId)).toEqual(['k2026', 'k2025', 'partner']);
  });

  it('fails fast listing every problem at once', () => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: tmp(), PORT: 'eighty', SIGNATURE_MODE: 'maybe', CAPTCHA: 'sometimes', DATABASE_URL: 'mysql://x', SIGNING_KEYS: 'nocolon', TZ: 'Mars/Base' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'SIGNATURE_MODE', 'CAPTCHA', 'DATABASE_URL', 'SIGNING_KEYS', 'TZ']) expect(problems).toContain(name);
    expect((error as Error).message).toMatch(/^Invalid configuration:\n {2}- /);
  });

  it('requires SIGNING_KEYS in production, in one line: a key generated per data directory would differ between replicas', () => {
    const dir = tmp();
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', SECRET_KEY: secretKey });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe('Invalid configuration: SIGNING_KEYS: required when NODE_ENV=production (set the same keyId:secret list on every replica)');
    expect(existsSync(join(dir, 'signing-keys'))).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', SIGNING_KEYS: '  ', SECRET_KEY: secretKey })).toThrow(/SIGNING_KEYS: required/);
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', SIGNING_KEYS: 'k2026:secret-secret-secret-1', SECRET_KEY: secretKey }).signingKeys.map((k) => k.keyId)).toEqual(['k2026']);
    // development still generates one
    expect(loadConfig({ DATA_DIR: dir }).signingKeys[0]!.keyId).toMatch(/^dev-/);
  });

  it('requires SECRET_KEY (32 bytes, base64) in production, and keeps a generated one in DATA_DIR otherwise', () => {
    const signing = { SIGNING_KEYS: 'k2026:secret-secret-secret-1' };
    expect(() => loadConfig({ DATA_DIR: tmp(), NODE_ENV: 'production', ...signing })).toThrow(
      /^Invalid configuration: SECRET_KEY: required when NODE_ENV=production \(32 bytes in base64, the same on every replica\)$/,
    );
    expect(() => loadConfig({ DATA_DIR: tmp(), SECRET_KEY: Buffer.alloc(16).toString('base64') })).toThrow(/SECRET_KEY: must be 32 bytes in base64/);
    expect(loadConfig({ DATA_DIR: tmp(), NODE_ENV: 'production', ...signing, SECRET_KEY: secretKey }).secretKey).toEqual(Buffer.from(secretKey, 'base64'));
    const dir = tmp();
    const generated = loadConfig({ DATA_DIR: dir }).secretKey;
    expect(generated).toHaveLength(32);
    expect(loadConfig({ DATA_DIR: dir }).secretKey).toEqual(generated);
    expect(readFileSync(join(dir, 'secret-key'), 'utf8').trim()).toBe(generated.toString('base64'));
  });

  it('reads SHUTDOWN_TIMEOUT_SECONDS: an integer of 0 or more', () => {
    expect(loadConfig({ DATA_DIR: tmp(), SHUTDOWN_TIMEOUT_SECONDS: '0' }).shutdownTimeoutSeconds).toBe(0);
    expect(loadConfig({ DATA_DIR: tmp(), SHUTDOWN_TIMEOUT_SECONDS: '45' }).shutdownTimeoutSeconds).toBe(45);
    for (const bad of ['-1', '1.5', 'soon', '86401']) {
      expect(() => loadConfig({ DATA_DIR: tmp(), SHUTDOWN_TIMEOUT_SECONDS: bad })).toThrow(/^Invalid configuration: SHUTDOWN_TIMEOUT_SECONDS: must be an integer between 0 and 86400$/);
    }
  });

  it('reads SHUTDOWN_DRAIN_SECONDS: 2 by default in production (behind a balancer), 0 otherwise', () => {
    const key = { SIGNING_KEYS: 'k2026:secret-secret-secret-1', SECRET_KEY: secretKey };
    expect(loadConfig({ DATA_DIR: tmp(), NODE_ENV: 'production', ...key }).shutdownDrainSeconds).toBe(2);
    expect(loadConfig({ DATA_DIR: tmp(), NODE_ENV: 'test' }).shutdownDrainSeconds).toBe(0);
    expect(loadConfig({ DATA_DIR: tmp(), NODE_ENV: 'production', SHUTDOWN_DRAIN_SECONDS: '0', ...key }).shutdownDrainSeconds).toBe(0);
    expect(loadConfig({ DATA_DIR: tmp(), SHUTDOWN_DRAIN_SECONDS: '15' }).shutdownDrainSeconds).toBe(15);
    for (const bad of ['-1', '2.5', 'later', '3601']) {
      expect(() => loadConfig({ DATA_DIR: tmp(), SHUTDOWN_DRAIN_SECONDS: bad })).toThrow(/^Invalid configuration: SHUTDOWN_DRAIN_SECONDS: must be an integer between 0 and 3600$/);
    }
  });

  it('reads METRICS_PORT: off by default, a port other than the API port', () => {
    expect(loadConfig({ DATA_DIR: tmp(), METRICS_PORT: '' }).metricsPort).toBeUndefined();
    expect(loadConfig({ DATA_DIR: tmp(), METRICS_PORT: '9464' }).metricsPort).toBe(9464);
    for (const bad of ['0', '65536', 'on']) {
      expect(() => loadConfig({ DATA_DIR: tmp(), METRICS_PORT: bad })).toThrow(/^Invalid configuration: METRICS_PORT: must be an integer between 1 and 65535$/);
    }
    expect(() => loadConfig({ DATA_DIR: tmp(), PORT: '8080', METRICS_PORT: '8080' })).toThrow(
      /^Invalid configuration: METRICS_PORT: must differ from PORT \(the API port never serves the metrics\)$/,
    );
  });

  it('reads TRUST_PROXY: exact addresses and CIDR ranges, IPv4 and IPv6; none trusted by default', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).trustProxy).toEqual([]);
    expect(loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: ' ' }).trustProxy).toEqual([]);
    expect(loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: '127.0.0.1, 10.0.0.0/8 ,::1,fd00::/8,::ffff:10.1.2.3' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      '::ffff:10.1.2.3',
    ]);
    for (const bad of ['10.0.0.300', '10.0.0.0/33', '10.0.0.0/0', 'fd00::/129', 'loopback', '10.0.0.0/255.0.0.0', 'proxy.internal', '127.1']) {
      let message = '';
      try {
        loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: `127.0.0.1,${bad}` });
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        message = (err as Error).message;
      }
      expect(message).toBe(`Invalid configuration: TRUST_PROXY: "${bad}" is not an IP address or CIDR range (e.g. 10.0.0.1, 10.0.0.0/8, fd00::/8)`);
    }
  });

  it('creates a missing DATA_DIR, and says in one line why one cannot be created or written', () => {
    const nested = join(tmp(), 'a', 'b');
    expect(loadConfig({ DATA_DIR: nested }).dataDir).toBe(nested);
    expect(existsSync(join(nested, 'signing-keys'))).toBe(true);

    const file = join(tmp(), 'somefile');
    writeFileSync(file, '');
    const problem = (dataDir: string) => {
      try {
        loadConfig({ DATA_DIR: dataDir });
      } catch (err) {
        expect(err).toBeInstanceOf(DataDirError);
        return (err as Error).message;
      }
      throw new Error('loadConfig accepted it');
    };
    expect(problem(join(file, 'data'))).toBe(`DATA_DIR ${join(file, 'data')} cannot be created (ENOTDIR: not a directory)`);
    expect(problem(file)).toBe(`DATA_DIR ${file} is not a directory`);
  });

  it('refuses a DATA_DIR it cannot write in (read-only file system, immutable or not ours)', () => {
    const ro = readOnlyDir();
    // CI runs as root with mount; a machine where none of the ways works fails here instead of skipping.
    if (!ro) throw new Error('cannot make a read-only directory here (root without mount or chattr)');
    try {
      let message = '';
      try {
        loadConfig({ DATA_DIR: ro.dir });
      } catch (err) {
        expect(err).toBeInstanceOf(DataDirError);
        message = (err as Error).message;
      }
      expect(message).toMatch(new RegExp(`^DATA_DIR ${ro.dir} is not writable \\(${ro.code}: [a-z -]+\\)$`));
    } finally {
      ro.remove();
    }
  });

  it('reads company sign-in: off without OIDC_ISSUER, every variable checked, one line per problem', () => {
    expect(loadConfig({ DATA_DIR: tmp() })).toMatchObject({ oidc: undefined, passwordSignIn: 'on' });
    const c = loadConfig({
      DATA_DIR: tmp(),
      OIDC_ISSUER: 'http://127.0.0.1:3001/',
      OIDC_CLIENT_ID: 'atrium',
      OIDC_CLIENT_SECRET: 's3cret',
      PUBLIC_URL: 'http://127.0.0.1:3000',
      OIDC_ROLE_MAP: 'atrium-admins=admin, atrium-reviewers=reviewer, ops=reviewer, ops=Admin',
      OIDC_DEFAULT_ROLE: 'user',
      PASSWORD_SIGNIN: 'admins',
    });
    expect(c.oidc).toMatchObject({ issuer: 'http://127.0.0.1:3001', publicUrl: 'http://127.0.0.1:3000', scopes: 'openid profile email', rolesClaim: 'groups', defaultRole: 'user', label: undefined, logout: 'local' });
    expect([...c.oidc!.roleMap!]).toEqual([
      ['atrium-admins', ['admin']],
      ['atrium-reviewers', ['reviewer']],
      ['ops', ['reviewer', 'admin']],
    ]);
    expect(c.passwordSignIn).toBe('admins');

    const problems = (env: Record<string, string>) => {
      try {
        loadConfig({ DATA_DIR: tmp(), ...env });
        return [];
      } catch (err) {
        return (err as ConfigError).problems;
      }
    };
    expect(problems({ OIDC_ISSUER: 'ftp://idp', OIDC_ROLE_MAP: 'admins', OIDC_SCOPES: 'profile' })).toEqual([
      "OIDC_ISSUER: must be an http(s) URL (the provider's issuer)",
      'OIDC_SCOPES: must include openid',
      'OIDC_ROLE_MAP: "admins" is not group=roleCode (e.g. atrium-admins=admin,atrium-users=user)',
    ]);
    expect(problems({ OIDC_ISSUER: 'https://idp.example' })).toEqual([
      "OIDC_CLIENT_ID: required with OIDC_ISSUER (Atrium's client id at the provider)",
      'OIDC_CLIENT_SECRET: required with OIDC_ISSUER (Atrium is a confidential client)',
      'PUBLIC_URL: required with OIDC_ISSUER (the address people open; the redirect URI is PUBLIC_URL/api/auth/oidc/callback)',
    ]);
    expect(problems({ PASSWORD_SIGNIN: 'admins', OIDC_CLIENT_ID: 'atrium' })).toEqual([
      'OIDC_CLIENT_ID: has no effect without OIDC_ISSUER',
      'PASSWORD_SIGNIN: "admins" needs company sign-in (OIDC_ISSUER), or nobody else could sign in',
    ]);
    const production = { NODE_ENV: 'production', SIGNING_KEYS: 'k1:0123456789abcdef0123', SECRET_KEY: secretKey, OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' };
    expect(problems({ ...production, OIDC_ISSUER: 'http://idp.example', PUBLIC_URL: 'http://admin.example.com' })).toEqual([
      'OIDC_ISSUER: must be https when NODE_ENV=production',
      'PUBLIC_URL: must be https when NODE_ENV=production',
    ]);
    expect(problems({ PUBLIC_URL: 'https://admin.example.com/console' })).toEqual(['PUBLIC_URL: must be an http(s) origin such as https://admin.example.com']);
  });

  it('refuses SIGNATURE_MODE=off in production and an idle time longer than the lifetime', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), NODE_ENV: 'production', SIGNATURE_MODE: 'off', SIGNING_KEYS: 'k:0123456789abcdef0' })).toThrow(/SIGNATURE_MODE/);
    expect(() => loadConfig({ DATA_DIR: tmp(), SESSION_IDLE_SECONDS: '9000', SESSION_ABSOLUTE_SECONDS: '8000' })).toThrow(/SESSION_IDLE_SECONDS/);
  });
});
