import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../http/errors.ts';
import { isApiPath } from '../http/paths.ts';
import { sendError } from './error-handler.ts';
import { compressBody, compressible, freshSibling, isCompressible } from './web-compress.ts';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

interface Entry {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  etag: string;
  type: string;
  key: string;
}

/**
 * Serves the built console (apps/web/dist) on the API's port: files with ETags and brotli/gzip
 * (compressed once per file version and kept in memory, so the first-load JS budget is measured as
 * transferred), long cache for hashed `/assets/*`, and the SPA fallback: any other GET outside `/api/`
 * and `/auth/` without a file extension gets index.html. Unknown API paths keep the 404 envelope.
 */
export function registerWebAndNotFound(app: FastifyInstance): void {
  const root = resolve(app.config.webDist);
  const cache = new Map<string, Entry>();

  async function load(file: string): Promise<Entry | undefined> {
    let info;
    try {
      info = await stat(file);
    } catch {
      return undefined;
    }
    if (!info.isFile()) return undefined;
    const key = `${info.size}:${info.mtimeMs}`;
    const hit = cache.get(file);
    if (hit && hit.key === key) return hit;
    const body = await readFile(file);
    const ext = extname(file).toLowerCase();
    const entry: Entry = { body, key, type: types[ext] ?? 'application/octet-stream', etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"` };
    if (isCompressible(file, body.length)) {
      // `npm start` writes .br/.gz beside the build (cli/precompress-web.ts); otherwise compress once here.
      const br = await freshSibling(file, info.mtimeMs, '.br');
      const gzip = await freshSibling(file, info.mtimeMs, '.gz');
      const made = br && gzip ? undefined : await compressBody(body);
      entry.br = br ?? made!.br;
      entry.gzip = gzip ?? made!.gzip;
    }
    cache.set(file, entry);
    return entry;
  }

  function send(req: FastifyRequest, reply: FastifyReply, entry: Entry, cacheControl: string): FastifyReply {
    reply.header('Content-Type', entry.type).header('ETag', entry.etag).header('Cache-Control', cacheControl).header('Vary', 'Accept-Encoding');
    if (req.headers['if-none-match'] === entry.etag) return reply.code(304).send();
    const accept = String(req.headers['accept-encoding'] ?? '');
    let body = entry.body;
    if (entry.br && /\bbr\b/.test(accept)) {
      body = entry.br;
      reply.header('Content-Encoding', 'br');
    } else if (entry.gzip && /\bgzip\b/.test(accept)) {
      body = entry.gzip;
      reply.header('Content-Encoding', 'gzip');
    }
    return reply.code(200).send(req.method === 'HEAD' ? undefined : body);
  }

  app.setNotFoundHandler(async (req, reply) => {
    const path = (req.raw.url ?? req.url).split('?')[0]!;
    if (isApiPath(path) || (req.method !== 'GET' && req.method !== 'HEAD')) return sendError(req, reply, new AppError('NOT_FOUND'));
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return sendError(req, reply, new AppError('NOT_FOUND'));
    }
    const file = resolve(root, `.${decoded}`);
    if (file !== root && !file.startsWith(root + sep)) return sendError(req, reply, new AppError('NOT_FOUND'));
    if (decoded !== '/' && !decoded.endsWith('/')) {
      const entry = await load(file);
      if (entry) return send(req, reply, entry, decoded.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      // a missing asset is a 404, never index.html served as script
      if (extname(decoded)) return sendError(req, reply, new AppError('NOT_FOUND'));
    }
    const index = await load(join(root, 'index.html'));
    if (!index) return sendError(req, reply, new AppError('NOT_FOUND', { details: { hint: 'the console is not built: run npm run build' } }));
    return send(req, reply, index, 'no-cache');
  });

  // Load (and compress, unless `npm start` did) the current build in the background so the first visitor
  // does not wait for brotli.
  app.addHook('onReady', async () => {
    if (!existsSync(root)) return;
    const files = readdirSync(root, { recursive: true })
      .map(String)
      .filter((f) => compressible.has(extname(f).toLowerCase()));
    void (async () => {
      for (const f of files) await load(join(root, f)).catch(() => undefined);
    })();
  });
}
