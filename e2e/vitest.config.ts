import { defineConfig } from 'vitest/config';

// Browser tests: one built web app and one real server for the whole run (lib/global-setup.ts);
// files run one after another (the machine has two cores and one Chromium at a time is enough).
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('.', import.meta.url).pathname,
    include: ['specs/**/*.test.ts'],
    globalSetup: ['lib/global-setup.ts'],
    environment: 'node',
    fileParallelism: false,
    // The limits leave room for a busy machine (decision 041); a wait that is never met still fails.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    expect: { poll: { timeout: 12_000, interval: 100 } },
  },
});
