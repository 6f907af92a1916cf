/**
 * Deletes expired rows in the background at most once per `intervalMs` per process (the replay store's
 * old nonces, ended rate-limit windows). Every replica sweeps on its own; a failed sweep only waits for
 * the next one, and never fails the request that triggered it.
 */
export class Sweeper {
  private last = 0;

  constructor(private readonly intervalMs: number) {}

  maybe(now: Date, sweep: () => PromiseLike<unknown>): void {
    if (now.getTime() - this.last < this.intervalMs) return;
    this.last = now.getTime();
    sweep().then(
      () => undefined,
      () => undefined,
    );
  }
}
