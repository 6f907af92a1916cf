import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_PATTERN } from '@atrium/contracts';
import { audited, createAccount, createRole, errorOf, session, signIn, systemApp } from '../../test/system-kit.ts';

describe('accounts', () => {
  const app = systemApp();

  it('creates an account with a password: kept as typed, it signs in at once in any case, no password change asked', async () => {
    const { res, entry } = await audited(app.t, { action: 'system.user.create', targetType: 'user' }, () =>
      app.admin.call('POST', '/api/system/users', { username: 'Alice.W', name: 'Alice', email: 'alice@example.com', phone: '13600000001', roles: ['user'], password: 'alice123' }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data.initialPassword).toBeUndefined();
    const user = res.body.data.user;
    expect(user).toMatchObject({ username: 'Alice.W', name: 'Alice', email: 'alice@example.com', phone: '13600000001', roles: ['user'], status: 'active', mustChangePassword: false, lockedUntil: null, lastLoginAt: null });
    expect(Number.isNaN(Date.parse(user.createdAt))).toBe(false);
    expect(entry!.target_id).toBe(String(user.id));
    expect(JSON.stringify(entry)).not.toContain('alice123');
    const alice = await session(app.t, 'ALICE.w', 'alice123');
    expect(alice.mustChangePassword).toBe(false);
    expect((await alice.call('GET', '/api/user/menu')).status).toBe(200);
  });

  it('creates an account without a password: a one-time password, answered once, good for one sign-in until changed', async () => {
    const { res, entry } = await audited(app.t, { action: 'system.user.create', targetType: 'user' }, () =>
      app.admin.call('POST', '/api/system/users', { username: 'bob', name: 'Bob', roles: ['user'] }),
    );
    expect(res.status).toBe(200);
    const otp = res.body.data.initialPassword as string;
    expect(otp.length).toBeGreaterThanOrEqual(12);
    expect(otp).toMatch(/^[A-Za-z0-9]+$/);
    expect(otp).toMatch(PASSWORD_PATTERN);
    expect(res.body.data.user.mustChangePassword).toBe(true);
    expect(JSON.stringify(entry)).not.toContain(otp);
    // Never answered again.
    expect((await app.admin.call('GET', `/api/system/users/${res.body.data.user.id}`)).text).not.toContain(otp);

    const bob = await session(app.t, 'bob', otp);
    expect(bob.mustChangePassword).toBe(true);
    const menu = await bob.call('GET', '/api/user/menu');
    expect([menu.status, errorOf(menu)]).toEqual([403, 'PASSWORD_CHANGE_REQUIRED']);
    expect((await bob.call('POST', '/api/user/info')).status).toBe(200);
    expect((await bob.call('POST', '/api/user/change-password', { oldPassword: otp, newPassword: 'bobsNew123' })).status).toBe(200);
    expect((await bob.call('GET', '/api/user/menu')).status).toBe(200);
    // The one-time password is gone with the change.
    expect((await signIn(app.t, 'bob', otp)).status).toBe(400);
    expect((await session(app.t, 'bob', 'bobsNew123')).mustChangePassword).toBe(false);
  });

  it('refuses taken usernames (any case), phones and e-mails, and unknown roles, writing nothing', async () => {
    const before = await app.t.count('users');
    const cases: Array<[Record<string, unknown>, number, string, string?]> = [
      [{ username: 'ADMIN', name: 'x', roles: ['user'] }, 409, 'USERNAME_TAKEN'],
      [{ username: 'newbie', name: 'x', roles: ['user'], phone: '13800000000' }, 409, 'PHONE_TAKEN'],
      [{ username: 'newbie', name: 'x', roles: ['user'], email: 'ADMIN@example.com' }, 400, 'VALIDATION_FAILED', 'email'],
      [{ username: 'newbie', name: 'x', roles: ['user', 'no-such-role'] }, 400, 'VALIDATION_FAILED', 'roles'],
      [{ username: 'newbie', name: 'x', roles: [] }, 400, 'VALIDATION_FAILED', 'roles'],
      [{ username: 'no', name: 'x', roles: ['user'] }, 400, 'VALIDATION_FAILED', 'username'],
      [{ username: 'newbie', name: 'x', roles: ['user'], password: '123456' }, 400, 'VALIDATION_FAILED', 'password'],
      [{ username: 'newbie', name: 'x', roles: ['user'], email: 'not-mail' }, 400, 'VALIDATION_FAILED', 'email'],
    ];
    for (const [body, status, key, path] of cases) {
      const { res } = await audited(app.t, { action: 'system.user.create', targetType: 'user' }, () => app.admin.call('POST', '/api/system/users', body));
      expect([res.status, errorOf(res)], JSON.stringify(body)).toEqual([status, key]);
      if (path) expect(res.body.data.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    expect(await app.t.count('users')).toBe(before);
    const email = await app.admin.call('POST', '/api/system/users', { username: 'newbie', name: 'x', roles: ['user'], email: 'admin@example.com' }, { locale: 'en-US' });
    expect(email.body.data.details[0].message).toBe('This email is already used by another account');
  });

  it('lists accounts by keyword (username, name, phone, e-mail), role and status, paged', async () => {
    await createAccount(app.admin, { username: 'carol', name: 'Carol Keyword', email: 'carol@corp.test', phone: '13600000003', roles: ['user'], password: 'carol123' });
    const { id: dave } = await createAccount(app.admin, { username: 'dave', name: 'Dave', email: 'dave@corp.test', roles: ['user'], password: 'dave1234' });
    const list = async (q: string) => (await app.admin.call('GET', `/api/system/users?${q}`)).body.data as { list: { username: string }[]; total: number };
    const names = async (q: string) => (await list(q)).list.map((a) => a.username).sort();
    expect(await names('keyword=KEYWORD')).toEqual(['carol']);
    expect(await names('keyword=0000003')).toEqual(['carol']);
    expect(await names('keyword=corp.test')).toEqual(['carol', 'dave']);
    expect(await names('keyword=%25')).toEqual([]);
    expect(await names('keyword=adm')).toEqual(['admin']);
    expect(await names('role=admin')).toEqual(['admin']);
    expect((await app.admin.call('POST', `/api/system/users/${dave}/disable`)).status).toBe(200);
    expect(await names('status=disabled')).toEqual(['dave']);
    expect(await names('status=active&keyword=corp')).toEqual(['carol']);
    const all = await list('pageSize=2');
    expect(all.list).toHaveLength(2);
    expect(all.total).toBe(await app.t.count('users'));
    const page2 = await list('pageSize=2&current=2');
    expect(page2.list.map((a) => a.username)).not.toContain(all.list[0]!.username);
    expect((await app.admin.call('GET', '/api/system/users?status=gone')).status).toBe(400);
    expect((await app.admin.call('GET', '/api/system/users/999999')).status).toBe(404);
  });

  it('updates name, e-mail, phone and roles; the entry has before and after', async () => {
    const { id } = await createAccount(app.admin, { username: 'erin', name: 'Erin', roles: ['user'], password: 'erin1234', phone: '13600000005' });
    const { res, entry } = await audited(app.t, { action: 'system.user.update', targetType: 'user', targetId: id }, () =>
      app.admin.call('PUT', `/api/system/users/${id}`, { name: 'Erin B', email: 'erin@example.com', phone: '', roles: ['user', 'admin'] }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, name: 'Erin B', email: 'erin@example.com', phone: null, roles: ['user', 'admin'] });
    expect(entry!.changes).toEqual([
      { field: 'name', before: 'Erin', after: 'Erin B' },
      { field: 'email', before: null, after: 'erin@example.com' },
      { field: 'phone', before: '13600000005', after: null },
      { field: 'roles', before: ['user'], after: ['user', 'admin'] },
    ]);
    const taken = await app.admin.call('PUT', `/api/system/users/${id}`, { phone: '13900000000' });
    expect([taken.status, errorOf(taken)]).toEqual([409, 'PHONE_TAKEN']);
    const mail = await app.admin.call('PUT', `/api/system/users/${id}`, { email: 'User@Example.com' });
    expect([mail.status, errorOf(mail)]).toEqual([400, 'VALIDATION_FAILED']);
    // Its own values again are no conflict.
    expect((await app.admin.call('PUT', `/api/system/users/${id}`, { email: 'erin@example.com' })).status).toBe(200);
    expect((await app.admin.call('PUT', '/api/system/users/999999', { name: 'x' })).status).toBe(404);
  });

  it('disables an account: its open session gets 401 at once, sign-in answers 403 ACCOUNT_DISABLED; enable undoes it', async () => {
    const { id } = await createAccount(app.admin, { username: 'frank', name: 'Frank', roles: ['user'], password: 'frank123' });
    const a = await session(app.t, 'frank', 'frank123', 'fp-frank-a');
    const b = await session(app.t, 'frank', 'frank123', 'fp-frank-b');
    expect((await a.call('GET', '/api/user/menu')).status).toBe(200);
    const { res, entry } = await audited(app.t, { action: 'system.user.disable', targetType: 'user', targetId: id }, () => app.admin.call('POST', `/api/system/users/${id}/disable`));
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('disabled');
    expect(entry!.summary).toBe('revoked 2 sessions');
    expect(entry!.changes).toEqual([{ field: 'status', before: 'active', after: 'disabled' }]);
    for (const s of [a, b]) expect((await s.call('GET', '/api/user/menu')).status).toBe(401);
    const refused = await signIn(app.t, 'frank', 'frank123');
    expect([refused.status, errorOf(refused)]).toEqual([403, 'ACCOUNT_DISABLED']);

    const { res: enabled } = await audited(app.t, { action: 'system.user.enable', targetType: 'user', targetId: id }, () => app.admin.call('POST', `/api/system/users/${id}/enable`));
    expect(enabled.body.data.status).toBe('active');
    expect((await signIn(app.t, 'frank', 'frank123')).status).toBe(200);
  });

  it('resets a password: a new one-time password, every session ended, the old password gone', async () => {
    const { id } = await createAccount(app.admin, { username: 'grace', name: 'Grace', roles: ['user'], password: 'grace123' });
    const g = await session(app.t, 'grace', 'grace123');
    const { res, entry } = await audited(app.t, { action: 'system.user.reset-password', targetType: 'user', targetId: id }, () => app.admin.call('POST', `/api/system/users/${id}/reset-password`));
    expect(res.status).toBe(200);
    const otp = res.body.data.initialPassword as string;
    expect(otp).toMatch(PASSWORD_PATTERN);
    expect(JSON.stringify(entry)).not.toContain(otp);
    expect(entry!.summary).toContain('revoked 1 session');
    expect((await g.call('GET', '/api/user/menu')).status).toBe(401);
    expect((await signIn(app.t, 'grace', 'grace123')).status).toBe(400);
    const again = await session(app.t, 'grace', otp);
    expect(again.mustChangePassword).toBe(true);
    expect((await app.admin.call('GET', `/api/system/users/${id}`)).body.data.mustChangePassword).toBe(true);
  });

  it('applies the grant rule to assigned roles (403 FORBIDDEN), and only to roles added', async () => {
    await createRole(app.admin, 'account-keeper', ['user:read', 'user:write', 'session:read']);
    await createAccount(app.admin, { username: 'keeper', name: 'Keeper', roles: ['account-keeper'], password: 'keeper123' });
    const keeper = await session(app.t, 'keeper', 'keeper123');
    // `watchers` carries audit:read, which the keeper's role lacks.
    await createRole(app.admin, 'watchers', ['audit:read']);
    const res = await keeper.call('POST', '/api/system/users', { username: 'minion', name: 'Minion', roles: ['watchers'] });
    expect([res.status, errorOf(res)]).toEqual([403, 'FORBIDDEN']);
    await createRole(app.admin, 'sessions', ['session:read']);
    const ok = await keeper.call('POST', '/api/system/users', { username: 'minion', name: 'Minion', roles: ['sessions'] });
    expect(ok.status).toBe(200);
    const id = ok.body.data.user.id;
    expect((await keeper.call('PUT', `/api/system/users/${id}`, { roles: ['sessions', 'admin'] })).status).toBe(403);
    // An account holding a role beyond the caller's may still be renamed, or lose that role.
    const { id: wide } = await createAccount(app.admin, { username: 'wide', name: 'Wide', roles: ['sessions', 'watchers'], password: 'wide1234' });
    expect((await keeper.call('PUT', `/api/system/users/${wide}`, { name: 'Wider', roles: ['watchers', 'sessions'] })).status).toBe(200);
    expect((await keeper.call('PUT', `/api/system/users/${wide}`, { roles: ['sessions'] })).status).toBe(200);
  });
});

describe('accounts: SELF_LOCKOUT and LAST_ADMIN', () => {
  const app = systemApp();
  let adminId: number;
  beforeAll(async () => {
    adminId = (await app.admin.call('GET', '/api/system/users?keyword=admin')).body.data.list.find((a: { username: string }) => a.username === 'admin').id;
  });

  it('refuses to disable oneself or to remove one own user:write (SELF_LOCKOUT before LAST_ADMIN)', async () => {
    // admin is the only full administrator here, so LAST_ADMIN applies too: SELF_LOCKOUT is answered.
    const self = await audited(app.t, { action: 'system.user.disable', targetType: 'user' }, () => app.admin.call('POST', `/api/system/users/${adminId}/disable`));
    expect([self.res.status, errorOf(self.res)]).toEqual([409, 'SELF_LOCKOUT']);
    const roles = await app.admin.call('PUT', `/api/system/users/${adminId}`, { roles: ['user'] });
    expect([roles.status, errorOf(roles)]).toEqual([409, 'SELF_LOCKOUT']);
    // Keeping the acting role (admin) is fine.
    expect((await app.admin.call('PUT', `/api/system/users/${adminId}`, { roles: ['admin'] })).status).toBe(200);
    expect((await app.admin.call('PUT', `/api/system/users/${adminId}`, { roles: ['admin', 'user'] })).status).toBe(200);
  });

  it('keeps one active full administrator: disabling it or taking its role away is 409 LAST_ADMIN', async () => {
    await createRole(app.admin, 'helpdesk', ['user:read', 'user:write', 'session:read', 'audit:read']);
    await createAccount(app.admin, { username: 'helper', name: 'Helper', roles: ['helpdesk'], password: 'helper123' });
    const helper = await session(app.t, 'helper', 'helper123');
    const disable = await audited(app.t, { action: 'system.user.disable', targetType: 'user' }, () => helper.call('POST', `/api/system/users/${adminId}/disable`));
    expect([disable.res.status, errorOf(disable.res)]).toEqual([409, 'LAST_ADMIN']);
    const demote = await helper.call('PUT', `/api/system/users/${adminId}`, { roles: ['user'] });
    expect([demote.status, errorOf(demote)]).toEqual([409, 'LAST_ADMIN']);
    // Nothing changed: the admin's session still works.
    expect((await app.admin.call('GET', '/api/system/users')).status).toBe(200);

    // A second full administrator lifts the rule.
    await createAccount(app.admin, { username: 'second', name: 'Second', roles: ['admin'], password: 'second123' });
    expect((await helper.call('POST', `/api/system/users/${adminId}/disable`)).status).toBe(200);
    expect((await app.admin.call('GET', '/api/system/users')).status).toBe(401);
  });
});

describe('accounts: unlocking a failed-sign-in lock', () => {
  const app = systemApp({ config: { captcha: 'off' } });

  it('reports lockedUntil while the lock holds, and unlock clears it and the failure counters', async () => {
    const userId = (await app.admin.call('GET', '/api/system/users?keyword=user')).body.data.list.find((a: { username: string }) => a.username === 'user').id;
    for (let i = 0; i < 10; i++) expect((await signIn(app.t, 'user', 'wrong-password', 'fp-attacker')).status).toBe(400);
    const locked = await signIn(app.t, 'user', 'user123', 'fp-attacker');
    expect([locked.status, errorOf(locked)]).toEqual([429, 'ACCOUNT_LOCKED']);
    const record = (await app.admin.call('GET', `/api/system/users/${userId}`)).body.data;
    expect(record.lockedUntil).not.toBeNull();
    expect(Date.parse(record.lockedUntil)).toBeGreaterThan(Date.now());
    expect((await app.admin.call('GET', '/api/system/users?keyword=user')).body.data.list.find((a: { id: number }) => a.id === userId).lockedUntil).toBe(record.lockedUntil);

    const { res, entry } = await audited(app.t, { action: 'system.user.unlock', targetType: 'user', targetId: userId }, () => app.admin.call('POST', `/api/system/users/${userId}/unlock`));
    expect(res.status).toBe(200);
    expect(res.body.data.lockedUntil).toBeNull();
    expect(entry!.changes).toEqual([{ field: 'lockedUntil', before: record.lockedUntil, after: null }]);
    expect((await app.admin.call('GET', `/api/system/users/${userId}`)).body.data.lockedUntil).toBeNull();
    const counted = (await app.t.db.execute(`select count(*)::int as n from login_attempts where username = 'user'`)) as unknown as { rows: { n: number }[] };
    expect(counted.rows[0]!.n).toBe(0);
    expect((await signIn(app.t, 'user', 'user123', 'fp-attacker')).status).toBe(200);
  });
});
