import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAuditedCall, type CallDef, type Locale } from '@atrium/contracts';
import type { z } from 'zod';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { mediaType } from './body.ts';
import { AuditDraft, auditEntry, writeAudit, type AuditNote } from '../audit/audit-entry.ts';
import type { SessionInfo } from './context.ts';
import type { RequestScope } from '../sessions/data-scope.ts';
import { BYTES_FROM_LENGTH, JsonText, successEnvelope, successEnvelopeBytes, successEnvelopeText } from './envelope.ts';
import { AppError } from './errors.ts';
import { headerProblems, parseWith, queryProblems, type ParseOutcome } from './validation.ts';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface CallContext<C extends CallDef> {
  req: FastifyRequest;
  reply: FastifyReply;
  body: Out<C['body']>;
  query: Out<C['query']>;
  params: Out<C['params']>;
  /** Never null for `signed` and `admin` calls (the session plugin refused the request otherwise). */
  session: C['access'] extends 'public' ? SessionInfo | null : SessionInfo;
  /**
   * The caller's data scope (the session's, sessions/data-scope.ts): `ctx.scope.reach(resource)` answers the
   * effective scope and the departments reached, as of this request. Null without a session.
   */
  scope: C['access'] extends 'public' ? RequestScope | null : RequestScope;
  locale: Locale;
  /** For an audited call (without an `audit` mode): the transaction its entry is written in. */
  db: Db;
  config: AppConfig;
  now: () => Date;
  /** What the trail should say about this write (target, summary, before/after); ignored for reads. */
  audit: AuditDraft;
  /**
   * For `audit: { mode: 'in-handler' }`: writes the success entry (the draft as it stands) through `db`, the
   * transaction of the change it records.
   */
  recordSuccess: (db: Db) => Promise<void>;
}

/** What a handler returns: the envelope's `data`, or the reply itself when it answered directly (CSV, files). */
type ResponseData<C extends CallDef> = C['response'] extends z.ZodType ? z.input<C['response']> : unknown;
export type CallResult<C extends CallDef> = ResponseData<C> | JsonText<ResponseData<C>> | FastifyReply;

export interface RegisterOptions {
  /**
   * Tables whose write generations the handler's cache reads (lists/list-cache.ts): a signed
   * request reads them in its round trip (plugins/pipeline.ts), as `req.generations`.
   */
  reads?: readonly string[];
  /** Body limit in bytes for this route (default: the call's `bodyLimit`, else config.bodyLimit; multipart: 2 MiB + 64 KiB). */
  bodyLimit?: number;
  /**
   * How an audited call's entry is written. Default: in one transaction with the handler's writes (the
   * handler must write through `ctx.db`). `after`: a separate statement after the handler succeeded, for
   * the SMS sends, whose entry records a code delivered (after the provider took it). `in-handler`: the
   * handler opens its own transaction for the change and writes the entry in it with `ctx.recordSuccess`,
   * for the sign-in, whose attempt counters and rate limits commit on their own before it. With either,
   * `failed` names the refusals recorded as `failed` entries (a wrong password, a locked account). `job`:
   * the handler starts a job of the server's that outlives the request and writes the call's one entry
   * (`auditEntry` with the request) when it ends, in the transaction of what it changed (an import's write).
   */
  audit?: { mode: 'after' | 'in-handler' | 'job'; failed?: (error: unknown, ctx: { body: unknown }) => Promise<AuditNote | null> };
}

export const MULTIPART_BODY_LIMIT = 2 * 1024 * 1024 + 64 * 1024;

/**
 * Registers a contract call as a Fastify route. Signature, session and access checks run in the plugins
 * before this handler (they read `config.call`); here params, query and body are parsed with the call's
 * zod schemas (all problems reported together as VALIDATION_FAILED) and the handler's result is wrapped
 * in the success envelope.
 */
