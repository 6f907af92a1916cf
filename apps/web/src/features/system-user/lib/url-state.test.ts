import { describe, expect, it } from 'vitest';
import { userUrl } from './url-state.ts';

const parse = (query: string) => userUrl.parse(new URLSearchParams(query));

describe('account list URL state', () => {
  it('defaults to page 1 and page size 10 with no filters', () => {
    expect(parse('')).toEqual({ filters: {}, current: 1, pageSize: 10 });
  });

  it('reads every filter with the page, trimmed by the list schema', () => {
    const state = parse('keyword=%20alice%20&role=auditor&status=disabled&current=3&pageSize=20');
    expect(state).toEqual({ filters: { keyword: 'alice', role: 'auditor', status: 'disabled' }, current: 3, pageSize: 20 });
    expect(userUrl.toQuery(state)).toEqual({ keyword: 'alice', role: 'auditor', status: 'disabled', current: 3, pageSize: 20 });
  });

  it('drops each invalid value without losing the valid ones', () => {
    // A role code starts with a lower-case letter; the status is one of the two; 7 is no offered page size.
    expect(parse('role=Admin&status=locked&keyword=bob&current=2&pageSize=7')).toEqual({ filters: { keyword: 'bob' }, current: 2, pageSize: 10 });
    expect(parse(`keyword=${'x'.repeat(65)}&status=active`)).toEqual({ filters: { status: 'active' }, current: 1, pageSize: 10 });
    expect(parse('keyword=%20%20&role=&current=0&pageSize=abc')).toEqual({ filters: {}, current: 1, pageSize: 10 });
    expect(parse('current=1.5&pageSize=500&foo=1')).toEqual({ filters: {}, current: 1, pageSize: 10 });
  });

  it('reads the source filter (local or company) and drops any other value', () => {
    expect(parse('source=oidc')).toEqual({ filters: { source: 'oidc' }, current: 1, pageSize: 10 });
    expect(userUrl.toQuery(parse('source=local&status=active'))).toEqual({ status: 'active', source: 'local', current: 1, pageSize: 10 });
    expect(parse('source=ldap&keyword=bob')).toEqual({ filters: { keyword: 'bob' }, current: 1, pageSize: 10 });
    expect(userUrl.toParams({ filters: { source: 'oidc', keyword: 'c' }, current: 1, pageSize: 10 }).toString()).toBe('keyword=c&source=oidc');
  });

  it('writes the normalised query in a fixed order and omits the defaults', () => {
    expect(userUrl.toParams({ filters: { status: 'active', keyword: 'a b', role: 'user' }, current: 1, pageSize: 10 }).toString()).toBe(
      'keyword=a+b&role=user&status=active',
    );
    expect(userUrl.toParams({ filters: {}, current: 4, pageSize: 100 }).toString()).toBe('current=4&pageSize=100');
  });

  it('round-trips', () => {
    const query = 'keyword=13800&role=ops-lead&current=2&pageSize=50';
    expect(userUrl.toParams(parse(query)).toString()).toBe(query);
  });
});
