import { refine } from 'zod';

// NUL, a high surrogate without its low half, or a low surrogate without its high half. No `u` flag: the
// pattern reads UTF-16 code units, which is what a lone surrogate is.
const UNSTORABLE = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Whether a string can be stored and sent on as it is: no NUL (PostgreSQL refuses it in text) and no lone
 * UTF-16 surrogate (refused in jsonb, and not encodable as UTF-8). No person types either on purpose.
 */
export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/**
 * The one rule every string of the contracts carries (src/zod.ts adds it to `z.string()`), so the console's
 * forms and the server refuse such input alike, before anything reads or stores it. It runs before the
 * string's own rules and stops them: the field reports this problem only.
 */
export const storableText = refine<string>(isStorableText, { message: 'validation.invalidCharacters', abort: true });

/**
 * The length of a text as a person counts it: code points, so an emoji is one character, not two UTF-16
 * units. PostgreSQL's varchar(n) counts the same way. The console's character counters show this number.
 */
export function textLength(value: string): number {
  let n = 0;
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    // A high surrogate followed by a low one is one code point.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < value.length) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/** A string's maximum length counted by {@link textLength}, for `.check()` in place of zod's `.max()` (which counts UTF-16 units). */
export const maxChars = (max: number, message: string) => refine<string>((value) => textLength(value) <= max, { message });