export function registerCall<C extends CallDef>(
  app: FastifyInstance,
  call: C,
  handler: (ctx: CallContext<C>) => Promise<CallResult<C>> | CallResult<C>,
  opts: RegisterOptions = {},
): void {
  const multipart = call.requestKind === 'multipart';
  const checkResponse = app.config.nodeEnv !== 'production' && call.response !== undefined && (call.responseKind ?? 'json') === 'json';
  const queryMemo = call.query ? new QueryMemo() : undefined;
  const audited = isAuditedCall(call);
  app.route({
    method: call.method,
    url: call.path,
    config: { call, reads: opts.reads },
    bodyLimit: opts.bodyLimit ?? call.bodyLimit ?? (multipart ? MULTIPART_BODY_LIMIT : undefined),
    handler: async (req, reply) => {
      if (call.body && !multipart && req.rawBody.length > 0 && mediaType(req.headers['content-type']) !== 'application/json') {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      }
      const details = [...queryProblems(req.query), ...headerProblems(req.headers)];
      const parsed: Record<'params' | 'query' | 'body', unknown> = { params: undefined, query: undefined, body: undefined };
      for (const part of ['params', 'query', 'body'] as const) {
        const schema = call[part];
        if (!schema || (part === 'body' && multipart)) continue;
        const outcome = part === 'query' && queryMemo ? queryMemo.parse(schema, req) : parseWith(schema, req[part]);
        if (outcome.ok) parsed[part] = outcome.data;
        else details.push(...outcome.details);
      }
      if (details.length > 0) throw new AppError('VALIDATION_FAILED', { details });

      const audit = new AuditDraft();
      let recorded = false;
      const recordSuccess = async (db: Db) => {
        // Only the handler of an `in-handler` call writes its entry; any other would write it twice.
        if (opts.audit?.mode !== 'in-handler') throw new Error(`${call.id} is not an in-handler audited call: its entry is written by the pipeline`);
        await writeAudit(db, auditEntry(req, call, 'success', audit.note));
        recorded = true;
      };
      const run = (db: Db) =>
        handler({
          req,
          reply,
          body: parsed.body as Out<C['body']>,
          query: parsed.query as Out<C['query']>,
          params: parsed.params as Out<C['params']>,
          session: req.session as CallContext<C>['session'],
          scope: (req.session?.scope ?? null) as CallContext<C>['scope'],
          locale: req.locale,
          db,
          config: app.config,
          now: app.now,
          audit,
          recordSuccess,
        });
      let result: CallResult<C>;
      if (!audited) result = await run(app.db);
      else if (call.method === 'GET' && !opts.audit) {
        // An export: the entry records the request before the rows stream (a stream is no transaction).
        await writeAudit(app.db, auditEntry(req, call, 'success', audit.note));
        result = await run(app.db);
      } else if (opts.audit) {
        try {
          result = await run(app.db);
        } catch (error) {
          const failed = await opts.audit.failed?.(error, { body: parsed.body });
          if (failed) await writeAudit(app.db, auditEntry(req, call, 'failed', failed)).catch((e: unknown) => req.log.warn({ err: e }, 'audit entry of a refused sign-in not written'));
          throw error;
        }
        if (opts.audit.mode === 'after') await writeAudit(app.db, auditEntry(req, call, 'success', audit.note, result));
        else if (opts.audit.mode === 'in-handler' && !recorded) throw new Error(`${call.id} succeeded without writing its audit entry (ctx.recordSuccess)`);
      } else {
        // The change and its entry commit together or not at all. A refusal the handler makes itself (a
        // grant beyond the caller's own permissions, a record put outside the writer's data scope) is
        // recorded as denied once the change rolled back, in a statement of its own.
        try {
          result = await app.db.transaction(async (tx) => {
            const value = await run(tx);
            await writeAudit(tx, audit.each ? audit.each.map((note) => auditEntry(req, call, 'success', note, value)) : auditEntry(req, call, 'success', audit.note, value));
            return value;
          });
        } catch (error) {
          if (error instanceof AppError && (error.key === 'FORBIDDEN' || error.key === 'OUT_OF_SCOPE')) {
            await writeAudit(app.db, auditEntry(req, call, 'denied', { ...audit.note, changes: [] })).catch((e: unknown) => req.log.warn({ err: e }, 'audit entry of a refusal not written'));
          }
          throw error;
        }
      }
      // A streamed answer: the service returned the reply, a thenable awaited until the stream ends. Cut
      // short (the client gone, a stop's drain limit reached) it comes back undefined with the answer begun:
      // nothing more can be sent.
      if (result === reply || reply.sent || reply.raw.headersSent) return reply;
      if (result instanceof JsonText) {
        // A text served again from a cache was checked when it was first sent.
        if (checkResponse && !checkedTexts.has(result)) {
          checkContract(call, JSON.parse(result.text));
          checkedTexts.add(result);
        }
        const body = result.text.length >= BYTES_FROM_LENGTH ? successEnvelopeBytes(result, req.id, req.locale) : successEnvelopeText(result, req.id, req.locale);
        return reply.type('application/json; charset=utf-8').send(body);
      }
      const data = result === undefined ? null : result;
      if (checkResponse) {
        checkContract(call, data);
      }
      return reply.type('application/json; charset=utf-8').send(successEnvelope(data, req.id, req.locale));
    },
  });
}

/** Pre-built answers whose contract check passed (outside production). */
const checkedTexts = new WeakSet<JsonText>();

/** Outside production a handler that drifts from its contract fails loudly instead of shipping it. */
function checkContract(call: CallDef, data: unknown): void {
  const check = call.response!.safeParse(data);
  if (!check.success) {
    throw new AppError('INTERNAL', { cause: new Error(`response of ${call.method} ${call.path} breaks its contract: ${check.error.message}`) });
  }
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/**
 * A query string's parse, remembered per call: the same list URL (a page reloaded, a tab reopened) is
 * parsed once. The parse is a pure function of the raw query (no schema reads the clock), only successful
 * parses are kept, and they are frozen so no handler can change what the next request receives.
 */
class QueryMemo {
  private static readonly MAX = 500;
  private readonly parsed = new Map<string, ParseOutcome<unknown>>();

  parse(schema: z.ZodType, req: FastifyRequest): ParseOutcome<unknown> {
    const url = req.raw.url ?? req.url;
    const q = url.indexOf('?');
    const raw = q === -1 ? '' : url.slice(q + 1);
    const known = this.parsed.get(raw);
    if (known) return known;
    const outcome = parseWith(schema, req.query);
    if (outcome.ok) {
      if (this.parsed.size >= QueryMemo.MAX) this.parsed.delete(this.parsed.keys().next().value!);
      this.parsed.set(raw, deepFreeze(outcome));
    }
    return outcome;
  }
}
