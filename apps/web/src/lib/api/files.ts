import type { CallDef } from '@atrium/contracts/call';
import { observeDateHeader } from './clock';
import { asWrite } from './dedupe';
import { ApiError, fail, networkErrorBody, toErrorBody } from './errors';
import { REQUEST_TIMEOUT_MS, type DownloadOptions, type UploadOptions } from './options';
import { combineSignals, parseJson, prepare, type Prepared } from './transport';
import type { z } from 'zod';
import type { Answer, Endpoint, ParamsOf, QueryOf } from './types';
import { buildQuery, fillPath } from './url';

/** Uploads and downloads of contract calls: multipart bodies over XHR (for progress), file answers to the save dialog. */

type UploadArgs<C extends CallDef> = (C['params'] extends z.ZodType ? { params: ParamsOf<C> } : { params?: undefined }) & { body: FormData };
type DownloadArgs<C extends CallDef> = (C['params'] extends z.ZodType ? { params: ParamsOf<C> } : { params?: undefined }) & { query?: QueryOf<C> };
type MultipartCall<C extends CallDef> = C['requestKind'] extends 'multipart' ? C : never;
type FileCall<C extends CallDef> = C['responseKind'] extends 'csv' | 'file' | 'text' ? C : never;

/** Multipart upload over XMLHttpRequest (fetch has no upload progress). The exact bytes are signed. */
export function upload<C extends CallDef>(endpoint: Endpoint<C> & Endpoint<MultipartCall<C>>, args: UploadArgs<C>, opts: UploadOptions = {}): Promise<Answer<C>> {
  const path = fillPath(endpoint.path, args.params as Record<string, string | number> | undefined);
  return asWrite(send<Answer<C>>(endpoint.method, path, args.body, endpoint.access !== 'public', opts));
}

async function send<T>(method: string, path: string, formData: FormData, auth: boolean, opts: UploadOptions): Promise<T> {
  // Serialising the form ourselves gives the bytes (and boundary) that travel, so they can be hashed.
  const encoded = new Response(formData);
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  const contentType = encoded.headers.get('Content-Type') ?? 'multipart/form-data';
  let prepared: Prepared;
  try {
    prepared = await prepare(method, path, '', bytes, contentType, auth);
  } catch {
    throw fail(networkErrorBody(), 0, '', opts);
  }
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, prepared.url);
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
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'success') {
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

function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1] ?? null;
}

/** Downloads a streamed file (CSV export) and hands it to the browser's save dialog. */
export async function download<C extends CallDef>(endpoint: Endpoint<C> & Endpoint<FileCall<C>>, args: DownloadArgs<C>, opts: DownloadOptions = {}): Promise<DownloadResult> {
  const path = fillPath(endpoint.path, args.params as Record<string, string | number> | undefined);
  const qs = buildQuery(args.query);
  let prepared: Prepared;
  try {
    prepared = await prepare(endpoint.method, path, qs, '', null, endpoint.access !== 'public');
  } catch {
    throw fail(networkErrorBody(), 0, '', opts);
  }
  // The timeout covers the wait for the first byte only: a large export may stream for longer.
  const { signal, dispose } = combineSignals(opts.timeout ?? REQUEST_TIMEOUT_MS, opts.signal);
  let res: Response;
  try {
    // No cookies, as every call (transport.ts says why).
    res = await fetch(prepared.url, { method: endpoint.method, headers: prepared.headers, signal, credentials: 'omit' });
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
  saveBlob(blob, filename);
  return { filename, size: blob.size };
}

/** Hands `blob` to the browser's downloads as `filename` (an object URL, released once the save began). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
