// `npm start`: builds the console when apps/web/dist is missing or older than its sources, then runs
// the server (tsx, no build step) which serves the API and the built console on one port.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const webDir = join(root, 'apps/web');
const builtIndex = join(webDir, 'dist/index.html');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(path)) {
    if (name === 'node_modules' || name === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, name)));
  }
  return newest;
}

const sources = [
  join(webDir, 'src'),
  join(webDir, 'public'),
  join(webDir, 'index.html'),
  join(webDir, 'package.json'),
  ...readdirSync(webDir).filter((f) => /^vite\.config\./.test(f)).map((f) => join(webDir, f)),
  join(root, 'packages/contracts/src'),
];
const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map(newestMtime));

if (builtAt === 0 || sourcesAt > builtAt) {
  console.log(builtAt === 0 ? 'Building the console (apps/web/dist is missing)...' : 'Rebuilding the console (sources changed since the last build)...');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The console build failed; not starting the server.');
    process.exit(build.status ?? 1);
  }
}

// Brotli/gzip files beside the build, once per build: servers then read them instead of compressing the
// console at every start (seconds of CPU and tens of MB of memory per process). A no-op when up to date.
const precompress = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/cli/precompress-web.ts'), join(webDir, 'dist')], { cwd: root, stdio: 'inherit' });
if (precompress.status !== 0) console.warn('Could not precompress the console; the server compresses it at start instead.');

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
