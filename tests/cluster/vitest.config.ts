import { defineConfig } from 'vitest/config';

// `npm run test:cluster`: the cluster test alone (it starts its own processes and loads the machine, so it
// runs by itself, after `npm run build`, not inside `npm test`).
export default defineConfig({
  test: {
    name: 'cluster',
    root: new URL('.', import.meta.url).pathname,
    include: ['*.test.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
