import { lt } from 'drizzle-orm';
import { NONCE_TTL_SECONDS } from '@atrium/contracts';
import type { Db } from '../db/client.ts';
import { generationSql, generationTables, type GenerationTable, type ListGenerations } from '../db/list-generations.ts';
import { prepared, runPrepared } from '../db/prepared.ts';
import { Sweeper } from '../db/sweep.ts';
import { nonces } from '../db/schema/auth.ts';
import { sessionFromJson, sessionJson, type SessionJson, type SessionWithUser } from '../db/sessions.ts';

export interface GateResult {
  /** The (keyId, nonce) pair had not been seen within the TTL (and is now recorded). */
  fresh: boolean;
  /** The session of the token hash asked for (undefined: none asked, or none matches). */
  session: SessionWithUser | undefined;
  /** The list tables' write generations in the same snapshot. */
  generations: ListGenerations;
}

interface Pending {
  keyId: string;
  nonce: string;
  tokenHash: string | null;
  resolve: (result: GateResult) => void;
  reject: (error: unknown) => void;
}

const generationColumns = generationTables.map((t) => `${generationSql(t)} as "g_${t}"`).join(', ');

// Every request of a batch: its nonce is recorded when it is new, or when its earlier sighting is older than
// the TTL (then the RETURNING row says "fresh"). The sessions are read once per distinct token hash of the
// batch (a console page fires several calls at once with one token), and the list tables' generations come
// with them. Rows are inserted in (key_id, nonce) order so two batches that meet on the same keys (a replay
// sent to two replicas at once) lock them in one order and cannot deadlock. A data-modifying CTE runs
// exactly once whether or not the outer query reads it, and its RETURNING rows are what the query sees.
// The answer is one row: the requests' fresh flags and the sessions as two JSON arrays (two columns to
// describe and parse, whatever the batch size; each session as sessionJson) and the generations.
const gateStatement = prepared(
  'request_gate',
  `with input as (
     select * from unnest($1::text[], $2::text[]) with ordinality as t(key_id, nonce, i)
   ), fresh as (
     insert into nonces (key_id, nonce, seen_at)
     select key_id, nonce, $4::timestamptz from input order by key_id, nonce
     on conflict (key_id, nonce) do update set seen_at = excluded.seen_at where nonces.seen_at < $5::timestamptz
     returning key_id, nonce
   ), tokens as (
     select * from unnest($3::text[]) with ordinality as t(token_hash, j)
   )
   select (select coalesce(json_agg(json_build_array(input.i, fresh.nonce is not null) order by input.i), '[]'::json)
             from input left join fresh on fresh.key_id = input.key_id and fresh.nonce = input.nonce) as batch,
          (select coalesce(json_agg(json_build_array(tokens.j, ${sessionJson}) order by tokens.j), '[]'::json)
             from tokens left join (sessions s join users u on u.id = s.user_id) on s.token_hash = tokens.token_hash) as sessions,
          ${generationColumns}`,
);

/** One request's entry of the batch: [i, fresh]; one token's: [j, session]. */
type GateEntry = [number, boolean];
type TokenEntry = [number, SessionJson];
type GateRow = { batch: GateEntry[] | string; sessions: TokenEntry[] | string } & Record<`g_${GenerationTable}`, string | null>;

/** Requests checked in one statement at most (the arrays' size stays modest under any burst). */
const MAX_BATCH = 256;

/**
 * The replay store in the database (every replica on one PostgreSQL sees every nonce), read together with
 * the caller's session and the list generations: one statement per signed request at most.
 *
 * Requests that arrive while an earlier batch is on its way to the database wait for it and then go
 * together in the next one (group commit): under load each request no longer pays a statement of its own
 * (driver, protocol, executor, commit), and with little load a request goes alone in the same turn of the
 * event loop, so it waits for nothing.
 */
export class NonceStore {
  /** Expired nonces go at most once a minute per process. */
  private readonly cleanup = new Sweeper(60_000);
  private queue: Pending[] = [];
  /** A batch is on its way to the database (one at a time: more measured no faster; decision 008). */
  private inFlight = false;
  private scheduled = false;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** Records (keyId, nonce) and reads the session of `tokenHash` (when given) and the list generations. */
  check(keyId: string, nonce: string, tokenHash?: string): Promise<GateResult> {
    return new Promise<GateResult>((resolve, reject) => {
      this.queue.push({ keyId, nonce, tokenHash: tokenHash ?? null, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight || this.queue.length === 0) return;
    this.scheduled = true;
    // After the I/O callbacks of this turn: every request that arrived in it goes in the same batch.
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    if (this.inFlight || this.queue.length === 0) return;
    const batch = this.queue.splice(0, MAX_BATCH);
    // The same pair twice in one batch: the second is a replay of the first (one statement cannot insert a
    // key twice).
    const seen = new Set<string>();
    const sent: Pending[] = [];
    for (const p of batch) {
      const id = `${p.keyId}\u0000${p.nonce}`;
      if (seen.has(id)) p.resolve({ fresh: false, session: undefined, generations: {} });
      else {
        seen.add(id);
        sent.push(p);
      }
    }
    this.inFlight = true;
    void this.run(sent).finally(() => {
      this.inFlight = false;
      this.schedule();
    });
  }

  private async run(batch: Pending[]): Promise<void> {
    const now = this.now();
    const cutoff = new Date(now.getTime() - NONCE_TTL_SECONDS * 1000);
    // Each distinct token hash once; tokenAt[k] is request k's place in `hashes` (-1: no session asked).
    const hashes: string[] = [];
    const places = new Map<string, number>();
    const tokenAt = batch.map((p) => {
      if (p.tokenHash === null) return -1;
      let place = places.get(p.tokenHash);
      if (place === undefined) places.set(p.tokenHash, (place = hashes.push(p.tokenHash) - 1));
      return place;
    });
    try {
      const [row] = await runPrepared<GateRow>(this.db, gateStatement, [
        batch.map((p) => p.keyId),
        batch.map((p) => p.nonce),
        hashes,
        now.toISOString(),
        cutoff.toISOString(),
      ]);
      if (!row) throw new Error('request gate: no answer');
      const entries = typeof row.batch === 'string' ? (JSON.parse(row.batch) as GateEntry[]) : row.batch;
      const tokens = typeof row.sessions === 'string' ? (JSON.parse(row.sessions) as TokenEntry[]) : row.sessions;
      if (entries.length !== batch.length || tokens.length !== hashes.length) throw new Error('request gate: answer does not match the batch');
      const sessions = tokens.map((t, j) => {
        if (Number(t[0]) !== j + 1) throw new Error('request gate: tokens out of order');
        return sessionFromJson(t[1]);
      });
      const generations: ListGenerations = {};
      for (const table of generationTables) {
        const value = row[`g_${table}`];
        if (value !== null && value !== undefined) generations[table] = String(value);
      }
      batch.forEach((p, index) => {
        const entry = entries[index]!;
        if (Number(entry[0]) !== index + 1) return p.reject(new Error('request gate: no entry for a request'));
        const place = tokenAt[index]!;
        p.resolve({ fresh: entry[1] === true, session: place === -1 ? undefined : sessions[place], generations });
      });
    } catch (error) {
      for (const p of batch) p.reject(error);
    }
    this.cleanup.maybe(now, () => this.db.delete(nonces).where(lt(nonces.seenAt, cutoff)));
  }
}
