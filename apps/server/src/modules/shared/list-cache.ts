import type { Db } from '../../db/client.ts';
import { jsonText, type JsonText } from '../../http/envelope.ts';
import { currentGenerations, type Generations } from '../../db/list-generations.ts';

interface Entry<T> {
  generation: string;
  value: T;
  /** What the entry counts against the cache's budget. */
  weight: number;
  /** The cache's move count when the entry was last put at the newest end. */
  moved: number;
}

/**
 * Values of a list valid for one write generation of its table (db/list-generations.ts): a value is served
 * only when the generation the caller read equals the one the value was read at, so answers stay exact after
 * any write, on any replica, by any writer. Least recently used entries go first beyond the budget. Per
 * database object: two databases (tests, or replicas in one process) never share entries.
 */
export class GenerationCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private used = 0;
  /** Entries put at the newest end so far (inserts and moves). */
  private moves = 0;

  constructor(
    /** Total weight kept (entries for totals weigh 1; pages weigh their row count). */
    private readonly budget: number,
  ) {}

  get(key: string, generation: string | null | undefined): T | undefined {
    if (generation === null || generation === undefined) return undefined;
    const entry = this.entries.get(key);
    if (!entry || entry.generation !== generation) return undefined;
    // Most recently used last. An entry moved there fewer than half the cache's size of moves ago is still
    // in the newer half, so it is left where it is: a hot page is not re-queued on every hit (each move is a
    // delete and an insert in the map).
    if (this.moves - entry.moved > this.entries.size / 2) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      entry.moved = ++this.moves;
    }
    return entry.value;
  }

  /** The entry of `key` at whatever generation it was read (the caller compares generations itself). */
  peek(key: string): { generation: string; value: T } | undefined {
    const entry = this.entries.get(key);
    return entry && { generation: entry.generation, value: entry.value };
  }

  set(key: string, generation: string | null | undefined, value: T, weight = 1): void {
    if (generation === null || generation === undefined) return;
    this.drop(key);
    if (weight > this.budget) return;
    while (this.used + weight > this.budget) this.drop(this.entries.keys().next().value!);
    this.entries.set(key, { generation, value, weight, moved: ++this.moves });
    this.used += weight;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.used -= entry.weight;
  }
}

/** Rows of list answers remembered per list (about 3 MB of collections' answers). */
const PAGE_ROWS_BUDGET = 10_000;

/**
 * The answers of one list call, each kept at the generations of every table it reads (its own, and those
 * its labels come from): a repeated request costs the generations' read, one statement shared by the list
 * calls of an event-loop turn. The generations are read before the answer is built, so an entry is never
 * older than the generation it is kept at; a write anywhere in between only makes it newer.
 */
export class AnswerCache<T> {
  private readonly caches = new WeakMap<Db, GenerationCache<JsonText<T>>>();

  constructor(
    /** The tables the answers read (the route declares them: RegisterOptions.reads). */
    readonly tables: readonly string[],
  ) {}

  /**
   * The answer to `key`, from the cache or built (and kept, weighing `weight` of the budget); `known`: the
   * generations the request's round trip read.
   */
  async answer(db: Db, key: string, known: Generations | null, build: () => Promise<{ value: T; weight: number }>): Promise<JsonText<T>> {
    const generations = await currentGenerations(db, this.tables, known);
    const generation = generations.includes(null) ? null : generations.join('/');
    let cache = this.caches.get(db);
    if (!cache) this.caches.set(db, (cache = new GenerationCache(PAGE_ROWS_BUDGET)));
    const cached = cache.get(key, generation);
    if (cached) return cached;
    const built = await build();
    const text = jsonText(built.value);
    cache.set(key, generation, text, Math.max(1, built.weight));
    return text;
  }
}
