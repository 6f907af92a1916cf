import { describe, expect, it } from 'vitest';
import { patternSamples } from './pattern-sample.ts';

/** Patterns a team writes, with the field's max: every one gets strings it accepts. */
const patterns: [string, number][] = [
  ['^T-[0-9]{4}$', 6],
  ['^[A-Z]{2}\\d{6}$', 100],
  ['^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$', 100],
  ['^[\\w.+-]+@example\\.com$', 40],
  ['^1[3-9]\\d{9}$', 11],
  ['^\\+?[0-9]{7,15}$', 16],
  ['^\\(\\d{3}\\) \\d{3}-\\d{4}$', 14],
  ['^(low|normal|high)-\\d+$', 20],
  ['^(?:INV|PO)-\\d{4}-\\d{3}$', 11],
  ['^[A-Z0-9-]{3,20}$', 100],
  ['^[a-z]+(?:-[a-z]+)*$', 30],
  ['^(?<x>[a-z])\\k<x>\\d$', 3],
  ['^[\\u4e00-\\u9fa5]{2,4}$', 4],
  ['^\\p{Lu}\\w{3}$', 4],
  ['^[^0-9]{3}$', 3],
  ['^.{1,5}$', 5],
  ['v\\d+\\.\\d+\\.\\d+', 10],
];

describe('strings made from a pattern', () => {
  it.each(patterns)('%s (max %i): accepted, within max, different for each n and the next', (pattern, max) => {
    const re = new RegExp(`^(?:${pattern})$`, 'u');
    const sample = patternSamples(pattern, max)!;
    expect(sample).toBeDefined();
    const values = [...Array.from({ length: 200 }, (_, n) => n), 123_456, 123_457, 999_999, 1_000_000].map(sample);
    for (const v of values) {
      expect(re.test(v), `${v} matches ${pattern}`).toBe(true);
      expect([...v].length).toBeLessThanOrEqual(max);
      expect(v.trim()).toBe(v);
    }
    // different without regard to case (a unique field compares them so), as far as the pattern allows
    expect(new Set(values.slice(0, 200).map((v) => v.toLowerCase())).size).toBe(200);
    expect(values.at(-3)).not.toBe(values.at(-4));
  });

  it('counts up in the last position first', () => {
    const sample = patternSamples('^T-[0-9]{4}$', 6)!;
    expect([0, 1, 2, 42, 9999, 10_000].map(sample)).toEqual(['T-0000', 'T-0001', 'T-0002', 'T-0042', 'T-9999', 'T-0000']);
    expect([0, 1, 27].map(patternSamples('^[A-Z]{2}\\d{6}$', 8)!)).toEqual(['AA000000', 'AA000001', 'AA000027']);
  });

  it('repeats open-ended parts for enough different strings, within max', () => {
    const letters = patternSamples('^[a-z]+$', 100)!;
    expect(new Set(Array.from({ length: 5000 }, (_, n) => letters(n))).size).toBe(5000);
    const short = patternSamples('^[a-z]+$', 2)!;
    expect(Math.max(...Array.from({ length: 1000 }, (_, n) => short(n).length))).toBe(2);
  });

  it('makes nothing for a pattern too long for max, or one that does not parse', () => {
    expect(patternSamples('^T-[0-9]{4}$', 5)).toBeUndefined();
    expect(patternSamples('^[a-z', 10)).toBeUndefined();
    expect(patternSamples('^[]$', 10)).toBeUndefined();
  });
});
