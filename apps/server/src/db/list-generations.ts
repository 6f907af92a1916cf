import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from './client.ts';
import { jsonColumn } from './prepared.ts';
import { RequestBatch, type BatchPart } from './request-batch.ts';

/**
 * Write generations of list tables, so a server can cache a list's totals and still answer exact ones.
 *
 * A statement-level trigger bumps a counter of its table after every INSERT, UPDATE, DELETE or TRUNCATE,
 * inside the writing transaction. A table's generation is the sum of its counters. So a reader that sees a
 * write also sees its new generation (same snapshot when both are read in one statement), a rolled-back
 * write leaves the number as it was, and every committed state of the table has its own generation (a
 * later snapshot holds every write an earlier one held, and each write adds at least 1). Any writer counts:
 * the server's calls, another replica, an import, an operator in psql. Readers keep `(filter, generation)
 * -> total` in memory and count again only when the generation moved (lists/list-cache.ts).
 *
 * Each table has SLOTS counters and a writer bumps the one of its backend (pid modulo SLOTS). With a single
 * counter row every write transaction of the table held that row's lock until its commit, so concurrent
 * writers of every replica queued behind each other's commit (p99 of a collection edit 0.9 s at 50
 * connections); backends of one pool have neighbouring pids, so they rarely share a slot.
 *
 * drizzle-kit cannot declare triggers, so this is an idempotent step after the generated migrations
 * (run on every start, under the migration lock on PostgreSQL), like the replay store's UNLOGGED.
 */
const generationTables = ['roles', 'audit_log', 'users', 'departments'] as const;
/**
 * The core's tables that lists read (ListSource.reads): the roles, the trail, the accounts, whose names
 * a resource's page shows as its records' authors, and the departments (the tree, the accounts' filter by
 * subtree); a slice's or a resource's table is watched by its own migration (see below).
 */
export type GenerationTable = (typeof generationTables)[number];

/**
 * The writes that move a table's generation. The audit trail only grows (its rows never change; only the
 * retention sweep deletes old ones), so its generation moves on deletes alone: counts of settled entries
 * stay valid across inserts, and an insert takes no lock on the counter row (which would make every write
 * call of every replica wait for the one before).
 */
const generationEvents: Record<GenerationTable, string> = {
  roles: 'insert or update or delete or truncate',
  audit_log: 'delete or truncate',
  // every write, a sign-in's included (last_login_at): an account's name may change in any of them
  users: 'insert or update or delete or truncate',
  departments: 'insert or update or delete or truncate',
};

/** Counters per table (decision 013). */
const SLOTS = 32;

/**
 * The counters and the two functions, before the migrations run: a resource's generated migration
 * (modules/resources/migration-sql.ts) and a slice's migrations (src/slice.ts) watch their own tables with
 * `select atrium_watch_list('<table>')`, on every write (insert, update, delete, truncate).
 */
export async function installGenerationCounters(db: Db): Promise<void> {
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
      -- a trigger's argument names another table's counters (role_departments moves the roles')
      execute format('update %I.list_generation_slots set generation = generation + 1 where name = $1 and slot = $2', tg_table_schema)
        using coalesce(tg_argv[0], tg_table_name), pg_backend_pid() % ${SLOTS};
      return null;
    end $$`),
  );
  // A table's counters and the trigger that bumps them, by any write of `events`.
  await db.execute(
    sql.raw(`
    create or replace function atrium_watch_list(watched text, events text default 'insert or update or delete or truncate') returns void language plpgsql as $$
    begin
      insert into list_generation_slots (name, slot) select watched, s from generate_series(0, ${SLOTS - 1}) as s on conflict (name, slot) do nothing;
      execute format('create or replace trigger %I after %s on %I for each statement execute function atrium_bump_list_generation()',
        watched || '_list_generation', events, watched);
    end $$`),
  );
}

/** After the migrations: the core's list tables watched (a resource's or a slice's migration watches its own). */
export async function installListGenerations(db: Db): Promise<void> {
  for (const table of generationTables) {
    // A table a later migration brings (a test may migrate an older folder): nothing to watch yet.
    if (!(await tableExists(db, table))) continue;
    await db.execute(sql`select atrium_watch_list(${table}, ${generationEvents[table]})`);
  }
  // A role's custom departments are part of the role: their writes (a cascade from a deleted department's
  // included) move the roles' generation, which keeps the request gate's copy of the roles (decision 033).
  if (await tableExists(db, 'role_departments')) {
    await db.execute(
      sql.raw(`create or replace trigger role_departments_list_generation after insert or update or delete or truncate on role_departments
        for each statement execute function atrium_bump_list_generation('roles')`),
    );
  }
}

export async function tableExists(db: Db, table: string): Promise<boolean> {
  const [row] = rowsOf<{ present: boolean }>(await db.execute(sql`select to_regclass(${table}) is not null as present`));
  return row?.present === true;
}

/** The table's generation as SQL text: the sum of its counters (null without any: then nothing is cached). */
export function generationText(table: GenerationTable): string {
  return `(select sum(generation)::text from list_generation_slots where name = '${table}')`;
}

/** Generations by table, as one statement read them (a table without counters is missing). */
export type Generations = Readonly<Record<string, string>>;

/**
 * The generations of the tables each request names, in one statement for a batch of requests
 * (db/request-batch.ts): in the signed request's round trip for the tables its route declared
 * (http/register-call.ts `reads`), or on its own for the calls of one event-loop turn.
 */
export const generationsPart: BatchPart<readonly string[], Generations> = {
  params: 1,
  select: (p) =>
    `(select coalesce(json_object_agg(name, g), '{}'::json) from (select name, sum(generation)::text as g from list_generation_slots ` +
    `where name = any(${p(0)}::text[]) group by name) as t) as "generations"`,
  prepare(items) {
    return {
      values: [[...new Set(items.flat())]],
      read: (row) => {
        const found = jsonColumn<Generations>(row.generations);
        return items.map(() => found);
      },
    };
  },
};

const readers = new WeakMap<Db, RequestBatch<readonly [typeof generationsPart]>>();

/**
 * The generations of `tables` now (a table missing: no counters, so nothing may be cached). `known`: those
 * the request's round trip read already. A list reads them before it looks in its cache
 * (lists/list-cache.ts): read after the request arrived, they hold every write committed before,
 * so a cached answer is never older than the request.
 */
export async function currentGenerations(db: Db, tables: readonly string[], known: Generations | null): Promise<Array<string | null>> {
  if (known && tables.every((table) => table in known)) return tables.map((table) => known[table]!);
  let reader = readers.get(db);
  if (!reader) readers.set(db, (reader = new RequestBatch(db, 'list_generations', [generationsPart] as const, () => new Date())));
  const [found] = await reader.submit([tables]);
  return tables.map((table) => found?.[table] ?? null);
}

/** One table's generation now (currentGenerations). */
export async function currentGeneration(db: Db, table: string, known: Generations | null): Promise<string | null> {
  const [generation] = await currentGenerations(db, [table], known);
  return generation ?? null;
}
