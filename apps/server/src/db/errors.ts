/** The errors along `err`'s `.cause` chain (drizzle wraps the driver's error) and inside AggregateErrors. */
function* chain(err: unknown): Generator<object> {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length > 0 && seen.size < 16) {
    const e = queue.shift();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    yield e;
    queue.push((e as { cause?: unknown }).cause);
    const inner = (e as { errors?: unknown }).errors;
    if (Array.isArray(inner)) queue.push(...inner);
  }
}

/** True for a unique-constraint violation (SQLSTATE 23505), as node-postgres or PGlite report it through drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  for (const e of chain(err)) if ((e as { code?: unknown }).code === '23505') return true;
  return false;
}

/**
 * The constraint a unique (23505) or foreign-key (23503) violation names, and its table, as node-postgres or PGlite report
 * it through drizzle; undefined for any other error. PostgreSQL 18 (PGlite's) reports a delete that an
 * `ON DELETE RESTRICT` key refuses as 23001 (restrict_violation): a foreign-key violation here too.
 */
export function violatedConstraint(err: unknown): { code: '23505' | '23503'; constraint: string; table?: string } | undefined {
  for (const e of chain(err)) {
    const { code, constraint, table: named } = e as { code?: unknown; constraint?: unknown; table?: unknown };
    if (typeof constraint !== 'string') continue;
    // the constraint's table (for a foreign key, the referring one): a constraint's name may be shortened
    const table = typeof named === 'string' ? { table: named } : {};
    if (code === '23505' || code === '23503') return { code, constraint, ...table };
    if (code === '23001') return { code: '23503', constraint, ...table };
  }
  return undefined;
}

/**
 * SQLSTATEs meaning "the database cannot serve right now", not "this statement is wrong":
 * 08 connection exceptions; 53 insufficient resources (53100 disk full, 53200 out of memory, 53300 too many
 * connections); 57P01-57P03 administrator / crash shutdown and "the database system is starting up";
 * 58 system errors (58030 I/O error: what PostgreSQL, PGlite's included, reports for a failing file).
 */
const unavailableStates = /^(?:(?:08|53|58)[0-9A-Z]{3}|57P0[123])$/;

/** Node and filesystem error codes of a lost or refused connection, or of a disk that cannot take writes. */
const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENOSPC',
  'EDQUOT',
  'EIO',
  'EROFS',
]);

/**
 * Messages without a code: node-postgres's lost connections ("Connection terminated unexpectedly", "...
 * due to connection timeout"), its pool's checkout timeout, queries on a client that lost its connection,
 * a pool or a PGlite instance already closed (shutting down), and the operating system's texts for a full or
 * failing disk as PostgreSQL quotes them.
 */
const unavailableMessages = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /is not queryable/,
  /Cannot use a pool after calling end on the pool/,
  /^PGlite is closed/,
  /No space left on device/i,
  /Disk quota exceeded/i,
  /Input\/output error/i,
  /Read-only file system/i,
];

function unavailableOne(e: object): boolean {
  const { code, message, name } = e as { code?: unknown; message?: unknown; name?: unknown };
  if (typeof code === 'string' && (unavailableStates.test(code) || unavailableCodes.has(code))) return true;
  // Emscripten's filesystem error (PGlite's data directory), thrown with a numeric errno and no code.
  if (name === 'ErrnoError') return true;
  return typeof message === 'string' && unavailableMessages.some((re) => re.test(message));
}

/**
 * The error along `err`'s cause chain that says the database is unreachable, shutting down or cannot write
 * (a connection-class failure rather than a fault of the request), or undefined. Such failures answer
 * 503 UNAVAILABLE: retrying later succeeds without anything changing on the caller's side.
 */
export function databaseUnavailableCause(err: unknown): object | undefined {
  for (const e of chain(err)) if (unavailableOne(e)) return e;
  return undefined;
}

export function isDatabaseUnavailable(err: unknown): boolean {
  return databaseUnavailableCause(err) !== undefined;
}
