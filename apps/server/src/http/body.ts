import type { Readable } from 'node:stream';
import { AppError } from './errors.ts';

/** Reads a request stream into one buffer, refusing more than `limit` bytes with 413. */
export async function readLimited(stream: Readable, limit: number, declaredLength?: number): Promise<Buffer> {
  if (declaredLength !== undefined && declaredLength > limit) {
    stream.resume(); // drain so the connection can answer
    throw new AppError('PAYLOAD_TOO_LARGE', { details: { limit } });
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > limit) {
      stream.resume();
      throw new AppError('PAYLOAD_TOO_LARGE', { details: { limit } });
    }
    chunks.push(buf);
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
}

/** The media type of a Content-Type header, lower-case, without parameters. */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}
