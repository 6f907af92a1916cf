import { describe, expect, it } from 'vitest';
import { readDraft, stepOfField, writeDraft } from './draft.ts';

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
}

describe('step form draft', () => {
  it('round-trips values and the step', () => {
    const storage = memoryStorage();
    writeDraft({ step: 1, values: { activityName: 'abc', keyword: ['toutiao'], pushNotify: false } }, storage);
    expect(readDraft(storage)).toEqual({ step: 1, values: { activityName: 'abc', keyword: ['toutiao'], pushNotify: false } });
  });

  it('starts empty with push notifications on', () => {
    const storage = memoryStorage();
    expect(readDraft(storage)).toEqual({ step: 0, values: { pushNotify: true } });
    storage.setItem('step-form-draft', '{broken');
    expect(readDraft(storage).step).toBe(0);
  });

  it('knows which step holds a field', () => {
    expect(stepOfField('promotionTime[1]')).toBe(0);
    expect(stepOfField('keyword[3]')).toBe(1);
    expect(stepOfField('data.keyword')).toBe(1);
    expect(stepOfField('advertisingContent')).toBe(1);
  });
});
