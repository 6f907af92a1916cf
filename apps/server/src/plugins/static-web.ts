import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { constants as zlibConstants, createBrotliCompress, createGzip } from 'node:zlib';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CLIENT_CONFIG_ELEMENT_ID, DRAWN_ATTRIBUTE, DRAWN_MARK, FIRST_VIEW_MARK, SIGNED_IN_DOCUMENTS, type FirstViewManifest } from '@atrium/contracts/client-config';
import { clientConfigOf } from '../http/client-config.ts';
import { AppError } from '../http/errors.ts';
import { isApiPath } from '../http/paths.ts';
import { sendError } from './error-handler.ts';
import { drawnMarkup } from './drawn-view.ts';
import { documentPolicy } from './security-headers.ts';
import { documentLocale, firstViewLinks, firstViewPage, withFirstViewLinks } from './signed-in-document.ts';
import { clearDocumentCookie, documentCookieOf, documentSessionOf, type DocumentSession } from '../sessions/document-cookie.ts';
import { compressBody, compressible, freshSiblingPath, isCompressible } from './web-compress.ts';

/** The sign-in page's address: its document is the one for every visitor, whoever asks. */
const LOGIN_PATH = '/login';

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

/**
 * The sha256 sources of a document's inline scripts (the console's index.html has two boot scripts: one
 * that asks for the first view's files, one that picks the pre-rendered view before the first paint).
 * Only these run; any other inline script, injected or not, stays refused.
 */
function inlineScriptHashes(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1]!) || m[2]!.length === 0) continue;
    out.push(`'sha256-${createHash('sha256').update(m[2]!, 'utf8').digest('base64')}'`);
  }
  return out;
}

/**
 * The document with what GET /api/client-config answers (less the server time: a cached document would
 * carry a stale one; the first answer's Date header sets the clock) in a JSON data block before its boot
 * scripts, which read it: the first calls are signed without asking for the credential first. A data
 * block is not run, so the CSP's script hashes stay those of the file; `<` is escaped so nothing in it
 * can close the element.
 */
