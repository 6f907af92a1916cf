import { runInNewContext } from 'node:vm';
import { setImmediate } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { CollectEvery, fullCollection } from './full-collection.ts';

describe('fullCollection', () => {
  it('collects what nothing refers to, without exposing a gc to this or a later context', async () => {
    let garbage: { rows: string[] } | null = { rows: Array.from({ length: 1000 }, (_, i) => `row ${i}`) };
    const ref = new WeakRef(garbage);
    garbage = null;
    // a WeakRef's target is kept until the current job ends
    await setImmediate();
    expect(fullCollection()).toBe(true);
    expect(ref.deref()).toBeUndefined();
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
    expect(runInNewContext('typeof gc')).toBe('undefined');
  });
});

describe('CollectEvery', () => {
  it('collects as a long job starts, then once each time the given rows have passed', () => {
    let collections = 0;
    const collect = new CollectEvery(10, 50, () => collections++);
    expect(collections).toBe(1);
    // the rows done after each batch, and the collections so far: a batch may jump past the mark, and the
    // next is counted from where it was seen
    const seen = [5, 10, 19, 35, 44, 45].map((done) => (collect.passed(done), collections));
    expect(seen).toEqual([1, 2, 2, 3, 3, 4]);
  });

  it('pauses a job shorter than that for nothing', () => {
    let collections = 0;
    const collect = new CollectEvery(10, 9, () => collections++);
    for (let done = 1; done <= 9; done++) collect.passed(done);
    expect(collections).toBe(0);
  });
});
