import { it } from 'vitest';

/** A test that applies to some definitions only: registered where it applies, absent elsewhere (never a skipped test). */
export const itWhen = (applies: boolean): ((name: string, fn: () => Promise<void>, timeout?: number) => void) =>
  applies ? (name, fn, timeout) => it(name, fn, timeout) : () => undefined;
