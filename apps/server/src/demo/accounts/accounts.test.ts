import { describe, expect, it } from 'vitest';
import { permissions } from '@atrium/contracts';
import { suiteApp } from '../../test/suite-app.ts';
import { auditorAccount } from './index.ts';

/** The demo's accounts: the `auditor` role its contracts bring, and the account the slice seeds with it. */
describe('the demo’s auditor', () => {
  const t = suiteApp({ signIn: ['admin'] });
  const auditorRole = async (locale: 'zh-CN' | 'en-US' = 'zh-CN') => {
    const roles = await t.request({ url: '/api/system/roles?pageSize=50', token: t.tokens.admin, locale });
    return roles.body.data.list.find((r: { code: string }) => r.code === 'auditor');
  };

  it('signs in with its known password and holds the workplace, the search table’s reading and the audit log', async () => {
    const login = await t.request({ method: 'POST', url: '/api/user/login', body: { username: auditorAccount.username, password: auditorAccount.password } });
    expect(login.status, login.text).toBe(200);
    const info = await t.request({ method: 'POST', url: '/api/user/info', token: login.body.data.token, locale: 'en-US' });
    expect(info.body.data).toMatchObject({ username: 'auditor', name: 'Demo Auditor', role: 'auditor', roles: ['auditor'] });
    const expected = ['workplace:view', 'collection:read', 'audit:read'];
    expect([...info.body.data.permissions].sort()).toEqual(permissions.filter((p) => expected.includes(p)).sort());
    expect((await t.request({ url: '/api/system/audit', token: login.body.data.token })).status).toBe(200);
    expect((await t.request({ url: '/api/system/users', token: login.body.data.token })).status).toBe(403);
  });

  it('is a custom role, named in the reader’s language until an administrator renames it', async () => {
    const zh = await auditorRole();
    expect(zh).toMatchObject({ name: '审计员', description: '查看审计日志与业务页面', builtIn: false, userCount: 1 });
    expect(await auditorRole('en-US')).toMatchObject({ name: 'Auditor', description: 'Views the audit log and the product pages' });
    const renamed = await t.request({ method: 'PUT', url: `/api/system/roles/${zh.id}`, token: t.tokens.admin, body: { name: '合规审计', description: '合规团队' }, locale: 'en-US' });
    expect([renamed.status, renamed.body.data.name, renamed.body.data.description]).toEqual([200, '合规审计', '合规团队']);
    expect(await auditorRole('en-US')).toMatchObject({ name: '合规审计', description: '合规团队' });
  });
});
