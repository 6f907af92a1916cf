import { parseCookie, stringifySetCookie } from 'cookie';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { equalHex, keyedHash, purposeKey } from '../security/passwords.ts';
import { findSessionById, sessionDeadline, type SessionWithUser } from './session-lookup.ts';

// The document cookie (decision 046): lets the server know, when a browser asks for the console's document,
// that a live session of this browser asks, so it can serve the signed-in view. It is a document's only:
// HttpOnly (no script reads it), and the API never reads it (every call carries its own token and
// signature and is sent without cookies). Its value names the session and carries a MAC of it under a key
// derived from SECRET_KEY, so it cannot be made up, and it dies with the session: revoked, expired (idle or
// absolute), the account disabled or left without roles.

export const DOCUMENT_COOKIE = 'atrium_document';

const PURPOSE = 'document-cookie';

function macOf(config: AppConfig, sessionId: number, userId: number): string {
  return keyedHash(purposeKey(config.secretKey, PURPOSE), `${sessionId}\u0000${userId}`);
}

/** The cookie's value for a session: `<session id>.<user id>.<MAC>`. */
export function documentCookieValue(config: AppConfig, sessionId: number, userId: number): string {
  return `${sessionId}.${userId}.${macOf(config, sessionId, userId)}`;
}

/**
 * Set-Cookie for a session's document cookie. Lax, not Strict: a link from elsewhere (a mail, a chat) to a
 * console page then opens it signed in; what the cookie does is render a document for the person whose
 * browser it is, which no other site can read or frame (frame-ancestors 'none'). Secure when the request
 * came over TLS (directly, or through a trusted balancer's X-Forwarded-Proto).
 */
export function setDocumentCookie(config: AppConfig, session: { sessionId: number; userId: number }, secure: boolean): string {
  return stringifySetCookie({
    name: DOCUMENT_COOKIE,
    value: documentCookieValue(config, session.sessionId, session.userId),
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: config.sessionAbsoluteSeconds,
  });
}

/** Set-Cookie that removes the document cookie (sign-out, or a cookie the server no longer honours). */
export function clearDocumentCookie(secure: boolean): string {
  return stringifySetCookie({ name: DOCUMENT_COOKIE, value: '', httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: 0 });
}

/** The document cookie a request carries, if any (the raw value). */
export function documentCookieOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  try {
    return parseCookie(header)[DOCUMENT_COOKIE] || undefined;
  } catch {
    return undefined;
  }
}

/** Who a document request comes from, when its cookie names a live session. */
export interface DocumentSession {
  sessionId: number;
  userId: number;
  /** The session's token's hash (sessions.token_hash): what the console proves it holds the same session by. */
  tokenHash: string;
  /** The session as read for this request: its checks as a caller (resolve-session.ts, liveSession) need no second read. */
  found: SessionWithUser;
}

/**
 * The live session a document cookie names, or `undefined`: malformed, a MAC that does not match, a session
 * that is gone, revoked, past its idle or absolute deadline, or whose account is disabled or has no role.
 * Read from the database at every document request, so a sign-out anywhere applies at the next load.
 */
export async function documentSessionOf(db: Db, config: AppConfig, value: string, now: Date): Promise<DocumentSession | undefined> {
  const m = /^(\d{1,15})\.(\d{1,15})\.([0-9a-f]{64})$/.exec(value);
  if (!m) return undefined;
  const sessionId = Number(m[1]);
  const userId = Number(m[2]);
  if (!equalHex(m[3]!, macOf(config, sessionId, userId))) return undefined;
  const s = await findSessionById(db, sessionId);
  if (!s || s.userId !== userId || s.revokedAt) return undefined;
  if (sessionDeadline(config, s).getTime() <= now.getTime()) return undefined;
  if (s.status !== 'active' || s.roles.length === 0) return undefined;
  return { sessionId, userId, tokenHash: s.tokenHash, found: s };
}
