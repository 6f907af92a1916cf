import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { messages } from '../../db/schema/content.ts';
import { suiteApp } from '../../test/suite-app.ts';

describe('messages: per-user list, read, clear', () => {
  const t = suiteApp({ signIn: ['admin', 'user'] });

  // each account's box, written here (a product's own messages come from what it does; the demo seeds samples)
  beforeAll(async () => {
    const ids = rowsOf<{ id: number; username: string }>(await t.db.execute(`select id, username from users where username in ('admin', 'user')`));
    // (the demo's samples, where it is there, give way to these)
    await t.db.execute(`delete from messages where user_id in (${ids.map((a) => Number(a.id)).join(',')})`);
    const now = Date.now();
    const rows = [
      { type: 'message', zh: '郑曦月', en: 'Zheng Xiyue', messageType: null, status: 0, ago: 5 },
      { type: 'message', zh: '宁波', en: 'Ning Bo', messageType: null, status: 0, ago: 42 },
      { type: 'message', zh: '王芳', en: 'Wang Fang', messageType: null, status: 1, ago: 90 },
      { type: 'notice', zh: '续费通知', en: 'Renewal notice', messageType: 3, status: 0, ago: 180 },
      { type: 'notice', zh: '系统维护通知', en: 'Maintenance notice', messageType: 0, status: 1, ago: 600 },
      { type: 'todo', zh: '参数修改待审批', en: 'Parameter change awaits approval', messageType: 0, status: 0, ago: 120 },
    ] as const;
    for (const { id } of ids) {
      await t.db.insert(messages).values(rows.map((r) => ({ userId: id, type: r.type, title: { 'zh-CN': r.zh, 'en-US': r.en }, subTitle: { 'zh-CN': '', 'en-US': '' }, content: { 'zh-CN': '内容', 'en-US': 'Text' }, messageType: r.messageType, status: r.status, time: new Date(now - r.ago * 60_000) })));
    }
  });

  const list = async (token: string, locale: 'zh-CN' | 'en-US' = 'zh-CN') => {
    const res = await t.request({ url: '/api/message/list', token, locale });
    expect(res.status).toBe(200);
    return res.body.data as Array<{ id: number; type: string; title: string; time: string; status: number; messageType: number | null }>;
  };

  it('lists the caller’s own messages, newest first, in the caller’s language', async () => {
    const zh = await list(t.tokens.admin);
    const en = await list(t.tokens.admin, 'en-US');
    expect(zh.length).toBe(6);
    expect(new Set(zh.map((m) => m.type))).toEqual(new Set(['message', 'notice', 'todo']));
    expect(zh.some((m) => m.status === 0) && zh.some((m) => m.status === 1)).toBe(true);
    const times = zh.map((m) => Date.parse(m.time));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(zh[0]!.title).toBe('郑曦月');
    expect(en[0]!.title).toBe('Zheng Xiyue');
    expect(zh.filter((m) => m.type === 'message').every((m) => m.messageType === null)).toBe(true);
    const mine = new Set(zh.map((m) => m.id));
    expect((await list(t.tokens.user)).some((m) => mine.has(m.id))).toBe(false);
  });

  it('marks only the caller’s own messages as read', async () => {
    const adminUnread = (await list(t.tokens.admin)).filter((m) => m.status === 0).map((m) => m.id);
    const userUnread = (await list(t.tokens.user)).filter((m) => m.status === 0).map((m) => m.id);
    // The user sends the admin's ids along with one of its own: only its own changes.
    const res = await t.request({ method: 'POST', url: '/api/message/read', token: t.tokens.user, body: { ids: [...adminUnread, userUnread[0]] } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ updated: 1 });
    expect((await list(t.tokens.admin)).filter((m) => m.status === 0).map((m) => m.id)).toEqual(adminUnread);
    expect((await list(t.tokens.user)).find((m) => m.id === userUnread[0])!.status).toBe(1);
    // Reading again changes nothing.
    const again = await t.request({ method: 'POST', url: '/api/message/read', token: t.tokens.user, body: { ids: [userUnread[0]] } });
    expect(again.body.data).toEqual({ updated: 0 });
  });

  it('validates read and clear bodies with messages in both languages', async () => {
    const zh = await t.request({ method: 'POST', url: '/api/message/read', token: t.tokens.user, body: { ids: [] }, locale: 'zh-CN' });
    expect(zh.status).toBe(400);
    expect(zh.body.data.error).toBe('VALIDATION_FAILED');
    expect(zh.body.data.details).toEqual([{ path: 'ids', message: '此项为必填项' }]);
    const en = await t.request({ method: 'POST', url: '/api/message/read', token: t.tokens.user, body: { ids: ['x'] }, locale: 'en-US' });
    expect(en.body.data.details).toEqual([{ path: 'ids[0]', message: 'Wrong data type' }]);
    const clear = await t.request({ method: 'POST', url: '/api/message/clear', token: t.tokens.user, body: { type: 'spam' }, locale: 'en-US' });
    expect(clear.status).toBe(400);
    expect(clear.body.data.details).toEqual([{ path: 'type', message: 'Invalid value' }]);
  });

  it('clears the caller’s messages of one type only', async () => {
    const before = await list(t.tokens.admin);
    const res = await t.request({ method: 'POST', url: '/api/message/clear', token: t.tokens.user, body: { type: 'notice' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ cleared: 2 });
    const after = await list(t.tokens.user);
    expect(after.some((m) => m.type === 'notice')).toBe(false);
    expect(after.filter((m) => m.type === 'message').length).toBe(3);
    expect(await list(t.tokens.admin)).toEqual(before);
  });

  it('needs a session', async () => {
    const res = await t.request({ url: '/api/message/list' });
    expect(res.status).toBe(401);
  });
});
