import { signHeaders } from '@atrium/contracts/signing';
import { readDocumentConfig } from '../lib/api/document-config';
import { firstCallKey, grantedAtLastVisit, type FirstCall, type SentFirstCalls } from '../lib/api/first-calls';
import { REQUEST_TIMEOUT_MS } from '../lib/api/options';
import { storedFingerprint } from '../lib/fingerprint';
import { getToken } from '../lib/token';

/**
 * The first view's calls, sent by the document: built on its own into a script inline at the top of the
 * head (prerender-plugin.ts), which defines `sendFirstCalls` for boot.ts to call for a visitor with a
 * session. Signed with the credential the server wrote into the document and sent at once,
 * while the console's code downloads. The console adopts the answers (lib/api/first-calls.ts) instead of
 * asking again. The requests are those the console would send (same headers, no cookies), so a visitor
 * whose session expired gets the same 401s, and the console shows the sign-in page as before.
 *
 * Nothing is sent without what signing needs (the document's credential, the device id a sign-in stored,
 * the token): the console then asks as usual. A page's reads leave only when the role held the page's
 * permission at the last visit (lib/api/first-calls.ts, rememberGranted).
 */
export function sendFirstCalls(calls: readonly FirstCall[], credentialElementId: string, locale: string): Promise<SentFirstCalls | null> {
  // Read without taking it: the console takes it out once it signs a call of its own (client-config.ts).
  const credential = readDocumentConfig(document.getElementById(credentialElementId)?.textContent)?.credential;
  const fingerprint = storedFingerprint();
  const token = getToken();
  if (!credential || !fingerprint || !token) return Promise.resolve(null);
  const granted = grantedAtLastVisit();
  const answers = new Map<string, Promise<Response>>();
  for (const call of calls) {
    if (call.permission !== undefined && !granted?.has(call.permission)) continue;
    const key = firstCallKey(call.method, call.path, call.query);
    if (answers.has(key)) continue;
    const answer = signHeaders(credential, { method: call.method, path: call.path, query: call.query, headers: { 'X-Fingerprint': fingerprint, 'Access-Token': token } }).then((headers) =>
      fetch(call.query ? `${call.path}?${call.query}` : call.path, {
        method: call.method,
        headers: { ...headers, 'Accept-Language': locale },
        credentials: 'omit',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      }),
    );
    // An answer nobody adopts (a page the role may not open) is no unhandled rejection.
    answer.catch(() => undefined);
    answers.set(key, answer);
  }
  return Promise.resolve({ token, locale, answers });
}
