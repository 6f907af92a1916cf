import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { suiteApp } from '../../test/suite-app.ts';

describe('workplace data from the database', () => {
  const t = suiteApp({ signIn: ['admin', 'user'] });

  const get = async (url: string, locale: 'zh-CN' | 'en-US' = 'zh-CN') => {
    const res = await t.request({ url, token: t.tokens.user, locale });
    expect(res.status, url).toBe(200);
    return res.body.data;
  };
  const allCollections = async () => (await get('/api/list/policy?pageSize=100')).list as Array<{ status: string; count: number; contentType: string }>;

  it('computes the statistics from the collections and the daily figures', async () => {
    const rows = await allCollections();
    const online = rows.filter((r) => r.status === 'online');
    const overview = await get('/api/workplace/overview');
    expect(overview.onlineContent).toBe(online.reduce((s, r) => s + r.count, 0));
    expect(overview.putIn).toBe(online.length);
    const days = await get('/api/content-data');
    const [today, yesterday] = [days[13].y, days[12].y];
    expect(overview.growthRate).toBe(Math.round(((today - yesterday) / yesterday) * 1000) / 10);
    expect(overview.newComments).toBeGreaterThan(0);

    // A write is reflected at once: the numbers are not cached fixtures.
    const created = await t.request({ method: 'POST', url: '/api/list/policy', token: t.tokens.admin, body: { name: 'stat', contentType: 'img', filterType: 'rules', count: 1000, status: 'online' } });
    const after = await get('/api/workplace/overview');
    expect(after).toMatchObject({ onlineContent: overview.onlineContent + 1000, putIn: overview.putIn + 1 });
    await t.request({ method: 'DELETE', url: `/api/list/policy/${created.body.data.id}`, token: t.tokens.admin });
  });

  it('sums collection counts per content type', async () => {
    const rows = await allCollections();
    const categories = await get('/api/workplace/categories');
    expect(categories.items.map((i: { type: string }) => i.type)).toEqual(['img', 'horizontalVideo', 'verticalVideo']);
    for (const item of categories.items) expect(item.value).toBe(rows.filter((r) => r.contentType === item.type).reduce((s, r) => s + r.count, 0));
    expect(categories.total).toBe(rows.reduce((s, r) => s + r.count, 0));
  });

  it('counts only the collections its reader reaches (issue 39): a figure is a total too', async () => {
    const admin = t.tokens.admin;
    const south = (await t.request({ url: '/api/system/departments', token: admin })).body.data.list.find((d: { name: string }) => d.name === '华南区').id;
    const role = await t.request({ method: 'POST', url: '/api/system/roles', token: admin, body: { code: 'wp-south', name: 'South', permissions: ['workplace:view', 'collection:read'], dataScope: 'department' } });
    expect(role.status, role.text).toBe(200);
    const made = await t.request({ method: 'POST', url: '/api/system/users', token: admin, body: { username: 'wp-south', name: 'South', roles: ['wp-south'], password: 'south1234', departmentId: south } });
    expect(made.status, made.text).toBe(200);
    const token = (await t.request({ method: 'POST', url: '/api/user/login', body: { username: 'wp-south', password: 'south1234' } })).body.data.token;
    const as = async (url: string) => (await t.request({ url, token })).body.data;
    const theirs = (await as('/api/list/policy?pageSize=100')).list as Array<{ status: string; count: number; contentType: string }>;
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.length).toBeLessThan((await allCollections()).length);
    const online = theirs.filter((r) => r.status === 'online');
    expect(await as('/api/workplace/overview')).toMatchObject({ onlineContent: online.reduce((s, r) => s + r.count, 0), putIn: online.length });
    expect((await as('/api/workplace/categories')).total).toBe(theirs.reduce((s, r) => s + r.count, 0));
  });

  it('answers 14 daily points, oldest first, ending with the newest day', async () => {
    const days = await get('/api/content-data');
    expect(days).toHaveLength(14);
    const dates = days.map((d: { x: string }) => d.x);
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(dates).size).toBe(14);
    expect(dates.every((d: string) => /^\d{4}-\d{2}-\d{2}$/.test(d))).toBe(true);
  });

  it('answers 5 popular items per type in rank order, in the caller’s language; other types are refused', async () => {
    for (const type of ['text', 'image', 'video']) {
      const list = await get(`/api/popular/list?type=${type}`);
      expect(list.map((p: { key: number }) => p.key)).toEqual([1, 2, 3, 4, 5]);
    }
    expect((await get('/api/popular/list?type=video', 'en-US'))[0].title).toBe('Braised pork in three minutes');
    expect((await get('/api/popular/list'))[0].title).toBe('经济日报：财政政策要精准提升效能');
    const bad = await t.request({ url: '/api/popular/list?type=audio', token: t.tokens.user, locale: 'en-US' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.details).toEqual([{ path: 'type', message: 'Invalid value' }]);
  });

  it('pages announcements newest first', async () => {
    const first = await get('/api/workplace/announcement?current=1&pageSize=5', 'en-US');
    expect(first.total).toBe(12);
    expect(first.list).toHaveLength(5);
    expect(first.list[0]).toMatchObject({ type: 'activity', title: 'Sign-ups open for the Singles’ Day campaign' });
    const times = first.list.map((a: { createdAt: string }) => Date.parse(a.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const third = await get('/api/workplace/announcement?current=3&pageSize=5');
    expect(third.list).toHaveLength(2);
    const all = await get('/api/workplace/announcement?current=1&pageSize=100');
    expect(all.list.map((a: { id: number }) => a.id)).toEqual([...first.list, ...(await get('/api/workplace/announcement?current=2&pageSize=5')).list, ...third.list].map((a) => a.id));
    expect((await t.request({ url: '/api/workplace/announcement?pageSize=101', token: t.tokens.user })).status).toBe(400);
  });

  it('lists chat items oldest first', async () => {
    const chat = await get('/api/chat/list', 'en-US');
    expect(chat.length).toBeGreaterThanOrEqual(4);
    expect(chat[0]).toMatchObject({ username: '于涛', content: 'When does today’s review start?', isCollect: false });
  });

  it('keeps working with no daily figures (growth 0) and needs a session', async () => {
    await t.db.execute(sql`delete from content_daily`);
    const overview = await get('/api/workplace/overview');
    expect(overview).toMatchObject({ newComments: 0, growthRate: 0 });
    expect(await get('/api/content-data')).toEqual([]);
    expect((await t.request({ url: '/api/workplace/overview' })).status).toBe(401);
  });
});
