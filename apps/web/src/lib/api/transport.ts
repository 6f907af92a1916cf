import { signHeaders } from '@atrium/contracts/signing';
import { whenFingerprintReady } from '../fingerprint';
import { getLocale } from '../i18n';
import { getToken } from '../token';
import { observeDateHeader, serverNow } from './clock';
import { loadClientConfig } from './client-config';
import { takeFirstCall } from './first-calls';
import { REQUEST_TIMEOUT_MS } from './options';
import { noteToken } from './session-state';

/**
 * Transport and signing: the headers of every call (fingerprint, token, signature with the server's
 * clock, language) and the exchange itself. It maps nothing: what came back, or that nothing did.
 */

export interface Prepared {
  url: string;
  headers: Record<string, string>;
}

/** Signs a request; rejects when the credential or the fingerprint cannot be had. */
export async function prepare(method: string, path: string, qs: string, body: string | Uint8Array, contentType: string | null, auth: boolean): Promise<Prepared> {
  const [credential, fingerprint] = await Promise.all([loadClientConfig(), whenFingerprintReady()]);
  const headers: Record<string, string> = { 'X-Fingerprint': fingerprint };
  const token = auth ? getToken() : '';
  if (token) headers['Access-Token'] = token;
  noteToken(token);
  if (contentType) headers['Content-Type'] = contentType;
  const signed = await signHeaders(credential, { method, path, query: qs, headers, body, now: serverNow() });
  return { url: qs ? `${path}?${qs}` : path, headers: { ...signed, 'Accept-Language': getLocale() } };
}

export function combineSignals(timeoutMs: number, outer?: AbortSignal): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const onAbort = () => controller.abort();
  outer?.addEventListener('abort', onAbort);
  if (outer?.aborted) controller.abort();
  return {
    signal: controller.signal,
    dispose: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    },
  };
}

export interface JsonRequest {
  method: string;
  /** The path with its parameters filled in. */
  path: string;
  qs: string;
  bodyText: string | undefined;
  auth: boolean;
  /** Send the browser's cookies (same origin): see CallOptions.cookies. */
  cookies?: boolean;
  timeout?: number;
  signal?: AbortSignal;
}

/** An answer of the server (any status), or `null` when none arrived (network failure, timeout, abort). */
export interface RawAnswer {
  ok: boolean;
  status: number;
  statusText: string;
  /** The parsed JSON body, null when empty or not JSON. */
  body: unknown;
  traceHeader: string | null;
}

export function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** The answer as the client reads it; the Date header corrects the clock. */
async function read(res: Response): Promise<RawAnswer> {
  observeDateHeader(res.headers.get('Date'));
  const body = parseJson(await res.text());
  return { ok: res.ok, status: res.status, statusText: res.statusText, body, traceHeader: res.headers.get('X-Trace-Id') };
}

/**
 * The answer the document's boot already asked for (lib/api/first-calls.ts), if this call is one of the
 * first view's; null when it is not, or when that request found no answer (the call is then sent as usual).
 */
async function adopted(req: JsonRequest): Promise<RawAnswer | null> {
  if (req.bodyText !== undefined || !req.auth || req.cookies) return null;
  const token = getToken();
  const early = await takeFirstCall({ method: req.method, path: req.path, query: req.qs }, token, getLocale());
  if (!early) return null;
  try {
    const answer = await read(early);
    noteToken(token);
    return answer;
  } catch {
    return null;
  }
}

/** Sends one signed JSON request (or adopts the one the document's boot sent for it). */
export async function exchange(req: JsonRequest): Promise<RawAnswer | null> {
  const early = await adopted(req);
  if (early) return early;
  let prepared: Prepared;
  try {
    prepared = await prepare(req.method, req.path, req.qs, req.bodyText ?? '', req.bodyText === undefined ? null : 'application/json', req.auth);
  } catch {
    return null;
  }
  const { signal, dispose } = combineSignals(req.timeout ?? REQUEST_TIMEOUT_MS, req.signal);
  try {
    // No cookies: the call carries its own token and signature, and the server reads none. Chromium
    // also gives requests without cookies connections of their own, so on HTTP/1.1 a call never waits
    // behind the first load's hundred script and style files (measured: 130-390 ms in the queue before).
    // The company sign-in's redeem is the exception: it needs its binding cookie.
    const credentials: RequestCredentials = req.cookies ? 'same-origin' : 'omit';
    return await read(await fetch(prepared.url, { method: req.method, headers: prepared.headers, body: req.bodyText, signal, credentials }));
  } catch {
    return null;
  } finally {
    dispose();
  }
}
