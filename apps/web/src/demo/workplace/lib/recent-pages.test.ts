import { afterEach, describe, expect, it } from 'vitest';
import { addRecent, recordablePage, visibleRecent } from './recent-pages.ts';

describe('recently visited', () => {
  it('counts leaf pages except the workplace', () => {
    expect(recordablePage('/list/search-table')?.name).toBe('SearchTable');
    expect(recordablePage('/workplace')).toBeUndefined();
    expect(recordablePage('/list')).toBeUndefined();
    expect(recordablePage('/redirect/x')).toBeUndefined();
    expect(recordablePage('/nowhere')).toBeUndefined();
  });

  it('keeps the last 3 distinct pages, newest first, with their latest URL', () => {
    let list = addRecent([], { path: '/list/card', url: '/list/card' });
    list = addRecent(list, { path: '/list/search-table', url: '/list/search-table?current=2' });
    list = addRecent(list, { path: '/user/info', url: '/user/info' });
    list = addRecent(list, { path: '/list/search-table', url: '/list/search-table?current=3' });
    list = addRecent(list, { path: '/user/setting', url: '/user/setting' });
    expect(list).toEqual([
      { path: '/user/setting', url: '/user/setting' },
      { path: '/list/search-table', url: '/list/search-table?current=3' },
      { path: '/user/info', url: '/user/info' },
    ]);
  });

  afterEach(() => localStorage.clear());

  it('shows only the stored pages the permissions still open', () => {
    localStorage.setItem(
      'recent-pages:7',
      JSON.stringify([
        { path: '/system/audit', url: '/system/audit?result=denied' },
        { path: '/list/search-table', url: '/list/search-table' },
        { path: '/user/info', url: '/user/info' },
      ]),
    );
    const paths = (granted: string[]) => visibleRecent('7', granted).map((r) => r.page.path);
    expect(paths(['audit:read', 'collection:read'])).toEqual(['/system/audit', '/list/search-table', '/user/info']);
    expect(paths(['collection:read'])).toEqual(['/list/search-table', '/user/info']);
    expect(paths([])).toEqual(['/user/info']);
    expect(visibleRecent('7', ['audit:read'])[0]?.group?.path).toBe('/system');
  });
});
