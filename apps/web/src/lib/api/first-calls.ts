import { canonicalQuery } from '@atrium/contracts/signing';

/**
 * The first view's calls that left with the document: for a visitor with a session, the boot script
 * (src/prerender/boot.ts) starts src/prerender/first-calls.ts, which signs and sends user info, the menu
 * and the landing route's declared reads (`RouteNode.firstCalls`) while the console's code downloads.
 * The console's transport adopts each answer once, in place of sending the same call again.
 */

/** A call the boot sends: method, path and raw query (no body: user info's POST carries none). */
export interface FirstCall {
  method: string;
  path: string;
  query: string;
  /**
   * The permission of the page that declares it: the call leaves only when the role held it at the last
   * visit, so a role that may not open the page sends no read the server would refuse (and audit).
   */
  permission?: string;
}

/** Where the session keeps the active role's permissions for the next document's first calls. */
const GRANTED_STORAGE_KEY = 'first-calls-granted';

/** The active role's permissions as the console last knew them (null: signed out, or no page's reads to send). */
export function rememberGranted(permissions: readonly string[] | null): void {
  try {
    if (permissions) localStorage.setItem(GRANTED_STORAGE_KEY, JSON.stringify(permissions));
    else localStorage.removeItem(GRANTED_STORAGE_KEY);
  } catch {
    // storage blocked: the pages' reads wait for the console
  }
}

/** What rememberGranted kept; null when nothing (readable) was. */
export function grantedAtLastVisit(): Set<string> | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(GRANTED_STORAGE_KEY) ?? 'null');
    return Array.isArray(value) ? new Set(value.filter((p): p is string => typeof p === 'string')) : null;
  } catch {
    return null;
  }
}

/** What was sent, and for whom: an answer is adopted only by a call made with the same token and language. */
export interface SentFirstCalls {
  token: string;
  locale: string;
  answers: Map<string, Promise<Response>>;
}

/** Where the boot leaves the promise of what it sent. */
export const FIRST_CALLS_GLOBAL = '__atriumFirstCalls';

/** One key per call, whatever the order of its query's parameters. */
export function firstCallKey(method: string, path: string, query: string): string {
  return `${method} ${path}?${canonicalQuery(query)}`;
}

/** `path` or `path?query` as a route declares it, as a GET. */
export function declaredCall(text: string): FirstCall {
  const at = text.indexOf('?');
  return at < 0 ? { method: 'GET', path: text, query: '' } : { method: 'GET', path: text.slice(0, at), query: text.slice(at + 1) };
}

/** undefined: the window not looked at yet; null: nothing (left) to adopt. */
let sent: Promise<SentFirstCalls | null> | null | undefined;
/** The answers a page the server drew as the console went to it was drawn from (lib/drawn-navigation.ts). */
let drawn: Promise<SentFirstCalls | null> | null = null;

/**
 * While the page the console goes to is being drawn by the server (decision 051), its calls wait for the
 * answers it is drawn from and adopt them, as the first view's adopt the boot's; until the returned drop,
 * which forgets those not adopted (the page has its content, or the drawing was given up).
 */
export function adoptDrawnAnswers(answers: Promise<SentFirstCalls | null>): () => void {
  drawn = answers;
  return () => {
    if (drawn === answers) drawn = null;
  };
}

/**
 * The boot's answer to this call, taken once; null when the boot sent no such call, sent it for another
 * token or language, could not send at all, or its request found no answer or a server failure (a 5xx:
 * the database restarting, say). The console then asks again itself, exactly as without the boot.
 */
export async function takeFirstCall(call: FirstCall, token: string, locale: string): Promise<Response | null> {
  if (sent === undefined) {
    const holder = window as unknown as Record<string, Promise<SentFirstCalls | null> | undefined>;
    sent = holder[FIRST_CALLS_GLOBAL] ?? null;
    delete holder[FIRST_CALLS_GLOBAL];
  }
  const key = firstCallKey(call.method, call.path, call.query);
  // A drawn page's answers first: they were read after the boot's.
  for (const source of [drawn, sent]) {
    const calls = source ? await source.catch(() => null) : null;
    if (!calls || calls.token !== token || calls.locale !== locale) continue;
    const answer = calls.answers.get(key);
    if (!answer) continue;
    calls.answers.delete(key);
    return answer.then(
      (res) => (res.status >= 500 ? null : res),
      () => null,
    );
  }
  return null;
}

/**
 * Nothing more is adopted: after a write (an answer read before it may be stale) and when the session ends.
 * What was never adopted is dropped.
 */
export function forgetFirstCalls(): void {
  sent = null;
  drawn = null;
}

/** For tests: the next call looks at the window again. */
export function resetFirstCalls(): void {
  sent = undefined;
  drawn = null;
}
