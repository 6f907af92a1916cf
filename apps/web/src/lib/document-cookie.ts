import { call, endpoints } from './api';
import { getToken } from './token';

/**
 * The document cookie (decision 046): once a session's profile has been read, the server is asked to give
 * this browser the session's document cookie (HttpOnly: no script here reads it), so the next document
 * comes signed in: the shell's skeleton alone, the first view's files named in its head. Asked once per
 * session and page, and not at all when this document was already served signed in (the server marks it:
 * `data-signed-in` on the root element) for the token it started with, nor after a sign-in in this page (the
 * answers that open a session set it). The sign-out's call removes it.
 */
let askedFor: string | null = typeof document !== 'undefined' && document.documentElement.hasAttribute('data-signed-in') ? getToken() : null;

/** A sign-in's answer, sent with the browser's cookies, set the document cookie of the session it opened. */
export function documentCookieGiven(): void {
  askedFor = getToken() || null;
}

export function keepDocumentCookie(): void {
  const token = getToken();
  if (!token || askedFor === token) return;
  askedFor = token;
  // Quietly, and once: without the cookie the next document is the one for every visitor, as before.
  call(endpoints.auth.documentCookie, {}, { silent: true, cookies: true }).catch(() => undefined);
}
