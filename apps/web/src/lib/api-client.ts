import type { ErrorEnvelope, ErrorKey, FieldIssue } from '@atrium/contracts/envelope';
import { canonicalQuery, signHeaders, type SigningCredential } from '@atrium/contracts/signing';
import { openSessionExpiredModal, toastError } from './feedback';
import { whenFingerprintReady } from './fingerprint';
import { getLocale, t } from './i18n';
import { clearToken, getToken } from './token';

/**
 * The only module that speaks HTTP (docs/http-contract.md, Signing and Client transport): signs every
 * request with the run-time credential, sends the token, de-duplicates identical requests, unwraps the
 * envelope and turns failures into the one toast or the one session-expired dialog. Pages get `data` or a
 * rejected ApiError (the body).
 */

export const REQUEST_TIMEOUT_MS = 10_000;
export const DEDUPE_WINDOW_MS = 900;
const CLIENT_CONFIG_PATH = '/api/client-config';
/** Offsets smaller than this are noise of the Date header's one-second resolution. */
const SKEW_THRESHOLD_MS = 2_000;

export type QueryValue = string | number | boolean | null | undefined | (string | number | boolean)[];
export type QueryParams = Record<string, QueryValue>;

export interface RequestOptions {
  query?: QueryParams;
  /** `false` opts out of the 900 ms de-duplication. */
  cache?: boolean;
  /** Error keys the caller handles itself: no toast for them. */
  expectedErrors?: ErrorKey[];
  /** No toast, no session-expired dialog, no user-info refetch (logout, start-up checks). */
  silent?: boolean;
  /** Send the Access-Token header (default true; the captcha sends none). */
  auth?: boolean;
  timeout?: number;
  signal?: AbortSignal;
}

export interface UploadOptions extends Omit<RequestOptions, 'query' | 'cache'> {
  onProgress?: (percent: number, loaded: number, total: number) => void;
}

export interface DownloadOptions extends Omit<RequestOptions, 'cache'> {
  /** Used when the server sends no Content-Disposition file name. */
  filename?: string;
}

export class ApiError extends Error implements ErrorEnvelope {
  readonly status = 'error' as const;
  readonly code: number;
  readonly data: { error: ErrorKey; details?: FieldIssue[] | Record<string, unknown> };
  readonly traceId: string;
  /** HTTP status, 0 when no response arrived (network failure, timeout, abort). */
  readonly httpStatus: number;

  constructor(body: ErrorEnvelope, httpStatus: number) {
    super(body.message);
    this.name = 'ApiError';
    this.code = body.code;
    this.data = body.data;
    this.traceId = body.traceId;
    this.httpStatus = httpStatus;
  }

  get key(): ErrorKey {
    return this.data.error;
  }

  /** Field issues of VALIDATION_FAILED, else []. */
  get fieldIssues(): FieldIssue[] {
    return Array.isArray(this.data.details) ? this.data.details : [];
  }

