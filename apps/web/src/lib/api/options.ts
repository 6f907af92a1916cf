import type { ErrorKey } from '@atrium/contracts/envelope';

/** Limits of the console's calls and the options a caller may pass. */
export const REQUEST_TIMEOUT_MS = 10_000;
/** Identical reads share one answer while in flight and for this long after. */
export const DEDUPE_WINDOW_MS = 900;

export type QueryValue = string | number | boolean | null | undefined | (string | number | boolean)[];
export type QueryParams = Record<string, QueryValue>;

/** What shapes the reaction to a call's failure and its timing. */
export interface FailureOptions {
  /** Error keys the caller handles itself: no toast for them. */
  expectedErrors?: ErrorKey[];
  /** No toast, no session-expired dialog, no user-info refetch (logout, start-up checks). */
  silent?: boolean;
  timeout?: number;
  signal?: AbortSignal;
}

export interface CallOptions extends FailureOptions {
  /**
   * Whether identical calls share one answer (in flight and for 900 ms after). Default: on for calls that
   * change nothing, off for writes; a settled write ends every shared answer, so a refetch after it is fresh.
   */
  dedupe?: boolean;
  /**
   * Send the browser's cookies (same origin only). The console's calls carry none (their token and
   * signature say everything); the one exception is the company sign-in's redeem, which the server ties
   * to the binding cookie of the browser that started the sign-in.
   */
  cookies?: boolean;
}

export interface UploadOptions extends FailureOptions {
  onProgress?: (percent: number, loaded: number, total: number) => void;
}

export interface DownloadOptions extends FailureOptions {
  /** Used when the server sends no Content-Disposition file name. */
  filename?: string;
}

/** Integration points set by the app (session store, tests); kept here so the client imports no store. */
export const apiHooks: {
  /**
   * A call answered 403: refetch user info so menu and buttons follow a role changed elsewhere. Returns
   * true when the app shows its own reaction to this error, so the client shows no toast.
   */
  onForbidden?: (error: ErrorKey) => boolean | void;
  /** The session-expired dialog was confirmed: clear the profile and listeners before the reload. */
  onSessionCleared?: () => void;
  reload: () => void;
} = { reload: () => window.location.reload() };
