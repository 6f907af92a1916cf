import type { CallDef } from '@atrium/contracts';
import type { z } from 'zod';

/**
 * A concrete URL for a call path: every `:param` becomes an id no seeded record has, so a sample that gets
 * through (a reset of account 1 would end the test's own admin session) changes nothing.
 */
export function sampleUrl(call: CallDef): string {
  return call.path.replace(/:([A-Za-z_]+)/g, '424242');
}

type Def = { type: string; shape?: Record<string, z.ZodType>; options?: z.ZodType[]; in?: z.ZodType; innerType?: z.ZodType };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The object shape behind a body schema (unwrapping unions, pipes and optionals); undefined if none. */
export function objectShape(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  const def = defOf(schema);
  if (def.type === 'object') return def.shape;
  if (def.type === 'union' && def.options?.[0]) return objectShape(def.options[0]);
  if (def.type === 'pipe' && def.in) return objectShape(def.in);
  if ((def.type === 'optional' || def.type === 'nullable' || def.type === 'default') && def.innerType) return objectShape(def.innerType);
  return undefined;
}

const candidates: unknown[] = [{ unexpected: true }, 12345, 'not-a-valid-value', true, [], -1];

/** A body where every known field holds a value its schema refuses. */
export function wrongTypesBody(schema: z.ZodType): unknown {
  const shape = objectShape(schema);
  // no fields to hold a wrong value (an object of optional parts, with none): a body of the wrong type
  if (!shape || Object.keys(shape).length === 0) return 12345;
  const body: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shape)) {
    body[key] = candidates.find((c) => !field.safeParse(c).success) ?? { unexpected: true };
  }
  return body;
}
