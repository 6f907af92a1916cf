import { describe, expect, it } from 'vitest';
import { DrawingAllowance } from './drawing-allowance.ts';

describe('DrawingAllowance', () => {
  const at = (start: number) => {
    const clock = { now: start };
    return { clock, now: () => new Date(clock.now) };
  };

  it("counts each session's drawings in its own minute, and lets ended minutes go", () => {
    const { clock, now } = at(0);
    const allowance = new DrawingAllowance({ perSessionPerMinute: 2, inFlight: 10 }, now);
    for (let i = 0; i < 2; i++) allowance.take(1)!();
    expect(allowance.take(1)).toBeUndefined();
    allowance.take(2)!();
    expect(allowance.counted).toBe(2);
    clock.now = 59_999;
    expect(allowance.take(1)).toBeUndefined();
    clock.now = 60_000;
    allowance.take(1)!();
    allowance.take(1)!();
    expect(allowance.take(1)).toBeUndefined();
    // Session 2's minute has ended: it is let go.
    expect(allowance.counted).toBe(1);
    expect(allowance.shed).toEqual({ session: 3, busy: 0 });
  });

  it('takes on so many drawings at once, and one more once one of them is done (done twice counts once)', () => {
    const { now } = at(0);
    const allowance = new DrawingAllowance({ perSessionPerMinute: 100, inFlight: 2 }, now);
    const first = allowance.take(1)!;
    const second = allowance.take(2)!;
    expect(allowance.take(3)).toBeUndefined();
    first();
    first();
    const third = allowance.take(3)!;
    expect(allowance.take(4)).toBeUndefined();
    second();
    third();
    expect(allowance.take(4)).toBeDefined();
    expect(allowance.shed).toEqual({ session: 0, busy: 2 });
  });

  it('counts no drawing it sheds for being busy against the session', () => {
    const { now } = at(0);
    const allowance = new DrawingAllowance({ perSessionPerMinute: 1, inFlight: 1 }, now);
    const busy = allowance.take(1)!;
    expect(allowance.take(2)).toBeUndefined();
    busy();
    expect(allowance.take(2)).toBeDefined();
    expect(allowance.shed).toEqual({ session: 0, busy: 1 });
  });
});
