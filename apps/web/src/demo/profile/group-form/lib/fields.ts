import { groupFormSchema } from '@atrium/contracts/demo/profile/calls';
import type { z } from 'zod';

/**
 * The schema of one field of the group form, found by its dotted path in the contract's schema, so
 * each input checks on blur exactly the rule the server applies on submit.
 */
export function fieldSchema(path: string): z.ZodType {
  let node: z.ZodType = groupFormSchema;
  for (const part of path.split('.')) {
    const shape = (node as unknown as { shape?: Record<string, z.ZodType> }).shape;
    const next = shape?.[part];
    if (!next) throw new Error(`No schema at ${path}`);
    node = next;
  }
  return node;
}

/** Parameters compared as JSON after a canonical key order, so "unchanged" ignores key order. */
export function sameParameters(a: unknown, b: unknown): boolean {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.keys(value as Record<string, unknown>)
          .sort()
          .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
      );
    }
    return value;
  };
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}
