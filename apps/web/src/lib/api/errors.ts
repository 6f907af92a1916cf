import type { ErrorEnvelope, ErrorKey, FieldIssue } from '@atrium/contracts/envelope';
import { openSessionExpiredModal, toastError } from '../feedback';
import { t } from '../i18n';
import { clearToken } from '../token';
import { endpoints } from './endpoints';
import { apiHooks, type FailureOptions } from './options';
import { sessionEnded } from './session-state';
import { exchange, type RawAnswer } from './transport';

/**
 * Envelope and errors: a success envelope gives `data`; anything else becomes an ApiError (the error
 * envelope), after the one reaction the user sees: a toast, or the one session-expired dialog.
 */

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

  #pendingToast: ReturnType<typeof setTimeout> | undefined;

  /** Shows the toast once the caller's error handler has had its turn (see {@link fail}). */
  deferToast(show: () => void): void {
    this.#pendingToast = setTimeout(() => {
      this.#pendingToast = undefined;
      show();
    }, 0);
  }

  /** The caller showed every problem on its fields: the generic toast would only repeat it. */
  skipToast(): void {
    clearTimeout(this.#pendingToast);
    this.#pendingToast = undefined;
  }

  toJSON(): ErrorEnvelope {
    return { status: 'error', code: this.code, message: this.message, data: this.data, traceId: this.traceId };
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function networkErrorBody(): ErrorEnvelope {
  return { status: 'error', code: 0, message: '', data: { error: 'UNAVAILABLE' }, traceId: '' };
}

export function toErrorBody(httpStatus: number, body: unknown, traceHeader: string | null): ErrorEnvelope {
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

export type Unwrapped = { ok: true; data: unknown } | { ok: false; body: ErrorEnvelope; httpStatus: number; statusText: string };

/** The answer's `data`, or the error envelope of a failure (no answer: the network one). */
export function unwrap(path: string, answer: RawAnswer | null): Unwrapped {
  if (!answer) return { ok: false, body: networkErrorBody(), httpStatus: 0, statusText: '' };
  const { body } = answer;
  if (answer.ok && isRecord(body) && body.status === 'success' && (body.code === 0 || body.code === 200)) return { ok: true, data: body.data };
  // Outside /api (e.g. /auth/captcha) a server may answer the bare payload instead of an envelope.
  if (answer.ok && !path.startsWith('/api/') && isRecord(body) && !('status' in body)) return { ok: true, data: body };
  return { ok: false, body: toErrorBody(answer.status, body, answer.traceHeader), httpStatus: answer.status, statusText: answer.statusText };
}

/** The toast text: server message, else status text, else app.networkError; 5xx adds the trace id. */
export function toastText(body: ErrorEnvelope, httpStatus: number, statusText: string): string {
  const base = body.message || statusText || t('app.networkError');
  const traceId = body.traceId;
  return httpStatus >= 500 && traceId ? `${base} ${t('app.traceId', { traceId })}` : base;
}

let sessionExpiredShown = false;

export function resetSessionExpired(): void {
  sessionExpiredShown = false;
}

function showSessionExpired(): void {
  if (sessionExpiredShown) return;
  sessionExpiredShown = true;
  openSessionExpiredModal(async () => {
    // The session is gone already: logging out is best effort, and its answer changes nothing.
    const logout = endpoints.auth.logout;
    await exchange({ method: logout.method, path: logout.path, qs: '', bodyText: undefined, auth: true });
    clearToken();
    apiHooks.onSessionCleared?.();
    apiHooks.reload();
  });
}

/** Reacts to a failed call (401 dialog, 403 refetch, toast) and returns the error to reject with. */
export function fail(body: ErrorEnvelope, httpStatus: number, statusText: string, opts: FailureOptions): ApiError {
  const error = new ApiError(body, httpStatus);
  if (opts.silent) return error;
  if (httpStatus === 401 || body.code === 401) {
    if (!sessionEnded()) showSessionExpired();
    return error;
  }
  if ((httpStatus === 403 || body.code === 403) && apiHooks.onForbidden?.(body.data.error) === true) return error;
  if (opts.expectedErrors?.includes(body.data.error)) return error;
  const text = () => toastText(body, httpStatus, statusText);
  // Field issues usually land on a form's fields (applyServerErrors), which then skips the toast; it
  // waits for the caller's handler, and shows when no form took every issue.
  if (body.data.error === 'VALIDATION_FAILED' && error.fieldIssues.length > 0) error.deferToast(() => void toastError(text));
  else void toastError(text);
  return error;
}
