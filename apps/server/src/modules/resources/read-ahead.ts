/**
 * Hands on each item while the next one is read: the next is asked for once the caller's work on this one has
 * gone to the database (a turn of the event loop after handing it on), so an import's parsing of its file runs
 * while the database checks and writes the batch before, instead of after it (bench/import). One item more is
 * alive at a time. A failed read reaches the caller at its next item; a caller that stops early waits for the
 * item being read, then the source is closed.
 */
export async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const it = source[Symbol.asyncIterator]();
  let next = it.next();
  let done = false;
  try {
    for (;;) {
      const item = await next;
      if (item.done) {
        done = true;
        return;
      }
      next = new Promise((resolve) => setImmediate(resolve)).then(() => it.next());
      // a failed read is the caller's at its next batch, not an unhandled rejection meanwhile
      next.catch(() => undefined);
      yield item.value;
    }
  } finally {
    if (!done) {
      await next.catch(() => undefined);
      await it.return?.();
    }
  }
}
