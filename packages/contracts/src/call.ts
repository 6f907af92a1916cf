import type { z } from 'zod';
import type { Permission } from './permissions.ts';

/**
 * Who may make a call: `public` (no session) or `signed` (a signed-in user; with `permission`, only when
 * the session's active role holds it). The server registers every route from these definitions, and the
 * role matrix and the audit tests iterate over them.
 */
type Access = 'public' | 'signed';
type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface CallDef {
  /**
   * Stable dotted id, `<resource>.<verb>` (`system.` before the system calls): the audit trail's `action`
   * and the OpenAPI `operationId`.
   */
  id: string;
  method: HttpMethod;
  /** Fastify-style path, e.g. `/api/list/policy/:id`. */
  path: string;
  access: Access;
  /** The permission the active role must hold (absent: open to any signed-in user, or public). */
  permission?: Permission;
  summary: string;
  /** JSON body schema (absent: no body). */
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** Schema of `data` in the success envelope (for JSON answers). */
  response?: z.ZodType;
  /** How the request body travels; default `json` when `body` is set. */
  requestKind?: 'json' | 'multipart';
  /** The largest body the call takes, in bytes, when it is not the server's default (an import's file). */
  bodyLimit?: number;
  /**
   * How the answer travels; default `json` (the envelope). `csv`: a file of records (CSV, or XLSX when asked),
   * audited as an export; `file`: a file that holds no record (an import's template), not audited.
   * `redirect`: a 302 for a browser's navigation.
   */
  responseKind?: 'json' | 'csv' | 'file' | 'text' | 'redirect';
  /** Whether the call changes data (used by tests that check refused calls write nothing). */
  writes?: boolean;
  /**
   * `exempt`: served without a request signature: the client-config call that hands out the credential, and
   * the company sign-in's start and callback (top-level navigations of the browser).
   */
  signature?: 'exempt';
}

/**
 * Whether a call is recorded in the audit trail: every call that changes data (`writes`: every call that
 * is not a GET, except the user info read through POST) and the exports (a GET that hands data out).
 */
export function isAuditedCall(call: CallDef): boolean {
  return call.writes === true || call.responseKind === 'csv';
}

export function defineCall<const T extends CallDef>(def: T): T {
  return def;
}
