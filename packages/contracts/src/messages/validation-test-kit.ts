import { expect } from 'vitest';
import type { z } from 'zod';
import { translateValidation } from './validation.ts';

/** Every issue of a failed parse, as `path -> message key`. */
export function issues(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const found: Record<string, string> = {};
  for (const i of result.error.issues) found[i.path.join('.')] ??= i.message;
  return found;
}

/** A message key is known when both locales translate it to something else than the key. */
export function expectTranslated(keys: string[]) {
  for (const key of keys) {
    expect(translateValidation(key, 'zh-CN'), key).not.toBe(key);
    expect(translateValidation(key, 'en-US'), key).not.toBe(key);
  }
}

