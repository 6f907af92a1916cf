import { beforeAll, describe, expect, it } from 'vitest';
import { allCalls, builtInRoles } from '@atrium/contracts';
import { suiteApp } from './suite-app.ts';
import { sampleUrl } from './call-samples.ts';
import { snapshotDatabase } from './db-snapshot.ts';

/**
 * Generated from the contracts' call table: every non-public call refuses a caller without a session
 * (401 AUTH_REQUIRED), every call needing a permission the built-in user role lacks (the admin calls)
 * refuses that role (403 FORBIDDEN), and no refused call changes a single row.
 */
const signedCalls = allCalls.filter((c) => c.access !== 'public');
const userPermissions: readonly string[] = builtInRoles.user.permissions;
const adminCalls = allCalls.filter((c) => c.permission !== undefined && !userPermissions.includes(c.permission));

describe('role matrix from the contracts', () => {
  const t = suiteApp({ signIn: ['user', 'admin'] });
  // an admin who switched to the user role is refused the same way: the session's role decides
  beforeAll(async () => {
    await t.request({ method: 'POST', url: '/api/user/switch-role', token: t.tokens.admin, body: { role: 'user' } });
  });

  it('has calls of each kind to check', () => {
    expect(signedCalls.length).toBeGreaterThan(10);
    expect(adminCalls.length).toBeGreaterThan(5);
  });

  it('answers 401 AUTH_REQUIRED to every non-public call without a session, writing nothing', async () => {
    const before = await snapshotDatabase(t.db);
    expect(Object.keys(before)).toEqual(expect.arrayContaining(['users', 'sessions', 'user_preferences', 'messages']));
    for (const call of signedCalls) {
      const res = await t.request({ method: call.method, url: sampleUrl(call), body: call.body || call.method !== 'GET' ? {} : undefined });
      expect({ call: `${call.method} ${call.path}`, status: res.status, error: res.body?.data?.error }).toEqual({
        call: `${call.method} ${call.path}`,
        status: 401,
        error: 'AUTH_REQUIRED',
      });
    }
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it('answers 401 SESSION_EXPIRED to every non-public call with a revoked token', async () => {
    const token = await t.login('admin');
    await t.request({ method: 'POST', url: '/api/user/logout', token });
    for (const call of signedCalls) {
      const res = await t.request({ method: call.method, url: sampleUrl(call), token, body: call.method !== 'GET' ? {} : undefined });
      expect([`${call.method} ${call.path}`, res.status, res.body?.data?.error]).toEqual([`${call.method} ${call.path}`, 401, 'SESSION_EXPIRED']);
    }
  });

  it('answers 403 FORBIDDEN to every admin call for the user role (and an admin viewing as user), writing nothing', async () => {
    const before = await snapshotDatabase(t.db);
    for (const token of [t.tokens.user, t.tokens.admin /* switched to the user role */]) {
      for (const call of adminCalls) {
        const res = await t.request({ method: call.method, url: sampleUrl(call), token, body: call.method !== 'GET' ? {} : undefined });
        expect([`${call.method} ${call.path}`, res.status, res.body?.data?.error]).toEqual([`${call.method} ${call.path}`, 403, 'FORBIDDEN']);
      }
    }
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it('lets an admin through the role check of every admin call', async () => {
    const adminToken = await t.login('admin');
    for (const call of adminCalls.filter((c) => c.method === 'GET')) {
      const res = await t.request({ method: call.method, url: sampleUrl(call), token: adminToken });
      expect([`${call.method} ${call.path}`, [401, 403].includes(res.status)]).toEqual([`${call.method} ${call.path}`, false]);
    }
  });

  it('serves every call of the contract (no call without a route)', () => {
    const missing = allCalls.filter((c) => !t.app.hasRoute({ method: c.method, url: c.path })).map((c) => `${c.method} ${c.path}`);
    expect(missing).toEqual([]);
  });
});
