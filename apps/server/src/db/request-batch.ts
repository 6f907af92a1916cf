import type { Db } from './client.ts';
import { prepared, runPrepared, type Prepared } from './prepared.ts';

/**
 * One kind of work that requests hand to the shared round trip (a nonce to record, a session to read),
 * written by the code that owns its table. RequestBatch knows no table: it puts the parts' SQL side by
 * side in one statement.
 */
export interface BatchPart<Item, Result> {
  /** A WITH clause entry (`name as (...)`) the part's columns read, or none. */
  with?: (param: (k: number) => string) => string;
  /** The part's select-list entries (`expression as "column"`); column names are the part's own. */
  select: (param: (k: number) => string) => string;
  /** How many parameters `with` and `select` use, numbered from 0 through `param(k)`. */
  params: number;
  /** The items of one batch (in request order): the parameter values, and how to read each item's result. */
  prepare(items: readonly Item[], now: Date): { values: unknown[]; read: (row: Record<string, unknown>) => Result[] };
  /** After every batch (housekeeping such as sweeping expired rows); must not throw. */
  after?(now: Date): void;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- the parts' item and result types vary per part */
type ItemsOf<P extends readonly BatchPart<any, any>[]> = { [K in keyof P]: P[K] extends BatchPart<infer I, any> ? I | undefined : never };
type ResultsOf<P extends readonly BatchPart<any, any>[]> = { [K in keyof P]: P[K] extends BatchPart<any, infer R> ? R | undefined : never };

interface Pending {
  items: readonly unknown[];
  resolve: (results: unknown[]) => void;
  reject: (error: unknown) => void;
}

/** Requests checked in one statement at most (the arrays' size stays modest under any burst). */
const MAX_BATCH = 256;

/**
 * Group commit for the work every request does before its handler: the parts that the requests of one
 * turn of the event loop submit run as one statement (one round trip, one commit), and requests that arrive
 * while a batch is on its way wait for it and go together in the next one. With little load a request goes
 * alone in its own turn and waits for nothing; under load no request pays a statement of its own (driver,
 * protocol, executor, commit). One batch at a time: more measured no faster (decision 008).
 *
 * A request submits one item per part (undefined: it needs nothing of that part) and gets one result per
 * part, with one promise, whatever the number of parts.
 */
export class RequestBatch<P extends readonly BatchPart<any, any>[]> {
  private readonly statement: Prepared;
  private queue: Pending[] = [];
  private inFlight = false;
  private scheduled = false;

  constructor(
    private readonly db: Db,
    name: string,
    private readonly parts: P,
    private readonly now: () => Date,
  ) {
    let offset = 0;
    const withs: string[] = [];
    const selects: string[] = [];
    for (const part of parts) {
      const base = offset;
      const param = (k: number) => {
        if (k < 0 || k >= part.params) throw new Error(`request batch ${name}: parameter ${k} out of range`);
        return `$${base + k + 1}`;
      };
      if (part.with) withs.push(part.with(param));
      selects.push(part.select(param));
      offset += part.params;
    }
    this.statement = prepared(name, `${withs.length > 0 ? `with ${withs.join(', ')} ` : ''}select ${selects.join(', ')}`);
  }

  /** The results of this request's items, once the batch that carries them has run. */
  submit(items: ItemsOf<P>): Promise<ResultsOf<P>> {
    return new Promise<ResultsOf<P>>((resolve, reject) => {
      this.queue.push({ items, resolve: resolve as (results: unknown[]) => void, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight || this.queue.length === 0) return;
    this.scheduled = true;
    // After the I/O callbacks of this turn: every request that arrived in it goes in the same batch.
    setImmediate(() => {
      this.scheduled = false;
      if (this.inFlight || this.queue.length === 0) return;
      this.inFlight = true;
      void this.run(this.queue.splice(0, MAX_BATCH)).finally(() => {
        this.inFlight = false;
        this.schedule();
      });
    });
  }

  private async run(batch: Pending[]): Promise<void> {
    const now = this.now();
    const parts = this.parts;
    try {
      const values: unknown[] = [];
      // For each part: the requests that gave it an item (their places in the batch) and its reader.
      const places: number[][] = [];
      const readers: Array<(row: Record<string, unknown>) => unknown[]> = [];
      for (let k = 0; k < parts.length; k++) {
        const at: number[] = [];
        const items: unknown[] = [];
        for (let i = 0; i < batch.length; i++) {
          const item = batch[i]!.items[k];
          if (item !== undefined) {
            at.push(i);
            items.push(item);
          }
        }
        const prepared = parts[k]!.prepare(items, now);
        values.push(...prepared.values);
        places.push(at);
        readers.push(prepared.read);
      }
      const [row] = await runPrepared<Record<string, unknown>>(this.db, this.statement, values);
      if (!row) throw new Error('request batch: no answer');
      const results: unknown[][] = batch.map(() => new Array<unknown>(parts.length));
      for (let k = 0; k < parts.length; k++) {
        const read = readers[k]!(row);
        const at = places[k]!;
        if (read.length !== at.length) throw new Error('request batch: an answer does not match its items');
        for (let n = 0; n < at.length; n++) results[at[n]!]![k] = read[n];
      }
      for (let i = 0; i < batch.length; i++) batch[i]!.resolve(results[i]!);
    } catch (error) {
      // Whatever failed (a part's preparing, the statement, a reading), every request of the batch gets
      // the error and none waits for ever; the next batch runs as usual.
      for (const p of batch) p.reject(error);
    }
    for (const part of parts) part.after?.(now);
  }
}
