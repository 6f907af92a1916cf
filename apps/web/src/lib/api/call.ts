import type { CallDef } from '@atrium/contracts/call';
import { canonicalQuery } from '@atrium/contracts/signing';
import { getClockOffset } from './clock';
import { forgetClientConfig } from './client-config';
import { asWrite, shared } from './dedupe';
import { ApiError, fail, unwrap } from './errors';
import type { CallOptions } from './options';
import { exchange, type JsonRequest } from './transport';
import type { Answer, CallArgs, Endpoint, IsJsonCall, NeedsArgs } from './types';
import { buildQuery, fillPath } from './url';

export type CallRest<C extends CallDef> =
  IsJsonCall<C> extends true
    ? NeedsArgs<C> extends true
      ? [args: CallArgs<C>, options?: CallOptions]
      : [args?: CallArgs<C>, options?: CallOptions]
    : [use: 'upload() or download() for this call'];

/** Whether a failure is worth one silent retry: a corrected clock or a rotated key. */
function retryable(error: ApiError, skewBefore: number): boolean {
  if (error.key === 'REQUEST_EXPIRED') return getClockOffset() !== skewBefore;
  if (error.key === 'SIGNATURE_INVALID') {
    forgetClientConfig();
    return true;
  }
  return false;
}

async function execute(req: JsonRequest, opts: CallOptions, attempt = 0): Promise<unknown> {
  const skewBefore = getClockOffset();
  const outcome = unwrap(req.path, await exchange(req));
  if (outcome.ok) return outcome.data;
  if (attempt === 0 && outcome.httpStatus !== 0 && retryable(new ApiError(outcome.body, outcome.httpStatus), skewBefore)) {
    return execute(req, opts, 1);
  }
  throw fail(outcome.body, outcome.httpStatus, outcome.statusText, opts);
}

/**
 * Sends a contract call: the method and path come from the definition (path parameters filled in and
 * encoded), the query and body are typed by its schemas, and the answer is the response schema's output.
 * Public calls go without the token. Reads are de-duplicated unless `dedupe: false`; writes never are, and
 * a settled write ends the shared reads. Rejects with an ApiError after the one toast or dialog.
 */
export function call<C extends CallDef>(endpoint: Endpoint<C>, ...rest: CallRest<C>): Promise<Answer<C>> {
  const [args, options = {}] = rest as [CallArgs<CallDef> | undefined, CallOptions | undefined];
  const path = fillPath(endpoint.path, args?.params as Record<string, string | number> | undefined);
  const qs = buildQuery(args?.query);
  const body = (args as { body?: unknown } | undefined)?.body;
  const bodyText = body === undefined ? undefined : JSON.stringify(body);
  const req: JsonRequest = { method: endpoint.method, path, qs, bodyText, auth: endpoint.access !== 'public', cookies: options.cookies, timeout: options.timeout, signal: options.signal };
  const run = () => execute(req, options) as Promise<Answer<C>>;
  if (endpoint.writes) return asWrite(run());
  if (options.dedupe === false) return run();
  return shared(`${req.method} ${path}?${canonicalQuery(qs)} ${bodyText ?? ''}`, run);
}
