import { existsSync, readdirSync } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export const compressible = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.webmanifest', '.svg', '.txt', '.ico', '.ttf']);
/** Smaller files go out as they are. */
const COMPRESS_MIN_BYTES = 1024;

export function isCompressible(file: string, size: number): boolean {
  return compressible.has(extname(file).toLowerCase()) && size > COMPRESS_MIN_BYTES;
}

/** Brotli at its best quality and gzip -9: done once per file version, so the transfer is what counts. */
export async function compressBody(body: Buffer): Promise<{ br: Buffer; gzip: Buffer }> {
  const br = await brotli(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } });
  return { br, gzip: await gz(body, { level: 9 }) };
}

/**
 * A compressed sibling (`file.br`, `file.gz`) written for this version of `file`: present and not older.
 * A rebuilt file with a stale sibling is compressed again rather than served with the old bytes.
 */
async function freshSibling(file: string, fileMtimeMs: number, suffix: '.br' | '.gz'): Promise<Buffer | undefined> {
  const path = `${file}${suffix}`;
  try {
    const info = await stat(path);
    return info.mtimeMs >= fileMtimeMs ? await readFile(path) : undefined;
  } catch {
    return undefined;
  }
}

/** The path of a fresh compressed sibling (see freshSibling), without reading it. */
export async function freshSiblingPath(file: string, fileMtimeMs: number, suffix: '.br' | '.gz'): Promise<string | undefined> {
  const path = `${file}${suffix}`;
  try {
    return (await stat(path)).mtimeMs >= fileMtimeMs ? path : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Writes `.br` and `.gz` beside every compressible file of a built console that lacks fresh ones, so
 * servers serve them from disk instead of compressing at every start (seconds of CPU and tens of MB of
 * brotli working memory per process). Returns how many files were compressed.
 */
export async function precompressDir(root: string): Promise<number> {
  if (!existsSync(root)) return 0;
  let done = 0;
  for (const name of readdirSync(root, { recursive: true }).map(String)) {
    const file = join(root, name);
    if (name.endsWith('.br') || name.endsWith('.gz')) continue;
    const info = await stat(file);
    if (!info.isFile() || !isCompressible(file, info.size)) continue;
    if ((await freshSibling(file, info.mtimeMs, '.br')) && (await freshSibling(file, info.mtimeMs, '.gz'))) continue;
    const { br, gzip } = await compressBody(await readFile(file));
    await writeFile(`${file}.br`, br);
    await writeFile(`${file}.gz`, gzip);
    done++;
  }
  return done;
}
