import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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

  it('refuses SIGNATURE_MODE=off in production and an idle time longer than the lifetime', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), NODE_ENV: 'production', SIGNATURE_MODE: 'off', SIGNING_KEYS: 'k:0123456789abcdef0' })).toThrow(/SIGNATURE_MODE/);
    expect(() => loadConfig({ DATA_DIR: tmp(), SESSION_IDLE_SECONDS: '9000', SESSION_ABSOLUTE_SECONDS: '8000' })).toThrow(/SESSION_IDLE_SECONDS/);
  });
});
