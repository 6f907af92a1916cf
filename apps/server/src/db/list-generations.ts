import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from './client.ts';
import type { BatchPart } from './request-batch.ts';

/**
 * Write generations of list tables, so a server can cache a list's totals and still answer exact ones.
 *
 * A statement-level trigger bumps a counter of its table after every INSERT, UPDATE, DELETE or TRUNCATE,
 * inside the writing transaction. A table's generation is the sum of its counters. So a reader that sees a
 * write also sees its new generation (same snapshot when both are read in one statement), a rolled-back
 * write leaves the number as it was, and every committed state of the table has its own generation (a
 * later snapshot holds every write an earlier one held, and each write adds at least 1). Any writer counts:
 * the server's calls, another replica, an import, an operator in psql. Readers keep `(filter, generation)
 * -> total` in memory and count again only when the generation moved (modules/shared/list-cache.ts).
 *
 * Each table has SLOTS counters and a writer bumps the one of its backend (pid modulo SLOTS). With a single
 * counter row every write transaction of the table held that row's lock until its commit, so concurrent
 * writers of every replica queued behind each other's commit (p99 of a collection edit 0.9 s at 50
 * connections); backends of one pool have neighbouring pids, so they rarely share a slot.
 *
 * drizzle-kit cannot declare triggers, so this is an idempotent step after the generated migrations
 * (run on every start, under the migration lock on PostgreSQL), like the replay store's UNLOGGED.
 */
const generationTables = ['policies', 'roles', 'audit_log'] as const;
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

/** Write generations of the list tables as one signed request saw them (listGenerationsPart). */
export type ListGenerations = Partial<Record<GenerationTable, string>>;

/** Counters per table (decision 013). */
const SLOTS = 32;

export async function installListGenerations(db: Db): Promise<void> {
  // The single-counter table of earlier versions is left as it is: a replica of an earlier version still
  // reads it during a rolling upgrade (its cached totals then lag until it is replaced).
  await db.execute(
    sql`create table if not exists list_generation_slots (name text not null, slot integer not null, generation bigint not null default 0, primary key (name, slot))`,
  );
  // The counter is qualified with the trigger's own schema, so any search_path of the writer finds it.
  await db.execute(
    sql.raw(`
    create or replace function atrium_bump_list_generation() returns trigger language plpgsql as $$
    begin
      execute format('update %I.list_generation_slots set generation = generation + 1 where name = $1 and slot = $2', tg_table_schema)
        using tg_table_name, pg_backend_pid() % ${SLOTS};
      return null;
    end $$`),
  );
  for (const table of generationTables) {
    await db.execute(
      sql`insert into list_generation_slots (name, slot) select ${table}, s from generate_series(0, ${SLOTS - 1}) as s on conflict (name, slot) do nothing`,
    );
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

/** The table's generation as SQL text: the sum of its counters (null without any: then nothing is cached). */
function generationSql(table: GenerationTable): string {
  return `(select sum(generation)::text from list_generation_slots where name = '${table}')`;
}

/** The table's current generation as text (null if the rows are missing: then nothing may be cached). */
export function generationOf(table: GenerationTable): SQL<string | null> {
  return sql<string | null>`${sql.raw(generationSql(table))}`;
}

/**
 * The list tables' generations in a batch's round trip (db/request-batch.ts), so a list call can answer from
 * its cache with no statement of its own (modules/shared/list-cache.ts): one snapshot for the whole batch.
 */
export const listGenerationsPart: BatchPart<true, ListGenerations> = {
  params: 0,
  select: () => generationTables.map((t) => `${generationSql(t)} as "g_${t}"`).join(', '),
  prepare(items) {
    return {
      values: [],
      read: (row) => {
        const generations: ListGenerations = {};
        for (const table of generationTables) {
          const value = row[`g_${table}`];
          if (value !== null && value !== undefined) generations[table] = String(value);
        }
        return items.map(() => generations);
      },
    };
  },
};
