import { lt } from 'drizzle-orm';
import { NONCE_TTL_SECONDS } from '@atrium/contracts';
import type { Db } from './client.ts';
import { jsonColumn } from './prepared.ts';
import type { BatchPart } from './request-batch.ts';
import { nonces } from './schema/auth.ts';
import { Sweeper } from './sweep.ts';

/** A signed request's nonce under its key. */
export interface NonceItem {
  keyId: string;
  nonce: string;
}

/** Nonces seen before this instant are forgotten: a pair seen then is fresh again. */
const cutoffOf = (now: Date) => new Date(now.getTime() - NONCE_TTL_SECONDS * 1000);

/**
 * The replay store in the database, so every replica on one PostgreSQL sees every nonce: a request's part
 * of the shared round trip (db/request-batch.ts). Its result is whether the (keyId, nonce) pair was fresh:
 * not seen, or last seen longer than the TTL ago; either way it is recorded now.
 *
 * Rows are inserted in (key_id, nonce) order, so two batches that meet on the same keys (a replay sent to
 * two replicas at once) lock them in one order and cannot deadlock. A data-modifying WITH entry runs
 * exactly once whether or not the query reads it, and its RETURNING rows are what the query sees. The same
 * pair twice in one batch is sent once (a statement cannot insert a key twice): the second is a replay.
 * Expired nonces are deleted at most once a minute per process.
 */
export function replayStorePart(db: Db): BatchPart<NonceItem, boolean> {
  const cleanup = new Sweeper(60_000);
  return {
    params: 4,
    with: (p) =>
      `nonce_input as (select * from unnest(${p(0)}::text[], ${p(1)}::text[]) with ordinality as t(key_id, nonce, i)), ` +
      `nonce_fresh as (insert into nonces (key_id, nonce, seen_at) select key_id, nonce, ${p(2)}::timestamptz from nonce_input order by key_id, nonce ` +
      `on conflict (key_id, nonce) do update set seen_at = excluded.seen_at where nonces.seen_at < ${p(3)}::timestamptz returning key_id, nonce)`,
    select: () =>
      `(select coalesce(json_agg(f.nonce is not null order by n.i), '[]'::json) from nonce_input n ` +
      `left join nonce_fresh f on f.key_id = n.key_id and f.nonce = n.nonce) as "nonces_fresh"`,
    prepare(items, now) {
      const keyIds: string[] = [];
      const sent: string[] = [];
      // Each item's place among the pairs sent; -1 for a repeat within the batch.
      const seen = new Set<string>();
      const at = items.map((item) => {
        const id = `${item.keyId}\u0000${item.nonce}`;
        if (seen.has(id)) return -1;
        seen.add(id);
        keyIds.push(item.keyId);
        return sent.push(item.nonce) - 1;
      });
      return {
        values: [keyIds, sent, now.toISOString(), cutoffOf(now).toISOString()],
        read: (row) => {
          const fresh = jsonColumn<boolean[]>(row.nonces_fresh);
          if (fresh.length !== sent.length) throw new Error('replay store: answer does not match the nonces');
          return at.map((place) => place !== -1 && fresh[place] === true);
        },
      };
    },
    after(now) {
      cleanup.maybe(now, () => db.delete(nonces).where(lt(nonces.seenAt, cutoffOf(now))));
    },
  };
}
