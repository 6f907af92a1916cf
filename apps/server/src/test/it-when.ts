import { it } from 'vitest';

/** A test that applies to some definitions only: registered where it applies, absent elsewhere (never a skipped test). */
export const itWhen = (applies: boolean): ((name: string, fn: () => Promise<void>) => void) => (applies ? (name, fn) => it(name, fn) : () => undefined);
