import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // A test that passes in 1 s on a quiet machine may take a few on a busy one (decision 041), and one of
    // several steps over 15 s beside the browser suites (2026-12-02); a hang still fails.
    testTimeout: 30_000,
  },
});
