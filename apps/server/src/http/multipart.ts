import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import { mediaType } from './body.ts';

/** @public (a part of parseMultipart's answer, named by the calls that check one; maybe none) */
export interface MultipartFile {
  field: string;
  filename: string;
  /** As declared by the client; check the content yourself. */
  contentType: string;
  data: Buffer;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: MultipartFile[];
}

/**
 * Parses a multipart/form-data body from `req.rawBody`. The signature check needs the exact body bytes
 * before any parser runs, so every body is buffered first (bounded by the route's body limit) and
 * multipart is parsed from that buffer instead of from the socket. Throws 415 for another content
 * type and VALIDATION_FAILED for a malformed body.
 */
export function parseMultipart(req: FastifyRequest): MultipartBody {
  const header = req.headers['content-type'] ?? '';
  if (mediaType(header) !== 'multipart/form-data') throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(header);
  const boundary = m?.[1] ?? m?.[2];
  if (!boundary) throw malformed();
  return parseMultipartBuffer(req.rawBody, boundary);
}

/** A body that is no multipart/form-data (as a JSON body that does not parse, it names no field). */
const malformed = () => new AppError('VALIDATION_FAILED', { details: [{ path: '', message: 'validation.invalidMultipart' }] });

function parseMultipartBuffer(body: Buffer, boundary: string): MultipartBody {
  const delimiter = Buffer.from(`--${boundary}`);
  const fields: Record<string, string> = {};
  const files: MultipartFile[] = [];
  let pos = body.indexOf(delimiter);
  if (pos === -1) throw malformed();
  for (;;) {
    pos += delimiter.length;
    if (body.subarray(pos, pos + 2).toString() === '--') break; // closing delimiter
    if (body.subarray(pos, pos + 2).toString() !== '\r\n') throw malformed();
    pos += 2;
    const headerEnd = body.indexOf('\r\n\r\n', pos);
    if (headerEnd === -1) throw malformed();
    const headers = new Map<string, string>();
    for (const line of body.subarray(pos, headerEnd).toString('utf8').split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headerEnd + 4);
    if (next === -1) throw malformed();
    const data = body.subarray(headerEnd + 4, next);
    const disposition = headers.get('content-disposition') ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    // A file's name is a label kept in text columns and logs: control characters (a NUL, which no text
    // column takes, a line break) are dropped.
    const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1]?.replace(/\p{Cc}/gu, '');
    if (name === undefined) throw malformed();
    if (filename !== undefined) {
      files.push({ field: name, filename, contentType: headers.get('content-type') ?? 'application/octet-stream', data: Buffer.from(data) });
    } else {
      fields[name] = data.toString('utf8');
    }
    pos = next + 2;
  }
  return { fields, files };
}

/** Builds a multipart body (tests and benchmarks sign exact bytes, so they build it themselves). */
export function buildMultipart(parts: Array<{ name: string; value: string } | { name: string; filename: string; contentType: string; data: Buffer }>): {
  body: Buffer;
  contentType: string;
} {
  const boundary = `----atrium${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('filename' in p) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.contentType}\r\n\r\n`));
      chunks.push(p.data, Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
