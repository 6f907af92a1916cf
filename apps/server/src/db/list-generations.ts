import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from './client.ts';

/**
 * Write generations of list tables, so a server can cache a list's totals and still answer exact ones.
 *
 * A statement-level trigger bumps `list_generations.generation` of its table after every INSERT, UPDATE,
 * DELETE or TRUNCATE, inside the writing transaction. So a reader that sees a write also sees its new
 * generation (same snapshot when both are read in one statement), a rolled-back write leaves the number
 * as it was, and every committed state of the table has its own generation. Any writer counts: the
 * server's calls, another replica, an import, an operator in psql. Readers keep `(filter, generation) ->
 * total` in memory and count again only when the generation moved (modules/shared/list-cache.ts).
 *
 * drizzle-kit cannot declare triggers, so this is an idempotent step after the generated migrations
 * (run on every start, under the migration lock on PostgreSQL), like the replay store's UNLOGGED.
 */
export const generationTables = ['policies', 'roles', 'audit_log'] as const;
export type GenerationTable = (typeof generationTables)[number];

/**
 * The writes that move a table's generation. The audit trail only grows (its rows never change; only the
 * retention sweep deletes old ones), so its generation moves on deletes alone: counts of settled entries
 * stay valid across inserts, and an insert takes no lock on the counter row (which would make every write
 * call of every replica wait for the one before).
 */
const generationEvents: Record<GenerationTable, string> = {
  policies: 'insert or update or delete or truncate',
  roles: 'insert or update or delete or truncate',
  audit_log: 'delete or truncate',
};

/** Write generations of the list tables as one signed request saw them (plugins/nonce-store.ts). */
export type ListGenerations = Partial<Record<GenerationTable, string>>;

export async function installListGenerations(db: Db): Promise<void> {
  await db.execute(sql`create table if not exists list_generations (name text primary key, generation bigint not null default 0)`);
  // The counter is qualified with the trigger's own schema, so any search_path of the writer finds it.
  await db.execute(sql`
    create or replace function atrium_bump_list_generation() returns trigger language plpgsql as $$
    begin
      execute format('update %I.list_generations set generation = generation + 1 where name = $1', tg_table_schema) using tg_table_name;
      return null;
    end $$`);
  for (const table of generationTables) {
    await db.execute(sql`insert into list_generations (name) values (${table}) on conflict (name) do nothing`);
    // A table a later migration brings (a test may migrate an older folder): nothing to watch yet.
    if (!(await tableExists(db, table))) continue;
    await db.execute(
      sql.raw(
        `create or replace trigger ${table}_list_generation after ${generationEvents[table]} on ${table} ` +
          'for each statement execute function atrium_bump_list_generation()',
      ),
    );
  }
}

export async function tableExists(db: Db, table: string): Promise<boolean> {
  const [row] = rowsOf<{ present: boolean }>(await db.execute(sql`select to_regclass(${table}) is not null as present`));
  return row?.present === true;
}

/** The table's current generation as text (null if the row is missing: then nothing may be cached). */
export function generationOf(table: GenerationTable): SQL<string | null> {
  return sql<string | null>`(select generation::text from list_generations where name = ${table})`;
}
