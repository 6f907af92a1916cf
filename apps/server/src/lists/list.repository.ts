import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { runPreparedSql } from '../db/prepared.ts';
import { GenerationCache } from './list-cache.ts';
import { scopeCondition, scopeKey, type Reach, type ScopeColumns } from './scope.ts';

/**
 * The list layer's helper: one page of a list and its total, in one statement (one snapshot). Every list of
 * Atrium reads through it: the generated resources, the collections, the accounts and the audit trail. A
 * list says what is particular to it (a ListSource: its table, columns, filters, order and scope); the
 * helper owns how that becomes SQL, how the caller's data scope narrows it, and how totals are counted and
 * remembered.
 */
export interface ListSource<F> {
  /** The table paged and counted, `t` in every part below. A name from code, never from a request. */
  table: string;
  /** The columns of a row over `t` and `joins`, each named as the answer names it. */
  columns: SQL;
  /** Tables joined for the columns only: filters and counts read `t` alone. */
  joins?: SQL;
  /**
   * Every table the list's answer reads: `table`, each of `joins` (the accounts that actors' names come
   * from, `users`), and any its answer adds beside the page (a resource's reference labels). A cached
   * answer (AnswerCache) is kept at the write generations of exactly these, and each of them is watched
   * (db/list-generations.ts): a table left out is a write the cache never sees, so nothing but this
   * declaration decides when an answer is read again.
   */
  reads: readonly string[];
  /**
   * How the rows are scoped (lists/scope.ts): declared, every page and total is read within the caller's
   * reach (readPage refuses to read without one), and a remembered total is kept per reach. Undeclared, the
   * list is not scoped (the audit trail: its permission is the whole rule).
   */
  scope?: ScopeColumns;
  /** The filter's conditions over `t` (none: every row). Values travel as parameters. */
  where(filter: F): SQL[];
  /** A total order over `t` that ends with `t.id`, written as an index of the table reads it. */
  order: SQL;
  /**
   * How the total is counted: exactly, or up to `cap` matches (decision 018: beyond it the answer says
   * "more than cap"), or not at all (`none`: the list counts its own way and the page only settles the
   * total when it is not full).
   */
  total: { cap: number } | 'exact' | 'none';
  /**
   * Exact totals are remembered per filter at the table's write generation (db/list-generations.ts), so a
   * filter asked again reads its page alone. Only for a table whose writes move a generation.
   */
  remembered?: boolean;
  /**
   * Whether the filter holds a substring, whose matches the planner guesses badly (see readPage). Only
   * for capped totals: an exact total reads every match anyway.
   */
  scattered?(filter: F): boolean;
}

export interface ListPage {
  /** The rows as `columns` named them (JSON values: instants as the columns wrote them, text or numbers). */
  rows: Record<string, unknown>[];
  /** Matching rows; with a cap, at most the cap (then `capped`); with `none`, undefined unless the page settled it. */
  total: number | undefined;
  capped: boolean;
}

/** From this offset on, a page reads the skipped keys from the index alone (a "deferred join"). */
export const DEEP_OFFSET = 1000;

/** Remembered exact totals of one list (by filter key) per database: replicas in one process never share. */
const remembered = new WeakMap<Db, Map<string, GenerationCache<number>>>();
/** Distinct filters whose totals are remembered per list. */
const TOTALS_BUDGET = 1000;

function rememberedTotals(db: Db, table: string): GenerationCache<number> {
  let lists = remembered.get(db);
  if (!lists) remembered.set(db, (lists = new Map()));
  let totals = lists.get(table);
  if (!totals) lists.set(table, (totals = new GenerationCache(TOTALS_BUDGET)));
  return totals;
}

const id = (name: string) => sql.identifier(name);
/** Every condition at once (none: every row), for a WHERE. */
export const allOf = (conditions: SQL[]) => (conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `));

/** An instant column as the calls answer it: ISO 8601 in UTC with milliseconds (`Date.toISOString()`). */
export const isoText = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A count written into a statement's text (checked: a whole number, never anything else). */
function whole(n: number): SQL {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`a page's bounds are whole numbers, not ${n}`);
  return sql.raw(String(n));
}

