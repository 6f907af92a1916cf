import { describe, expect, it } from 'vitest';
import { blankToUndefined, isRealDate, parseInstant } from './query-values.ts';

describe('query values', () => {
  it('reads a blank string as not set and keeps anything else', () => {
    expect(blankToUndefined('  ')).toBeUndefined();
    expect(blankToUndefined(' a ')).toBe(' a ');
    expect(blankToUndefined(0)).toBe(0);
  });

  it('knows the calendar', () => {
    expect(isRealDate('2024-02-29')).toBe(true);
    expect(isRealDate('2026-02-29')).toBe(false);
    expect(isRealDate('2026-02-30')).toBe(false);
    expect(isRealDate('2026-13-01')).toBe(false);
  });

  it('reads an instant as UTC unless it names an offset', () => {
    expect(parseInstant('2026-11-25')?.toISOString()).toBe('2026-11-25T00:00:00.000Z');
    expect(parseInstant('2026-11-25 08:30')?.toISOString()).toBe('2026-11-25T08:30:00.000Z');
    expect(parseInstant('2026-11-25T08:30:15.5+08:00')?.toISOString()).toBe('2026-11-25T00:30:15.500Z');
  });

  it('refuses an instant on a day that does not exist or at an hour past 23', () => {
    expect(parseInstant('2026-02-30')).toBeNull();
    expect(parseInstant('2026-02-30T10:00:00Z')).toBeNull();
    expect(parseInstant('2026-11-25T24:00')).toBeNull();
    expect(parseInstant('2026-11-25T10:60')).toBeNull();
    expect(parseInstant('yesterday')).toBeNull();
  });
});
