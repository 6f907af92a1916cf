import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  canonicalQuery,
  rfc3986Encode,
  computeSignature,
  formatXDate,
  parseAuthorization,
  parseXDate,
  requiredSignedHeaders,
  signHeaders,
  timingSafeEqualHex,
} from './signing.ts';

interface Vector {
  name: string; keyId: string; secret: string; method: string; path: string; query: string;
  headers: Record<string, string>; body: string; signedHeaders: string; canonicalRequest: string;
  stringToSign: string; signature: string; authorization: string;
}
const { vectors } = JSON.parse(readFileSync(new URL('../vectors/signing.json', import.meta.url), 'utf8')) as { vectors: Vector[] };

/** A second, independent implementation on node:crypto, written from docs/http-contract.md (Signing) only. */
function nodeSign(v: Vector): string {
  const h = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
  const day = v.headers['x-date']!.slice(0, 8);
  const fp = v.headers['x-fingerprint']!;
  const kSign = h(h(h(Buffer.from(v.secret, 'utf8'), day), fp), 'atrium_request');
  const sts = ['ATRIUM-HMAC-SHA256', v.headers['x-date'], `${day}/${fp}/atrium_request`, createHash('sha256').update(v.canonicalRequest, 'utf8').digest('hex')].join('\n');
  return createHmac('sha256', kSign).update(sts, 'utf8').digest('hex');
}

describe('signing vectors', () => {
  it('has vectors', () => expect(vectors.length).toBeGreaterThanOrEqual(5));
  for (const v of vectors) {
    it(`reproduces: ${v.name}`, async () => {
      const parts = await computeSignature(v, { ...v, signedHeaders: v.signedHeaders.split(';') });
      expect(parts.canonicalRequest).toBe(v.canonicalRequest);
      expect(parts.stringToSign).toBe(v.stringToSign);
      expect(parts.signature).toBe(v.signature);
      expect(parts.authorization).toBe(v.authorization);
      expect(nodeSign(v)).toBe(v.signature);
    });
  }
});

describe('canonical query', () => {
  it('decodes, re-encodes per RFC 3986 and sorts by key then value', () => {
    expect(canonicalQuery('b=2&a=%7e&a=1+1&c')).toBe('a=1%2B1&a=~&b=2&c=');
    expect(canonicalQuery("x=!'()*")).toBe('x=%21%27%28%29%2A');
    expect(canonicalQuery('q=%E4%B8%AD%20x')).toBe('q=%E4%B8%AD%20x');
    expect(canonicalQuery('')).toBe('');
  });
  it('keeps malformed percent sequences literal', () => {
    expect(canonicalQuery('a=%zz')).toBe('a=%25zz');
  });
  it('answers a repeated query the same, and a long one (not remembered) correctly', () => {
    for (let i = 0; i < 3; i++) expect(canonicalQuery('b=2&a=%7e&a=1+1&c')).toBe('a=1%2B1&a=~&b=2&c=');
    const long = `z=${'%41'.repeat(300)}&a=1`;
    expect(canonicalQuery(long)).toBe(`a=1&z=${'A'.repeat(300)}`);
    expect(canonicalQuery(long)).toBe(`a=1&z=${'A'.repeat(300)}`);
    // more distinct queries than are remembered: each still exact
    for (let i = 0; i < 1100; i++) expect(canonicalQuery(`p=${i}&o=x`)).toBe(`o=x&p=${i}`);
  });
  it('encodes every character but the unreserved ones, the same with or without the fast path', () => {
    expect(rfc3986Encode('AZaz09-._~')).toBe('AZaz09-._~');
    expect(rfc3986Encode('')).toBe('');
    for (let code = 0x20; code < 0x7f; code++) {
      const ch = String.fromCharCode(code);
      const expected = /[A-Za-z0-9\-._~]/.test(ch) ? ch : `%${code.toString(16).toUpperCase().padStart(2, '0')}`;
      expect([ch, rfc3986Encode(`a${ch}b`)]).toEqual([ch, `a${expected}b`]);
    }
    expect(rfc3986Encode('中')).toBe('%E4%B8%AD');
  });
});

describe('headers and dates', () => {
  it('requires access-token and content-type only when present', () => {
    expect(requiredSignedHeaders(['x-date', 'x-nonce', 'x-fingerprint'], false)).toEqual(['x-date', 'x-fingerprint', 'x-nonce']);
    expect(requiredSignedHeaders(['Access-Token'], true)).toEqual(['access-token', 'content-type', 'x-date', 'x-fingerprint', 'x-nonce']);
  });
  it('formats and parses X-Date', () => {
    const d = new Date(Date.UTC(2026, 10, 21, 9, 30, 15));
    expect(formatXDate(d)).toBe('20261121T093015Z');
    expect(parseXDate('20261121T093015Z')?.getTime()).toBe(d.getTime());
    expect(parseXDate('20261340T093015Z')).toBeNull();
    expect(parseXDate('2026-11-21T09:30:15Z')).toBeNull();
    // fields that a Date would silently roll over
    for (const bad of ['20260230T093015Z', '20261121T243015Z', '20261121T096015Z', '20261121T093060Z', '00991121T093015Z']) expect(parseXDate(bad), bad).toBeNull();
    expect(parseXDate('20240229T235959Z')?.toISOString()).toBe('2024-02-29T23:59:59.000Z');
  });
  it('parses a well-formed Authorization header and rejects others', () => {
    const sig = 'a'.repeat(64);
    expect(parseAuthorization(`ATRIUM-HMAC-SHA256 Credential=k1/20261121/fp, SignedHeaders=x-date;x-nonce, Signature=${sig}`)).toEqual({
      keyId: 'k1', date: '20261121', fingerprint: 'fp', signedHeaders: ['x-date', 'x-nonce'], signature: sig,
    });
    expect(parseAuthorization('Bearer abc')).toBeNull();
    expect(parseAuthorization(`ATRIUM-HMAC-SHA256 Credential=k1/2026/fp, SignedHeaders=x-date, Signature=${sig}`)).toBeNull();
  });
  it('compares in constant time semantics', () => {
    expect(timingSafeEqualHex('abcd', 'abcd')).toBe(true);
    expect(timingSafeEqualHex('abcd', 'abce')).toBe(false);
    expect(timingSafeEqualHex('abcd', 'abc')).toBe(false);
  });
  it('signHeaders produces a signature the vector algorithm verifies', async () => {
    const now = new Date(Date.UTC(2026, 10, 21, 9, 30, 15));
    const headers = await signHeaders({ keyId: 'k', secret: 's' }, {
      method: 'POST', path: '/api/x', query: 'b=1&a=2', headers: { 'X-Fingerprint': 'fp', 'Content-Type': 'application/json' }, body: '{}', now, nonce: 'f'.repeat(32),
    });
    const parsed = parseAuthorization(headers.Authorization)!;
    expect(parsed.signedHeaders).toEqual(['content-type', 'x-date', 'x-fingerprint', 'x-nonce']);
    const again = await computeSignature({ keyId: 'k', secret: 's' }, {
      method: 'POST', path: '/api/x', query: 'a=2&b=1',
      headers: { 'x-date': '20261121T093015Z', 'x-fingerprint': 'fp', 'x-nonce': 'f'.repeat(32), 'content-type': 'application/json' },
      signedHeaders: parsed.signedHeaders, body: '{}',
    });
    expect(again.signature).toBe(parsed.signature);
  });
});
