import { lte } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { prepared, runPrepared } from '../db/prepared.ts';
import { Sweeper } from '../db/sweep.ts';
import { rateLimits } from '../db/schema/auth.ts';

// One hit: a new key, or a key whose window has ended, starts a window with this hit; otherwise the hit is
// counted in the running window. The row lock of the upsert orders concurrent hits, from any replica.
const hitStatement = prepared(
  'rate_limit_hit',
  `insert into rate_limits (bucket, key, window_start, hits) values ($1, $2, $3::timestamptz, 1)
   on conflict (bucket, key) do update set
     window_start = case when rate_limits.window_start <= $4::timestamptz then excluded.window_start else rate_limits.window_start end,
     hits = case when rate_limits.window_start <= $4::timestamptz then 1 else rate_limits.hits + 1 end
   returning window_start, hits`,
);

/**
 * Fixed-window counter per key, kept in the database so that every replica counts into the same window
 * (two replicas behind one address must not each allow the whole limit). Used per client IP on the
 * sign-in, captcha and SMS calls as a first wall. The sign-in failure rules (per username and device, per
 * username, per device and per address: captcha, lockout, throttling; modules/auth/sign-in-limits.ts) and
 * the one-SMS-per-60-s rule are separate and live in the database too.
 */
export class RateLimiter {
  private readonly sweeper: Sweeper;

  constructor(
    private readonly db: Db,
    /** Names this limiter's keys in the shared table (`login`, `captcha`, ...). */
    private readonly bucket: string,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => Date,
  ) {
    this.sweeper = new Sweeper(windowMs);
  }

  /** Counts a hit; resolves to the seconds to wait when over the limit, else 0. */
  async hit(key: string): Promise<number> {
    const now = this.now();
    const ended = new Date(now.getTime() - this.windowMs);
    const [row] = await runPrepared<{ window_start: Date | string; hits: number | string }>(this.db, hitStatement, [
      this.bucket,
      key,
      now.toISOString(),
      ended.toISOString(),
    ]);
    if (!row) throw new Error('rate limit: no answer');
    // ended windows go at most once a window per process
    this.sweeper.maybe(now, () => this.db.delete(rateLimits).where(lte(rateLimits.windowStart, ended)));
    if (Number(row.hits) <= this.limit) return 0;
    const start = new Date(row.window_start).getTime();
    return Math.max(1, Math.ceil((start + this.windowMs - now.getTime()) / 1000));
  }
}
