// `npm start`: builds the console when apps/web/dist is missing or older than its sources, then runs
// the server (tsx, no build step) which serves the API and the built console on one port. With WEB_DIST
// set, the server serves that directory as it is: nothing is built (it is precompressed when present).
//
// Stopping: SIGINT/SIGTERM are passed on to the server, which drains and exits; this process exits with
// its code. A signal sent to the whole process group reaches the server twice (directly and from here):
// it counts copies arriving within half a second as one. When this process's parent goes away (npm killed
// with SIGTERM takes its shell with it without passing the signal on), the server is stopped the same
// way; and the server stops by itself when this process goes away (the IPC channel closes).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { clearInterval, setInterval } from 'node:timers';
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
const customDist = process.env.WEB_DIST ? resolve(root, process.env.WEB_DIST) : undefined;
const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const sourcesAt = customDist ? 0 : Math.max(...sources.map(newestMtime));

if (!customDist && (builtAt === 0 || sourcesAt > builtAt)) {
  console.log(builtAt === 0 ? 'Building the console (apps/web/dist is missing; about 15 s)...' : 'Rebuilding the console (sources changed since the last build)...');
  const started = Date.now();
  // Warnings and errors only: the file list of a build means nothing to someone trying Atrium.
  const build = spawnSync('npm', ['run', 'build', '--silent', '-w', 'apps/web', '--', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The console build failed; not starting the server.');
    process.exit(build.status ?? 1);
  }
  console.log(`Built the console (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

// Brotli/gzip files beside the build, once per build: servers then read them instead of compressing the
// console at every start (seconds of CPU and tens of MB of memory per process). A no-op when up to date.
const dist = customDist ?? join(webDir, 'dist');
if (existsSync(dist)) {
  const precompress = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/cli/precompress-web.ts'), dist], { cwd: root, stdio: 'inherit' });
  if (precompress.status !== 0) console.warn('Could not precompress the console; the server compresses it at start instead.');
}

console.log('Starting the server...');
const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], { cwd: root, stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
// Nothing is sent over the channel: it only lets the server notice this process is gone.
server.channel?.unref();
let signalled = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    signalled = true;
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}

const parent = process.ppid;
const watchParent = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(watchParent);
  if (signalled || server.exitCode !== null || server.signalCode !== null) return;
  console.error(`npm start: the parent process (pid ${parent}) is gone; stopping the server.`);
  signalled = true;
  server.kill('SIGTERM');
}, 250);
watchParent.unref();

server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
