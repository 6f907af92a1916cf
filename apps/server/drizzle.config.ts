import { defineConfig } from 'drizzle-kit';

// Used only by `npm run db:generate` (scripts/db-generate.mjs); offline, no database needed.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
