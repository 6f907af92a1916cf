import { defineConfig } from 'vitest/config';

// The server suites run a second time on PostgreSQL (project server-pg) when TEST_DATABASE_URL is set.
const serverOnPostgres = process.env.TEST_DATABASE_URL
  ? [{ extends: './apps/server/vitest.config.ts', root: './apps/server', test: { name: 'server-pg', env: { ATRIUM_TEST_ENGINE: 'postgres' } } }]
  : [];

// One vitest run covers every workspace; each app keeps its own environment in its project config.
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web', 'tests/independent-client', ...serverOnPostgres],
  },
});
