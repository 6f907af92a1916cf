import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/auth.ts';
import { suiteApp } from '../../test/suite-app.ts';
import { hashPassword } from '../../security/passwords.ts';

const valid = {
  activityName: '春季推广2026',
  channelType: 'app',
  promotionTime: ['2026-12-01', '2026-12-31'],
  promoteLink: 'https://example.com/download?from=atrium',
  advertisingSource: 'sohu',
  advertisingMedia: 'cpc',
  keyword: ['toutiao', '新关键词'],
  pushNotify: true,
  advertisingContent: '春季新品推广',
};

describe('channel form: submit with the step-form schema, progress by id and latest', () => {
  const t = suiteApp({ signIn: ['admin', 'user'] });

  it('has no channel yet: latest is 200 with null, not an error', async () => {
    const res = await t.request({ url: '/api/channel-form/latest', token: t.tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    expect(res.body.data).toBeNull();
  });

  it('stores a valid channel and shows its progress at stage 1', async () => {
    const res = await t.request({ method: 'POST', url: '/api/channel-form/submit', token: t.tokens.admin, body: { data: valid } });
    expect(res.status).toBe(200);
    const id = res.body.data.id as number;
    const progress = await t.request({ url: `/api/channel-form/${id}`, token: t.tokens.admin });
    expect(progress.status).toBe(200);
    expect(progress.body.data).toEqual({ id, activityName: '春季推广2026', createdAt: expect.any(String), stage: 1, stages: [{ key: 'submitApplication', time: progress.body.data.createdAt }] });
    const second = await t.request({ method: 'POST', url: '/api/channel-form/submit', token: t.tokens.admin, body: { data: { ...valid, activityName: 'Second', pushNotify: undefined } } });
    const latest = await t.request({ url: '/api/channel-form/latest', token: t.tokens.admin });
    expect(latest.body.data).toMatchObject({ id: second.body.data.id, activityName: 'Second' });
    expect((await t.request({ url: '/api/channel-form/999999', token: t.tokens.admin })).status).toBe(404);
  });

  it('validates with the step-form rules, messages in both languages, nothing stored', async () => {
    const before = await t.count('channels');
    const zh = await t.request({
      method: 'POST', url: '/api/channel-form/submit', token: t.tokens.admin, locale: 'zh-CN',
      body: { data: { ...valid, activityName: 'a b', promotionTime: ['2026-12-31', '2026-12-01'], promoteLink: 'example.com', keyword: [] } },
    });
    expect(zh.status).toBe(400);
    expect(zh.body.data.details).toEqual([
      { path: 'data.activityName', message: '输入汉字、字母或数字，最多20字符' },
      { path: 'data.promotionTime', message: '结束时间不能早于开始时间' },
      { path: 'data.promoteLink', message: '请输入正确的推广地址，网址必须以 http:// 或 https:// 开头' },
      { path: 'data.keyword', message: '请选择关键词' },
    ]);
    const en = await t.request({
      method: 'POST', url: '/api/channel-form/submit', token: t.tokens.admin, locale: 'en-US',
      body: { data: { channelType: 'tv', advertisingContent: 'x'.repeat(201), keyword: Array(11).fill('k') } },
    });
    expect(en.body.data.details).toEqual([
      { path: 'data.activityName', message: 'Enter the campaign name' },
      { path: 'data.channelType', message: 'Select a channel type' },
      { path: 'data.promotionTime', message: 'Select the promotion period' },
      { path: 'data.promoteLink', message: 'Enter the promotion link' },
      { path: 'data.advertisingSource', message: 'Enter the ad source' },
      { path: 'data.advertisingMedia', message: 'Enter the ad medium' },
      { path: 'data.keyword', message: 'Choose up to 10 keywords' },
      { path: 'data.advertisingContent', message: 'Up to 200 characters' },
    ]);
    expect(await t.count('channels')).toBe(before);
  });

  it('shows a channel only to the admin who created it', async () => {
    const res = await t.request({ method: 'POST', url: '/api/channel-form/submit', token: t.tokens.admin, body: { data: valid } });
    await t.db.insert(users).values({ accountId: '90001', username: 'second-admin', passwordHash: await hashPassword('second123'), roles: ['admin'], name: 'Second' });
    const login = await t.request({ method: 'POST', url: '/api/user/login', body: { username: 'second-admin', password: 'second123' } });
    const other = login.body.data.token as string;
    expect((await t.request({ url: `/api/channel-form/${res.body.data.id}`, token: t.tokens.admin })).status).toBe(200);
    expect((await t.request({ url: `/api/channel-form/${res.body.data.id}`, token: other })).status).toBe(404);
    const otherLatest = await t.request({ url: '/api/channel-form/latest', token: other });
    expect(otherLatest.status).toBe(200);
    expect(otherLatest.body.data).toBeNull();
  });

  it('is admin only: 403 for a user, nothing stored', async () => {
    const before = await t.count('channels');
    expect((await t.request({ method: 'POST', url: '/api/channel-form/submit', token: t.tokens.user, body: { data: valid } })).status).toBe(403);
    expect((await t.request({ url: '/api/channel-form/latest', token: t.tokens.user })).status).toBe(403);
    expect((await t.request({ url: '/api/channel-form/1', token: t.tokens.user })).status).toBe(403);
    expect(await t.count('channels')).toBe(before);
  });
});
