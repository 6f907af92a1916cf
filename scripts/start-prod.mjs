// `npm run start:prod`: the compiled server (`npm run build`), run by plain node in this very process: no
// TypeScript loader, no build step, nothing from the dev dependencies, one process to signal. Stack traces
// name the compiled files (readable: tsc only strips the types); `NODE_OPTIONS=--enable-source-maps` maps
// them to the TypeScript sources, for about 8 MB more per process (decision 011).
//
// Refuses to start, in one line, when the build is missing. The npm script `exec`s this file (no shell
// left between npm and node), so the SIGTERM or SIGINT npm passes on reaches the server itself: a
// container or supervisor running `npm run start:prod` stops it as cleanly as `kill -TERM <server pid>`.
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const main = join(root, 'apps/server/dist/main.js');
const needed = [
  main,
  join(root, 'apps/server/dist/node_modules/@atrium/contracts/package.json'),
  // with WEB_DIST set the server serves that directory as it is
  ...(process.env.WEB_DIST ? [] : [join(root, 'apps/web/dist/index.html')]),
];
const missing = needed.find((file) => !existsSync(file));
if (missing) {
  console.error(`Atrium is not built (${relative(root, missing)} is missing): run \`npm run build\` first.`);
  process.exit(1);
}

await import(pathToFileURL(main).href);
