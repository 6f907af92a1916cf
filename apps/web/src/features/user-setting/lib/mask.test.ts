import { describe, expect, it } from 'vitest';
import { maskEmail, maskPhone } from './mask.ts';

describe('masking', () => {
  it('masks phones', () => {
    expect(maskPhone('15000000000')).toBe('150****0000');
    expect(maskPhone('')).toBe('-');
    expect(maskPhone(undefined)).toBe('-');
  });
  it('masks emails', () => {
    expect(maskEmail('wang@example.com')).toBe('w***@example.com');
    expect(maskEmail('')).toBe('');
  });
});