export function withClientConfig(html: string, data: object): string {
  const block = `<script type="application/json" id="${CLIENT_CONFIG_ELEMENT_ID}">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
  const at = html.search(/<script\b/i);
  return at < 0 ? html.replace(/<\/head>|$/i, (end) => `${block}${end}`) : `${html.slice(0, at)}${block}${html.slice(at)}`;
}

/** A file of the build as the server sends it: its three forms either in memory or on disk. */
interface Entry {
  etag: string;
  type: string;
  key: string;
  /** In memory: a compressible file whose build has no compressed siblings is compressed here, once. */
  body?: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  /** A document with inline scripts: the Content-Security-Policy that allows exactly those, by hash. */
  csp?: string;
  /** On disk, read at each request: the file and the siblings `npm run build` / `npm start` wrote. */
  path?: string;
  brPath?: string;
  gzPath?: string;
}

/** A signed-in document: its language, and for a page the server may draw, its two parts around the drawn page. */
interface SignedInEntry extends Entry {
  locale: string;
  drawn?: {
    /** The manifest's page (`/` for the landing page). */
    page: string;
    /** Up to the drawn page's place, <html> marked as drawn in the document's language (the first calls wait for its answers). */
    head: string;
    tail: string;
    /** What the drawn page needs styled: the entry's, the shell's and the page's stylesheets. */
    stylesheets: string[];
  };
}

/**
 * Serves the built console (apps/web/dist) on the API's port: files with ETags and brotli/gzip, long
 * cache for hashed `/assets/*`, and the SPA fallback: any other GET outside `/api/` and `/auth/` without a
 * file extension gets index.html. Unknown API paths keep the 404 envelope. A precompressed build (`.br`
 * and `.gz` beside each file) is read from disk at each request, so no replica holds the console in its
 * memory (about 11 MB); a build without them is compressed here once per file version and kept.
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
    const entry: Entry = { key, type: types[ext] ?? 'application/octet-stream', etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"` };
    if (ext === '.html') {
      const hashes = inlineScriptHashes(body.toString('utf8'));
      if (hashes.length > 0) entry.csp = documentPolicy(hashes);
    }
    if (!isCompressible(file, body.length)) entry.path = file;
    else {
      // `npm run build` and `npm start` write .br/.gz beside the build (cli/precompress-web.ts); otherwise
      // compress once here and keep the three forms.
      const brPath = await freshSiblingPath(file, info.mtimeMs, '.br');
      const gzPath = await freshSiblingPath(file, info.mtimeMs, '.gz');
      if (brPath && gzPath) Object.assign(entry, { path: file, brPath, gzPath });
      else Object.assign(entry, { body }, await compressBody(body));
    }
    cache.set(file, entry);
    return entry;
  }

  /**
   * index.html with the client configuration, one version per build and credential, compressed once. Its
   * ETag names both, so a browser revalidating after a key rotation gets the new key, never the old one.
   */
  let served: { key: string; entry: Entry } | undefined;
  async function loadDocument(): Promise<Entry | undefined> {
    const file = join(root, 'index.html');
    const index = await load(file);
    if (!index) return undefined;
    const data = clientConfigOf(app.config);
    const fingerprint = createHash('sha1').update(JSON.stringify(data)).digest('base64url').slice(0, 10);
    const key = `${index.key}:${fingerprint}`;
    if (served?.key === key) return served.entry;
    const source = index.body ?? (await readFile(file));
    const body = Buffer.from(withClientConfig(source.toString('utf8').replace(FIRST_VIEW_MARK, ''), data), 'utf8');
    const entry: Entry = { key, type: index.type, etag: `${index.etag.slice(0, -1)}-${fingerprint}"`, body, csp: index.csp, ...(await compressBody(body)) };
    served = { key, entry };
    return entry;
  }

  /** The build's signed-in documents' manifest (first-view.json), read again when the file changes. */
  let manifest: { key: string; value: FirstViewManifest } | undefined;
  async function loadManifest(): Promise<FirstViewManifest | undefined> {
    const file = join(root, SIGNED_IN_DOCUMENTS, 'first-view.json');
    let info;
    try {
      info = await stat(file);
    } catch {
      return undefined;
    }
    const key = `${info.size}:${info.mtimeMs}`;
    if (manifest?.key !== key) manifest = { key, value: JSON.parse(await readFile(file, 'utf8')) as FirstViewManifest };
    return manifest.value;
  }

  /**
   * The signed-in document for a language and an address (decision 046): the shell's skeleton alone, the
   * first view's files named in its head, and the client configuration. One version per build, credential,
   * language and page, compressed once.
   */
  const signedIn = new Map<string, SignedInEntry>();
  async function loadSignedInDocument(cookieHeader: string | undefined, path: string): Promise<SignedInEntry | undefined> {
    const found = await loadManifest();
    if (!found) return undefined;
    const locale = documentLocale(found, cookieHeader);
    const file = join(root, SIGNED_IN_DOCUMENTS, `shell.${locale}.html`);
    const source = await load(file);
    if (!source) return undefined;
    const page = firstViewPage(found, path);
    const data = clientConfigOf(app.config);
    const fingerprint = createHash('sha1').update(JSON.stringify(data)).update(manifest!.key).update(page ?? '').digest('base64url').slice(0, 10);
    const key = `${source.key}:${fingerprint}`;
    const slot = `${file}#${page ?? ''}`;
    const hit = signedIn.get(slot);
    if (hit?.key === key) return hit;
    const html = withClientConfig(withFirstViewLinks((source.body ?? (await readFile(file))).toString('utf8'), firstViewLinks(found, locale, page)), data);
    const body = Buffer.from(html, 'utf8');
    const entry: SignedInEntry = { key, type: source.type, etag: `${source.etag.slice(0, -1)}-${fingerprint}"`, body, csp: source.csp, ...(await compressBody(body)), locale };
    const at = html.indexOf(DRAWN_MARK);
    if (page && at >= 0) {
      const files = found.pages[page]!;
      entry.drawn = {
        page,
        head: html.slice(0, at).replace(/<html lang="([^"]*)"/, (tag, lang: string) => `${tag} ${DRAWN_ATTRIBUTE}="${lang}"`),
        tail: html.slice(at),
        stylesheets: [...new Set([...found.css, ...found.shell.css, ...files.css])],
      };
    }
    signedIn.set(slot, entry);
    return entry;
  }

  /**
   * The live session a document request's cookie names: `undefined` without a cookie, `false` for one the
   * server does not honour (removed in the answer). A database that does not
   * answer gets the document every visitor gets: the boot script then picks the view from the token.
   */
  async function documentSession(req: FastifyRequest): Promise<DocumentSession | false | undefined> {
    const value = documentCookieOf(req.headers.cookie);
    if (!value) return undefined;
    try {
      return (await documentSessionOf(app.db, app.config, value, app.now())) ?? false;
    } catch (error) {
      req.log.warn({ err: error }, 'document cookie not checked: the document for every visitor is sent');
      return undefined;
    }
  }

  function send(req: FastifyRequest, reply: FastifyReply, entry: Entry, cacheControl: string, vary = 'Accept-Encoding'): FastifyReply {
    reply.header('Content-Type', entry.type).header('ETag', entry.etag).header('Cache-Control', cacheControl).header('Vary', vary);
    if (entry.csp) reply.header('Content-Security-Policy', entry.csp);
    if (req.headers['if-none-match'] === entry.etag) return reply.code(304).send();
    const accept = String(req.headers['accept-encoding'] ?? '');
    let form: { body?: Buffer; path?: string } = { body: entry.body, path: entry.path };
    if ((entry.br || entry.brPath) && /\bbr\b/.test(accept)) {
      form = { body: entry.br, path: entry.brPath };
      reply.header('Content-Encoding', 'br');
    } else if ((entry.gzip || entry.gzPath) && /\bgzip\b/.test(accept)) {
      form = { body: entry.gzip, path: entry.gzPath };
      reply.header('Content-Encoding', 'gzip');
    }
    if (req.method === 'HEAD') return reply.code(200).send();
    return reply.code(200).send(form.body ?? createReadStream(form.path!));
  }

  /**
   * A signed-in document with the page drawn by the server (decision 049), streamed: its first part (the
   * skeleton, the boot scripts) leaves at once and is shown as today, the drawn page and its answers once
   * they are read, then the rest. Personal: never stored by any cache, no ETag. When the page cannot be
   * drawn (plugins/drawn-view.ts says when), the rest follows alone and the document is today's skeleton.
   */
  const { drawnViews } = app;
  function sendDrawn(req: FastifyRequest, reply: FastifyReply, entry: SignedInEntry, parts: NonNullable<SignedInEntry['drawn']>, session: DocumentSession): FastifyReply {
    reply.header('Content-Type', entry.type).header('Cache-Control', 'private, no-store').header('Vary', 'Accept-Encoding, Cookie');
    if (entry.csp) reply.header('Content-Security-Policy', entry.csp);
    const accept = String(req.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : undefined;
    if (encoding) reply.header('Content-Encoding', encoding);
    const out = encoding === 'br' ? createBrotliCompress({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }) : encoding === 'gzip' ? createGzip() : new PassThrough();
    const draw = () =>
      void drawnViews
        .draw(session, parts.page, entry.locale)
        .catch((error: unknown) => {
          req.log.warn({ err: error }, 'signed-in page not drawn: the skeleton is sent alone');
          return undefined;
        })
        .then((drawn) => {
          if (drawn) out.write(drawnMarkup(drawn, entry.locale, parts.stylesheets));
          out.end(parts.tail);
        });
    // The first part leaves now, compressed as far as it goes: the drawing (the main thread's, for some
    // milliseconds) starts once it is on its way, not before, or the compressed part would wait for it.
    out.write(parts.head);
    if (out instanceof PassThrough) setImmediate(draw);
    else out.flush(() => setImmediate(draw));
    return reply.code(200).send(out);
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
    if (decoded !== '/' && !decoded.endsWith('/') && decoded !== '/index.html') {
      const entry = await load(file);
      if (entry) return send(req, reply, entry, decoded.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      // a missing asset is a 404, never index.html served as script
      if (extname(decoded)) return sendError(req, reply, new AppError('NOT_FOUND'));
    }
    // The document depends on the document cookie: a live session's gets the signed-in document (not for
    // the sign-in page's address, which a signed-in visitor leaves at once), any other the document for
    // every visitor, and a cookie that no longer names a live session is removed.
    const session = await documentSession(req);
    if (session === false) reply.header('Set-Cookie', clearDocumentCookie(req.protocol === 'https'));
    if (session && decoded !== LOGIN_PATH) {
      const entry = await loadSignedInDocument(req.headers.cookie, decoded);
      if (entry?.drawn && req.method === 'GET' && (await drawnViews.draws(entry.drawn.page))) return sendDrawn(req, reply, entry, entry.drawn, session);
      if (entry) return send(req, reply, entry, 'private, no-cache', 'Accept-Encoding, Cookie');
    }
    const index = await loadDocument();
    if (!index) return sendError(req, reply, new AppError('NOT_FOUND', { details: { hint: 'the console is not built: run npm run build' } }));
    return send(req, reply, index, session === undefined ? 'no-cache' : 'private, no-cache', 'Accept-Encoding, Cookie');
  });

  // Look at (and compress, unless the build is precompressed) the current build in the background so the
  // first visitor does not wait for brotli.
  app.addHook('onReady', async () => {
    if (!existsSync(root)) return;
    const files = readdirSync(root, { recursive: true })
      .map(String)
      .filter((f) => compressible.has(extname(f).toLowerCase()));
    void (async () => {
      for (const f of files) await load(join(root, f)).catch(() => undefined);
      await loadDocument().catch(() => undefined);
    })();
  });
}
