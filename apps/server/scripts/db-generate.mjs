// Regenerates the single migration set from the whole schema: wipes ./drizzle and writes 0000_init.
// The project keeps one migration until its first release, so every schema change reruns this script.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
rmSync(resolve(serverDir, 'drizzle'), { recursive: true, force: true });
const result = spawnSync('npx', ['drizzle-kit', 'generate', '--name', 'init', '--config', 'drizzle.config.ts'], {
  cwd: serverDir,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
