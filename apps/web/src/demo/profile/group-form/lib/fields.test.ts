import { describe, expect, it } from 'vitest';
import { fieldSchema, sameParameters } from './fields.ts';

describe('group form fields', () => {
  it('finds the contract rule of a nested field', () => {
    expect(fieldSchema('video.acquisition.frameRate').safeParse(15).success).toBe(true);
    const outside = fieldSchema('video.acquisition.frameRate').safeParse(31);
    expect(outside.success).toBe(false);
    expect(outside.error?.issues[0]?.message).toBe('groupForm.error.range|{"min":1,"max":30}');
    expect(fieldSchema('audio.encoding.rate').safeParse(undefined).error?.issues[0]?.message).toBe('common.required');
    expect(() => fieldSchema('video.nope')).toThrow();
  });

  it('compares parameters regardless of key order', () => {
    expect(sameParameters({ a: 1, b: { c: 2, d: 3 } }, { b: { d: 3, c: 2 }, a: 1 })).toBe(true);
    expect(sameParameters({ a: 1 }, { a: 2 })).toBe(false);
  });
});
