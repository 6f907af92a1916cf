import { describe, expect, it } from 'vitest';
import { jsonText, successEnvelope, successEnvelopeBytes, successEnvelopeText } from './envelope.ts';

describe('success envelope around pre-serialized data', () => {
  it('is byte for byte what JSON.stringify makes of the envelope, in both languages', () => {
    const data = { list: [{ id: 1, name: 'a "quoted" 名字\n', createdTime: '2026-11-21T00:00:00.000Z' }], total: 1, current: 1, pageSize: 10 };
    for (const locale of ['zh-CN', 'en-US'] as const) {
      const text = successEnvelopeText(jsonText(data), 'abc"123', locale);
      expect(text).toBe(JSON.stringify(successEnvelope(data, 'abc"123', locale)));
      expect(JSON.parse(text)).toEqual(successEnvelope(data, 'abc"123', locale));
    }
  });

  it('answers the same bytes as UTF-8, encoded once per text', () => {
    const data = { list: Array.from({ length: 3 }, (_, i) => ({ id: i, name: `部门 ${i} "引号"` })) };
    const text = jsonText(data);
    for (const locale of ['zh-CN', 'en-US'] as const) {
      expect(successEnvelopeBytes(text, 'abc"123', locale).toString('utf8')).toBe(successEnvelopeText(text, 'abc"123', locale));
    }
    expect(text.bytes).toBe(text.bytes);
  });

  it('serializes null and empty data like the envelope does', () => {
    expect(successEnvelopeText(jsonText(null), 't', 'en-US')).toBe(JSON.stringify(successEnvelope(null, 't', 'en-US')));
    expect(successEnvelopeText(jsonText([]), 't', 'zh-CN')).toBe(JSON.stringify(successEnvelope([], 't', 'zh-CN')));
  });
});
