import { randomBytes } from 'node:crypto';
import type { DocumentSession } from './document-cookie.ts';

// The server's own reads as a document cookie's session (decision 049): when it draws the signed-in
// document, the landing page's declared calls go through the API's pipeline, handlers, checks and scope
// queries in-process (Fastify's inject), carrying a ticket in place of a token and a signature. A ticket is
// random, lives in this process's memory only for the length of one document's reads, and opens only the
// calls it was issued for: nothing a request from outside could carry reaches that path.

/** The header an in-process read carries its ticket in. */
export const VIEW_TICKET_HEADER = 'x-atrium-view-ticket';

interface Ticket {
  session: DocumentSession;
  /** `METHOD path?query` of each call the ticket opens. */
  calls: ReadonlySet<string>;
}

export class ViewTickets {
  readonly #live = new Map<string, Ticket>();

  /** A ticket for these calls as this session; `revoke` it once they have answered. */
  issue(session: DocumentSession, calls: Iterable<string>): string {
    const ticket = randomBytes(32).toString('base64url');
    this.#live.set(ticket, { session, calls: new Set(calls) });
    return ticket;
  }

  revoke(ticket: string): void {
    this.#live.delete(ticket);
  }

  /** The session a request's ticket stands for, when the ticket is live and opens this call; else undefined. */
  sessionFor(ticket: string | string[] | undefined, method: string, url: string): DocumentSession | undefined {
    if (typeof ticket !== 'string') return undefined;
    const found = this.#live.get(ticket);
    return found?.calls.has(`${method} ${url}`) ? found.session : undefined;
  }

  /** How many are live (tests: none is left behind). */
  get size(): number {
    return this.#live.size;
  }
}
