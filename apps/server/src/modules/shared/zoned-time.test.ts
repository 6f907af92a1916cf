import { describe, expect, it } from 'vitest';
import { dayIn, nextDay, startOfDay } from './zoned-time.ts';

describe('zoned days (formats and day starts are cached per zone)', () => {
  it('finds the start of a day in zones with and without daylight saving, the same when asked again', () => {
    for (let i = 0; i < 2; i++) {
      expect(startOfDay('2026-11-21', 'Asia/Shanghai').toISOString()).toBe('2026-11-20T16:00:00.000Z');
      expect(startOfDay('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z'); // EST, DST starts at 02:00
      expect(startOfDay('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z'); // EDT
      expect(startOfDay('2026-11-21', 'UTC').toISOString()).toBe('2026-11-21T00:00:00.000Z');
    }
    // the cache hands out copies: changing one does not change the next answer
    startOfDay('2026-11-21', 'UTC').setTime(0);
    expect(startOfDay('2026-11-21', 'UTC').toISOString()).toBe('2026-11-21T00:00:00.000Z');
  });
  it('names the day of an instant per zone and the next day', () => {
    expect(dayIn(new Date('2026-11-20T17:00:00Z'), 'Asia/Shanghai')).toBe('2026-11-21');
    expect(dayIn(new Date('2026-11-20T17:00:00Z'), 'UTC')).toBe('2026-11-20');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });
});
