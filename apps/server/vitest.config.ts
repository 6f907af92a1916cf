import { defineConfig } from 'vitest/config';

// Server suites run against real databases (PGlite in-process, PostgreSQL when TEST_DATABASE_URL is set).
// A PGlite instance costs 300-500 MB and a few hundred ms to load, and the machine has 2 cores shared by
// several workers, so files run at most two at a time and tests get generous timeouts.
export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
    env: { NODE_ENV: 'test' },
  },
});
