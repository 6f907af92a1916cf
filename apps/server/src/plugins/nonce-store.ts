import { lt } from 'drizzle-orm';
import { NONCE_TTL_SECONDS } from '@atrium/contracts';
import type { Db } from '../db/client.ts';
import { prepared, runPrepared } from '../db/prepared.ts';
import { nonces } from '../db/schema/auth.ts';
import { sessionColumns, toSessionWithUser, type SessionRow, type SessionWithUser } from '../modules/auth/session.repository.ts';

// (keyId, nonce) is new, or its earlier sighting is older than the TTL: then it is (re)recorded and the
// RETURNING row says "fresh". A data-modifying CTE runs whether or not the outer query reads it.
const rememberNonce = `insert into nonces (key_id, nonce, seen_at) values ($1, $2, $3::timestamptz)
  on conflict (key_id, nonce) do update set seen_at = excluded.seen_at where nonces.seen_at < $4::timestamptz
  returning 1`;

const nonceOnly = prepared('nonce_remember', rememberNonce);

// The nonce and the caller's session in one round trip: a signed call with Access-Token needs both, and
// the session plugin then reads the row from the request instead of asking again.
const nonceAndSession = prepared(
  'nonce_remember_session',
  `with fresh as (${rememberNonce})
   select (select count(*) from fresh)::int as fresh, ${sessionColumns}
     from (select 1) as one
     left join (sessions s join users u on u.id = s.user_id) on s.token_hash = $5`,
);

/**
 * Replay store in the database, so every replica on one PostgreSQL sees every nonce.
 * A (keyId, nonce) pair is accepted when it is new, or when its earlier sighting is older than the TTL.
 */
export class NonceStore {
  private lastCleanup = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** True when the pair had not been seen within the TTL (and records it). */
  async remember(keyId: string, nonce: string): Promise<boolean> {
    const { now, cutoff } = this.window();
    const rows = await runPrepared(this.db, nonceOnly, [keyId, nonce, now.toISOString(), cutoff.toISOString()]);
    this.maybeCleanup(now, cutoff);
    return rows.length > 0;
  }

  /** remember() and the session of `tokenHash` (undefined when none) from one statement. */
  async rememberAndFindSession(keyId: string, nonce: string, tokenHash: string): Promise<{ fresh: boolean; session: SessionWithUser | undefined }> {
    const { now, cutoff } = this.window();
    const [row] = await runPrepared<SessionRow & { fresh: number }>(this.db, nonceAndSession, [keyId, nonce, now.toISOString(), cutoff.toISOString(), tokenHash]);
    this.maybeCleanup(now, cutoff);
    return { fresh: Number(row?.fresh ?? 0) > 0, session: toSessionWithUser(row) };
  }

  private window(): { now: Date; cutoff: Date } {
    const now = this.now();
    return { now, cutoff: new Date(now.getTime() - NONCE_TTL_SECONDS * 1000) };
  }

  /** Deletes expired nonces at most once a minute per process; failures only delay the cleanup. */
  private maybeCleanup(now: Date, cutoff: Date): void {
    if (now.getTime() - this.lastCleanup < 60_000) return;
    this.lastCleanup = now.getTime();
    this.db
      .delete(nonces)
      .where(lt(nonces.seenAt, cutoff))
      .then(
        () => undefined,
        () => undefined,
      );
  }
}