/**
 * A page of `source` under `filter` (`key`: the filter as the remembered totals know it), within `reach`
 * when the source is scoped.
 *
 * The page: read as the planner sees fit; past DEEP_OFFSET, the page's ids first, from the order's index
 * (an index-only scan where the visibility map allows), and only the rows shown from the table.
 *
 * The total: a page that is not full ends the matches, so it settles the total (offset + rows) without a
 * count, unless it is empty past the first page. Otherwise the count runs (PostgreSQL runs a CASE's sub-plan
 * only when it is reached): up to the cap, or exactly, or (remembered) only when the table's generation,
 * read in the same statement, moved since the filter was last counted.
 *
 * A capped substring filter: the matches' ids are gathered first, unordered, up to cap + 1 (the trigram
 * index answers that, reading no more rows than it finds); when that is all of them the page is sorted out
 * of those few, and when there are more the page reads the order's index, which meets a page of matches
 * soon exactly because they are many. (Read in order from the start, a hundred matches in a million rows
 * made the planner walk a tenth of the table.)
 */
export async function readPage<F>(db: Db, source: ListSource<F>, filter: F, key: string, offset: number, limit: number, reach?: Reach): Promise<ListPage> {
  if (!source.reads.includes(source.table)) throw new Error(`list of ${source.table}: its reads must name its own table`);
  if (source.scope && !reach) throw new Error(`list of ${source.table}: it is scoped, and is read only within a caller's reach`);
  const table = id(source.table);
  const conditions = [...source.where(filter)];
  const inScope = source.scope && reach ? scopeCondition(reach, source.scope) : undefined;
  if (inScope) conditions.push(inScope);
  if (source.scope && reach) key = `${scopeKey(reach)}|${key}`;
  const where = allOf(conditions);
  // The page's bounds are written into the text, as the reach is (decision 053): a LIMIT that is a
  // parameter is planned as a tenth of the table, so a kept statement would never settle on a plan of its own.
  const bounds = sql`limit ${whole(limit)} offset ${whole(offset)}`;
  const joins = source.joins ?? sql``;
  const pageRows =
    offset >= DEEP_OFFSET
      ? sql`select ${source.columns} from (select t.id from ${table} t where ${where} order by ${source.order} ${bounds}) ids
          join ${table} t on t.id = ids.id ${joins} order by ${source.order}`
      : sql`select ${source.columns} from ${table} t ${joins} where ${where} order by ${source.order} ${bounds}`;
  const asJson = (rows: SQL) => sql`(select coalesce(json_agg(p), '[]'::json) from (${rows}) p)`;
  const cap = typeof source.total === 'object' ? source.total.cap : undefined;
  const totals = source.remembered && source.total === 'exact' ? rememberedTotals(db, source.table) : undefined;
  const generation = sql`(select sum(generation)::text from list_generation_slots where name = ${source.table})`;

  let statement: SQL;
  if (cap !== undefined && source.scattered?.(filter)) {
    statement = sql`
      with matching as materialized (select t.id from ${table} t where ${where} limit ${whole(cap + 1)}),
        counted as (select count(*)::int as n from matching)
      select (select n from counted) as total,
        case when (select n from counted) <= ${cap}
          then ${asJson(sql`select ${source.columns} from ${table} t ${joins} where t.id in (select id from matching) order by ${source.order} ${bounds}`)}
          else ${asJson(pageRows)} end as rows`;
  } else {
    let count: SQL;
    if (cap !== undefined) count = sql`(select count(*)::int from (select from ${table} t where ${where} limit ${whole(cap + 1)}) matching)`;
    else if (source.total === 'exact') count = sql`(select count(*)::int from ${table} t where ${where})`;
    else count = sql`null::int`;
    const known = totals?.peek(key);
    if (known) count = sql`case when ${generation} = ${known.generation} then ${known.value} else ${count} end`;
    statement = sql`
      with page as (${pageRows}),
        shown as (select count(*)::int as n from page)
      select case when (select n from shown) < ${limit} and ((select n from shown) > 0 or ${offset}::bigint = 0) then ${offset}::bigint + (select n from shown)
          else ${count} end as total,
        ${totals ? generation : sql`null::text`} as generation,
        ${asJson(sql`select * from page`)} as rows`;
  }
  // A reach of several departments is written in the text (scope.ts): planned once per connection for its ids.
  const [row] = await runPreparedSql<{ total: number | null; generation?: string | null; rows: Record<string, unknown>[] | string }>(db, statement);
  const rows = typeof row!.rows === 'string' ? (JSON.parse(row!.rows) as Record<string, unknown>[]) : row!.rows;
  const total = row!.total === null ? undefined : Number(row!.total);
  if (totals && total !== undefined) totals.set(key, row!.generation, total);
  if (cap !== undefined) return { rows, total: Math.min(total!, cap), capped: total! > cap };
  return { rows, total, capped: false };
}
