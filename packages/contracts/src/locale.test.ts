import { describe, expect, it } from 'vitest';
import { pickLocale } from './locale.ts';

describe('pickLocale', () => {
  it('honours order and q-values, defaults to zh-CN, and answers a repeated header the same', () => {
    const cases: Array<[string | undefined, string]> = [
      [undefined, 'zh-CN'],
      ['', 'zh-CN'],
      ['en-US,en;q=0.9', 'en-US'],
      ['fr-FR,en;q=0.8', 'en-US'],
      ['en;q=0.5,zh-CN;q=0.9', 'zh-CN'],
      ['zh-TW', 'zh-CN'],
      ['en;q=0,zh;q=0', 'zh-CN'],
      ['de-DE', 'zh-CN'],
    ];
    for (let round = 0; round < 2; round++) {
      for (const [header, locale] of cases) expect([header, pickLocale(header)]).toEqual([header, locale]);
    }
  });

  it('stays exact past the number of headers it remembers, and for a long header', () => {
    for (let i = 0; i < 300; i++) expect(pickLocale(`x-${i};q=0.9,en;q=0.${(i % 8) + 1}`)).toBe('en-US');
    const long = `${'xx;q=0.1,'.repeat(40)}en`;
    expect(pickLocale(long)).toBe('en-US');
    expect(pickLocale(long)).toBe('en-US');
  });
});
