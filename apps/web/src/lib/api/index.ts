import { resetClock } from './clock';
import { forgetClientConfig, resetSignInOptions } from './client-config';
import { forgetShared } from './dedupe';
import { resetSessionExpired } from './errors';
import { resetSessionState } from './session-state';

/**
 * The console's API client, the only code that speaks HTTP: `call(endpoints.group.name, { params, query,
 * body }, options)` for JSON calls, `upload` and `download` for multipart bodies and file answers.
 */
export { call, type CallRest } from './call';
export { endpoints } from './endpoints';
export { DEFAULT_SIGN_IN_OPTIONS, knownSignInOptions, loadSignInOptions, type SignInOptions } from './client-config';
export { download, upload, type DownloadResult } from './files';
export { getStaticJson } from './static-file';
export { ApiError, isApiError, isSessionExpiredShown, toastText } from './errors';
export { endSession } from './session-state';
export { getClockOffset } from './clock';
export { buildQuery } from './url';
export { apiHooks, DEDUPE_WINDOW_MS, REQUEST_TIMEOUT_MS, type CallOptions, type DownloadOptions, type QueryParams, type QueryValue, type UploadOptions } from './options';
export { endpointOf, type Answer, type CallArgs, type Endpoint } from './types';

/** Resets the client's state (credential, clock, shared answers, session flags); for tests only. */
export function resetApiClient(): void {
  forgetClientConfig();
  resetSignInOptions();
  resetClock();
  resetSessionExpired();
  resetSessionState();
  forgetShared();
}
