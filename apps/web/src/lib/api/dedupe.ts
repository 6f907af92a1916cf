import { forgetFirstCalls } from './first-calls';
import { DEDUPE_WINDOW_MS } from './options';

/**
 * De-duplication of reads: identical calls share one answer while in flight and for DEDUPE_WINDOW_MS
 * after. A settled write ends every shared answer, so whatever is read after a write sees it.
 */
const recent = new Map<string, Promise<unknown>>();

export function shared<T>(key: string, run: () => Promise<T>): Promise<T> {
  const existing = recent.get(key);
  if (existing) return existing as Promise<T>;
  const promise = run();
  recent.set(key, promise);
  const forget = () => setTimeout(() => recent.get(key) === promise && recent.delete(key), DEDUPE_WINDOW_MS);
  promise.then(forget, forget);
  return promise;
}

/** A write settled: nothing read before it is shared any more, nor adopted from the document's first calls. */
export function forgetShared(): void {
  recent.clear();
  forgetFirstCalls();
}

/** Runs a write and ends the shared answers once it settles (whatever its outcome). */
export function asWrite<T>(promise: Promise<T>): Promise<T> {
  return promise.finally(forgetShared);
}
