import type { Db } from '../../db/client.ts';

interface Entry {
  generation: string;
  total: number;
}

/** Distinct filters remembered per list; the oldest goes first beyond this. */
const MAX_FILTERS = 1000;

/**
 * Totals of a list per filter, valid for one write generation of the table (db/list-generations.ts).
 * A total is served only when the generation read with the page equals the one it was counted at, so
 * totals stay exact after any write, on any replica. Per database object: two databases (tests, or
 * replicas in one process) never share entries.
 */
export class TotalCache {
  private readonly entries = new Map<string, Entry>();

  get(filterKey: string, generation: string | null): number | undefined {
    if (generation === null) return undefined;
    const entry = this.entries.get(filterKey);
    return entry && entry.generation === generation ? entry.total : undefined;
  }

  /** Whether an entry exists at all (a stale one still says the filter is asked again). */
  has(filterKey: string): boolean {
    return this.entries.has(filterKey);
  }

  set(filterKey: string, generation: string | null, total: number): void {
    if (generation === null) return;
    this.entries.delete(filterKey);
    if (this.entries.size >= MAX_FILTERS) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(filterKey, { generation, total });
  }
}

const caches = new WeakMap<Db, Map<string, TotalCache>>();

export function totalCacheFor(db: Db, list: string): TotalCache {
  let lists = caches.get(db);
  if (!lists) caches.set(db, (lists = new Map()));
  let cache = lists.get(list);
  if (!cache) lists.set(list, (cache = new TotalCache()));
  return cache;
}
