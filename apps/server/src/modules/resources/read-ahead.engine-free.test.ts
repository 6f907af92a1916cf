import { setTimeout as wait } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { readAhead } from './read-ahead.ts';

/** A source of `count` items that logs each read and its closing; item `failAt` fails instead. */
function source(log: string[], count: number, failAt?: number) {
  return (async function* () {
    try {
      for (let n = 1; n <= count; n++) {
        await Promise.resolve();
        if (n === failAt) throw new Error(`read ${n} failed`);
        log.push(`read ${n}`);
        yield n;
      }
    } finally {
      log.push('closed');
    }
  })();
}

describe('readAhead', () => {
  it('hands every item on in order, reading the next while the caller waits on its work', async () => {
    const log: string[] = [];
    for await (const n of readAhead(source(log, 3))) {
      log.push(`got ${n}`);
      // the caller's own promise chain runs first: nothing is read within it
      for (let i = 0; i < 5; i++) await Promise.resolve();
      log.push(`sent ${n}`);
      // then, while it waits (on the database), the next item is read
      await wait(5);
      log.push(`done ${n}`);
    }
    expect(log).toEqual(['read 1', 'got 1', 'sent 1', 'read 2', 'done 1', 'got 2', 'sent 2', 'read 3', 'done 2', 'got 3', 'sent 3', 'closed', 'done 3']);
  });

  it('gives a failed read to the caller at its next item, not as an unhandled rejection meanwhile', async () => {
    const log: string[] = [];
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const n of readAhead(source(log, 3, 2))) {
          seen.push(n);
          await wait(5);
        }
      })(),
    ).rejects.toThrow('read 2 failed');
    expect(seen).toEqual([1]);
    expect(log).toEqual(['read 1', 'closed']);
  });

  it('closes the source once the item being read is in, when the caller stops early', async () => {
    const log: string[] = [];
    for await (const n of readAhead(source(log, 5))) {
      await wait(5);
      if (n === 2) break;
    }
    expect(log).toEqual(['read 1', 'read 2', 'read 3', 'closed']);
  });
});
