import { describe, expect, it } from 'vitest';
import { suiteApp } from '../../test/suite-app.ts';

describe('messages: per-user list, read, clear', () => {
  const t = suiteApp({ signIn: ['admin', 'user'] });

  const list = async (token: string, locale: 'zh-CN' | 'en-US' = 'zh-CN') => {
    const res = await t.request({ url: '/api/message/list', token, locale });
    expect(res.status).toBe(200);
    return res.body.data as Array<{ id: number; type: string; title: string; time: string; status: number; messageType: number | null }>;
  };

  it('lists the caller’s own messages, newest first, in the caller’s language', async () => {
    const zh = await list(t.tokens.admin);
    const en = await list(t.tokens.admin, 'en-US');
    expect(zh.length).toBe(13);
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
    expect(res.body.data).toEqual({ cleared: 4 });
    const after = await list(t.tokens.user);
    expect(after.some((m) => m.type === 'notice')).toBe(false);
    expect(after.filter((m) => m.type === 'message').length).toBe(6);
    expect(await list(t.tokens.admin)).toEqual(before);
  });

  it('needs a session', async () => {
    const res = await t.request({ url: '/api/message/list' });
    expect(res.status).toBe(401);
  });
});
