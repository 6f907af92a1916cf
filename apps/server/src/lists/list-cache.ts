import type { Db } from '../db/client.ts';
import { jsonText, type JsonText } from '../http/envelope.ts';
import { currentGenerations, type Generations } from '../db/list-generations.ts';
import { scopeKey, type Reach, type ScopeColumns } from './scope.ts';

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

/** What a list's answers depend on besides the request: a list source's declaration (ListSource). */
export interface AnswerSource {
  /**
   * Every table the answers read: the list source's declaration (ListSource.reads), and what the route
   * has read with the request (RegisterOptions.reads).
   */
  reads: readonly string[];
  /** Declared, an answer is kept per reach (lists/scope.ts `scopeKey`): never served to another scope. */
  scope?: ScopeColumns;
}

/** One request of a cached answer: its key (the parsed query), the generations its round trip read, the caller's reach. */
export interface AnswerRequest {
  key: string;
  known: Generations | null;
  /** Required when the source is scoped. */
  reach?: Reach;
}

/**
 * The answers of one list call, each kept at the generations of every table it reads (its own, the
 * accounts its actors' names come from, those its labels come from: the list source declares them, and
 * the cache watches nothing else) and, for a scoped list, for the reach it was read within: a repeated
 * request costs the generations' read, one statement shared by the list calls of an event-loop turn. The
 * generations are read before the answer is built, so an entry is never older than the generation it is
 * kept at; a write anywhere in between only makes it newer.
 */
export class AnswerCache<T> {
  private readonly caches = new WeakMap<Db, GenerationCache<JsonText<T>>>();
  readonly tables: readonly string[];

  constructor(private readonly source: AnswerSource) {
    this.tables = source.reads;
  }

  /** The answer to the request, from the cache or built (and kept, weighing `weight` of the budget). */
  async answer(db: Db, request: AnswerRequest, build: () => Promise<{ value: T; weight: number }>): Promise<JsonText<T>> {
    if (this.source.scope && !request.reach) throw new Error(`answers of ${this.tables[0]}: they are scoped, and kept only per reach`);
    const key = this.source.scope && request.reach ? `${scopeKey(request.reach)}|${request.key}` : request.key;
    const generations = await currentGenerations(db, this.tables, request.known);
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
