/**
 * A client written from the HTTP contract alone (docs/http-contract.md), as an outside team would: its
 * own signing code on node:crypto and fetch, no import from packages/contracts. The acceptance test uses
 * it to prove that the contract is implementable by someone else.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';

export interface IndependentClientOptions {
  baseUrl: string;
  keyId: string;
  secret: string;
  fingerprint: string;
  locale?: string;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

function encode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
}

function canonicalQuery(query: string): string {
  if (!query) return '';
  return query
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const [k, v = ''] = pair.split(/=(.*)/s);
      return [encode(decodeURIComponent(k!)), encode(decodeURIComponent(v))];
    })
    .sort((a, b) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : a[1]! < b[1]! ? -1 : a[1]! > b[1]! ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

export class IndependentClient {
  token: string | null = null;
  constructor(private readonly opts: IndependentClientOptions) {}

  async call(method: string, pathAndQuery: string, body?: unknown): Promise<{ status: number; json: any; headers: Headers }> {
    const url = new URL(pathAndQuery, this.opts.baseUrl);
    const payload = body === undefined ? '' : JSON.stringify(body);
    const now = new Date();
    const xDate = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
    const day = xDate.slice(0, 8);
    const headers: Record<string, string> = {
      'x-date': xDate,
      'x-fingerprint': this.opts.fingerprint,
      'x-nonce': randomBytes(16).toString('hex'),
    };
    if (this.token) headers['access-token'] = this.token;
    if (payload) headers['content-type'] = 'application/json';
    const names = Object.keys(headers).sort();
    const canonical = [
      method,
      url.pathname,
      canonicalQuery(url.search.slice(1)),
      ...names.map((n) => `${n}:${headers[n]!.trim().replace(/\s+/g, ' ')}`),
      names.join(';'),
      sha256(payload),
    ].join('\n');
    const scope = `${day}/${this.opts.fingerprint}/atrium_request`;
    const toSign = ['ATRIUM-HMAC-SHA256', xDate, scope, sha256(canonical)].join('\n');
    const key = hmac(hmac(hmac(Buffer.from(this.opts.secret, 'utf8'), day), this.opts.fingerprint), 'atrium_request');
    const signature = createHmac('sha256', key).update(toSign, 'utf8').digest('hex');
    headers.authorization = `ATRIUM-HMAC-SHA256 Credential=${this.opts.keyId}/${day}/${this.opts.fingerprint}, SignedHeaders=${names.join(';')}, Signature=${signature}`;
    headers['accept-language'] = this.opts.locale ?? 'en-US';
    const res = await fetch(url, { method, headers, body: payload || undefined });
    const text = await res.text();
    let json: any = text;
    try {
      json = JSON.parse(text);
    } catch {
      // CSV and other non-JSON answers stay text
    }
    return { status: res.status, json, headers: res.headers };
  }

  async login(username: string, password: string): Promise<void> {
    const res = await this.call('POST', '/api/user/login', { username, password });
    if (res.status !== 200 || res.json?.status !== 'success') throw new Error(`login failed: ${res.status} ${JSON.stringify(res.json)}`);
    this.token = res.json.data.token;
  }
}
