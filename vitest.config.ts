import { defineConfig } from 'vitest/config';

// One vitest run covers every workspace; each app keeps its own environment in its project config.
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web'],
  },
});
