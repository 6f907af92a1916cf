import { afterAll, beforeAll, describe, expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { openEmptyTestDatabase, defaultEngine } from '../test/harness.ts';
import { itWhen } from '../test/it-when.ts';
import { postgresHandle, type DbHandle } from './client.ts';
import { runPreparedSql, STATEMENTS_KEPT } from './prepared.ts';

const onPostgres = defaultEngine() === 'postgres';

describe('statements kept by their text', () => {
  let handle: DbHandle;
  // one connection, so that what it keeps prepared is what this suite ran
  beforeAll(async () => {
    handle = onPostgres ? postgresHandle(process.env.TEST_DATABASE_URL!, { max: 1 }) : await openEmptyTestDatabase();
  });
  afterAll(() => handle?.close());

  const numbered = (i: number) => runPreparedSql<{ n: number; twice: number }>(handle.db, sql`select ${sql.raw(String(i))}::int as n, ${i}::int * 2 as twice`);

  itWhen(true)('answers each statement with its own values, on either engine', async () => {
    expect(await numbered(1)).toEqual([{ n: 1, twice: 2 }]);
    expect(await numbered(1)).toEqual([{ n: 1, twice: 2 }]);
    expect(await numbered(2)).toEqual([{ n: 2, twice: 4 }]);
  });

  itWhen(onPostgres)('keeps at most STATEMENTS_KEPT prepared on a connection, and prepares a forgotten one again', async () => {
    const kept = () =>
      runPreparedSql<{ n: number }>(handle.db, sql`select count(*)::int as n from pg_prepared_statements where name like ${'list\\_%'}`);
    for (let i = 0; i < STATEMENTS_KEPT + 25; i++) expect(await numbered(i)).toEqual([{ n: i, twice: 2 * i }]);
    // the count's own statement is one of those kept
    expect(await kept()).toEqual([{ n: STATEMENTS_KEPT }]);
    // the first ones were given up, least recently run first; run again, each is prepared anew
    for (let i = 0; i < 5; i++) expect(await numbered(i)).toEqual([{ n: i, twice: 2 * i }]);
    expect(await kept()).toEqual([{ n: STATEMENTS_KEPT }]);
    // a statement run again is kept as the most recent: 25 more later, it is still prepared
    await numbered(STATEMENTS_KEPT + 24);
    for (let i = 1000; i < 1000 + STATEMENTS_KEPT - 2; i++) await numbered(i);
    const [last] = await runPreparedSql<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from pg_prepared_statements where statement like ${`select ${STATEMENTS_KEPT + 24}::int as n%`}`,
    );
    expect(last).toEqual({ n: 1 });
  });

  itWhen(onPostgres)("keeps an idle connection and its statements past node-postgres' ten seconds", async () => {
    const backend = () => runPreparedSql<{ pid: number; kept: number }>(handle.db, sql`select pg_backend_pid() as pid, (select count(*)::int from pg_prepared_statements) as kept`);
    const [before] = await backend();
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    expect(await backend()).toEqual([before]);
  }, 20_000);

  itWhen(onPostgres)('gives the connection back to the pool after a statement fails', async () => {
    await expect(runPreparedSql(handle.db, sql`select 1 / ${0}::int`)).rejects.toThrow(/division by zero/);
    expect(await numbered(7)).toEqual([{ n: 7, twice: 14 }]);
  });
});
