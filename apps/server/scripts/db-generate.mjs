// Adds a migration for the schema's changes since the last one: `npm run db:generate -- <name>`.
// Migrations are added, never rewritten: a database made by an earlier version of Atrium (an embedded
// data directory, a PostgreSQL in use) must upgrade by applying only what is new. Until 2026-11-21 this
// script regenerated one 0000_init migration from scratch on every change.
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('usage: npm run db:generate -- <name in lower_snake_case>');
  process.exit(2);
}
const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const result = spawnSync('npx', ['drizzle-kit', 'generate', '--name', name, '--config', 'drizzle.config.ts'], {
  cwd: serverDir,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
