import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalQuery, rfc3986Encode, signHeaders } from '@atrium/contracts';
import { parseQueryString, queryProblems } from '../http/validation.ts';
import { TEST_CREDENTIAL, TEST_FINGERPRINT } from './harness.ts';
import { suiteApp } from './suite-app.ts';

/**
 * A query means one thing on both sides of the request signature: the server decodes it as the canonical
 * query reads it (`+` a literal plus, `%20` a space), so rewriting `%2B` as `+` in transit changes neither
 * the signature nor the meaning, and no rewrite can change the meaning while keeping the signature.
 */

/** The parsed keys and values (without what was set aside). */
const plain = (raw: string) => Object.fromEntries(Object.entries(parseQueryString(raw)));

describe('the server query parser', () => {
  it('decodes each key and value with + as a literal plus', () => {
    expect(plain('name=a+b&n2=a%2Bb&n3=a%20b&n4=a b')).toEqual({ name: 'a+b', n2: 'a+b', n3: 'a b', n4: 'a b' });
    expect(plain('q=%E7%AD%96%E7%95%A5+A&x=%7e')).toEqual({ q: '策略+A', x: '~' });
  });

  it('keeps the rest of the former parser: repeated keys, bare keys, empty parts, a second =', () => {
    expect(plain('a=1&a=2&a=3&b&&=x&c=d=e&d=')).toEqual({ a: ['1', '2', '3'], b: '', '': 'x', c: 'd=e', d: '' });
    expect(plain('')).toEqual({});
    const polluting = parseQueryString('__proto__=1&constructor=2');
    expect(Object.getPrototypeOf(polluting)).toBe(null);
    expect(Object.entries(polluting)).toEqual([
      ['__proto__', '1'],
      ['constructor', '2'],
    ]);
  });

  it('sets aside pairs that do not decode instead of throwing', () => {
    for (const raw of ['a=%zz', 'a=%', 'a=%E0%A4', 'a=%ED%A0%80', 'a=%C0%80', '%zz=1']) {
      expect([raw, Object.keys(parseQueryString(raw))]).toEqual([raw, []]);
    }
    expect(plain('ok=1&bad=%zz')).toEqual({ ok: '1' });
    expect(queryProblems(parseQueryString('ok=1&bad=%zz&%zz=1'))).toEqual([
      { path: 'bad', message: 'validation.invalidValue' },
      { path: '%zz', message: 'validation.invalidValue' },
    ]);
  });

  it('reads exactly what the canonical query signs', () => {
    const queries = ['name=a+b', 'name=a%2Bb', 'name=a%20b&name=a+b', "b=2&a=%7e&a=1+1&c&z=!'()*", 'q=%E4%B8%AD%20x+y&x=%41%42', '=x&==&a=b=c'];
    for (const raw of queries) {
      const pairs = Object.entries(parseQueryString(raw)).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `${rfc3986Encode(k)}=${rfc3986Encode(x)}`));
      expect([raw, pairs.sort().join('&')]).toEqual([raw, canonicalQuery(raw)]);
    }
  });
});

describe('+ in a query, end to end', () => {
  const t = suiteApp({ signIn: ['admin'] });
  beforeAll(async () => {
    for (const [username, name] of [['qz.plus', 'qz+qz'], ['qz.space', 'qz qz']]) {
      const res = await t.request({ method: 'POST', url: '/api/system/users', token: t.tokens.admin, body: { username, name, roles: ['user'] } });
      expect(res.status).toBe(200);
    }
  });

  const names = async (query: string) => {
    const res = await t.request({ url: `/api/system/users?${query}`, token: t.tokens.admin });
    expect([query, res.status]).toEqual([query, 200]);
    return (res.body.data.list as Array<{ name: string }>).map((p) => p.name);
  };

  it('filters by a literal plus for + and %2B, and by a space for %20 (each signed as sent)', async () => {
    expect(await names('keyword=qz+qz')).toEqual(['qz+qz']);
    expect(await names('keyword=qz%2Bqz')).toEqual(['qz+qz']);
    expect(await names('keyword=qz%20qz')).toEqual(['qz qz']);
  });

  /** Signs a request for one URL and sends it with another, as a proxy rewriting the query would. */
  const rewritten = async (signedQuery: string, sentQuery: string) => {
    const headers = await signHeaders(TEST_CREDENTIAL, {
      method: 'GET',
      path: '/api/system/users',
      query: signedQuery,
      headers: { 'X-Fingerprint': TEST_FINGERPRINT, 'Access-Token': t.tokens.admin },
    });
    const res = await t.app.inject({ method: 'GET', url: `/api/system/users?${sentQuery}`, headers });
    return res.json() as { status: string; data: { error?: string; list?: Array<{ name: string }> } };
  };

  it('keeps the signature and the meaning when %2B travels as +, and refuses %20 rewritten as +', async () => {
    const plus = await rewritten('keyword=qz%2Bqz', 'keyword=qz+qz');
    expect([plus.status, plus.data.list?.map((p) => p.name)]).toEqual(['success', ['qz+qz']]);
    const space = await rewritten('keyword=qz%20qz', 'keyword=qz+qz');
    expect([space.status, space.data.error]).toEqual(['error', 'SIGNATURE_INVALID']);
  });

  it('answers a malformed escape with 400 VALIDATION_FAILED naming the parameter, on calls with and without a query', async () => {
    for (const url of ['/api/system/users?keyword=%zz', '/api/system/users?current=1&keyword=%E0%A4', '/api/user/menu?x=%zz']) {
      const res = await t.request({ url, token: t.tokens.admin });
      expect([url, res.status, res.body.data.error, res.body.data.details.map((d: { path: string }) => d.path)]).toEqual([url, 400, 'VALIDATION_FAILED', [url.includes('menu') ? 'x' : 'keyword']]);
    }
  });
});
