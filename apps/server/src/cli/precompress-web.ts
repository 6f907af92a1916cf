/**
 * Compresses the built console once (brotli and gzip files beside each asset), as `npm start` does after
 * building, so servers read them instead of compressing at every start:
 *   node --import tsx apps/server/src/cli/precompress-web.ts [dir]   (default: WEB_DIST, else apps/web/dist)
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompressDir } from '../plugins/web-compress.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const dir = resolve(process.argv[2] ?? process.env.WEB_DIST ?? resolve(repoRoot, 'apps/web/dist'));
const started = Date.now();
const count = await precompressDir(dir);
if (count > 0) console.log(`Compressed ${count} console files in ${((Date.now() - started) / 1000).toFixed(1)} s (${dir})`);
