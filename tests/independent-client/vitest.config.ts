import { defineConfig } from 'vitest/config';

// Starts the real server (apps/server/src/main.ts) on a fresh embedded database and talks to it over HTTP.
export default defineConfig({ test: { name: 'independent-client', environment: 'node', include: ['*.test.ts'], testTimeout: 60_000, hookTimeout: 150_000 } });
