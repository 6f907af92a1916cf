import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.ts';

/**
 * A fingerprint of every table's content (row count and an md5 over the rows), to prove that a refused
 * call wrote nothing: inserts, updates and deletes all change it. The replay store (`nonces`) grows with
 * every signed request by design, and a session's `last_seen_at` may be refreshed by any accepted token,
 * so those two are left out. So is the audit trail: a refusal is recorded there on purpose (the tests that
 * refuse calls check its new entries themselves).
 */
export async function snapshotDatabase(db: Db): Promise<Record<string, string>> {
  const tables = rowsOf<{ table_name: string }>(
    await db.execute(sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`),
  ).map((r) => r.table_name);
  const out: Record<string, string> = {};
  for (const table of tables) {
    if (table === 'nonces' || table === 'audit_log' || table.startsWith('__drizzle_migrations')) continue;
    const expr = table === 'sessions' ? sql.raw(`(t.id, t.token_hash, t.user_id, t.active_role, t.revoked_at)::text`) : sql.raw('t::text');
    const [row] = rowsOf<{ n: number; h: string | null }>(
      await db.execute(sql`select count(*)::int as n, md5(coalesce(string_agg(${expr}, '|' order by ${expr}), '')) as h from ${sql.identifier(table)} t`),
    );
    out[table] = `${row?.n}:${row?.h}`;
  }
  return out;
}
