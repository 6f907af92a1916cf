import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { EMPTY_BODY_SHA256, computeSignature, computeSignatureSync } from '@atrium/contracts';
import { nodeSigningPrimitives } from './node-signing.ts';

interface Vector {
  name: string;
  keyId: string;
  secret: string;
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  body: string;
  signedHeaders: string;
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
}
const { vectors } = JSON.parse(readFileSync(new URL('../../../../packages/contracts/vectors/signing.json', import.meta.url), 'utf8')) as { vectors: Vector[] };

describe('server signing primitives (node:crypto)', () => {
  it('has vectors', () => expect(vectors.length).toBeGreaterThanOrEqual(5));
  for (const v of vectors) {
    it(`reproduces the vector, as WebCrypto does: ${v.name}`, async () => {
      const req = { ...v, signedHeaders: v.signedHeaders.split(';') };
      const node = await computeSignature(v, req, nodeSigningPrimitives);
      expect(node.stringToSign).toBe(v.stringToSign);
      expect(node.signature).toBe(v.signature);
      // twice: the second call takes the cached derived key
      expect((await computeSignature(v, req, nodeSigningPrimitives)).signature).toBe(v.signature);
      expect((await computeSignature(v, req)).signature).toBe(v.signature);
      // the synchronous entry point the server verifies with
      const sync = computeSignatureSync(v, req, nodeSigningPrimitives);
      expect(sync.canonicalRequest).toBe(v.canonicalRequest);
      expect(sync.signature).toBe(v.signature);
    });
  }
  it('has bodiless vectors, and the constant body hash they use is SHA-256 of nothing', () => {
    expect(vectors.some((v) => v.body === '')).toBe(true);
    expect(EMPTY_BODY_SHA256).toBe(createHash('sha256').update(Buffer.alloc(0)).digest('hex'));
  });
  it('a changed body or secret changes the signature', async () => {
    const v = vectors[0]!;
    const req = { ...v, signedHeaders: v.signedHeaders.split(';') };
    expect((await computeSignature(v, { ...req, body: `${v.body} ` }, nodeSigningPrimitives)).signature).not.toBe(v.signature);
    expect((await computeSignature({ ...v, secret: `${v.secret}x` }, req, nodeSigningPrimitives)).signature).not.toBe(v.signature);
    expect(computeSignatureSync(v, { ...req, body: `${v.body} ` }, nodeSigningPrimitives).signature).not.toBe(v.signature);
    expect(computeSignatureSync({ ...v, secret: `${v.secret}y` }, req, nodeSigningPrimitives).signature).not.toBe(v.signature);
  });
});
