import type { CallDef, Locale } from '@atrium/contracts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Generations } from '../db/list-generations.ts';
import type { SessionWithUser } from '../sessions/session-lookup.ts';
import type { TwoStep } from '../sessions/two-step.ts';
import type { RequestScope } from '../sessions/data-scope.ts';

/** The signed-in caller as resolved by the session plugin. */
export interface SessionInfo {
  userId: number;
  username: string;
  /** The role the session acts in (its active role, or the account's first when that one was removed). */
  role: string;
  /** Every role the account holds (codes). */
  roles: string[];
  /** The acting role's permissions, as read with this request. */
  permissions: ReadonlySet<string>;
  /** The account signed in with a one-time password and has not changed it yet. */
  mustChangePassword: boolean;
  /** Two-step verification is on for the account. */
  twoStepOn: boolean;
  /** A company account: no role's two-step requirement applies to it. */
  companyAccount: boolean;
  /** Two-step verification in the acting role (while it is not satisfied, only enrolment is open). */
  twoStep: TwoStep;
  sessionId: number;
  /** The account's department, as read with this request. */
  departmentId: number;
  /** The acting role's data scope from the account's department as of this request (sessions/data-scope.ts). */
  scope: RequestScope;
}

export type Clock = () => Date;

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    /** Injectable clock (tests move time to check expiry). */
    now: Clock;
  }
  interface FastifyRequest {
    locale: Locale;
    /** Exact request body bytes (empty for GET/HEAD and body-less requests). */
    rawBody: Buffer;
    session: SessionInfo | null;
    /** X-Fingerprint header ('' when absent). */
    fingerprint: string;
    /** The Access-Token's session, read by the signature check together with the nonce (null: not read). */
    sessionPreload: { session: SessionWithUser | undefined } | null;
    /** Whether the request's signature was checked and its nonce recorded as fresh. */
    nonceAccepted: boolean;
    /** The generations of the tables the route reads, read in the signed request's round trip (null: not read). */
    generations: Generations | null;
  }
  interface FastifyContextConfig {
    /** The contract call a route serves; drives signing, session and role checks. */
    call?: CallDef;
    /** The tables whose write generations the handler reads (RegisterOptions.reads). */
    reads?: readonly string[];
  }
}
