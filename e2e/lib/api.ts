import { signHeaders } from '@atrium/contracts/signing';
import { baseUrl } from './browser';

/** Each server's console credential (a spec's own server has its own keys). */
const credentials = new Map<string, { keyId: string; secret: string }>();

/**
 * A signed call from the test process, e.g. to revoke a browser's session on the server; `base`: another
 * server than the suite's (one a spec started itself).
 */
export async function signedCall<T = unknown>(method: string, path: string, opts: { token?: string; fingerprint: string; body?: unknown; base?: string }): Promise<{ status: number; body: { data: T; status: string } }> {
  const base = opts.base ?? baseUrl;
  let credential = credentials.get(base);
  if (!credential) {
    const res = await fetch(`${base}/api/client-config`);
    credential = ((await res.json()) as { data: { keyId: string; secret: string } }).data;
    credentials.set(base, credential);
  }
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const headers: Record<string, string> = { 'X-Fingerprint': opts.fingerprint };
  if (opts.token) headers['Access-Token'] = opts.token;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  // The signature covers the path and the query apart (`path` may carry a query).
  const at = path.indexOf('?');
  const signed = await signHeaders(credential, { method, path: at < 0 ? path : path.slice(0, at), query: at < 0 ? '' : path.slice(at + 1), headers, body: body ?? '' });
  const res = await fetch(`${base}${path}`, { method, headers: signed, body });
  return { status: res.status, body: (await res.json()) as { data: T; status: string } };
}
