import { signHeaders } from '@atrium/contracts/signing';
import { baseUrl } from './browser';

let credential: { keyId: string; secret: string } | null = null;

/** A signed call from the test process, e.g. to revoke a browser's session on the server. */
export async function signedCall<T = unknown>(method: string, path: string, opts: { token?: string; fingerprint: string; body?: unknown }): Promise<{ status: number; body: { data: T; status: string } }> {
  if (!credential) {
    const res = await fetch(`${baseUrl}/api/client-config`);
    credential = ((await res.json()) as { data: { keyId: string; secret: string } }).data;
  }
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const headers: Record<string, string> = { 'X-Fingerprint': opts.fingerprint };
  if (opts.token) headers['Access-Token'] = opts.token;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const signed = await signHeaders(credential, { method, path, query: '', headers, body: body ?? '' });
  const res = await fetch(`${baseUrl}${path}`, { method, headers: signed, body });
  return { status: res.status, body: (await res.json()) as { data: T; status: string } };
}
