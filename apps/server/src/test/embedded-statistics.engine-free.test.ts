/**
 * The embedded engine runs no autovacuum, so the server gathers the planner's statistics at every start
 * (analyzeEmbedded in db/migrate.ts): without them PGlite's planner never knows a table's size and reads
 * the wrong index of a large list (decision 018). A real process (`tsx src/main.ts`) on a data directory;
 * once it has stopped, the directory's catalog is read back. PGlite only: the `server` project runs it,
 * `server-pg` leaves it out (vitest.config.ts).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteOptions } from '../db/pglite.ts';
import { startServer } from './server-process.ts';

describe('an embedded database at start', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-statistics-'));
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('has the planner statistics of its seeded tables once the server is up', async () => {
    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' }, children);
    expect(server.log()).not.toContain('Error');
    const exited = new Promise((ok) => server.child.once('exit', ok));
    server.child.kill('SIGTERM');
    await exited;
    const db = new PGlite(join(dataDir, 'pgdata'), pgliteOptions());
    try {
      const { rows } = await db.query<{ relname: string; columns: number }>(
        `select c.relname, count(s.*)::int as columns from pg_class c left join pg_statistic s on s.starelid = c.oid
          where c.relname in ('users', 'certifications', 'roles') group by c.relname order by c.relname`,
      );
      // a table the planner has statistics for has a row per analyzed column
      expect(Object.fromEntries(rows.map((r) => [r.relname, r.columns > 0]))).toEqual({ certifications: true, roles: true, users: true });
    } finally {
      await db.close();
    }
  });
});
