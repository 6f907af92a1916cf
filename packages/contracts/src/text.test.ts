import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { allCalls } from './calls/index.ts';
import { passwordLoginSchema } from './calls/auth.ts';
import { ROLE_NAME_MAX, roleCreateBodySchema, userListQuerySchema } from './calls/system.ts';
import { isStorableText, storableText, textLength } from './text.ts';

describe('storable text', () => {
  it('refuses NUL and lone surrogates, and nothing else', () => {
    for (const bad of ['\u0000', 'a\u0000b', '\ud800', 'x\ud800y', '\udc00', 'x\udc00', 'ok\ud83d', '\ude00x', '\udc00\ud800']) expect([bad, isStorableText(bad)]).toEqual([bad, false]);
    for (const good of ['', 'plain', '管理员', '😀', 'a😀b', '\u0001\u001f\u007f', '\ufffd', '\ud83d\ude00\ud83d\ude00', 'tab\there']) expect([good, isStorableText(good)]).toEqual([good, true]);
  });

  it('is the first rule of a field and the only one it reports, in the console as on the server', () => {
    const username = passwordLoginSchema.shape.username.safeParse('\u0000');
    expect(username.error?.issues.map((i) => i.message)).toEqual(['validation.invalidCharacters']);
    const role = { code: 'ops', name: 'role \ud800', permissions: [] };
    const name = roleCreateBodySchema.safeParse(role);
    expect(name.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['name', 'validation.invalidCharacters']]);
    expect(roleCreateBodySchema.safeParse({ ...role, name: 'role 😀' }).success).toBe(true);
    const query = userListQuerySchema.safeParse({ keyword: 'a\u0000' });
    expect(query.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['keyword', 'validation.invalidCharacters']]);
  });
});

type Def = {
  type: string;
  checks?: unknown[];
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  options?: z.ZodType[];
  in?: z.ZodType;
  out?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  innerType?: z.ZodType;
  getter?: () => z.ZodType;
};
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Types that accept no free text: a value outside their set is refused whatever bytes it holds. */
const closedTypes = new Set(['enum', 'literal', 'number', 'boolean', 'null', 'undefined', 'never', 'bigint', 'date', 'nan', 'void', 'transform']);
const wrappers = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional', 'success']);

/** Paths in an input schema where text could get in without the storable-text rule; `guarded` counts the others. */
function unguarded(schema: z.ZodType, path: string, guarded: string[] = [], seen = new Set<z.ZodType>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const inner = (s: z.ZodType | null | undefined, p = path) => (s ? unguarded(s, p, guarded, seen) : []);
  if (def.type === 'string') {
    if (!def.checks?.includes(storableText)) return [`${path} (string without the rule)`];
    guarded.push(path);
    return [];
  }
  if (closedTypes.has(def.type)) return [];
  if (wrappers.has(def.type)) return inner(def.innerType);
  switch (def.type) {
    case 'object':
      return [...Object.entries(def.shape!).flatMap(([k, v]) => inner(v, `${path}.${k}`)), ...inner(def.catchall, `${path}.*`)];
    case 'array':
      return inner(def.element, `${path}[]`);
    case 'tuple':
      return [...def.items!.flatMap((item, i) => inner(item, `${path}[${i}]`)), ...inner(def.rest, `${path}[]`)];
    case 'union':
      return def.options!.flatMap((o) => inner(o));
    case 'intersection':
      return [...inner(def.left), ...inner(def.right)];
    case 'pipe':
      return [...inner(def.in), ...inner(def.out)];
    case 'record':
      return [...inner(def.keyType, `${path}{key}`), ...inner(def.valueType, `${path}{}`)];
    case 'lazy':
      return inner(def.getter!());
    default:
      // any, unknown, custom...: free input nothing checks
      return [`${path} (${def.type})`];
  }
}

describe('every input string of the call table carries the rule', () => {
  it('finds it on every string of every body, query and path parameter', () => {
    const guarded: string[] = [];
    const found = allCalls.flatMap((call) =>
      (['body', 'query', 'params'] as const).flatMap((part) => {
        const schema = call[part];
        return schema ? unguarded(schema, `${call.method} ${call.path} ${part}`, guarded) : [];
      }),
    );
    expect(found).toEqual([]);
    expect(guarded).toEqual(expect.arrayContaining(['POST /api/user/login body.username', 'GET /api/system/users query.keyword', 'POST /api/system/roles body.permissions[]']));
  });

  it('notices a string declared with zod directly', async () => {
    const zod = await import('zod');
    expect(unguarded(zod.object({ ok: zod.enum(['a']), free: zod.string(), any: zod.unknown() }), 'x')).toEqual(['x.free (string without the rule)', 'x.any (unknown)']);
  });
});

describe('text length', () => {
  it('counts code points: an emoji is one character', () => {
    expect(textLength('')).toBe(0);
    expect(textLength('abc')).toBe(3);
    expect(textLength('管理员')).toBe(3);
    expect(textLength('😀')).toBe(1);
    expect(textLength('a😀b😀')).toBe(4);
    expect(textLength('\ud800x')).toBe(2);
  });

  it('is what a maximum length counts, in the console as on the server', () => {
    const role = { code: 'ops', permissions: [] };
    expect(roleCreateBodySchema.safeParse({ ...role, name: '😀'.repeat(ROLE_NAME_MAX) }).success).toBe(true);
    const over = roleCreateBodySchema.safeParse({ ...role, name: '😀'.repeat(ROLE_NAME_MAX + 1) });
    expect(over.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['name', `common.maxLength|{"n":${ROLE_NAME_MAX}}`]]);
    expect(passwordLoginSchema.shape.username.safeParse('👍'.repeat(64)).success).toBe(true);
  });
});
