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
    // A worker keeps its modules from one file to the next (decision 055): each file no longer loads the
    // whole server and compiles PGlite's WASM again (the PGlite project took 8.5 minutes isolated, 5.9
    // not). A file that mocks a module forgets the modules before and after it (vi.resetModules).
    isolate: false,
    maxWorkers: 2,
    fileParallelism: true,
    env: { NODE_ENV: 'test' },
  },
});
