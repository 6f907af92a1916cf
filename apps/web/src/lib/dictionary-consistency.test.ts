import { validationMessages } from '@atrium/contracts/messages/validation';
import { describe, expect, it } from 'vitest';
import { dictionary as enUS } from './dictionary-en-US';
import { dictionary as zhCN } from './dictionary-zh-CN';

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
