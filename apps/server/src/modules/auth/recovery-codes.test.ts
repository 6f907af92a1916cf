import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Secret } from 'otpauth';
import { signHeaders } from '@atrium/contracts';
import { buildApp } from '../../app.ts';
import { rowsOf } from '../../db/client.ts';
import { totpCode } from '../../security/totp.ts';
import { createTestApp, TEST_CREDENTIAL, TEST_FINGERPRINT, type TestApp } from '../../test/harness.ts';

/** The hash recovery codes were stored as before they were keyed: SHA-256 of the account and the code. */
const unkeyed = (userId: number, code: string) => createHash('sha256').update(`mfa-recovery:${userId}\u0000${code.replace('-', '')}`).digest('hex');

/** Recovery codes at rest: what a copy of the database alone tells, and codes stored before they were keyed. */
describe('recovery codes at rest', () => {
  let t: TestApp;
  const now = new Date('2026-11-27T08:00:10Z');
  let userId: number;
  let recoveryCodes: string[];

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now, config: { captcha: 'off' } });
    const token = await t.login('user');
    const setup = await t.request({ method: 'POST', url: '/api/user/two-step/setup', token });
    const secret = Secret.fromBase32(setup.body.data.secret as string).bytes;
    const enabled = await t.request({ method: 'POST', url: '/api/user/two-step/enable', token, body: { code: totpCode(secret, now) } });
    expect(enabled.status, enabled.text).toBe(200);
    recoveryCodes = enabled.body.data.recoveryCodes;
    userId = rowsOf<{ id: number }>(await t.db.execute(sql`select id from users where username = 'user'`))[0]!.id;
  });
  afterAll(() => t?.close());

  const stored = async () => rowsOf<{ recovery_hashes: string[] }>(await t.db.execute(sql`select recovery_hashes from user_mfa where user_id = ${userId}`))[0]!.recovery_hashes;
  const errorOf = (res: { body: { data: { error?: string } } }) => res.body.data.error;
  /** A signed call on another server (same database, maybe another configuration). */
  const on = async (app: FastifyInstance, url: string, body: unknown) => {
    const payload = JSON.stringify(body);
    const headers = await signHeaders(TEST_CREDENTIAL, { method: 'POST', path: url, query: '', headers: { 'X-Fingerprint': TEST_FINGERPRINT, 'Content-Type': 'application/json' }, body: payload, now });
    const res = await app.inject({ method: 'POST', url, headers, payload });
    return { status: res.statusCode, text: res.body, body: res.json() as { data: { error?: string; token?: string; mfaTicket?: string } } };
  };
  const withRecoveryCode = async (app: FastifyInstance, recoveryCode: string) => {
    const first = await on(app, '/api/user/login', { username: 'user', password: 'user123' });
    expect(first.body.data.mfaTicket, first.text).toBeDefined();
    return on(app, '/api/user/login/two-step', { mfaTicket: first.body.data.mfaTicket, recoveryCode });
  };

  it('stores nothing a copy of the database alone can check a guess against', async () => {
    const hashes = await stored();
    expect(hashes).toHaveLength(10);
    // The attacker's best case: the right code, hashed as it was, and as plain SHA-256.
    for (const code of recoveryCodes) {
      expect(hashes).not.toContain(unkeyed(userId, code));
      expect(hashes).not.toContain(createHash('sha256').update(code.replace('-', '')).digest('hex'));
    }
    // Only SECRET_KEY makes a code match: a server with another key, on the same database, refuses it,
    // and the one with the right key takes it.
    const otherKey = await buildApp({ ...t.config, secretKey: Buffer.alloc(32, 8) }, { db: t.db, clock: () => now, logger: false });
    try {
      await otherKey.ready();
      expect(errorOf(await withRecoveryCode(otherKey, recoveryCodes[0]!))).toBe('MFA_CODE_INVALID');
    } finally {
      await otherKey.close();
    }
    expect((await withRecoveryCode(t.app, recoveryCodes[0]!)).status).toBe(200);
  });

  it('of two sign-ins with one code at once, on two servers, one wins', async () => {
    const code = recoveryCodes[1]!;
    const second = await buildApp(t.config, { db: t.db, clock: () => now, logger: false });
    try {
      await second.ready();
      const answers = await Promise.all([t.app, second].map((app) => withRecoveryCode(app, code)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
      expect(answers.map(errorOf).filter(Boolean)).toEqual(['MFA_CODE_INVALID']);
      expect(await stored()).toHaveLength(8);
    } finally {
      await second.close();
    }
  });

  it('keys the codes stored before at the next start; they still work, once', async () => {
    const old = 'abcde-fghjk';
    await t.db.execute(sql`update user_mfa set recovery_hashes = array[${unkeyed(userId, old)}]::text[] where user_id = ${userId}`);
    const restarted = await buildApp(t.config, { db: t.db, clock: () => now, logger: false });
    try {
      await restarted.ready();
      const hashes = await stored();
      expect(hashes).toHaveLength(1);
      expect(hashes[0]).not.toBe(unkeyed(userId, old));
      const signedIn = await withRecoveryCode(restarted, old.toUpperCase());
      expect(signedIn.status, signedIn.text).toBe(200);
      expect(errorOf(await withRecoveryCode(restarted, old))).toBe('MFA_CODE_INVALID');
      expect(await stored()).toEqual([]);
    } finally {
      await restarted.close();
    }
  });

  it('takes an unkeyed code written by a server of the earlier version meanwhile, once', async () => {
    const old = 'pqrst-uvwxy';
    await t.db.execute(sql`update user_mfa set recovery_hashes = array[${unkeyed(userId, old)}]::text[] where user_id = ${userId}`);
    expect((await withRecoveryCode(t.app, old)).status).toBe(200);
    expect(errorOf(await withRecoveryCode(t.app, old))).toBe('MFA_CODE_INVALID');
  });
});
