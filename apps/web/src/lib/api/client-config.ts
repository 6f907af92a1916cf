import type { SigningCredential } from '@atrium/contracts/signing';
import { getLocale } from '../i18n';
import { observeDateHeader, observeServerTime } from './clock';
import { endpoints } from './endpoints';

/**
 * The console's signing credential comes from the server at run time (no rebuild on key rotation). The
 * call is unsigned; its answer also carries the server time, which sets the clock offset.
 */
let configPromise: Promise<SigningCredential> | null = null;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
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

export function loadClientConfig(): Promise<SigningCredential> {
  configPromise ??= (async () => {
    const res = (await takeBootRequest()) ?? (await fetch(endpoints.auth.clientConfig.path, { headers: { 'Accept-Language': getLocale() }, credentials: 'omit' }));
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

/** The next call fetches the credential again (after SIGNATURE_INVALID: the key may have rotated). */
export function forgetClientConfig(): void {
  configPromise = null;
}
