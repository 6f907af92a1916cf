import { resetClock } from './clock';
import { forgetClientConfig, resetSignInOptions } from './client-config';
import { forgetShared } from './dedupe';
import { resetSessionExpired } from './errors';
import { resetFirstCalls } from './first-calls';
import { resetSessionState } from './session-state';

/**
 * The console's API client, the only code that speaks HTTP: `call(endpoints.group.name, { params, query,
 * body }, options)` for JSON calls, `upload` and `download` for multipart bodies and file answers.
 *
 * What is marked `@public` is the client's surface for the slices' pages (slice.ts) too: a product without
 * slices (or with other ones) uses less of it, and that is not dead code (knip).
 */
/** @public */
export { call, type CallRest } from './call';
/** @public `linkEndpoints` and `EndpointTable`: a slice's own endpoints (lib/api/endpoints.ts) */
export { endpoints, linkEndpoints, type EndpointTable } from './endpoints';
export { DEFAULT_SIGN_IN_OPTIONS, knownSignInOptions, loadSignInOptions, type SignInOptions } from './client-config';
/** @public */
export { download, upload, type DownloadResult } from './files';
/** @public */
export { getStaticJson } from './static-file';
export { ApiError, isApiError, toastText } from './errors';
export { endSession } from './session-state';
export { getClockOffset } from './clock';
export { buildQuery } from './url';
/** @public */
export { apiHooks, DEDUPE_WINDOW_MS, REQUEST_TIMEOUT_MS, type CallOptions, type DownloadOptions, type QueryParams, type QueryValue, type UploadOptions } from './options';
/** @public */
export { endpointOf, type Answer, type CallArgs, type Endpoint } from './types';

/** Resets the client's state (credential, clock, shared answers, session flags); for tests only. */
export function resetApiClient(): void {
  forgetClientConfig();
  resetSignInOptions();
  resetClock();
  resetSessionExpired();
  resetSessionState();
  forgetShared();
  resetFirstCalls();
}
