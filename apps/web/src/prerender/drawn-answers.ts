import type { QueryParams } from '../lib/api/options';
import { unwrap } from '../lib/api/errors';
import { firstCallKey } from '../lib/api/first-calls';
import { buildQuery } from '../lib/api/url';

/** One of the answers the server read for a drawn page, as it goes into the document (status and JSON body). */
interface DrawnAnswer {
  status: number;
  body: unknown;
}

/** The answers by call (`firstCallKey`): what the server read as the document cookie's session. */
export type DrawnAnswerMap = Readonly<Record<string, DrawnAnswer>>;

/** A page the server draws could not be drawn from these answers (one missing or refused): no drawn page. */
export class NotDrawable extends Error {}

/**
 * The data of a call among the answers, unwrapped as the console unwraps it (lib/api/errors.ts); throws
 * NotDrawable when the server did not read it or it was not a success.
 */
export function answerData(answers: DrawnAnswerMap, endpoint: { method: string; path: string }, query?: QueryParams): unknown {
  const answer = answers[firstCallKey(endpoint.method, endpoint.path, buildQuery(query))];
  if (!answer) throw new NotDrawable(`no answer for ${endpoint.method} ${endpoint.path}`);
  const outcome = unwrap(endpoint.path, { ok: answer.status >= 200 && answer.status < 300, status: answer.status, statusText: '', body: answer.body, traceHeader: null });
  if (!outcome.ok) throw new NotDrawable(`${endpoint.method} ${endpoint.path} answered ${answer.status}`);
  return outcome.data;
}
