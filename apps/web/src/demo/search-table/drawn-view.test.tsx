import { beforeAll, describe, expect, it } from 'vitest';
import { firstCallKey } from '../../lib/api/first-calls';
import { pages, ready, render } from '../../prerender/entry-drawn';

// The search table as the server draws it when the console goes to it (decision 051), through the renderer
// the server imports: from its first page of rows and the caller's preferences, in either language.

const ok = (data: unknown) => ({ status: 200, body: { status: 'success', code: 0, message: 'ok', data } });
const user = (permissions: string[]) => ({ username: 'clerk', name: 'Clerk', role: 'clerk', permissions, mustChangePassword: false, mfaRequired: false, mfaEnabled: false });
const row = (id: number, name: string) => ({ id, number: `C-${id}`, name, contentType: 'img', filterType: 'artificial', count: 12345, createdTime: '2026-11-30T08:00:00.000Z', status: 'online', department: 1, owner: 2, version: 1 });
const answersFor = (permissions: string[], preferences: unknown = {}) => ({
  [firstCallKey('POST', '/api/user/info', '')]: ok(user(permissions)),
  [firstCallKey('GET', '/api/user/menu', '')]: ok([]),
  [firstCallKey('GET', '/api/list/policy', 'current=1&pageSize=10')]: ok({ list: [row(1, 'Spring catalogue'), row(2, 'Autumn catalogue')], total: 2, labels: { department: { 1: 'Head office' }, owner: { 2: 'Atrium Admin' } } }),
  [firstCallKey('GET', '/api/user/preferences', '')]: ok(preferences),
});

describe('the search table drawn by the server', () => {
  beforeAll(() => ready());

  it('is drawn on navigation only, from the user\'s info, its first page and the preferences', () => {
    const page = pages()['/list/search-table']!;
    expect(page).toMatchObject({ path: '/list/search-table', permission: 'collection:read', document: false, navigation: true });
    expect(page.calls.map((c) => firstCallKey(c.method, c.path, c.query))).toEqual([
      'POST /api/user/info?',
      'GET /api/list/policy?current=1&pageSize=10',
      'GET /api/user/preferences?',
    ]);
    expect(pages()['/workplace']).toMatchObject({ document: true, navigation: false });
  });

  it('shows the rows with their labels, the filters and the write buttons the role holds', () => {
    const html = render('/list/search-table', 'zh-CN', answersFor(['collection:read', 'collection:write']))!;
    expect(html).toContain('Spring catalogue');
    expect(html).toContain('Head office');
    expect(html).toContain('12,345');
    expect(html).toContain('查询表格');
    expect(html).toContain('新建');
    expect(html).not.toContain('arco-spin-loading');
    expect(html).not.toMatch(/<template|<!--\$/);
    const reader = render('/list/search-table', 'en-US', answersFor(['collection:read']))!;
    expect(reader).toContain('Autumn catalogue');
    expect(reader).toContain('Search table');
    expect(reader).not.toContain('>Create<');
  });

  it('follows the caller\'s columns: a hidden one is not drawn', () => {
    const all = render('/list/search-table', 'en-US', answersFor(['collection:read']))!;
    expect(all).toContain('Head office');
    const columns = ['index', 'number', 'name', 'contentType', 'filterType', 'count', 'createdTime', 'status', 'department', 'owner'].map((key) => ({ key, visible: key !== 'department' }));
    const hidden = render('/list/search-table', 'en-US', answersFor(['collection:read'], { searchTable: { columns } }))!;
    expect(hidden).not.toContain('Head office');
    expect(hidden).toContain('Spring catalogue');
  });

  it('is drawn without the menu (the console has it), not without the list\'s answer or the user\'s info', () => {
    const without = (call: string) => {
      const answers: Record<string, unknown> = { ...answersFor(['collection:read']) };
      delete answers[call];
      return render('/list/search-table', 'zh-CN', answers as never);
    };
    expect(without(firstCallKey('GET', '/api/user/menu', ''))).toContain('Spring catalogue');
    expect(without(firstCallKey('GET', '/api/list/policy', 'current=1&pageSize=10'))).toBeNull();
    expect(() => without(firstCallKey('POST', '/api/user/info', ''))).not.toThrow();
    expect(without(firstCallKey('POST', '/api/user/info', ''))).toBeNull();
  });
});