  toJSON(): ErrorEnvelope {
    return { status: 'error', code: this.code, message: this.message, data: this.data, traceId: this.traceId };
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** Integration points set by the app (session store, tests); kept here so this module imports no store. */
export const apiHooks: {
  /** A call answered 403: refetch user info so menu and buttons follow a role changed elsewhere. */
  onForbidden?: () => void;
  /** The session-expired dialog was confirmed: clear the profile and listeners before the reload. */
  onSessionCleared?: () => void;
  reload: () => void;
} = { reload: () => window.location.reload() };

interface ClientConfig extends SigningCredential {
  serverTime?: string | number;
}

let configPromise: Promise<ClientConfig> | null = null;
let clockOffsetMs = 0;
let sessionExpiredShown = false;
/**
 * The token of the session this tab ended on purpose (sign-out), '' if it had none, null otherwise. Until a
 * call carries another token (a new session), every 401 is the expected answer for the ended session or
 * for having none: no session-expired dialog.
 */
let endedToken: string | null = null;
const recent = new Map<string, Promise<unknown>>();

/** Resets module state; for tests only. */
export function resetApiClient(): void {
  configPromise = null;
  clockOffsetMs = 0;
  sessionExpiredShown = false;
  endedToken = null;
  recent.clear();
}

export function getClockOffset(): number {
  return clockOffsetMs;
}

export function isSessionExpiredShown(): boolean {
  return sessionExpiredShown;
}

/**
 * The session is being ended on purpose (sign-out): from now on a 401, from a call already on its way or
 * from one sent later, opens no session-expired dialog, until a call carries a new session's token.
 */
export function endSession(): void {
  endedToken = getToken();
}

function serverNow(): Date {
  return new Date(Date.now() + clockOffsetMs);
}

function observeServerTime(serverMs: number, localMs: number): void {
  if (!Number.isFinite(serverMs)) return;
  const measured = serverMs - localMs;
  clockOffsetMs = Math.abs(measured) > SKEW_THRESHOLD_MS ? measured : 0;
}

function observeDateHeader(value: string | null): void {
  // The header has one-second resolution: add half a second to estimate the true time.
  if (value) observeServerTime(Date.parse(value) + 500, Date.now());
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The console's signing credential comes from the server at run time (no rebuild on key rotation). */
function loadClientConfig(): Promise<ClientConfig> {
  configPromise ??= (async () => {
    const res = await fetch(CLIENT_CONFIG_PATH, { headers: { 'Accept-Language': getLocale() }, credentials: 'same-origin' });
    observeDateHeader(res.headers.get('Date'));
    const body: unknown = await res.json();
    const data = isRecord(body) && 'status' in body && 'data' in body ? body.data : body;
    if (!res.ok || !isRecord(data) || typeof data.keyId !== 'string' || typeof data.secret !== 'string') {
      throw new Error('client-config unavailable');
    }
    const serverTime = typeof data.serverTime === 'number' ? data.serverTime : Date.parse(String(data.serverTime ?? ''));
    if (Number.isFinite(serverTime)) observeServerTime(serverTime, Date.now());
    return { keyId: data.keyId, secret: data.secret };
  })().catch((error: unknown) => {
    configPromise = null;
    throw error;
  });
  return configPromise;
}

/** Query string with RFC 3986 encoding (space as %20, never `+`, which the signature reads as a plus). */
export function buildQuery(query: QueryParams | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      if (v === undefined || v === null || v === '') continue;
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(v))}`);
    }
  }
  return parts.join('&');
}

function networkErrorBody(): ErrorEnvelope {
  return { status: 'error', code: 0, message: '', data: { error: 'UNAVAILABLE' }, traceId: '' };
}

function toErrorBody(httpStatus: number, body: unknown, traceHeader: string | null): ErrorEnvelope {
  if (isRecord(body) && body.status === 'error' && isRecord(body.data)) {
    return {
      status: 'error',
      code: typeof body.code === 'number' ? body.code : httpStatus,
      message: typeof body.message === 'string' ? body.message : '',
      data: body.data as ErrorEnvelope['data'],
      traceId: typeof body.traceId === 'string' ? body.traceId : traceHeader ?? '',
    };
  }
  const code = isRecord(body) && typeof body.code === 'number' && body.code !== 0 ? body.code : httpStatus;
  const message = isRecord(body) && typeof body.message === 'string' ? body.message : '';
  return { status: 'error', code, message, data: { error: code >= 500 ? 'INTERNAL' : 'UNPROCESSABLE' }, traceId: traceHeader ?? '' };
}

/** The error toast's text: server message, else status text, else app.networkError; 5xx adds the trace id. */
export function toastText(body: ErrorEnvelope, httpStatus: number, statusText: string): string {
  const base = body.message || statusText || t('app.networkError');
  const traceId = body.traceId;
  return httpStatus >= 500 && traceId ? `${base} ${t('app.traceId', { traceId })}` : base;
}

function showSessionExpired(): void {
  if (sessionExpiredShown) return;
  sessionExpiredShown = true;
  openSessionExpiredModal(async () => {
    try {
      await request('POST', '/api/user/logout', undefined, { silent: true, cache: false });
    } catch {
      // the session is gone already; logging out is best effort
    }
    clearToken();
    apiHooks.onSessionCleared?.();
    apiHooks.reload();
  });
}

/** Reacts to a failed call (401 dialog, 403 refetch, toast) and returns the error to reject with. */
function fail(body: ErrorEnvelope, httpStatus: number, statusText: string, opts: RequestOptions): ApiError {
  const error = new ApiError(body, httpStatus);
  if (opts.silent) return error;
  if (httpStatus === 401 || body.code === 401) {
    if (endedToken === null) showSessionExpired();
    return error;
  }
  if (httpStatus === 403 || body.code === 403) apiHooks.onForbidden?.();
  if (!opts.expectedErrors?.includes(body.data.error)) toastError(toastText(body, httpStatus, statusText));
  return error;
}

interface Prepared {
  url: string;
  headers: Record<string, string>;
}

async function prepare(method: string, path: string, qs: string, body: string | Uint8Array, contentType: string | null, opts: RequestOptions): Promise<Prepared> {
  const [credential, fingerprint] = await Promise.all([loadClientConfig(), whenFingerprintReady()]);
  const headers: Record<string, string> = { 'X-Fingerprint': fingerprint };
  const token = opts.auth === false ? '' : getToken();
  if (token) headers['Access-Token'] = token;
  if (token && token !== endedToken) endedToken = null; // a new session: its 401s mean it expired
  if (contentType) headers['Content-Type'] = contentType;
  const signed = await signHeaders(credential, { method, path, query: qs, headers, body, now: serverNow() });
  return { url: qs ? `${path}?${qs}` : path, headers: { ...signed, 'Accept-Language': getLocale() } };
}

function combineSignals(timeoutMs: number, outer?: AbortSignal): { signal: AbortSignal; timedOut: () => boolean; dispose: () => void } {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  outer?.addEventListener('abort', onAbort);
  if (outer?.aborted) controller.abort();
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    dispose: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    },
  };
}

/** Whether a failure is worth one silent retry: a corrected clock or a rotated key. */
function retryable(error: ApiError, hadSkew: number): boolean {
  if (error.key === 'REQUEST_EXPIRED') return clockOffsetMs !== hadSkew;
  if (error.key === 'SIGNATURE_INVALID') {
    configPromise = null;
    return true;
  }
  return false;
}

async function execute(method: string, path: string, qs: string, bodyText: string | undefined, opts: RequestOptions, attempt = 0): Promise<unknown> {
  const skewBefore = clockOffsetMs;
  let prepared: Prepared;
  try {
    prepared = await prepare(method, path, qs, bodyText ?? '', bodyText === undefined ? null : 'application/json', opts);
  } catch {
    throw fail(networkErrorBody(), 0, '', opts);
  }
  const { signal, timedOut, dispose } = combineSignals(opts.timeout ?? REQUEST_TIMEOUT_MS, opts.signal);
  let res: Response;
  let body: unknown = null;
  try {
    res = await fetch(prepared.url, { method, headers: prepared.headers, body: bodyText, signal, credentials: 'same-origin' });
    observeDateHeader(res.headers.get('Date'));
    const text = await res.text();
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
  } catch {
    void timedOut;
    throw fail(networkErrorBody(), 0, '', opts);
  } finally {
    dispose();
  }
  const ok = res.ok && isRecord(body) && body.status === 'success' && (body.code === 0 || body.code === 200);
  if (ok) return (body as { data: unknown }).data;
  // Outside /api (e.g. /auth/captcha) a server may answer the bare payload instead of an envelope.
  if (res.ok && !path.startsWith('/api/') && isRecord(body) && !('status' in body)) return body;
  const errorBody = toErrorBody(res.status, body, res.headers.get('X-Trace-Id'));
  if (attempt === 0 && retryable(new ApiError(errorBody, res.status), skewBefore)) {
    return execute(method, path, qs, bodyText, opts, 1);
  }
  throw fail(errorBody, res.status, res.statusText, opts);
}

export async function request<T>(method: string, path: string, body: unknown, opts: RequestOptions = {}): Promise<T> {
  const qs = buildQuery(opts.query);
  const bodyText = body === undefined ? undefined : JSON.stringify(body);
  if (opts.cache === false) return execute(method, path, qs, bodyText, opts) as Promise<T>;
  // Identical requests share one result while in flight and for 900 ms after (docs/http-contract.md).
  const key = `${method} ${path}?${canonicalQuery(qs)} ${bodyText ?? ''}`;
  const existing = recent.get(key);
  if (existing) return existing as Promise<T>;
  const promise = execute(method, path, qs, bodyText, opts);
  recent.set(key, promise);
  const forget = () => setTimeout(() => recent.get(key) === promise && recent.delete(key), DEDUPE_WINDOW_MS);
  promise.then(forget, forget);
  return promise as Promise<T>;
}

function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1] ?? null;
}

/** Multipart upload over XMLHttpRequest (fetch has no upload progress). The exact bytes are signed. */
async function upload<T>(path: string, formData: FormData, opts: UploadOptions = {}): Promise<T> {
  // Serialising the form ourselves gives the bytes (and boundary) that travel, so they can be hashed.
  const encoded = new Response(formData);
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  const contentType = encoded.headers.get('Content-Type') ?? 'multipart/form-data';
  let prepared: Prepared;
  try {
    prepared = await prepare('POST', path, '', bytes, contentType, opts);
  } catch {
    throw fail(networkErrorBody(), 0, '', opts);
  }
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', prepared.url);
    xhr.timeout = opts.timeout ?? 0;
    for (const [name, value] of Object.entries(prepared.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) opts.onProgress?.(Math.round((event.loaded / event.total) * 100), event.loaded, event.total);
    };
    const onAbort = () => xhr.abort();
    opts.signal?.addEventListener('abort', onAbort);
    const networkFailure = () => reject(fail(networkErrorBody(), 0, '', opts));
    xhr.onerror = networkFailure;
    xhr.ontimeout = networkFailure;
    xhr.onabort = () => reject(new ApiError({ ...networkErrorBody(), message: 'aborted' }, 0));
    xhr.onload = () => {
      opts.signal?.removeEventListener('abort', onAbort);
      observeDateHeader(xhr.getResponseHeader('Date'));
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && isRecord(body) && body.status === 'success') {
        resolve((body as { data: T }).data);
        return;
      }
      reject(fail(toErrorBody(xhr.status, body, xhr.getResponseHeader('X-Trace-Id')), xhr.status, xhr.statusText, opts));
    };
    xhr.send(new Blob([bytes]));
  });
}

export interface DownloadResult {
  filename: string;
  size: number;
}

/** Downloads a streamed file (CSV export) and hands it to the browser's save dialog. */
async function download(path: string, opts: DownloadOptions = {}): Promise<DownloadResult> {
  const qs = buildQuery(opts.query);
  let prepared: Prepared;
  try {
    prepared = await prepare('GET', path, qs, '', null, opts);
  } catch {
    throw fail(networkErrorBody(), 0, '', opts);
  }
  // The timeout covers the wait for the first byte only: a large export may stream for longer.
  const { signal, dispose } = combineSignals(opts.timeout ?? REQUEST_TIMEOUT_MS, opts.signal);
  let res: Response;
  try {
    res = await fetch(prepared.url, { headers: prepared.headers, signal, credentials: 'same-origin' });
  } catch {
    dispose();
    throw fail(networkErrorBody(), 0, '', opts);
  }
  dispose();
  observeDateHeader(res.headers.get('Date'));
  const type = res.headers.get('Content-Type') ?? '';
  if (!res.ok || type.includes('application/json')) {
    let body: unknown = null;
    try {
      body = await res.json();
    } catch {
      body = null;
    }
    throw fail(toErrorBody(res.status, body, res.headers.get('X-Trace-Id')), res.status, res.statusText, opts);
  }
  let blob: Blob;
  try {
    blob = await res.blob();
  } catch {
    throw fail(networkErrorBody(), 0, '', opts);
  }
  const filename = filenameFromDisposition(res.headers.get('Content-Disposition')) ?? opts.filename ?? 'download';
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return { filename, size: blob.size };
}

export const api = {
  get: <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, undefined, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, body, opts),
  patch: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PATCH', path, body, opts),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', path, body, opts),
  delete: <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, undefined, opts),
  upload,
  download,
};
