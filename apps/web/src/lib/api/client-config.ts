import type { SignInOptions } from '@atrium/contracts/calls/company-sign-in';
import { CLIENT_CONFIG_ELEMENT_ID } from '@atrium/contracts/client-config';
import type { SigningCredential } from '@atrium/contracts/signing';
import { getLocale } from '../i18n';
import { observeDateHeader, observeServerTime } from './clock';
import { readDocumentConfig } from './document-config';
import { endpoints } from './endpoints';

/**
 * The console's signing credential comes from the server at run time (no rebuild on key rotation): first
 * from the document, which the server writes it into (plugins/static-web.ts), else from the unsigned
 * call, whose answer also carries the server time (the clock offset). Both carry how the sign-in page
 * offers company sign-in.
 */
let configPromise: Promise<SigningCredential> | null = null;
/** The sign-in options of the last answer (kept across a forgotten credential: they are not secret). */
let signInOptions: SignInOptions | null = null;

export type { SignInOptions };

/** What the sign-in page offers when the server says nothing (or cannot be reached): the forms only. */
export const DEFAULT_SIGN_IN_OPTIONS: SignInOptions = { sso: null, password: 'on' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The answer's `signIn`, checked by hand (the sign-in page loads this module, and zod stays out of its
 * first load); anything else than the contract's shape is the default.
 */
function readSignInOptions(value: unknown): SignInOptions {
  if (!isRecord(value)) return DEFAULT_SIGN_IN_OPTIONS;
  const password = value.password === 'admins' ? 'admins' : 'on';
  const sso = isRecord(value.sso) ? { label: typeof value.sso.label === 'string' && value.sso.label.trim() !== '' ? value.sso.label : null } : null;
  return { sso, password };
}

/**
 * The document's boot script (src/prerender/boot.ts) asks for the credential with the first wave of a
 * visitor with a session; its answer is used once, by the first load. A failed request is asked again.
 */
function takeBootRequest(): Promise<Response | null> {
  const holder = window as unknown as { __atriumClientConfig?: Promise<Response> };
  const pending = holder.__atriumClientConfig;
  if (!pending) return Promise.resolve(null);
  delete holder.__atriumClientConfig;
  return pending.then(
    (res) => (res.ok ? res : null),
    () => null,
  );
}

/**
 * What the document carries, taken once: after a rotated key (SIGNATURE_INVALID) the credential is asked
 * of the server, never read from the document again.
 */
function takeDocumentConfig(): SigningCredential | null {
  const element = document.getElementById(CLIENT_CONFIG_ELEMENT_ID);
  if (!element) return null;
  element.remove();
  const carried = readDocumentConfig(element.textContent);
  if (!carried) return null;
  signInOptions = readSignInOptions(carried.signIn);
  return carried.credential;
}

export function loadClientConfig(): Promise<SigningCredential> {
  configPromise ??= (async () => {
    const carried = takeDocumentConfig();
    if (carried) return carried;
    const res = (await takeBootRequest()) ?? (await fetch(endpoints.auth.clientConfig.path, { headers: { 'Accept-Language': getLocale() }, credentials: 'omit' }));
    observeDateHeader(res.headers.get('Date'));
    const body: unknown = await res.json();
    const data = isRecord(body) && 'status' in body && 'data' in body ? body.data : body;
    if (!res.ok || !isRecord(data) || typeof data.keyId !== 'string' || typeof data.secret !== 'string') {
      throw new Error('client-config unavailable');
    }
    const serverTime = typeof data.serverTime === 'number' ? data.serverTime : Date.parse(String(data.serverTime ?? ''));
    if (Number.isFinite(serverTime)) observeServerTime(serverTime, Date.now());
    signInOptions = readSignInOptions(data.signIn);
    return { keyId: data.keyId, secret: data.secret };
  })().catch((error: unknown) => {
    configPromise = null;
    throw error;
  });
  return configPromise;
}

/** The next call fetches the credential again (after SIGNATURE_INVALID: the key may have rotated). */
export function forgetClientConfig(): void {
  configPromise = null;
}

/**
 * How the sign-in page offers company sign-in, from the same single request as the credential (which the
 * sign-in then needs anyway). Never rejects: without an answer, the forms only.
 */
export async function loadSignInOptions(): Promise<SignInOptions> {
  try {
    await loadClientConfig();
  } catch {
    return signInOptions ?? DEFAULT_SIGN_IN_OPTIONS;
  }
  return signInOptions ?? DEFAULT_SIGN_IN_OPTIONS;
}

/** The sign-in options already known (a sign-out back to the sign-in page), or null before the first answer. */
export function knownSignInOptions(): SignInOptions | null {
  return signInOptions;
}

/** Forgets the sign-in options too; for tests only (through resetApiClient). */
export function resetSignInOptions(): void {
  signInOptions = null;
}
