import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type pg from 'pg';
import type { QueryResultRow } from 'pg';
import { rowsOf, type Db } from './client.ts';

/**
 * A fixed SQL text for the per-request hot path (signature nonce, session). On PostgreSQL it runs as a
 * named prepared statement: parsed and planned once per pooled connection instead of on every request.
 * On PGlite, as a parameterised query. Either way drizzle's query building (~30-60 µs a query here) is
 * skipped. Only for statements whose plan does not depend on the parameter values (equality lookups).
 */
export interface Prepared {
  readonly name: string;
  readonly text: string;
}

export function prepared(name: string, text: string): Prepared {
  return { name: `atrium_${name}`, text };
}

interface PoolLike {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}
interface PgliteLike {
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
  exec(text: string): Promise<unknown>;
}

/** The driver under a drizzle database (drizzle sets `$client` for node-postgres and PGlite alike). */
function clientOf(db: Db): PoolLike | PgliteLike {
  const client = (db as unknown as { $client?: PoolLike | PgliteLike }).$client;
  if (!client) throw new Error('prepared statements need the database itself, not a transaction');
  return client;
}

export async function runPrepared<Row>(db: Db, statement: Prepared, values: unknown[]): Promise<Row[]> {
  const client = clientOf(db);
  const result =
    'exec' in client && typeof client.exec === 'function'
      ? await (client as PgliteLike).query(statement.text, values)
      : await (client as PoolLike).query({ name: statement.name, text: statement.text, values });
  return result.rows as Row[];
}

/**
 * A statement built with drizzle's `sql`, run as a named prepared statement on PostgreSQL (the name from its
 * text: statements of one shape share it), so it is parsed and planned once per pooled connection, and
 * PostgreSQL may settle on a generic plan once the values do not change it. A statement whose best plan
 * depends on something (a data scope's departments, lists/scope.ts) carries it in its text, so each such
 * statement is named and planned apart. A transaction runs it as drizzle does.
 *
 * How many such statements a connection keeps is bounded (STATEMENTS_KEPT, the least recently run given
 * up with DEALLOCATE): their number grows with the reaches and filters in use, and each holds its plan in
 * the server's memory (tens of KB with a thousand departments in its text). node-postgres remembers which
 * names it has parsed on a connection and has no call to forget one; where that record is not as expected
 * the statement runs unnamed, planned each time.
 */
export async function runPreparedSql<Row>(db: Db, statement: SQL): Promise<Row[]> {
  const internals = db as unknown as { dialect?: { sqlToQuery(statement: SQL): { sql: string; params: unknown[] } } };
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!client || !internals.dialect) return rowsOf<Row>(await db.execute(statement));
  const query = internals.dialect.sqlToQuery(statement);
  if ('exec' in (client as object)) return (await (client as PgliteLike).query(query.sql, query.params)).rows as Row[];
  const name = `list_${createHash('sha1').update(query.sql).digest('base64url').slice(0, 20)}`;
  return runKept<Row>(client as pg.Pool, name, query.sql, query.params);
}

/** How many statements of `runPreparedSql` a pooled connection keeps prepared. */
export const STATEMENTS_KEPT = 200;

/** Per connection, the names it keeps, least recently run first. */
const keptOn = new WeakMap<pg.PoolClient, Map<string, true>>();

async function runKept<Row>(pool: pg.Pool, name: string, text: string, values: unknown[]): Promise<Row[]> {
  const client = await pool.connect();
  let failed: Error | undefined;
  try {
    const parsed = (client as unknown as { connection?: { parsedStatements?: Record<string, unknown> } }).connection?.parsedStatements;
    if (typeof parsed !== 'object' || parsed === null) return (await client.query<Row & QueryResultRow>(text, values)).rows;
    let kept = keptOn.get(client);
    if (!kept) keptOn.set(client, (kept = new Map()));
    if (!kept.delete(name) && kept.size >= STATEMENTS_KEPT) {
      const oldest = kept.keys().next().value!;
      kept.delete(oldest);
      if (parsed[oldest]) {
        await client.query(`deallocate "${oldest}"`);
        delete parsed[oldest];
      }
    }
    kept.set(name, true);
    return (await client.query<Row & QueryResultRow>({ name, text, values })).rows;
  } catch (error) {
    failed = error as Error;
    throw error;
  } finally {
    // as node-postgres' own pool.query: a client that failed a query is not given to the next caller
    client.release(failed);
  }
}

/** A JSON column as the driver hands it: parsed already (node-postgres) or as text. */
export function jsonColumn<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
