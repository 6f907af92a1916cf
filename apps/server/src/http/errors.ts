import { errorStatus, type ErrorKey, type FieldIssue } from '@atrium/contracts';

export interface AppErrorOptions {
  /** A message key of the contracts' validation catalogue (translated), or plain text. Default: the key's text. */
  message?: string;
  details?: FieldIssue[] | Record<string, unknown>;
  /** Overrides the status fixed for the key (rarely needed). */
  status?: number;
  /** Extra response headers (e.g. Retry-After). */
  headers?: Record<string, string>;
  cause?: unknown;
}

/**
 * The one error type handlers throw. The error handler turns it into the error envelope
 * (docs/http-contract.md) with the message in the caller's language. FieldIssue messages may be catalogue
 * keys; they are translated too.
 */
export class AppError extends Error {
  readonly key: ErrorKey;
  readonly status: number;
  readonly details?: FieldIssue[] | Record<string, unknown>;
  readonly headers?: Record<string, string>;
  readonly messageKey?: string;

  constructor(key: ErrorKey, opts: AppErrorOptions = {}) {
    super(opts.message ?? key, { cause: opts.cause });
    this.name = 'AppError';
    this.key = key;
    this.status = opts.status ?? errorStatus[key];
    this.details = opts.details;
    this.headers = opts.headers;
    this.messageKey = opts.message;
  }
}

/** Shorthand for a VALIDATION_FAILED on one field, e.g. `fieldError('oldPassword', 'userSetting.password.old.wrong')`. */
export function fieldError(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', { details: [{ path, message }] });
}
