import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.ts';
import { insertAccount } from './account.repository.ts';
import { insertRole } from './role.repository.ts';
import { uniqueConflict } from './rules.ts';
import { createAccount, createRole, errorOf, session, systemApp } from '../../test/system-kit.ts';

// Checks made before a write can be overtaken by a concurrent request: the unique indexes and the
// administrators' lock decide, and the loser gets the same answer as a check would have given (never a 5xx).
describe('concurrent writes', () => {
  const app = systemApp();

  const keyOf = (err: unknown) => {
    const mapped = uniqueConflict(err);
    expect(mapped).toBeInstanceOf(AppError);
    const e = mapped as AppError;
    return e.key === 'VALIDATION_FAILED' ? `${e.key}:${(e.details as { path: string }[])[0]!.path}` : e.key;
  };

  it('maps each unique index violation to the answer of its check', async () => {
    const account = { accountId: 'race-1', username: 'fresh', name: 'x', email: null as string | null, phone: null as string | null, roles: ['user'], passwordHash: 'x', mustChangePassword: false };
    const attempts: Array<[Partial<typeof account>, string]> = [
      [{ username: 'admin' }, 'USERNAME_TAKEN'],
      [{ phone: '13800000000' }, 'PHONE_TAKEN'],
      [{ email: 'admin@example.com' }, 'VALIDATION_FAILED:email'],
      [{ accountId: '10001' }, 'CONFLICT'],
    ];
    for (const [values, key] of attempts) {
      const err = await insertAccount(app.t.db, { ...account, ...values }, new Date()).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err, key).toBeDefined();
      expect(keyOf(err)).toBe(key);
    }
    const role = await insertRole(app.t.db, { code: 'admin', name: 'x', description: '', permissions: [], requireMfa: false }, new Date()).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(keyOf(role)).toBe('ROLE_CODE_TAKEN');
    const other = new Error('boom');
    expect(uniqueConflict(other)).toBe(other);
  });

  it('creates one account and one role of a name when several ask at once; the others get 409', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, (_, i) => app.admin.call('POST', '/api/system/users', { username: 'twin', name: `Twin ${i}`, roles: ['user'], phone: '13600000100' })));
    expect(users.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    for (const r of users.filter((r) => r.status !== 200)) expect(['USERNAME_TAKEN', 'PHONE_TAKEN']).toContain(errorOf(r));
    const numbers = await Promise.all(Array.from({ length: 3 }, (_, i) => app.admin.call('POST', '/api/system/users', { username: `triplet${i}`, name: 'Triplet', roles: ['user'] })));
    expect(numbers.map((r) => r.status)).toEqual([200, 200, 200]);

    const roles = await Promise.all(Array.from({ length: 4 }, () => app.admin.call('POST', '/api/system/roles', { code: 'twin-role', name: 'Twin', permissions: [] })));
    expect(roles.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    for (const r of roles.filter((r) => r.status !== 200)) expect(errorOf(r)).toBe('ROLE_CODE_TAKEN');
  });

  it('never leaves no full administrator when two are disabled at once', async () => {
    const { id: secondId } = await createAccount(app.admin, { username: 'second', name: 'Second', roles: ['admin'], password: 'second123' });
    const adminId = (await app.admin.call('GET', '/api/system/users?keyword=admin')).body.data.list.find((a: { username: string }) => a.username === 'admin').id;
    await createRole(app.admin, 'helpdesk', ['user:read', 'user:write', 'session:read', 'audit:read']);
    await createAccount(app.admin, { username: 'helper', name: 'Helper', roles: ['helpdesk'], password: 'helper123' });
    const helper = await session(app.t, 'helper', 'helper123');
    const results = await Promise.all([adminId, secondId].map((id) => helper.call('POST', `/api/system/users/${id}/disable`)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(errorOf(results.find((r) => r.status === 409)!)).toBe('LAST_ADMIN');
  });
});
