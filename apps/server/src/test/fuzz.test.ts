import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCalls, issuePath, type CallDef } from '@atrium/contracts';
import { MAX_PAGE } from '@atrium/contracts/paging';
import type { z } from 'zod';
import { buildMultipart } from '../http/multipart.ts';
import { objectShape, sampleUrl } from './call-samples.ts';
import { snapshotDatabase } from './db-snapshot.ts';
import { createTestApp, type TestApp, type TestRequest, type TestResponse } from './harness.ts';
import { seededRandom } from '../db/seed/random.ts';

/**
 * A seeded fuzz over every call of the contracts' call table, signed as the console signs: bytes the
 * database cannot store (NUL, lone surrogates) in every body field, query parameter and path parameter
 * answer 400 VALIDATION_FAILED naming the field, and wrong types, huge strings, arrays for objects, nested
 * junk and malformed escapes never answer 5xx. Calls are made as admin (the role check passes, so the input
 * checks answer) and, for public calls, without a session too. The generator is deterministic: a failure
 * names its case and reruns the same way.
 */

const SEED = 20_261_121;


// ---- samples from the schemas ----------------------------------------------------------------------

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  items?: z.ZodType[];
  options?: z.ZodType[];
  in?: z.ZodType;
  out?: z.ZodType;
  innerType?: z.ZodType;
  getter?: () => z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
};
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

const stringCandidates = ['fuzz', 'Fuzz1234', '13812345678', '123456', 'fuzz@example.com', '2026-01-01', 'https://example.com/a', '110000'];
const numberCandidates = [1, 10, 150, 8, 0];

/** A plausible value for a schema: valid where a simple candidate is, so one bad field stands out. */
function sample(schema: z.ZodType): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return Object.fromEntries(Object.entries(def.shape!).map(([k, v]) => [k, sample(v)]));
    case 'array':
      return [sample(def.element!)];
    case 'tuple':
      return def.items!.map(sample);
    case 'union':
      return sample(def.options![0]!);
    case 'pipe':
      return defOf(def.in!).type === 'transform' ? sample(def.out!) : sample(def.in!);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return sample(def.innerType!);
    case 'lazy':
      return sample(def.getter!());
    case 'enum':
      return Object.values(def.entries!)[0];
    case 'literal':
      return def.values![0];
    case 'boolean':
      return true;
    case 'number':
      return numberCandidates.find((n) => schema.safeParse(n).success) ?? 1;
    case 'string':
      return stringCandidates.find((s) => schema.safeParse(s).success) ?? 'fuzz';
    default:
      return 'fuzz';
  }
}

type Path = Array<string | number>;

/** Paths of the scalar values in a sample (every field a caller fills in). */
function leaves(value: unknown, path: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, [...path, i]));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
  return [path];
}

/** Paths of every value below the top: the fields and the objects and arrays that hold them. */
function nodes(value: unknown, path: Path = []): Path[] {
  const below = Array.isArray(value) ? value.map((v, i) => [v, i] as const) : value !== null && typeof value === 'object' ? Object.entries(value).map(([k, v]) => [v, k] as const) : [];
  return [...(path.length > 0 ? [path] : []), ...below.flatMap(([v, k]) => nodes(v, [...path, k]))];
}

function withValue(base: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]!] = value;
  return copy;
}

// ---- inputs ----------------------------------------------------------------------------------------

/** Strings PostgreSQL cannot store: NUL in text, lone surrogates in jsonb (and in text as UTF-8). */
const badBytes = ['a\u0000', '\u0000', '管理员\u0000x', '\ud800', 'x\udc00y', 'ok\ud83d', '\udbff\u0000z'];
/** Surrogates percent-encoded as UTF-8 would encode them: no valid UTF-8, so they do not decode at all. */
const undecodable = ['%ED%A0%80', 'x%ED%B0%80y'];
/** The same in a query: NUL, and the undecodable surrogates. */
const badEscapes = ['%00', 'a%00b', ...undecodable];

