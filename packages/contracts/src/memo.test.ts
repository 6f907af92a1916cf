import { describe, expect, it } from 'vitest';
import { memoizeShort } from './memo.ts';

describe('memoizeShort', () => {
  const counted = () => {
    const seen: string[] = [];
    const fn = memoizeShort((s: string) => (seen.push(s), s.toUpperCase()), { entries: 3, maxLength: 5 });
    return { fn, seen };
  };

  it('computes a short input once', () => {
    const { fn, seen } = counted();
    expect([fn('ab'), fn('ab'), fn('cd'), fn('ab')]).toEqual(['AB', 'AB', 'CD', 'AB']);
    expect(seen).toEqual(['ab', 'cd']);
  });

  it('never keeps an input longer than the bound', () => {
    const { fn, seen } = counted();
    expect([fn('abcdef'), fn('abcdef')]).toEqual(['ABCDEF', 'ABCDEF']);
    expect(seen).toEqual(['abcdef', 'abcdef']);
  });

  it('holds at most `entries` inputs, starting over when full', () => {
    const { fn, seen } = counted();
    for (const s of ['a', 'b', 'c', 'd', 'a', 'd']) fn(s);
    // 'd' found the memo full (a, b, c) and started it over; 'a' is computed again, 'd' is not
    expect(seen).toEqual(['a', 'b', 'c', 'd', 'a']);
  });
});
