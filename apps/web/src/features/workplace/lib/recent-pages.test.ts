import { describe, expect, it } from 'vitest';
import { addRecent, recordablePage } from './recent-pages.ts';

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
});