const deep = (depth: number): unknown => (depth === 0 ? 'bottom' : { a: [deep(depth - 1)] });
const junkValues: unknown[] = [
  null, 12345, -1, 0, 1.5, 1e308, -1e308, 2 ** 53 + 1, true, false, '', ' ', '\t\n', 'x'.repeat(70_000), '9'.repeat(400), '😀'.repeat(2000),
  [], [[]], [1, 'a', null, {}], {}, { a: { b: { c: [1, { d: null }] } } }, deep(200), '__proto__', '<script>alert(1)</script>',
  "' or 1=1 --", '%00', '\\u0000', '\u202e\u200b', 'NaN', 'Infinity', '-0', '1e309', '2026-02-30', 'ＡＢＣ',
];
const junkBodies: unknown[] = [[], [{}], 'text', 12345, null, true, deep(1000), { '': '' }, { 'x\u0000': '\ud800' }, { __proto__: { admin: true } }];
const junkQueryValues = ['x'.repeat(5000), '%', '%z', '%zz', '%E0%A4', '+', '+++', 'a+b', '%2B', '=', '==', '%26', '[]', '-1', '0', '1e400', 'null', '%C0%80', '%FF'];
const junkQueries = ['&&&', '=', '==x', '__proto__=1', 'constructor=x', 'a[]=1&a[b]=2', '%zz=1', '%00=1', 'x'.repeat(4000), 'current=1&current=2&current=3'];
const junkIds = ['%00', 'a%00b', ...undecodable, '0', '-1', '1.5', '1e3', '0x10', '99999999999999999999', 'abc', '%20', '%zz', '%', ' 1', '1%2F2', 'x'.repeat(99), 'x'.repeat(150)];

/**
 * Page numbers at and past every limit a list could have: the offset they make at the largest page size
 * overflows a 32-bit integer from about 21.5 million on.
 */
const pageNumbers = ['30000000', '2147483647', '2147483648', '9007199254740993', '1e20', '0', '-1', '1.5'];

interface Case {
  call: CallDef;
  what: string;
  req: TestRequest;
  /** Set when the case must answer 400 VALIDATION_FAILED with a detail at this path. */
  badField?: string;
  /** Set when the case must answer this status. */
  status?: number;
  /** Set for a page number: a page the schema accepts answers an empty list, any other is 400 naming `current`. */
  page?: { accepted: boolean };
}

const name = (c: CallDef) => `${c.method} ${c.path}`;
const isPublic = (c: CallDef) => c.access === 'public';
const pick = <T>(next: () => number, from: readonly T[], n: number): T[] => {
  const pool = [...from];
  const out: T[] = [];
  while (out.length < n && pool.length > 0) out.push(pool.splice(Math.floor(next() * pool.length), 1)[0]!);
  return out;
};
const queryOf = (obj: Record<string, unknown>) =>
  Object.entries(obj)
    .flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `${encodeURIComponent(k)}=${encodeURIComponent(String(x))}`))
    .join('&');

