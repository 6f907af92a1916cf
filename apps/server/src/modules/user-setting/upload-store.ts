import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../http/errors.ts';

/** A file being written: hidden, and never a name the uploads route serves. */
const tempName = (name: string) => `.${name}.tmp`;
const TEMP_PATTERN = /^\..+\.tmp$/;

/**
 * Stores `data` as `<dir>/<name>` or not at all: it is written to a temporary file in the same folder,
 * flushed to disk, and renamed into place (the folder flushed too), so a reader never sees a partial
 * file and a failure at any step (full disk, write or flush error) leaves nothing behind. Failures
 * answer UNAVAILABLE (503): the request was fine, the storage was not.
 */
export async function storeUpload(dir: string, name: string, data: Uint8Array): Promise<void> {
  const temp = join(dir, tempName(name));
  const final = join(dir, name);
  try {
    await mkdir(dir, { recursive: true });
    const file = await open(temp, 'wx');
    try {
      await file.writeFile(data);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temp, final);
    await syncFolder(dir);
  } catch (err) {
    // Whichever of the two exists by now (the name is a fresh UUID, so neither is anyone else's).
    await Promise.all([rm(temp, { force: true }), rm(final, { force: true })]).catch(() => undefined);
    throw new AppError('UNAVAILABLE', { cause: err });
  }
}

/** Removes a stored file that nothing refers to any more; a failure is logged, never the caller's. */
export async function discardUpload(dir: string, name: string, log?: FastifyBaseLogger): Promise<void> {
  try {
    await rm(join(dir, name), { force: true });
  } catch (err) {
    log?.warn({ err, file: name }, 'could not remove an unreferenced upload');
  }
}

/**
 * Removes temporary files that a stopped process left in `dir` (a crash between create and rename).
 * Only old ones: another server sharing the folder may be writing a young one right now.
 */
export async function sweepStaleTempFiles(dir: string, olderThanMs: number, now = Date.now()): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names.filter((n) => TEMP_PATTERN.test(n))) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => undefined);
    if (info?.isFile() && now - info.mtimeMs > olderThanMs) {
      await rm(path, { force: true });
      removed += 1;
    }
  }
  return removed;
}

/** Makes a rename in `dir` durable (a folder cannot be opened for that on Windows). */
async function syncFolder(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  const folder = await open(dir, 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}
