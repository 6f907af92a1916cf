import type { z } from 'zod';

/**
 * Who may make a call: `public` (no session), `signed` (any signed-in user), `admin` (role admin).
 * The server registers every route from these definitions, and the role-matrix test iterates over them.
 */
type Access = 'public' | 'signed' | 'admin';
type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface CallDef {
  method: HttpMethod;
  /** Fastify-style path, e.g. `/api/list/policy/:id`. */
  path: string;
  access: Access;
  summary: string;
  /** JSON body schema (absent: no body). */
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** Schema of `data` in the success envelope (for JSON answers). */
  response?: z.ZodType;
  /** How the request body travels; default `json` when `body` is set. */
  requestKind?: 'json' | 'multipart';
  /** How the answer travels; default `json` (the envelope). */
  responseKind?: 'json' | 'csv' | 'text';
  /** Whether the call changes data (used by tests that check refused calls write nothing). */
  writes?: boolean;
  /** `exempt`: served without a request signature (only the client-config call that hands out the credential). */
  signature?: 'exempt';
}

export function defineCall<const T extends CallDef>(def: T): T {
  return def;
}
