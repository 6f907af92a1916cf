import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * V8's full collection, asked for by a long job between its phases (decision 050). V8 starts one when the old
 * generation reaches a limit set from the heap at startup, which an import's promoted garbage (parsed rows,
 * the database's answers) does not reach before the import ends: the process then holds the garbage of a
 * whole phase. The collector is V8's `gc`, taken from a context of its own with `--expose-gc` set only while
 * that context is made (as jest-leak-detector does), so no flag of the process is needed and no other context
 * (the server's own included) sees a `gc`.
 */
let collector: (() => void) | null | undefined;

const obtain = (): (() => void) | null => {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (typeof exposed === 'function') return exposed;
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('typeof gc === "function" ? gc : null');
    return typeof gc === 'function' ? (gc as () => void) : null;
  } catch {
    return null;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
};

/** Runs a full collection now; false where this runtime offers none (the job goes on, with its garbage). */
export function fullCollection(): boolean {
  if (collector === undefined) collector = obtain();
  if (!collector) return false;
  collector();
  return true;
}

/**
 * A full collection every `rows` rows of a job of `total` rows, and one as it starts when it has that many:
 * what a phase leaves behind is collected before it grows the process by more than those rows' garbage. A
 * smaller job collects nothing (each collection pauses the process for tens of milliseconds).
 */
export class CollectEvery {
  private readonly rows: number;
  private readonly collect: () => unknown;
  private next: number;

  constructor(rows: number, total: number, collect: () => unknown = fullCollection) {
    this.rows = rows;
    this.collect = collect;
    if (total >= rows) collect();
    this.next = rows;
  }

  /** Called with the rows done so far. */
  passed(done: number): void {
    if (done < this.next) return;
    this.collect();
    this.next = done + this.rows;
  }
}
