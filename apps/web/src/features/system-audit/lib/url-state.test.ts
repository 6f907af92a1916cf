import { auditListQuerySchema } from '@atrium/contracts/calls/system';
import { hasOffset } from '@atrium/contracts/query-values';
import { describe, expect, it } from 'vitest';
import { localToInstant } from '../../../lib/format';
import { auditUrl } from './url-state.ts';

const parse = (query: string) => auditUrl.parse(new URLSearchParams(query));

describe('audit log URL state', () => {
  it('defaults to page 1 and page size 10 with no filters', () => {
    expect(parse('')).toEqual({ filters: {}, current: 1, pageSize: 10 });
  });

  it('reads every filter with the page', () => {
    const state = parse('from=2026-03-01T00:00:00.000Z&to=2026-03-31T15:59:59.000Z&actor=%20alice%20&action=system.user.create&result=denied&current=2&pageSize=50');
    expect(state).toEqual({
      filters: { from: '2026-03-01T00:00:00.000Z', to: '2026-03-31T15:59:59.000Z', actor: 'alice', action: 'system.user.create', result: 'denied' },
      current: 2,
      pageSize: 50,
    });
    expect(auditUrl.toQuery(state)).toEqual({
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-03-31T15:59:59.000Z',
      actor: 'alice',
      action: 'system.user.create',
      result: 'denied',
      current: 2,
      pageSize: 50,
    });
  });

  it('takes any ISO 8601 instant the contract takes, and an open end', () => {
    expect(parse('from=2026-03-01T00:00:00Z').filters).toEqual({ from: '2026-03-01T00:00:00Z' });
    expect(parse('to=2026-03-01T08:00:00%2B08:00').filters).toEqual({ to: '2026-03-01T08:00:00+08:00' });
  });

  it('drops a time without its offset from UTC, as the contract refuses it, instead of reading it as UTC', () => {
    expect(parse('from=2026-03-01&to=2026-03-02T08:00:00&actor=bob').filters).toEqual({ actor: 'bob' });
  });

  it('drops each invalid value without losing the valid ones', () => {
    expect(parse('from=yesterday&result=ok&actor=bob&current=-1&pageSize=15')).toEqual({ filters: { actor: 'bob' }, current: 1, pageSize: 10 });
    expect(parse(`action=${'a'.repeat(65)}&result=failed`).filters).toEqual({ result: 'failed' });
    expect(parse('from=2026-13-01T00:00:00Z').filters).toEqual({});
    expect(parse('actor=%20&foo=1&current=3')).toEqual({ filters: {}, current: 3, pageSize: 10 });
  });

  it('drops an end before the start, keeping the start', () => {
    expect(parse('from=2026-03-02T00:00:00Z&to=2026-03-01T00:00:00Z').filters).toEqual({ from: '2026-03-02T00:00:00Z' });
    // Offsets count: 09:00+08:00 is 01:00Z, after 00:30Z.
    expect(parse('from=2026-03-01T00:30:00Z&to=2026-03-01T09:00:00%2B08:00').filters).toEqual({ from: '2026-03-01T00:30:00Z', to: '2026-03-01T09:00:00+08:00' });
  });

  it('writes the normalised query in a fixed order, omits the defaults, and exports the filters only', () => {
    const state = { filters: { result: 'success' as const, actor: '7', from: '2026-01-01T00:00:00.000Z' }, current: 1, pageSize: 10 as const };
    expect(auditUrl.toParams(state).toString()).toBe('from=2026-01-01T00%3A00%3A00.000Z&actor=7&result=success');
    expect(auditUrl.toParams({ ...state, filters: {}, current: 5, pageSize: 20 }).toString()).toBe('current=5&pageSize=20');
    expect(auditUrl.filterQuery({ ...state.filters, action: ' ' })).toEqual({ from: '2026-01-01T00:00:00.000Z', actor: '7', result: 'success' });
  });

  it('round-trips', () => {
    const query = 'to=2026-05-01T00%3A00%3A00.000Z&action=system.role.delete&current=2&pageSize=100';
    expect(auditUrl.toParams(parse(query)).toString()).toBe(query);
  });

  it('sends the picker’s local time as a UTC instant', () => {
    const local = '2026-03-01 08:30:00';
    expect(localToInstant(local)).toBe(new Date(2026, 2, 1, 8, 30, 0).toISOString());
    expect(localToInstant('not a time')).toBeUndefined();
  });

  it('asks the list for the picked range with its offset, which the contract takes', () => {
    const filters = { from: localToInstant('2026-03-01 00:00:00')!, to: localToInstant('2026-03-31 23:59:59')! };
    const query = auditUrl.toQuery(parse(auditUrl.toParams({ filters, current: 1, pageSize: 10 }).toString()));
    expect(query).toMatchObject(filters);
    expect([hasOffset(String(query.from)), hasOffset(String(query.to))]).toEqual([true, true]);
    expect(auditListQuerySchema.safeParse(query).success).toBe(true);
  });
});
