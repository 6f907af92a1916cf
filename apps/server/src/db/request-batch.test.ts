import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from './client.ts';
import { jsonColumn } from './prepared.ts';
import { RequestBatch, type BatchPart } from './request-batch.ts';
import { openEmptyTestDatabase } from '../test/harness.ts';

// Two parts that touch no table: one doubles numbers, one upper-cases words and reports its batches.
const doubled: BatchPart<number, number> = {
  params: 1,
  select: (p) => `(select coalesce(json_agg(x * 2 order by i), '[]'::json) from unnest(${p(0)}::int[]) with ordinality as t(x, i)) as "doubled"`,
  prepare: (items) => ({ values: [items], read: (row) => jsonColumn<number[]>(row.doubled) }),
};
function upper(sizes: number[]): BatchPart<string, string> {
  return {
    params: 1,
    with: (p) => `words as (select w, i from unnest(${p(0)}::text[]) with ordinality as t(w, i))`,
    select: () => `(select coalesce(json_agg(upper(w) order by i), '[]'::json) from words) as "upper"`,
    prepare(items) {
      sizes.push(items.length);
      return { values: [items], read: (row) => jsonColumn<string[]>(row.upper) };
    },
  };
}

describe('RequestBatch', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openEmptyTestDatabase();
  });
  afterAll(() => handle?.close());

  it('runs what the requests of one turn submit as one statement, and answers each its own results', async () => {
    const sizes: number[] = [];
    const batch = new RequestBatch(handle.db, 'test_batch_two_parts', [doubled, upper(sizes)] as const, () => new Date());
    const answers = await Promise.all([batch.submit([1, 'a']), batch.submit([2, undefined]), batch.submit([undefined, 'c']), batch.submit([undefined, undefined])]);
    expect(answers).toEqual([
      [2, 'A'],
      [4, undefined],
      [undefined, 'C'],
      [undefined, undefined],
    ]);
    // One statement for the four: the part saw its two items together.
    expect(sizes).toEqual([2]);
  });

  it('sends requests that arrive while a batch is on its way together in the next one', async () => {
    const sizes: number[] = [];
    const batch = new RequestBatch(handle.db, 'test_batch_group_commit', [upper(sizes)] as const, () => new Date());
    const first = batch.submit(['one']);
    await new Promise((r) => setImmediate(r)); // the first batch is on its way
    const later = ['two', 'three', 'four'].map((w) => batch.submit([w]));
    expect(await first).toEqual(['ONE']);
    expect(await Promise.all(later)).toEqual([['TWO'], ['THREE'], ['FOUR']]);
    expect(sizes).toEqual([1, 3]);
  });

  it('fails every request of a batch whose statement fails, and goes on with the next', async () => {
    let fail = true;
    const flaky: BatchPart<number, number> = { ...doubled, prepare: (items) => ({ values: [fail ? ['x'] : items], read: (row) => jsonColumn<number[]>(row.doubled) }) };
    const batch = new RequestBatch(handle.db, 'test_batch_failure', [flaky] as const, () => new Date());
    const failed = await Promise.allSettled([batch.submit([1]), batch.submit([2])]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await batch.submit([5])).toEqual([10]);
  });

  it('fails the requests of a batch whose part cannot prepare it, instead of leaving them waiting', async () => {
    let broken = true;
    const fragile: BatchPart<number, number> = {
      ...doubled,
      prepare: (items) => {
        if (broken) throw new Error('cannot prepare');
        return doubled.prepare(items, new Date());
      },
    };
    const batch = new RequestBatch(handle.db, 'test_batch_prepare_failure', [fragile] as const, () => new Date());
    const failed = await Promise.allSettled([batch.submit([1]), batch.submit([2])]);
    expect(failed.map((r) => (r.status === 'rejected' ? (r.reason as Error).message : r.status))).toEqual(['cannot prepare', 'cannot prepare']);
    broken = false;
    expect(await batch.submit([3])).toEqual([6]);
  });

  it('refuses a part that reads a parameter it did not declare', () => {
    const greedy: BatchPart<number, number> = { ...doubled, select: (p) => `${p(1)} as "x"` };
    expect(() => new RequestBatch(handle.db, 'test_batch_greedy', [greedy] as const, () => new Date())).toThrow(/parameter 1 out of range/);
  });
});
