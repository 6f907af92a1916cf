import { defineConfig } from 'vitest/config';

// One vitest run covers every workspace; each app keeps its own environment in its project config.
// The server suites (two workers each, a PGlite or PostgreSQL database per test app) run in groups of
// their own after the light projects: vitest requires that for projects with their own maxWorkers, and
// it keeps the two engines' suites from competing for the machine's two cores and memory.
const server = (name: string, groupOrder: number, env: Record<string, string> = {}, exclude: string[] = []) => ({
  extends: './apps/server/vitest.config.ts',
  root: './apps/server',
  test: { name, env, sequence: { groupOrder }, ...(exclude.length > 0 ? { exclude: ['**/node_modules/**', ...exclude] } : {}) },
});

// Suites that use no database of the project's engine (the captcha solver, the data directory lock on
// PGlite's directory, the embedded database's statistics, those that make a database of their own) are
// named `*.engine-free.test.ts` and run once, in the PGlite project, instead of being skipped in the second run.
const engineFree = ['**/*.engine-free.test.ts'];

export default defineConfig({
  test: {
    // Two files at a time: vitest's default is one fewer than the cores, which on this kind's two cores ran
    // the light projects one file after another (the console's suites 3.7 minutes alone, 2.2 with two).
    maxWorkers: 2,
    projects: [
      'packages/contracts',
      'apps/web',
      'tests/independent-client',
      // The resource generator (scripts/resource): its commands run in a scratch copy of the repository.
      { test: { name: 'scripts', root: '.', include: ['scripts/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
      server('server', 1),
      // The server suites run a second time on PostgreSQL when TEST_DATABASE_URL is set.
      ...(process.env.TEST_DATABASE_URL ? [server('server-pg', 2, { ATRIUM_TEST_ENGINE: 'postgres' }, engineFree)] : []),
    ],
  },
});
