import { describe, expect, it } from 'vitest';
import { suiteApp } from '../../test/suite-app.ts';

interface Quality {
  id: number;
  title: string;
  description: string;
  data: Array<{ label: string; value: number }>;
}
interface Service {
  id: number;
  title: string;
  enable: boolean;
  expires: boolean;
}

describe('card list: queues, services, rules, persisted on the server', () => {
  const t = suiteApp({ signIn: ['admin', 'user'] });

  const get = async <T>(url: string, locale: 'zh-CN' | 'en-US' = 'zh-CN') => {
    const res = await t.request({ url, token: t.tokens.user, locale });
    expect(res.status).toBe(200);
    return res.body.data as T;
  };
  const value = (card: Quality, label: string) => card.data.find((d) => d.label === label)!.value;

  it('lists the three card kinds to any signed-in user, in the caller’s language', async () => {
    const zh = await get<Quality[]>('/api/list/quality-inspection');
    const en = await get<Quality[]>('/api/list/quality-inspection', 'en-US');
    expect(zh).toHaveLength(5);
    expect(zh[0]!.title).toBe('视频类-历史导入');
    expect(en[0]!.title).toBe('Video - historical import');
    expect(zh[0]!.data.map((d) => d.label)).toEqual(['pendingInspection', 'backlog', 'pendingSampling']);
    expect(Number.isNaN(Date.parse(zh[0]!.description))).toBe(false);
    const services = await get<Service[]>('/api/list/the-service', 'en-US');
    expect(services.map((s) => s.title)).toEqual(['Content review', 'Smart recommendations', 'Sensitive word detection', 'Data analysis']);
    expect(services.some((s) => s.expires)).toBe(true);
    const rules = await get<Array<{ title: string; actionType: string }>>('/api/list/rules-preset');
    expect(rules).toHaveLength(6);
    expect(rules.every((r) => r.actionType === 'switch')).toBe(true);
    expect((await t.request({ url: '/api/list/rules-preset' })).status).toBe(401);
  });

  it('creates a queue (0 / 0 / 0) as typed, validates the title, deletes it', async () => {
    const me = (await t.request({ method: 'POST', url: '/api/user/info', token: t.tokens.admin })).body.data;
    const res = await t.request({ method: 'POST', url: '/api/list/quality-inspection', token: t.tokens.admin, body: { title: ' 新队列 ' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ title: '新队列', name: me.name, data: [{ label: 'pendingInspection', value: 0 }, { label: 'backlog', value: 0 }, { label: 'pendingSampling', value: 0 }] });
    const en = await get<Quality[]>('/api/list/quality-inspection', 'en-US');
    expect(en[0]).toMatchObject({ id: res.body.data.id, title: '新队列' });

    const zh = await t.request({ method: 'POST', url: '/api/list/quality-inspection', token: t.tokens.admin, body: { title: '' }, locale: 'zh-CN' });
    expect(zh.body.data.details).toEqual([{ path: 'title', message: '请输入队列名称' }]);
    const long = await t.request({ method: 'POST', url: '/api/list/quality-inspection', token: t.tokens.admin, body: { title: 'x'.repeat(31) }, locale: 'en-US' });
    expect(long.body.data.details).toEqual([{ path: 'title', message: 'Up to 30 characters' }]);

    expect((await t.request({ method: 'DELETE', url: `/api/list/quality-inspection/${res.body.data.id}`, token: t.tokens.admin })).status).toBe(200);
    expect((await get<Quality[]>('/api/list/quality-inspection')).some((q) => q.id === res.body.data.id)).toBe(false);
    expect((await t.request({ method: 'DELETE', url: `/api/list/quality-inspection/${res.body.data.id}`, token: t.tokens.admin })).status).toBe(404);
  });

  it('inspects a queue: awaiting inspection moves to sampling, backlog 0', async () => {
    const card = (await get<Quality[]>('/api/list/quality-inspection')).find((q) => value(q, 'pendingInspection') > 0)!;
    const res = await t.request({ method: 'POST', url: `/api/list/quality-inspection/${card.id}/inspect`, token: t.tokens.admin });
    expect(res.status).toBe(200);
    expect(value(res.body.data, 'pendingInspection')).toBe(0);
    expect(value(res.body.data, 'backlog')).toBe(0);
    expect(value(res.body.data, 'pendingSampling')).toBe(value(card, 'pendingSampling') + value(card, 'pendingInspection'));
    const again = await t.request({ method: 'POST', url: `/api/list/quality-inspection/${card.id}/inspect`, token: t.tokens.admin });
    expect(again.body.data).toEqual(res.body.data);
    expect((await t.request({ method: 'POST', url: '/api/list/quality-inspection/999999/inspect', token: t.tokens.admin })).status).toBe(404);
  });

  it('subscribes, unsubscribes and renews services with the expiry rules', async () => {
    const services = await get<Service[]>('/api/list/the-service');
    const active = services.find((s) => s.enable && !s.expires)!;
    const expired = services.find((s) => s.expires)!;
    const off = await t.request({ method: 'PATCH', url: `/api/list/the-service/${active.id}`, token: t.tokens.admin, body: { enable: false } });
    expect(off.body.data).toMatchObject({ id: active.id, enable: false, expires: false });
    const on = await t.request({ method: 'PATCH', url: `/api/list/the-service/${active.id}`, token: t.tokens.admin, body: { enable: true } });
    expect(on.body.data.enable).toBe(true);

    const blocked = await t.request({ method: 'PATCH', url: `/api/list/the-service/${expired.id}`, token: t.tokens.admin, body: { enable: true }, locale: 'en-US' });
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toBe('This service has expired. Renew it first.');
    const renewed = await t.request({ method: 'POST', url: `/api/list/the-service/${expired.id}/renew`, token: t.tokens.admin });
    expect(renewed.body.data).toMatchObject({ id: expired.id, expires: false, enable: true });
    const twice = await t.request({ method: 'POST', url: `/api/list/the-service/${expired.id}/renew`, token: t.tokens.admin, locale: 'zh-CN' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('该服务未过期，无需续约');
    // Persisted: a fresh read shows the new states.
    const after = await get<Service[]>('/api/list/the-service');
    expect(after.find((s) => s.id === expired.id)).toMatchObject({ enable: true, expires: false });
    expect((await t.request({ method: 'PATCH', url: '/api/list/the-service/999999', token: t.tokens.admin, body: { enable: true } })).status).toBe(404);
    const bad = await t.request({ method: 'PATCH', url: `/api/list/the-service/${active.id}`, token: t.tokens.admin, body: { enable: 'yes' }, locale: 'en-US' });
    expect(bad.body.data.details).toEqual([{ path: 'enable', message: 'This field is required' }]);
  });

  it('switches preset rules', async () => {
    const [rule] = await get<Array<{ id: number; enable: boolean }>>('/api/list/rules-preset');
    const res = await t.request({ method: 'PATCH', url: `/api/list/rules-preset/${rule!.id}`, token: t.tokens.admin, body: { enable: !rule!.enable } });
    expect(res.body.data.enable).toBe(!rule!.enable);
    expect((await get<Array<{ id: number; enable: boolean }>>('/api/list/rules-preset'))[0]!.enable).toBe(!rule!.enable);
    expect((await t.request({ method: 'PATCH', url: '/api/list/rules-preset/999999', token: t.tokens.admin, body: { enable: true } })).status).toBe(404);
  });

  it('refuses every card write to a user with 403 and changes nothing', async () => {
    const snapshot = async () => [
      await get('/api/list/quality-inspection'),
      await get('/api/list/the-service'),
      await get('/api/list/rules-preset'),
    ];
    const before = await snapshot();
    const [queue] = before[0] as Quality[];
    const [service] = before[1] as Service[];
    const writes = [
      { method: 'POST' as const, url: '/api/list/quality-inspection', body: { title: 'x' } },
      { method: 'DELETE' as const, url: `/api/list/quality-inspection/${queue!.id}` },
      { method: 'POST' as const, url: `/api/list/quality-inspection/${queue!.id}/inspect` },
      { method: 'PATCH' as const, url: `/api/list/the-service/${service!.id}`, body: { enable: !service!.enable } },
      { method: 'POST' as const, url: `/api/list/the-service/${service!.id}/renew` },
      { method: 'PATCH' as const, url: '/api/list/rules-preset/1', body: { enable: true } },
    ];
    for (const w of writes) {
      const res = await t.request({ ...w, token: t.tokens.user });
      expect(res.status, w.url).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });
});