/** Cases for one call; `token` is filled in per run (admin, or none for public calls). */
function casesFor(call: CallDef, next: () => number): { bad: Case[]; junk: Case[] } {
  const bad: Case[] = [];
  const junk: Case[] = [];
  const url = sampleUrl(call);
  const method = call.method;
  const jsonBody = call.body && call.requestKind !== 'multipart' ? call.body : undefined;

  if (jsonBody) {
    const base = sample(jsonBody);
    for (const path of leaves(base)) {
      for (const value of pick(next, badBytes, 3)) {
        bad.push({ call, what: `body ${path.join('.')}=${JSON.stringify(value)}`, req: { method, url, body: withValue(base, path, value) }, badField: issuePath(path.map((p) => (/^\d+$/.test(String(p)) ? Number(p) : p))) });
      }
    }
    const paths = nodes(base);
    // a body of no fields (every part optional, none there) has nothing below the top to replace
    for (let i = 0; i < 16 && paths.length > 0; i++) {
      const path = paths[Math.floor(next() * paths.length)]!;
      const value = junkValues[Math.floor(next() * junkValues.length)];
      junk.push({ call, what: `body ${path.join('.')}=${JSON.stringify(value)?.slice(0, 40)}`, req: { method, url, body: withValue(base, path, value) } });
    }
    for (const body of pick(next, junkBodies, 5)) junk.push({ call, what: `body ${JSON.stringify(body)?.slice(0, 40)}`, req: { method, url, body: JSON.stringify(body) } });
    junk.push({ call, what: 'body with an unknown field', req: { method, url, body: { ...(base as object), ['x\u0000']: 'y' } } });
  } else if (call.requestKind === 'multipart') {
    for (const [filename, data] of [
      ['a\u0000.csv', Buffer.from('name\u0000\r\n')],
      ['\u0000', Buffer.alloc(64, 0)],
      ['x.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0xff, 0xfe])],
      ['x.csv', Buffer.from([0xed, 0xa0, 0x80, 0x2c, 0xc0, 0x80])],
    ] as const) {
      const multipart = buildMultipart([{ name: 'file', filename, contentType: 'text/csv', data }, { name: 'x\u0000', value: '\u0000' }]);
      junk.push({ call, what: `multipart ${JSON.stringify(filename)}`, req: { method, url, body: multipart.body, contentType: multipart.contentType } });
    }
  } else if (method !== 'GET') {
    junk.push({ call, what: 'junk body on a call without one', req: { method, url, body: { a: '\u0000', b: '\ud800', c: deep(50) } } });
  }

  if (call.query) {
    const base = sample(call.query) as Record<string, unknown>;
    const shape = objectShape(call.query) ?? {};
    for (const key of Object.keys(shape)) {
      for (const value of pick(next, badEscapes, 2)) {
        const rest = Object.fromEntries(Object.entries(base).filter(([k]) => k !== key));
        const query = [queryOf(rest), `${encodeURIComponent(key)}=${value}`].filter(Boolean).join('&');
        bad.push({ call, what: `query ${key}=${value}`, req: { method, url: `${url}?${query}` }, badField: key });
      }
      for (const value of pick(next, junkQueryValues, 5)) {
        junk.push({ call, what: `query ${key}=${value.slice(0, 20)}`, req: { method, url: `${url}?${encodeURIComponent(key)}=${value}&${encodeURIComponent(key)}=${value}` } });
      }
    }
  }
  // Every list: page numbers far past the end, at the largest page size the list takes.
  if (call.query && 'current' in (objectShape(call.query) ?? {})) {
    const base = sample(call.query) as Record<string, unknown>;
    const pageSize = [100, 50, 20, 10].find((n) => call.query!.safeParse({ ...base, pageSize: String(n) }).success);
    for (const current of pageNumbers) {
      const query = { ...base, current, pageSize };
      junk.push({ call, what: `query current=${current}&pageSize=${pageSize}`, req: { method, url: `${url}?${queryOf(query)}` }, page: { accepted: call.query.safeParse(query).success } });
    }
  }
  for (const query of pick(next, junkQueries, 3)) junk.push({ call, what: `query ${query.slice(0, 20)}`, req: { method, url: `${url}?${query}` } });

  if (call.params) {
    const keys = Object.keys(objectShape(call.params) ?? {});
    for (const key of keys) {
      for (const id of pick(next, junkIds, 8)) {
        const target = call.path.replace(/:([A-Za-z_]+)/g, (_, k: string) => (k === key ? id : '1'));
        const body = jsonBody ? sample(jsonBody) : undefined;
        const what = `path ${key}=${id.slice(0, 20)}`;
        // A NUL decodes into the parameter, which refuses it; an encoded surrogate does not decode at all,
        // and the router answers 400 before any route (and any parameter name) is known.
        if (id.includes('%00')) bad.push({ call, what, req: { method, url: target, body }, badField: key });
        else junk.push({ call, what, req: { method, url: target, body }, status: undecodable.includes(id) ? 400 : undefined });
      }
    }
  }
  return { bad, junk };
}

// ---- the run ---------------------------------------------------------------------------------------

interface Outcome {
  fiveXx: string[];
  /** Cases not answered as they must be (bad bytes: 400 VALIDATION_FAILED naming their field). */
  missed: string[];
  /** Signed-in calls refused for the session: the fuzz would not have reached the input checks. */
  unauthorised: string[];
  count: number;
}

function describeCase(c: Case, token: string | undefined, res: TestResponse): string {
  return `${name(c.call)} [${token ? 'admin' : 'anonymous'}] ${c.what} -> ${res.status} ${res.text.slice(0, 160)}`;
}

async function run(t: TestApp, cases: Case[], tokenFor: (c: Case) => string | undefined, out: Outcome): Promise<void> {
  for (const c of cases) {
    const token = tokenFor(c);
    // Public sign-in calls are fuzzed from a fingerprint of their own, so failed attempts lock out nobody else.
    const res = await t.request({ ...c.req, token, fingerprint: isPublic(c.call) ? 'fuzz-fingerprint' : undefined });
    out.count++;
    if (res.status >= 500) out.fiveXx.push(describeCase(c, token, res));
    if (token && (res.status === 401 || res.status === 403)) out.unauthorised.push(describeCase(c, token, res));
    if (c.status !== undefined && res.status !== c.status) out.missed.push(describeCase(c, token, res));
    if (c.page) {
      const data = res.body?.data;
      const list: unknown = Array.isArray(data) ? data : data?.list;
      const refusedOnCurrent = res.status === 400 && data?.error === 'VALIDATION_FAILED' && Array.isArray(data.details) && data.details.some((d: { path?: unknown }) => d.path === 'current');
      if (c.page.accepted ? !(res.status === 200 && Array.isArray(list) && list.length === 0) : !refusedOnCurrent) out.missed.push(describeCase(c, token, res));
    }
    if (c.badField !== undefined) {
      const details: unknown = res.body?.data?.details;
      // the field itself (a list's element by its index, `ids[0]`), or a part of it (a range's start or end: `price[0]`)
      const named = Array.isArray(details) && details.some((d: { path?: unknown }) => d.path === c.badField || String(d.path).startsWith(`${c.badField}[`));
      if (res.status !== 400 || res.body?.data?.error !== 'VALIDATION_FAILED' || !named) out.missed.push(describeCase(c, token, res));
    }
  }
}

describe('fuzz over every call of the contracts', () => {
  let t: TestApp;
  let admin: string;
  let logoutToken: string;
  const next = seededRandom(SEED);
  const generated = allCalls.map((call) => ({ call, ...casesFor(call, next) }));
  const bad = generated.flatMap((g) => g.bad);
  const junk = generated.flatMap((g) => g.junk);
  // Logout ends the session it is called with: it gets one of its own.
  const tokenFor = (c: Case) => (c.call.path === '/api/user/logout' ? logoutToken : admin);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin');
    logoutToken = await t.login('admin');
  });
  afterAll(() => t?.close());

  it(`generates cases for every call, in body, query and path (${bad.length} bad bytes, ${junk.length} junk)`, () => {
    expect(new Set(generated.filter((g) => g.bad.length + g.junk.length > 0).map((g) => g.call))).toEqual(new Set(allCalls));
    expect(bad.some((c) => c.what.startsWith('body'))).toBe(true);
    expect(bad.some((c) => c.what.startsWith('query'))).toBe(true);
    expect(bad.some((c) => c.what.startsWith('path'))).toBe(true);
    expect(bad.length + junk.length).toBeGreaterThan(500);
    // every list call is asked for pages far past its end
    const lists = allCalls.filter((c) => c.query && 'current' in (objectShape(c.query) ?? {}));
    expect(lists.length).toBeGreaterThan(5);
    expect(new Set(junk.filter((c) => c.page).map((c) => c.call))).toEqual(new Set(lists));
  });

  // these two send some requests for every call of the contracts: their time grows with each resource a
  // product adds (the blank product's three took 24 s alone, 60 s beside the browser suites on a slow hour)
  it('answers NUL and lone surrogates with 400 VALIDATION_FAILED naming the field, before writing anything', { timeout: 180_000 }, async () => {
    const before = await snapshotDatabase(t.db);
    const out: Outcome = { fiveXx: [], missed: [], unauthorised: [], count: 0 };
    await run(t, bad, tokenFor, out);
    await run(t, bad.filter((c) => isPublic(c.call)), () => undefined, out);
    expect.soft(out.fiveXx).toEqual([]);
    expect.soft(out.missed).toEqual([]);
    expect.soft(out.unauthorised).toEqual([]);
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it('never answers 5xx to wrong types, huge strings, junk bodies and malformed queries', { timeout: 180_000 }, async () => {
    const out: Outcome = { fiveXx: [], missed: [], unauthorised: [], count: 0 };
    await run(t, junk, tokenFor, out);
    await run(t, junk.filter((c) => isPublic(c.call)), () => undefined, out);
    expect.soft(out.fiveXx).toEqual([]);
    expect.soft(out.missed).toEqual([]);
    // Only logout may refuse the session (its own token ends with the first call).
    expect(out.unauthorised.filter((line) => !line.startsWith('POST /api/user/logout'))).toEqual([]);
  });

  it('answers the cases first reported with 400 and the field, in the caller’s language', async () => {
    const details = (res: TestResponse) => [res.status, res.body?.data?.error, res.body?.data?.details];
    const message = 'Contains characters that cannot be stored';
    const login = await t.request({ method: 'POST', url: '/api/user/login', body: { username: 'a\u0000', password: 'x1234567' }, locale: 'en-US' });
    expect(details(login)).toEqual([400, 'VALIDATION_FAILED', [{ path: 'username', message }]]);
    const list = await t.request({ url: '/api/system/users?keyword=%00', token: admin, locale: 'en-US' });
    expect(details(list)).toEqual([400, 'VALIDATION_FAILED', [{ path: 'keyword', message }]]);
    // a page number whose offset would overflow: refused with the limit, in both languages
    const deep = await t.request({ url: '/api/system/audit?current=30000000&pageSize=100', token: admin, locale: 'en-US' });
    expect(details(deep)).toEqual([400, 'VALIDATION_FAILED', [{ path: 'current', message: `Must be at most ${MAX_PAGE}` }]]);
    const deepZh = await t.request({ url: `/api/system/users?current=${MAX_PAGE + 1}`, token: admin, locale: 'zh-CN' });
    expect(details(deepZh)).toEqual([400, 'VALIDATION_FAILED', [{ path: 'current', message: `不能大于 ${MAX_PAGE}` }]]);
    expect((await t.request({ url: `/api/system/users?current=${MAX_PAGE}&pageSize=100`, token: admin })).body.data).toMatchObject({ list: [] });
    const role = await t.request({ method: 'POST', url: '/api/system/roles', token: admin, body: { code: 'fuzz-role', name: 'role \ud800', permissions: [] }, locale: 'en-US' });
    expect(details(role)).toEqual([400, 'VALIDATION_FAILED', [{ path: 'name', message }]]);
  });

  it('refuses header values that cannot be stored', async () => {
    const res = await t.request({ method: 'POST', url: '/api/user/login', body: { username: 'nobody', password: 'x1234567' }, fingerprint: 'fp\u0000', locale: 'en-US' });
    // the fingerprint is also part of the Authorization header
    expect([res.status, res.body?.data?.details]).toEqual([400, expect.arrayContaining([{ path: 'headers.x-fingerprint', message: 'Contains characters that cannot be stored' }])]);
    const agent = await t.request({ url: '/api/user/menu', token: admin, headers: { 'User-Agent': 'bot \ud800' } });
    expect([agent.status, agent.body?.data?.details?.[0]?.path]).toEqual([400, 'headers.user-agent']);
  });
});
