import { getToken } from '../token';

/**
 * The token of the session this tab ended on purpose (sign-out), '' if it had none, null otherwise. Until a
 * call carries another token (a new session), every 401 is the expected answer for the ended session or
 * for having none: no session-expired dialog.
 */
let endedToken: string | null = null;

/**
 * The session is being ended on purpose (sign-out): from now on a 401, from a call already on its way or
 * from one sent later, opens no session-expired dialog, until a call carries a new session's token.
 */
export function endSession(): void {
  endedToken = getToken();
}

/** Whether the session was ended on purpose (its 401s are expected). */
export function sessionEnded(): boolean {
  return endedToken !== null;
}

/** A call is sent with this token: a token other than the ended one is a new session, whose 401s mean it expired. */
export function noteToken(token: string): void {
  if (token && token !== endedToken) endedToken = null;
}

export function resetSessionState(): void {
  endedToken = null;
}
