import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { suiteApp } from '../../test/suite-app.ts';

describe('user centre lists: per user, in the caller’s language', () => {
  const t = suiteApp({ signIn: ['admin', 'user'] });

  const get = async (url: string, token: string, locale: 'zh-CN' | 'en-US' = 'zh-CN') => {
    const res = await t.request({ url, token, locale });
    expect(res.status, url).toBe(200);
    return res.body.data;
  };

  it('answers each user with their own projects, teams, activities and visits', async () => {
    const adminProjects = await get('/api/user/my-project/list', t.tokens.admin);
    const userProjects = await get('/api/user/my-project/list', t.tokens.user, 'en-US');
    expect(adminProjects).toHaveLength(6);
    expect(userProjects).toHaveLength(6);
    expect(adminProjects[0]).toMatchObject({ name: '企业级产品设计系统', peopleNumber: expect.any(Number) });
    expect(userProjects[0].name).toBe('Enterprise design system');
    // Contributors' names in the reader's language, without a picture (the console draws the name's initial).
    expect(userProjects[0].contributors[0]).toEqual({ name: 'Qin Zhenyu', email: 'qin@example.com', avatar: '' });
    expect(adminProjects[0].contributors[0]).toEqual({ name: '秦臻宇', email: 'qin@example.com', avatar: '' });
    const ids = new Set(adminProjects.map((p: { id: number }) => p.id));
    expect(userProjects.some((p: { id: number }) => ids.has(p.id))).toBe(false);

    expect(await get('/api/user/my-team/list', t.tokens.user, 'en-US')).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Smart apps team', peopleNumber: 189 })]));
    expect((await get('/api/user/latest-activity', t.tokens.admin)).length).toBe(9);
    expect((await get('/api/user/latest-activity', t.tokens.user)).length).toBe(7);
    expect(await get('/api/user/visits', t.tokens.user, 'en-US')).toEqual([
      { name: 'Home page', visits: 2405, growth: 12.3 },
      { name: 'Projects', visits: 1203, growth: -4.1 },
      { name: 'Content', visits: 8733, growth: 35.2 },
      { name: 'Teams', visits: 311, growth: 0 },
    ]);
    expect(await get('/api/user/project-and-team/list', t.tokens.user, 'en-US')).toEqual([
      { id: 1, content: '6 projects' },
      { id: 2, content: '4 teams' },
      { id: 3, content: '292 team members' },
      { id: 4, content: '7 activities' },
    ]);
  });

  it('answers at most the 50 newest activities, newest first', async () => {
    const me = await t.request({ method: 'POST', url: '/api/user/info', token: t.tokens.user });
    const result = (await t.db.execute(sql`select id from users where username = ${me.body.data.username}`)) as unknown as { rows: Array<{ id: number }> };
    const [row] = result.rows;
    await t.db.execute(sql`
      insert into activities (user_id, title, description, avatar, created_at)
      select ${row!.id}, jsonb_build_object('zh-CN', 'n' || g, 'en-US', 'n' || g), jsonb_build_object('zh-CN', 'd', 'en-US', 'd'), '', now() - g * interval '1 minute'
      from generate_series(1, 60) g`);
    const list = await get('/api/user/latest-activity', t.tokens.user);
    expect(list).toHaveLength(50);
    expect(list.slice(0, 3).map((a: { title: string }) => a.title)).toEqual(['n1', 'n2', 'n3']);
  });

  it('needs a session', async () => {
    for (const url of ['/api/user/my-project/list', '/api/user/latest-activity', '/api/user/visits', '/api/user/project-and-team/list', '/api/user/my-team/list']) {
      expect((await t.request({ url })).status, url).toBe(401);
    }
  });
});
