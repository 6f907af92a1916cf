import { pageQuerySchema } from '@atrium/contracts/paging';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { listUrl } from './list-url-state.ts';

/** A list of its own, so the kit is tested apart from the three lists built on it. */
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const query = pageQuerySchema.extend({
  name: z.string().trim().max(10).optional(),
  kind: z.enum(['a', 'b']).optional(),
  day: z.tuple([date, date]).optional(),
  from: z.string().optional(),
  to: z.string().optional(),
});
interface Filters {
  name?: string;
  kind?: 'a' | 'b';
  day?: [string, string];
  from?: string;
  to?: string;
}
const whole = z.object({ from: z.string().optional(), to: z.string().optional() }).refine((f) => !f.from || !f.to || f.from <= f.to, { path: ['to'] });
const list = listUrl<Filters>({ query, filters: ['kind', 'name', 'day', 'from', 'to'], whole });

describe('list URL state (the kit)', () => {
  it('reads each value with its own schema and keeps the valid ones', () => {
    expect(list.parse(new URLSearchParams('name=%20x%20&kind=c&day=2026-01-01&day=2026-01-02&current=3&pageSize=50'))).toEqual({
      filters: { name: 'x', day: ['2026-01-01', '2026-01-02'] },
      current: 3,
      pageSize: 50,
    });
  });

  it('drops a value given twice that is not a range, and a range given once', () => {
    expect(list.parse(new URLSearchParams('name=a&name=b&day=2026-01-01')).filters).toEqual({});
  });

  it('drops what the check of the whole names, and only that', () => {
    expect(list.parse(new URLSearchParams('from=2026-02&to=2026-01&kind=a')).filters).toEqual({ from: '2026-02', kind: 'a' });
  });

  it('offers only the page sizes every list has, and page 1 for a page it cannot read', () => {
    expect(list.parse(new URLSearchParams('pageSize=30&current=x'))).toEqual({ filters: {}, current: 1, pageSize: 10 });
  });

  it('writes the filters in the order of the definition, a range as its key twice, defaults omitted', () => {
    const state = { filters: { to: '2026-03', day: ['2026-01-01', '2026-01-02'] as [string, string], name: ' y ', kind: 'b' as const }, current: 1, pageSize: 10 as const };
    expect(list.toParams(state).toString()).toBe('kind=b&name=y&day=2026-01-01&day=2026-01-02&to=2026-03');
    expect(list.toQuery({ ...state, current: 2 })).toEqual({ kind: 'b', name: 'y', day: ['2026-01-01', '2026-01-02'], to: '2026-03', current: 2, pageSize: 10 });
    expect(list.filterQuery({ name: '  ', kind: 'a' })).toEqual({ kind: 'a' });
    expect(list.toParams(list.parse(list.toParams(state))).toString()).toBe(list.toParams(state).toString());
  });

  it('refuses a filter its list call does not know', () => {
    expect(() => listUrl<{ nope?: string }>({ query, filters: ['nope'] })).toThrow('the list query has no field "nope"');
  });
});
