import { lt, sql } from 'drizzle-orm';
import { NONCE_TTL_SECONDS } from '@atrium/contracts';
import type { Db } from '../db/client.ts';
import { nonces } from '../db/schema/auth.ts';

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
    const now = this.now();
    const cutoff = new Date(now.getTime() - NONCE_TTL_SECONDS * 1000);
    const rows = await this.db
      .insert(nonces)
      .values({ keyId, nonce, seenAt: now })
      .onConflictDoUpdate({ target: [nonces.keyId, nonces.nonce], set: { seenAt: now }, setWhere: lt(nonces.seenAt, cutoff) })
      .returning({ one: sql<number>`1` });
    this.maybeCleanup(now, cutoff);
    return rows.length > 0;
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
