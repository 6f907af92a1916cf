import { validationMessages } from '@atrium/contracts/messages/validation';
import { describe, expect, it } from 'vitest';
import { webSlices } from '../slices';
import { dictionary as enUS } from './dictionary-en-US';
import { dictionary as zhCN } from './dictionary-zh-CN';
import type { Dictionary } from './dictionary-merge';

// A field error reads the same whichever side caught it. The server answers with the
// contracts' texts; the console may repeat a key in its own files (the sign-in page loads before the
// contracts' texts), but then the text must be the same, or the two sides would drift apart.
describe('validation texts have one source', () => {
  for (const [locale, dictionary] of [['zh-CN', zhCN], ['en-US', enUS]] as const) {
    it(`${locale}: every contracts key reads the same in the console`, () => {
      const differing = Object.entries(validationMessages[locale])
        .filter(([key, text]) => dictionary[key] !== text)
        .map(([key, text]) => `${key}: contracts "${text}" vs console "${dictionary[key]}"`);
      expect(differing).toEqual([]);
    });
  }
});

/** A slice's texts in one language: its titles and its messages (slice.ts). */
async function sliceTexts(slice: (typeof webSlices)[number], locale: 'zh-CN' | 'en-US'): Promise<Dictionary> {
  return { ...slice.titles?.[locale], ...(slice.messages ? (await slice.messages[locale]()).default : {}) };
}

// The slices' texts join the dictionaries under the core's (lib/i18n.ts): each slice holds the same keys in
// both languages, and a contracts key it repeats reads as the contracts say.
describe("the slices' texts", () => {
  it('hold the same keys in both languages, and the contracts\' keys as the contracts say', async () => {
    for (const slice of webSlices) {
      const zh = await sliceTexts(slice, 'zh-CN');
      const en = await sliceTexts(slice, 'en-US');
      expect({ slice: slice.name, keys: Object.keys(zh).sort() }).toEqual({ slice: slice.name, keys: Object.keys(en).sort() });
      for (const [locale, texts] of [['zh-CN', zh], ['en-US', en]] as const) {
        const differing = Object.entries(texts).filter(([key, text]) => key in validationMessages[locale] && validationMessages[locale][key] !== text);
        expect({ slice: slice.name, locale, differing }).toEqual({ slice: slice.name, locale, differing: [] });
      }
    }
  });
});
