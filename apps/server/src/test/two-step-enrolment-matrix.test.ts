import { beforeAll, describe, expect, it } from 'vitest';
import { allCalls, permissions } from '@atrium/contracts';
import { roles, users } from '../db/schema/auth.ts';
import { hashPassword } from '../security/passwords.ts';
import { sampleUrl } from './call-samples.ts';
import { snapshotDatabase } from './db-snapshot.ts';
import { suiteApp } from './suite-app.ts';

/**
 * Generated from the call table: a session whose role requires two-step verification, on an account that
 * has not turned it on, is refused every signed call with 403 MFA_ENROLMENT_REQUIRED and nothing written,
 * except the calls of the enrolment itself and the few an account in that state needs (identity.md §2,
 * "Required by role"). The same account in a role without the requirement (a signed API client, say) is
 * refused none of them that way.
 */
const OPEN = ['user.info', 'user.logout', 'user.change-password', 'user.two-step.status', 'user.two-step.setup', 'user.two-step.enable'];
const signedCalls = allCalls.filter((c) => c.access === 'signed');
const PASSWORD = 'Enrol-2026';

describe('two-step enrolment required by role, over the whole call table', () => {
  const tokens = { strict: '', relaxed: '' };

  const t = suiteApp();
  beforeAll(async () => {
    const passwordHash = await hashPassword(PASSWORD);
    await t.db.insert(roles).values([
      { code: 'strict-all', name: 'Strict', permissions: [...permissions], requireMfa: true },
      { code: 'relaxed-all', name: 'Relaxed', permissions: [...permissions] },
    ]);
    for (const [kind, n] of [['strict', 1], ['relaxed', 2]] as const) {
      const username = `enrol_${kind}`;
      await t.db.insert(users).values({ username, passwordHash, roles: [`${kind}-all`], accountId: String(31000 + n), name: username });
      const res = await t.request({ method: 'POST', url: '/api/user/login', body: { username, password: PASSWORD } });
      expect(res.status, res.text).toBe(200);
      tokens[kind] = res.body.data.token;
    }
  });

  it('knows every open call by its id', () => {
    const ids = new Set(signedCalls.map((c) => c.id));
    expect(OPEN.filter((id) => !ids.has(id))).toEqual([]);
    expect(signedCalls.length).toBeGreaterThan(40);
  });

  it('refuses every other signed call with MFA_ENROLMENT_REQUIRED and writes nothing', async () => {
    const before = await snapshotDatabase(t.db);
    for (const call of signedCalls.filter((c) => !OPEN.includes(c.id))) {
      const res = await t.request({ method: call.method, url: sampleUrl(call), token: tokens.strict, body: call.method !== 'GET' ? {} : undefined });
      expect([call.id, res.status, res.body?.data?.error]).toEqual([call.id, 403, 'MFA_ENROLMENT_REQUIRED']);
    }
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it('lets the open calls through (sign-out last: it ends the session)', async () => {
    for (const id of [...OPEN.filter((c) => c !== 'user.logout'), 'user.logout']) {
      const call = signedCalls.find((c) => c.id === id)!;
      const res = await t.request({ method: call.method, url: sampleUrl(call), token: tokens.strict, body: call.method !== 'GET' ? {} : undefined });
      expect([id, res.body?.data?.error === 'MFA_ENROLMENT_REQUIRED', res.status === 401]).toEqual([id, false, false]);
    }
  });

  it('refuses nothing that way to a role without the requirement', async () => {
    for (const call of signedCalls.filter((c) => c.id !== 'user.logout')) {
      const res = await t.request({ method: call.method, url: sampleUrl(call), token: tokens.relaxed, body: call.method !== 'GET' ? {} : undefined });
      expect([call.id, res.body?.data?.error === 'MFA_ENROLMENT_REQUIRED', res.status === 401]).toEqual([call.id, false, false]);
    }
  });
});
