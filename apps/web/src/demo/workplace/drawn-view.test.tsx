import { beforeAll, describe, expect, it } from 'vitest';
import { firstCallKey } from '../../lib/api/first-calls';
import { pages, ready, render } from '../../prerender/entry-drawn';

// The workplace as the server draws it (decision 049), through the renderer the server imports: from the
// answers of its first calls, in either language, nothing from one render in the next.

const ok = (data: unknown) => ({ status: 200, body: { status: 'success', code: 0, message: 'ok', data } });
const user = (name: string, extra: Record<string, unknown> = {}) => ({ username: name.toLowerCase(), name, role: 'admin', permissions: ['workplace:view'], mustChangePassword: false, mfaRequired: false, mfaEnabled: false, ...extra });
const answersFor = (name: string, putIn = 2345) => ({
  [firstCallKey('POST', '/api/user/info', '')]: ok(user(name)),
  [firstCallKey('GET', '/api/user/menu', '')]: ok([]),
  [firstCallKey('GET', '/api/workplace/overview', '')]: ok({ onlineContent: 2_620_000, putIn, newComments: 219, growthRate: 12 }),
  [firstCallKey('GET', '/api/content-data', '')]: ok([
    { x: '11-29', y: 5400 },
    { x: '11-30', y: 6100 },
  ]),
  [firstCallKey('GET', '/api/popular/list', 'type=text')]: ok([{ key: 1, title: 'Quarterly report', clickNumber: 34567, increases: 12 }]),
  [firstCallKey('GET', '/api/workplace/categories', '')]: ok({ total: 10, items: [{ type: 'img', value: 4 }, { type: 'verticalVideo', value: 6 }] }),
});

describe('the workplace drawn by the server', () => {
  beforeAll(() => ready());

  it('is drawn at its address and at `/`, from the session\'s calls and its own, for a role that may open it', () => {
    // Into the signed-in document: the workplace only (the search table is drawn as the console goes to it).
    const drawn = Object.fromEntries(Object.entries(pages()).filter(([, page]) => page.document));
    expect(Object.keys(drawn).sort()).toEqual(['/', '/workplace']);
    expect(drawn['/']).toEqual(drawn['/workplace']);
    expect(drawn['/workplace']).toMatchObject({ path: '/workplace', permission: 'workplace:view' });
    expect(drawn['/workplace']!.calls.map((c) => firstCallKey(c.method, c.path, c.query))).toEqual([
      'POST /api/user/info?',
      'GET /api/user/menu?',
      'GET /api/workplace/overview?',
      'GET /api/content-data?',
      'GET /api/popular/list?type=text',
      'GET /api/workplace/categories?',
      'GET /api/workplace/announcement?current=1&pageSize=5',
    ]);
  });

  it('shows the greeting, the figures as they end up, the content chart without its library, and the popular rows', () => {
    const html = render('/workplace', 'zh-CN', answersFor('Atrium Admin'))!;
    expect(html).toContain('欢迎回来！Atrium Admin');
    expect(html).toContain('262.0 W+');
    expect(html).toContain('2,345');
    expect(html).toContain('data-chart-sketch="true"');
    expect(html).toContain('Quarterly report');
    expect(html).toContain('34,567');
    // The rank column of a desktop, and no spinner over the rows: they are all there.
    expect(html).toContain('>1</span>');
    expect(html).not.toContain('arco-spin-loading');
    // No Suspense boundary left for a browser to finish, and nothing of the server's own in it.
    expect(html).not.toMatch(/<template|<!--\$|data-stck|data-msg/);
    const english = render('/', 'en-US', answersFor('Atrium Admin'))!;
    expect(english).toContain('Welcome back, Atrium Admin!');
    expect(english).toContain('Quarterly report');
  });

  it('keeps nothing of one person for the next', () => {
    expect(render('/workplace', 'zh-CN', answersFor('Alice', 111))).toContain('Alice');
    const next = render('/workplace', 'zh-CN', answersFor('Bob', 222))!;
    expect(next).toContain('Bob');
    expect(next).not.toContain('Alice');
    expect(next).not.toContain('>111<');
  });

  it('is not drawn without every answer, from a refused one, or for an account held to a forced step', () => {
    const { [firstCallKey('GET', '/api/content-data', '')]: _dropped, ...missing } = answersFor('A');
    expect(render('/workplace', 'zh-CN', missing)).toBeNull();
    expect(render('/workplace', 'zh-CN', { ...answersFor('A'), [firstCallKey('GET', '/api/workplace/overview', '')]: { status: 403, body: { status: 'error', code: 403 } } })).toBeNull();
    for (const step of [{ mustChangePassword: true }, { mfaRequired: true, mfaEnabled: false }]) {
      expect(render('/workplace', 'zh-CN', { ...answersFor('A'), [firstCallKey('POST', '/api/user/info', '')]: ok(user('A', step)) })).toBeNull();
    }
    expect(render('/list/search-table', 'zh-CN', answersFor('A'))).toBeNull();
  });
});
