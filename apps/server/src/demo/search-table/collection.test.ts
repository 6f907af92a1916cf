import { beforeAll, describe, expect, it } from 'vitest';
import { dayIn } from '../../modules/shared/zoned-time.ts';
import { suiteApp } from '../../test/suite-app.ts';

interface Row {
  id: number;
  number: string;
  name: string;
  contentType: string;
  filterType: string;
  count: number;
  status: string;
  createdTime: string;
  department: number;
  owner: number;
}

const newest = (a: Row, b: Row) => Date.parse(b.createdTime) - Date.parse(a.createdTime) || a.id - b.id;

describe('collections: list, filters, paging, detail, create, edit, delete', () => {
  let all: Row[];
  const t = suiteApp({ signIn: ['admin', 'user'] });
  beforeAll(async () => {
    const res = await t.request({ url: '/api/list/policy?pageSize=100', token: t.tokens.user });
    all = res.body.data.list;
  });

  const list = async (query: string, token = t.tokens.user) => {
    const res = await t.request({ url: `/api/list/policy?${query}`, token });
    expect(res.status, res.text).toBe(200);
    return res.body.data as { list: Row[]; total: number; current: number; pageSize: number };
  };
  /** Every row of a filter, read page by page as the console does. */
  const everyPage = async (filter: string, pageSize = 10) => {
    const rows: Row[] = [];
    for (let current = 1; ; current++) {
      const page = await list(`${filter}&current=${current}&pageSize=${pageSize}`);
      rows.push(...page.list);
      if (rows.length >= page.total || page.list.length === 0) return { rows, total: page.total };
    }
  };

  it('answers page 1 of 10 by default, newest first then id, 55 seeded rows', async () => {
    const page = await list('');
    expect(page).toMatchObject({ total: 55, current: 1, pageSize: 10 });
    expect(page.list).toHaveLength(10);
    expect(all).toHaveLength(55);
    expect([...all].sort(newest)).toEqual(all);
    expect(page.list).toEqual(all.slice(0, 10));
    for (const row of all) expect(row.number).toMatch(/^\d{8}$/);
    expect(new Set(all.map((r) => r.number)).size).toBe(55);
  });

  it('pages without gaps or repeats for every allowed page size', async () => {
    for (const size of [10, 20, 50, 100]) {
      const { rows } = await everyPage('', size);
      expect(rows.map((r) => r.id)).toEqual(all.map((r) => r.id));
    }
    const last = await list('current=6');
    expect(last.list).toEqual(all.slice(50));
    expect((await list('current=7')).list).toEqual([]);
  });

  it('refuses other page sizes and pages below 1, in both languages', async () => {
    const zh = await t.request({ url: '/api/list/policy?pageSize=30', token: t.tokens.user, locale: 'zh-CN' });
    expect(zh.status).toBe(400);
    expect(zh.body.data.details).toEqual([{ path: 'pageSize', message: '取值不正确' }]);
    const en = await t.request({ url: '/api/list/policy?current=0&contentType=pdf', token: t.tokens.user, locale: 'en-US' });
    expect(en.body.data.details).toEqual([
      { path: 'contentType', message: 'Invalid value' },
      { path: 'current', message: 'Must be at least 1' },
    ]);
  });

  it('filters by status, content type and filter method, keeping the filters across pages', async () => {
    for (const [key, value] of [['status', 'online'], ['contentType', 'verticalVideo'], ['filterType', 'rules']] as const) {
      const expected = all.filter((r) => r[key] === value);
      const { rows, total } = await everyPage(`${key}=${value}`, 10);
      expect(total).toBe(expected.length);
      expect(rows).toEqual(expected);
    }
    const combined = all.filter((r) => r.status === 'offline' && r.filterType === 'artificial');
    const page2 = await list('status=offline&filterType=artificial&current=2&pageSize=10');
    expect(page2.total).toBe(combined.length);
    expect(page2.list).toEqual(combined.slice(10, 20));
  });

  it('matches number as a prefix and name as a case-insensitive substring', async () => {
    const prefix = all[0]!.number.slice(0, 2);
    expect((await everyPage(`number=${prefix}`)).rows).toEqual(all.filter((r) => r.number.startsWith(prefix)));
    expect((await list(`number=${all[0]!.number.slice(2, 6)}`)).list.every((r) => r.number.startsWith(all[0]!.number.slice(2, 6)))).toBe(true);

    const created = await t.request({ method: 'POST', url: '/api/list/policy', token: t.tokens.admin, body: { name: 'Summer_Mix 100%', contentType: 'img', filterType: 'rules', count: 7, status: 'online' } });
    expect(created.status).toBe(200);
    expect((await list('name=summer_mix')).list.map((r) => r.name)).toEqual(['Summer_Mix 100%']);
    expect((await list('name=MIX%20100%25')).list).toHaveLength(1);
    // LIKE wildcards in the search text match themselves only.
    expect((await list('name=%25')).list.map((r) => r.name)).toEqual(['Summer_Mix 100%']);
    expect((await list('name=summer%5Fmix')).total).toBe(1);
    expect((await list('name=r_m')).total).toBe(1);
    expect((await list('name=rxm')).total).toBe(0);
    expect((await list(`name=${encodeURIComponent('美食')}`)).list.every((r) => r.name.includes('美食'))).toBe(true);
    await t.request({ method: 'DELETE', url: `/api/list/policy/${created.body.data.id}`, token: t.tokens.admin });
  });

  it('filters createdTime by inclusive days in the server time zone (given twice in the query, either end open)', async () => {
    const tz = t.config.timeZone;
    const days = [...new Set(all.map((r) => dayIn(new Date(r.createdTime), tz)))].sort();
    const [start, end] = [days[2]!, days[Math.min(days.length - 1, 8)]!];
    const expected = all.filter((r) => {
      const d = dayIn(new Date(r.createdTime), tz);
      return d >= start && d <= end;
    });
    const { rows, total } = await everyPage(`createdTime=${start}&createdTime=${end}`);
    expect(total).toBe(expected.length);
    expect(rows).toEqual(expected);
    const one = all.filter((r) => dayIn(new Date(r.createdTime), tz) === start);
    expect((await everyPage(`createdTime=${start}&createdTime=${start}`)).rows).toEqual(one);
    const reversed = await t.request({ url: `/api/list/policy?createdTime=${end}&createdTime=${start}`, token: t.tokens.user });
    expect(reversed.status).toBe(start === end ? 200 : 400);
    // Open at either end: since the start, up to the end; the name once is a start.
    const since = all.filter((r) => dayIn(new Date(r.createdTime), tz) >= start);
    expect((await everyPage(`createdTime=${start}&createdTime=`)).rows).toEqual(since);
    expect((await everyPage(`createdTime=${start}`)).rows).toEqual(since);
    expect((await everyPage(`createdTime=&createdTime=${end}`)).rows).toEqual(all.filter((r) => dayIn(new Date(r.createdTime), tz) <= end));
    expect((await list('createdTime=&createdTime=')).total).toBe(55);
    const bad = await t.request({ url: `/api/list/policy?createdTime=2026-02-30&createdTime=`, token: t.tokens.user });
    expect(bad.status).toBe(400);
  });

  it('ignores empty filter values', async () => {
    expect((await list('name=&number=&status=')).total).toBe(55);
  });

  it('shows one collection to an admin with updatedAt; 404 and 400 for missing and malformed ids', async () => {
    const row = all[3]!;
    const res = await t.request({ url: `/api/list/policy/${row.id}`, token: t.tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ ...row, updatedAt: expect.any(String), labels: { department: { [row.department]: expect.any(String) }, owner: { [row.owner]: expect.any(String) } } });
    expect((await t.request({ url: '/api/list/policy/999999', token: t.tokens.admin })).status).toBe(404);
    const bad = await t.request({ url: '/api/list/policy/abc', token: t.tokens.admin, locale: 'en-US' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.details).toEqual([{ path: 'id', message: 'Wrong data type' }]);
  });

  it('creates a collection with a server-set unique number; it comes first in the list', async () => {
    const res = await t.request({ method: 'POST', url: '/api/list/policy', token: t.tokens.admin, body: { name: '  新集合  ', contentType: 'horizontalVideo', filterType: 'artificial', count: 100_000_000, status: 'offline' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: '新集合', contentType: 'horizontalVideo', filterType: 'artificial', count: 100_000_000, status: 'offline' });
    expect(res.body.data.number).toMatch(/^\d{8}$/);
    expect(all.some((r) => r.number === res.body.data.number)).toBe(false);
    const first = await list('pageSize=10');
    expect(first.total).toBe(56);
    expect(first.list[0]!.id).toBe(res.body.data.id);
    await t.request({ method: 'DELETE', url: `/api/list/policy/${res.body.data.id}`, token: t.tokens.admin });
  });

  it('validates the collection form with the page texts in both languages', async () => {
    const before = await t.count('collections');
    const zh = await t.request({ method: 'POST', url: '/api/list/policy', token: t.tokens.admin, locale: 'zh-CN', body: { name: ' ', count: -1 } });
    expect(zh.status).toBe(400);
    expect(zh.body.data.details).toEqual([
      { path: 'name', message: '请输入集合名称' },
      { path: 'contentType', message: '请选择内容体裁' },
      { path: 'filterType', message: '请选择筛选方式' },
      { path: 'count', message: '内容量须为 0 到 100000000 之间的整数' },
      { path: 'status', message: '请选择状态' },
    ]);
    const en = await t.request({
      method: 'POST', url: '/api/list/policy', token: t.tokens.admin, locale: 'en-US',
      body: { name: 'x'.repeat(51), contentType: 'img', filterType: 'rules', count: 1.5, status: 'online', number: '12345678' },
    });
    expect(en.body.data.details).toEqual([
      { path: 'name', message: 'Up to 50 characters' },
      { path: 'count', message: 'Enter a whole number from 0 to 100,000,000' },
      { path: 'number', message: expect.any(String) },
    ]);
    expect(await t.count('collections')).toBe(before);
  });

  it('answers a seeded collection in the reader’s language until it is renamed; either name finds it', async () => {
    const en = await list('pageSize=100'); // zh-CN, the default language
    const english = (await t.request({ url: '/api/list/policy?pageSize=100', token: t.tokens.user, locale: 'en-US' })).body.data.list as Row[];
    expect(english.map((r) => r.id)).toEqual(en.list.map((r) => r.id));
    for (const [i, row] of english.entries()) {
      expect(row.name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+ \d{2}$/);
      expect(en.list[i]!.name).toMatch(/^\p{Script=Han}{4} \d{2}$/u);
      expect(row.name.slice(-2)).toBe(en.list[i]!.name.slice(-2));
    }
    const food = english.filter((r) => r.name.startsWith('Food ')).map((r) => r.id).sort((a, b) => a - b);
    expect(food.length).toBeGreaterThan(0);
    // The filter matches either name, in either language.
    for (const [query, locale] of [['food', 'en-US'], ['FOOD', 'zh-CN'], [encodeURIComponent('美食'), 'en-US']] as const) {
      const res = await t.request({ url: `/api/list/policy?pageSize=100&name=${query}`, token: t.tokens.user, locale });
      expect(res.body.data.list.map((r: Row) => r.id).sort((a: number, b: number) => a - b), `${query} ${locale}`).toEqual(food);
    }

    const row = english.find((r) => r.name.startsWith('Food '))!;
    const chinese = en.list.find((r) => r.id === row.id)!;
    const form = { contentType: row.contentType, filterType: row.filterType, count: row.count, status: row.status };
    const patch = (name: string, locale: 'zh-CN' | 'en-US') => t.request({ method: 'PATCH', url: `/api/list/policy/${row.id}`, token: t.tokens.admin, locale, body: { ...form, name } });
    const read = async (locale: 'zh-CN' | 'en-US') => (await t.request({ url: `/api/list/policy/${row.id}`, token: t.tokens.admin, locale })).body.data.name as string;
    // Saved with the name as either reader saw it: both names stay.
    expect((await patch(row.name, 'en-US')).body.data.name).toBe(row.name);
    expect((await patch(chinese.name, 'zh-CN')).body.data.name).toBe(chinese.name);
    expect([await read('zh-CN'), await read('en-US')]).toEqual([chinese.name, row.name]);
    // A new name is the one name every reader sees from then on.
    expect((await patch('Street food 2026', 'en-US')).body.data.name).toBe('Street food 2026');
    expect([await read('zh-CN'), await read('en-US')]).toEqual(['Street food 2026', 'Street food 2026']);
    expect((await t.request({ url: `/api/list/policy?name=${encodeURIComponent(row.name)}`, token: t.tokens.user, locale: 'en-US' })).body.data.total).toBe(0);
    await patch(chinese.name, 'zh-CN');
    expect([await read('zh-CN'), await read('en-US')]).toEqual([chinese.name, chinese.name]);
  });

  it('edits any subset of the fields and deletes', async () => {
    const row = all[5]!;
    const res = await t.request({ method: 'PATCH', url: `/api/list/policy/${row.id}`, token: t.tokens.admin, body: { status: row.status === 'online' ? 'offline' : 'online', count: 42 } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: row.id, number: row.number, name: row.name, count: 42, createdTime: row.createdTime });
    expect(res.body.data.status).not.toBe(row.status);
    expect(Date.parse(res.body.data.updatedAt)).toBeGreaterThan(Date.parse(row.createdTime));
    const bad = await t.request({ method: 'PATCH', url: `/api/list/policy/${row.id}`, token: t.tokens.admin, locale: 'en-US', body: { contentType: 'gif' } });
    expect(bad.body.data.details).toEqual([{ path: 'contentType', message: 'Select a content type' }]);
    expect((await t.request({ method: 'PATCH', url: '/api/list/policy/999999', token: t.tokens.admin, body: { count: 1 } })).status).toBe(404);

    const del = await t.request({ method: 'DELETE', url: `/api/list/policy/${row.id}`, token: t.tokens.admin });
    expect(del.status).toBe(200);
    expect((await t.request({ url: `/api/list/policy/${row.id}`, token: t.tokens.admin })).status).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `/api/list/policy/${row.id}`, token: t.tokens.admin })).status).toBe(404);
    expect((await list('')).total).toBe(54);
  });

  it('refuses every admin call to a user with 403 and writes nothing', async () => {
    const before = await t.count('collections');
    const row = all[0]!;
    const calls = [
      { method: 'GET' as const, url: `/api/list/policy/${row.id}` },
      { method: 'POST' as const, url: '/api/list/policy', body: { name: 'x', contentType: 'img', filterType: 'rules', count: 1, status: 'online' } },
      { method: 'PATCH' as const, url: `/api/list/policy/${row.id}`, body: { count: 1 } },
      { method: 'DELETE' as const, url: `/api/list/policy/${row.id}` },
    ];
    for (const call of calls) {
      const res = await t.request({ ...call, token: t.tokens.user });
      expect(res.status, call.url).toBe(403);
      expect(res.body.data.error).toBe('FORBIDDEN');
    }
    expect(await t.count('collections')).toBe(before);
    expect((await list('pageSize=100')).list.find((r) => r.id === row.id)).toEqual(row);
  });
});
