import { describe, expect, it } from 'vitest';
import { tableUrl } from './url-state.ts';

describe('search table URL state', () => {
  it('defaults to page 1 and page size 10 with no filters', () => {
    expect(tableUrl.parse(new URLSearchParams(''))).toEqual({ filters: {}, current: 1, pageSize: 10 });
  });

  it('reads every filter and keeps them with the page', () => {
    const state = tableUrl.parse(
      new URLSearchParams(
        'number=123&name=%20abc%20&contentType=img&filterType=rules&createdTime=2026-01-01&createdTime=2026-01-31&status=online&current=3&pageSize=20',
      ),
    );
    expect(state).toEqual({
      filters: { number: '123', name: 'abc', contentType: 'img', filterType: 'rules', createdTime: ['2026-01-01', '2026-01-31'], status: 'online' },
      current: 3,
      pageSize: 20,
    });
    expect(tableUrl.toQuery(state)).toEqual({
      current: 3,
      pageSize: 20,
      number: '123',
      name: 'abc',
      contentType: 'img',
      filterType: 'rules',
      createdTime: ['2026-01-01', '2026-01-31'],
      status: 'online',
    });
  });

  it('drops invalid values', () => {
    const state = tableUrl.parse(
      new URLSearchParams('contentType=gif&status=x&createdTime=2026-02-30&createdTime=2026-03-01&current=0&pageSize=15&foo=1'),
    );
    expect(state).toEqual({ filters: {}, current: 1, pageSize: 10 });
    expect(tableUrl.parse(new URLSearchParams('createdTime=2026-03-02&createdTime=2026-03-01')).filters).toEqual({});
    expect(tableUrl.parse(new URLSearchParams('current=-2')).current).toBe(1);
    expect(tableUrl.parse(new URLSearchParams(`name=${'x'.repeat(51)}`)).filters).toEqual({});
    expect(tableUrl.parse(new URLSearchParams('createdTime=2026-02-30&createdTime=')).filters).toEqual({});
    expect(tableUrl.parse(new URLSearchParams('current=1.5&pageSize=abc'))).toEqual({ filters: {}, current: 1, pageSize: 10 });
  });

  it('keeps a created-time range open at either end, in the URL and the request', () => {
    for (const createdTime of [['2026-03-01', ''], ['', '2026-03-31']] as [string, string][]) {
      const params = new URLSearchParams(createdTime.map((end) => ['createdTime', end]));
      const state = tableUrl.parse(params);
      expect(state.filters).toEqual({ createdTime });
      expect(tableUrl.toParams(state).toString()).toBe(params.toString());
      expect(tableUrl.toQuery(state)).toEqual({ createdTime, current: 1, pageSize: 10 });
    }
    // the key once (a link written by hand) is a start
    expect(tableUrl.parse(new URLSearchParams('createdTime=2026-03-01')).filters).toEqual({ createdTime: '2026-03-01' });
  });

  it('drops an invalid value without losing the valid ones', () => {
    expect(tableUrl.parse(new URLSearchParams('status=x&name=abc&current=2&pageSize=7'))).toEqual({ filters: { name: 'abc' }, current: 2, pageSize: 10 });
    expect(tableUrl.parse(new URLSearchParams('contentType=img&createdTime=2026-02-30&createdTime=2026-03-01&current=zero&pageSize=50'))).toEqual({
      filters: { contentType: 'img' },
      current: 1,
      pageSize: 50,
    });
  });

  it('writes the normalised query in a fixed order and omits defaults', () => {
    const params = tableUrl.toParams({
      filters: { status: 'offline', name: 'a b', createdTime: ['2026-01-01', '2026-01-02'] },
      current: 1,
      pageSize: 10,
    });
    expect(params.toString()).toBe('name=a+b&createdTime=2026-01-01&createdTime=2026-01-02&status=offline');
    expect(tableUrl.toParams({ filters: {}, current: 2, pageSize: 50 }).toString()).toBe('current=2&pageSize=50');
  });

  it('round-trips', () => {
    const query = 'number=9&filterType=artificial&current=4&pageSize=100';
    expect(tableUrl.toParams(tableUrl.parse(new URLSearchParams(query))).toString()).toBe(query);
  });
});
