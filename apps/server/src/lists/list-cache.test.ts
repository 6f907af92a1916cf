import { describe, expect, it } from 'vitest';
import { GenerationCache } from './list-cache.ts';

/** Whether the cache holds an entry for the key, at any generation. */
const held = <T>(c: GenerationCache<T>, key: string) => c.peek(key) !== undefined;

describe('GenerationCache', () => {
  it('answers only at the generation a value was read at, and never without a generation', () => {
    const c = new GenerationCache<string>(10);
    c.set('a', '7', 'rows at 7');
    expect(c.get('a', '7')).toBe('rows at 7');
    expect(c.get('a', '8')).toBeUndefined();
    expect(c.get('a', null)).toBeUndefined();
    c.set('b', undefined, 'not kept');
    expect(held(c, 'b')).toBe(false);
  });

  it('keeps the total weight within the budget, oldest first out, and refuses a value heavier than the budget', () => {
    const c = new GenerationCache<number>(10);
    for (let i = 0; i < 5; i++) c.set(`p${i}`, '1', i, 3);
    expect(['p0', 'p1', 'p2', 'p3', 'p4'].map((k) => held(c, k))).toEqual([false, false, true, true, true]);
    c.set('huge', '1', 99, 11);
    expect(held(c, 'huge')).toBe(false);
    c.set('p3', '1', 33, 3); // replacing an entry does not count it twice
    expect(c.get('p3', '1')).toBe(33);
    expect(['p2', 'p3', 'p4'].map((k) => held(c, k))).toEqual([true, true, true]);
  });

  it('keeps an entry that keeps being read while entries read once pass through', () => {
    const c = new GenerationCache<number>(100);
    c.set('hot', '1', -1);
    for (let i = 0; i < 1000; i++) {
      c.set(`cold${i}`, '1', i);
      expect(c.get('hot', '1')).toBe(-1);
    }
    expect(held(c, 'cold0')).toBe(false);
    expect(held(c, 'cold999')).toBe(true);
  });

  it('evicts an entry not read since the whole cache turned over', () => {
    const c = new GenerationCache<number>(100);
    c.set('once', '1', 0);
    expect(c.get('once', '1')).toBe(0);
    for (let i = 0; i < 100; i++) c.set(`other${i}`, '1', i);
    expect(held(c, 'once')).toBe(false);
  });
});
