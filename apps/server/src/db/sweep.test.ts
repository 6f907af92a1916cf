import { describe, expect, it } from 'vitest';
import { Sweeper } from './sweep.ts';

describe('Sweeper', () => {
  it('sweeps at most once per interval, and a failed sweep neither throws nor stops the next one', async () => {
    const sweeper = new Sweeper(60_000);
    const at = (seconds: number) => new Date(Date.UTC(2026, 10, 21, 8, 0, seconds));
    let runs = 0;
    const failing = () => {
      runs++;
      return Promise.reject(new Error('database away'));
    };
    sweeper.maybe(at(0), failing);
    sweeper.maybe(at(30), failing);
    sweeper.maybe(at(59), failing);
    expect(runs).toBe(1);
    await new Promise((r) => setImmediate(r)); // the rejection is handled, not left unhandled
    sweeper.maybe(at(60), failing);
    expect(runs).toBe(2);
  });
});
