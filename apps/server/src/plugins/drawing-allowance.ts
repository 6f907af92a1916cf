// How much page drawing one process takes on (decision 052). A drawn page (decisions 049 and 051) costs the
// process's one thread 10-50 ms (its reads, then React's render of the whole page) where an API call costs
// about one, and it is only ever a quicker way to a page the console draws by itself. So past a bound it is
// shed, not refused: the document carries its skeleton, the console's call gets null, and the person sees
// the console's own page. Counted in this process's memory: what it protects is this process's thread.

/** A session's drawings are counted in windows of a minute. */
const WINDOW_MS = 60_000;

export interface DrawingLimits {
  /** Drawings one session may have a minute. */
  perSessionPerMinute: number;
  /** Drawings under way at once in the process (their reads, then their render). */
  inFlight: number;
}

export class DrawingAllowance {
  readonly #windows = new Map<number, { start: number; count: number }>();
  #inFlight = 0;
  #swept = 0;
  /** Drawings shed since the start, by cause (the metrics' `drawn_pages_total`). */
  readonly shed = { session: 0, busy: 0 };

  constructor(
    private readonly limits: DrawingLimits,
    private readonly now: () => Date,
  ) {}

  /**
   * One drawing for the session, when it is within its minute's count and the process has room: call the
   * returned function once it is done (a second call does nothing). Undefined when the drawing is shed.
   */
  take(sessionId: number): (() => void) | undefined {
    if (this.#inFlight >= this.limits.inFlight) {
      this.shed.busy += 1;
      return undefined;
    }
    const now = this.now().getTime();
    this.#sweep(now);
    let window = this.#windows.get(sessionId);
    if (!window || now - window.start >= WINDOW_MS) {
      window = { start: now, count: 0 };
      this.#windows.set(sessionId, window);
    }
    if (window.count >= this.limits.perSessionPerMinute) {
      this.shed.session += 1;
      return undefined;
    }
    window.count += 1;
    this.#inFlight += 1;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.#inFlight -= 1;
    };
  }

  /** Sessions counted now (tests: ended windows are let go). */
  get counted(): number {
    return this.#windows.size;
  }

  /** Ended windows go, at most once a window. */
  #sweep(now: number): void {
    if (now - this.#swept < WINDOW_MS) return;
    this.#swept = now;
    for (const [id, window] of this.#windows) if (now - window.start >= WINDOW_MS) this.#windows.delete(id);
  }
}
