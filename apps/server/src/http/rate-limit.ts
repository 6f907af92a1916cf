/**
 * Fixed-window counter per key, in process memory. Used per client IP on the sign-in, captcha and SMS
 * calls as a cheap first wall; the per-account and per-phone rules that matter across replicas (lockout,
 * adaptive captcha, one SMS per 60 s) live in the database.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => Date,
  ) {}

  /** Counts a hit; returns seconds to wait when over the limit, else 0. */
  hit(key: string): number {
    const t = this.now().getTime();
    if (this.windows.size > 10_000) this.sweep(t);
    const w = this.windows.get(key);
    if (!w || t - w.start >= this.windowMs) {
      this.windows.set(key, { start: t, count: 1 });
      return 0;
    }
    w.count++;
    return w.count > this.limit ? Math.ceil((w.start + this.windowMs - t) / 1000) : 0;
  }

  private sweep(t: number): void {
    for (const [k, w] of this.windows) if (t - w.start >= this.windowMs) this.windows.delete(k);
  }
}
