import { describe, expect, it } from 'vitest';
import { formatContentTotal, formatGrowth, formatInteger } from './format-stat.ts';

describe('workplace statistics formatting', () => {
  it('uses W+ from 10 000 up in zh-CN', () => {
    expect(formatContentTotal(3_735_000, 'zh-CN', 'W+')).toBe('373.5 W+');
    expect(formatContentTotal(10_000, 'zh-CN', 'W+')).toBe('1.0 W+');
    expect(formatContentTotal(9_999, 'zh-CN', 'W+')).toBe('9,999');
  });

  it('uses compact notation in en-US', () => {
    expect(formatContentTotal(3_735_000, 'en-US', '')).toBe('3.7M');
    expect(formatContentTotal(950, 'en-US', '')).toBe('950');
  });

  it('groups integers and formats growth', () => {
    expect(formatInteger(1234567, 'en-US')).toBe('1,234,567');
    expect(formatGrowth(-12.345)).toBe('12.3%');
    expect(formatGrowth(0)).toBe('0.0%');
  });
});
