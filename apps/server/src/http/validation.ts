import type { IncomingHttpHeaders } from 'node:http';
import { isStorableText, issuePath, msg, queryPairs, type FieldIssue } from '@atrium/contracts';
import type { z } from 'zod';

type Issue = z.core.$ZodIssue;

/**
 * Messages for rules whose schema gave none: the catalogue keys of the contracts, so the caller reads
 * "此项为必填项" rather than zod's English default. Schema-level messages take precedence over this map.
 */
function defaultMessage(iss: z.core.$ZodRawIssue): string {
  switch (iss.code) {
    case 'invalid_type':
      return iss.input === undefined ? 'common.required' : 'validation.invalidType';
    case 'too_small': {
      const n = Number(iss.minimum);
      if ((iss.origin === 'string' || iss.origin === 'array') && n === 1) return 'common.required';
      return msg('validation.tooSmall', { n });
    }
    case 'too_big': {
      const n = Number(iss.maximum);
      return iss.origin === 'string' ? msg('common.maxLength', { n }) : msg('validation.tooBig', { n });
    }
    case 'unrecognized_keys':
      return 'validation.unknownField';
    default:
      return 'validation.invalidValue';
  }
}

/** Picks the union branch the caller most likely meant: no unknown keys first, then the fewest problems. */
function bestBranch(branches: Issue[][]): Issue[] {
  let best: Issue[] | undefined;
  let bestScore = Infinity;
  for (const branch of branches) {
    const score = branch.length + (branch.some((i) => i.code === 'unrecognized_keys') ? 1000 : 0);
    if (score < bestScore) {
      best = branch;
      bestScore = score;
    }
  }
  return best ?? [];
}

function flatten(issues: readonly Issue[], prefix: PropertyKey[] = []): FieldIssue[] {
  const out: FieldIssue[] = [];
  for (const iss of issues) {
    const path = [...prefix, ...iss.path];
    if (iss.code === 'invalid_union' && iss.errors.length > 0 && iss.errors.every((b) => b.length > 0)) {
      out.push(...flatten(bestBranch(iss.errors), path));
    } else if (iss.code === 'unrecognized_keys') {
      for (const key of iss.keys) out.push({ path: issuePath([...path, key]), message: 'validation.unknownField' });
    } else {
      out.push({ path: issuePath(path), message: iss.message });
    }
  }
  return out;
}

/** One message per field (the first rule that failed), as a form shows it. */
function issuesToDetails(issues: readonly Issue[]): FieldIssue[] {
  const seen = new Set<string>();
  return flatten(issues).filter((d) => (seen.has(d.path) ? false : (seen.add(d.path), true)));
}

export type ParseOutcome<T> = { ok: true; data: T } | { ok: false; details: FieldIssue[] };

export function parseWith<S extends z.ZodType>(schema: S, input: unknown): ParseOutcome<z.output<S>> {
  const result = schema.safeParse(input, { error: defaultMessage });
  return result.success ? { ok: true, data: result.data } : { ok: false, details: issuesToDetails(result.error.issues) };
}

/**
 * Header values with bytes that cannot be stored (NUL, lone surrogates), refused like any other field of
 * the request (the call schemas carry the contracts' storable-text rule). Node's HTTP parser already
 * refuses NUL in a header; this holds for every other way a request reaches a handler.
 */
export function headerProblems(headers: IncomingHttpHeaders): FieldIssue[] {
  const out: FieldIssue[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value) ? !value.every(isStorableText) : !isStorableText(value)) out.push({ path: `headers.${name}`, message: 'validation.invalidCharacters' });
  }
  return out;
}

const undecodable = Symbol('undecodable query keys');

/** A parsed query: one string per key, an array for a repeated key; what did not decode is kept aside. */
export type ParsedQuery = Record<string, string | string[]> & { [undecodable]?: string[] };

function decodeComponent(text: string): string | undefined {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/**
 * The server's query parser (Fastify's `querystringParser`), reading a query as the request signature's
 * canonical query does: the same split (queryPairs), each key and value percent-decoded as UTF-8 with `+`
 * a literal plus, so `a+b` and `a%2Bb` mean "a+b" and `a%20b` means "a b". A repeated key gives an array
 * in order. A pair whose escapes do not decode (`%zz`, bytes that are not UTF-8, an encoded surrogate) is
 * set aside for queryProblems() to answer VALIDATION_FAILED: this runs while Fastify routes, so it must not
 * throw.
 */
export function parseQueryString(raw: string): ParsedQuery {
  const query: ParsedQuery = Object.create(null) as ParsedQuery;
  if (raw.length === 0) return query;
  for (const [rawKey, rawValue] of queryPairs(raw)) {
    const key = decodeComponent(rawKey);
    const value = decodeComponent(rawValue);
    if (key === undefined || value === undefined) {
      (query[undecodable] ??= []).push(key ?? rawKey);
      continue;
    }
    const seen = query[key];
    if (seen === undefined) query[key] = value;
    else if (Array.isArray(seen)) seen.push(value);
    else query[key] = [seen, value];
  }
  return query;
}

/** Query parts that did not decode (see parseQueryString): no call reads a query it cannot decode. */
export function queryProblems(query: unknown): FieldIssue[] {
  const keys = query && typeof query === 'object' ? (query as ParsedQuery)[undecodable] : undefined;
  return (keys ?? []).map((key) => ({ path: key, message: 'validation.invalidValue' }));
}
