import { DRAWN_ANSWERS_ELEMENT_ID, DRAWN_ATTRIBUTE } from '@atrium/contracts/client-config';
import { signHeaders } from '@atrium/contracts/signing';
import { readDocumentConfig } from '../lib/api/document-config';
import { firstCallKey, grantedAtLastVisit, type FirstCall, type SentFirstCalls } from '../lib/api/first-calls';
import { REQUEST_TIMEOUT_MS } from '../lib/api/options';
import { storedFingerprint } from '../lib/fingerprint';
import { getToken } from '../lib/token';

/** What the server writes after a page it drew (decision 049; apps/server/src/plugins/drawn-view.ts). */
interface DrawnAnswers {
  /** Its answers by call (`firstCallKey`). */
  answers: Record<string, { status: number; body: unknown }>;
  /** The server's Date when it read them: the console sets its clock by it, as by an answer's Date header. */
  date: string;
  /** The start of the SHA-256 (hex) of the token of the session they were read as. */
  token: string;
}

/** The hex SHA-256 of a token, as the server keeps it (sessions.token_hash). */
async function tokenHash(token: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The answers of a page the server is drawing into this document, once the document has been read (they
 * follow the drawn page, at its end), if they were read as the session of this browser's token; null when
 * there are none (the server could not draw it after all) or they were read as another session (the
 * document cookie and the token disagree).
 */
function drawnAnswers(elementId: string, token: string): Promise<DrawnAnswers | null> {
  const parsed = new Promise<DrawnAnswers | null>((resolve) => {
    const read = () => {
      try {
        resolve(JSON.parse(document.getElementById(elementId)?.textContent ?? 'null') as DrawnAnswers | null);
      } catch {
        resolve(null);
      }
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', read, { once: true });
    else read();
  });
  return Promise.all([parsed, tokenHash(token)]).then(([found, hash]) => (found && typeof found.token === 'string' && found.token.length >= 16 && hash.startsWith(found.token) ? found : null));
}

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
 * permission at the last visit (lib/api/first-calls.ts, rememberGranted). When the server draws the page
 * (decision 049), the calls it answered are not sent: their answers are read from the document.
 */
export function sendFirstCalls(calls: readonly FirstCall[], credentialElementId: string, locale: string): Promise<SentFirstCalls | null> {
  // Read without taking it: the console takes it out once it signs a call of its own (client-config.ts).
  const credential = readDocumentConfig(document.getElementById(credentialElementId)?.textContent)?.credential;
  const fingerprint = storedFingerprint();
  const token = getToken();
  if (!credential || !fingerprint || !token) return Promise.resolve(null);
  const granted = grantedAtLastVisit();
  const allowed = (call: FirstCall) => call.permission === undefined || granted?.has(call.permission) === true;
  const send = (call: FirstCall) =>
    signHeaders(credential, { method: call.method, path: call.path, query: call.query, headers: { 'X-Fingerprint': fingerprint, 'Access-Token': token } }).then((headers) =>
      fetch(call.query ? `${call.path}?${call.query}` : call.path, {
        method: call.method,
        headers: { ...headers, 'Accept-Language': locale },
        credentials: 'omit',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      }),
    );
  // The server draws this page in the reader's language: the answers it read come at the document's end,
  // and only what they lack (the server could not draw it after all) is sent then.
  const drawn = document.documentElement.getAttribute(DRAWN_ATTRIBUTE) === locale ? drawnAnswers(DRAWN_ANSWERS_ELEMENT_ID, token).catch(() => null) : null;
  const answers = new Map<string, Promise<Response>>();
  for (const call of calls) {
    const key = firstCallKey(call.method, call.path, call.query);
    if (answers.has(key) || (!drawn && !allowed(call))) continue;
    const answer = drawn
      ? drawn.then((found) => {
          const read = found?.answers[key];
          if (read) return new Response(JSON.stringify(read.body), { status: read.status, headers: { 'Content-Type': 'application/json', Date: found.date } });
          return allowed(call) ? send(call) : Promise.reject(new Error('not drawn, and not sent: the role may not open the page'));
        })
      : send(call);
    // An answer nobody adopts (a page the role may not open) is no unhandled rejection.
    answer.catch(() => undefined);
    answers.set(key, answer);
  }
  return Promise.resolve({ token, locale, answers });
}
