import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
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
 * text: statements of one shape share it), so it is parsed once per pooled connection and PostgreSQL may
 * settle on a generic plan where the values do not change the plan. A transaction runs it as drizzle does.
 * `custom`: the values do change the plan (a data scope's departments, lists/scope.ts `planDependsOn`), so
 * it runs unnamed and is planned for its values every time (PostgreSQL plans an unnamed statement for the
 * values bound to it; drizzle's own queries run that way too).
 */
export async function runPreparedSql<Row>(db: Db, statement: SQL, plan: 'cached' | 'custom' = 'cached'): Promise<Row[]> {
  const internals = db as unknown as { dialect?: { sqlToQuery(statement: SQL): { sql: string; params: unknown[] } } };
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!client || !internals.dialect || plan === 'custom') return rowsOf<Row>(await db.execute(statement));
  const query = internals.dialect.sqlToQuery(statement);
  const name = `list_${createHash('sha1').update(query.sql).digest('base64url').slice(0, 20)}`;
  return runPrepared<Row>(db, prepared(name, query.sql), query.params);
}

/** A JSON column as the driver hands it: parsed already (node-postgres) or as text. */
export function jsonColumn<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
