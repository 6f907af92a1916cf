/**
 * zod as the call schemas use it (`import * as z from '../zod.ts'`): the library itself, except that
 * `z.string()` carries the storable-text rule of text.ts. Every string field of every call gets the rule
 * from its declaration, and calls.test.ts checks that no input string of the call table goes without it.
 */
import { string as zodString, type core, type ZodString } from 'zod';
import { storableText } from './text.ts';

export * from 'zod';

export function string(params?: string | core.$ZodStringParams): ZodString {
  return zodString(params).check(storableText);
}
