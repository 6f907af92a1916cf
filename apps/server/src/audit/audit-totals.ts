import type { Db } from '../db/client.ts';
import { GenerationCache } from '../lists/list-cache.ts';
import { countAuditSince, type AuditWhere } from './audit.repository.ts';

/** A filter's count of settled entries: those at or before `bound` (epoch ms of the database clock). */
interface Settled {
  bound: number;
  count: number;
}

/** Distinct filters whose settled counts are kept per process. */
const TOTALS_BUDGET = 1000;

/**
 * Exact totals of audit filters without counting a million rows per page.
 *
 * The trail only grows: a trigger refuses UPDATE and DELETE, and entries carry the database's clock at
 * insert, the last statement of their transaction. So once a minute is two minutes old, the set of entries
 * at or before it no longer changes, except by the retention sweep's deletes, which move the trail's
 * generation (db/list-generations.ts; read before the count). A filter's total is then
 * its remembered count up to such a settled minute plus a count of the entries after it, read in one
 * statement over an index range that holds only the entries since the last page of that filter: the first
 * page of a filter counts everything once per process, every later one only what is new.
 */
export class AuditTotals {
  private readonly settled = new GenerationCache<Settled>(TOTALS_BUDGET);

  async total(db: Db, where: AuditWhere, generation: string | null): Promise<number> {
    const key = JSON.stringify(where);
    // Without a generation (the counters are missing), nothing is remembered.
    const known = this.settled.get(key, generation);
    const counted = await countAuditSince(db, where, known?.bound);
    if (known && counted.bound < known.bound) {
      // The database clock went back: count from scratch.
      const fresh = await countAuditSince(db, where, undefined);
      this.settled.set(key, generation, { bound: fresh.bound, count: fresh.settled });
      return fresh.settled + fresh.live;
    }
    const settled = (known?.count ?? 0) + counted.settled;
    this.settled.set(key, generation, { bound: counted.bound, count: settled });
    return settled + counted.live;
  }
}
