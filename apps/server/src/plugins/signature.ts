import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  SIGNATURE_WINDOW_SECONDS,
  computeSignatureSync,
  parseAuthorization,
  parseXDate,
  requiredSignedHeaders,
  timingSafeEqualHex,
  type SigningCredential,
} from '@atrium/contracts';
import { AppError } from '../http/errors.ts';
import { isApiPath } from '../http/paths.ts';
import type { NonceItem } from '../db/replay-store.ts';
import { nodeSigningPrimitives } from './node-signing.ts';

const NONCE_PATTERN = /^[0-9a-f]{32}$/;

/** `/api/*` and `/auth/*` are signed, except calls marked `signature: 'exempt'` and unknown paths (404). */
function needsSignature(req: FastifyRequest): boolean {
  const call = req.routeOptions.config.call;
  if (!call || call.signature === 'exempt') return false;
  return isApiPath(req.url);
}

function headerValue(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(',') : value;
}

/**
 * Verifies ATRIUM-HMAC-SHA256 (docs/http-contract.md, Signing) over the exact bytes of `req.rawBody`. A
 * verified request's nonce then goes to the shared replay store (db/replay-store.ts) in the request's
 * round trip, and `accept` refuses it unless it was fresh. plugins/pipeline.ts calls both, after the trace
 * id and before the session check, once the body is buffered.
 */
export class SignatureCheck {
  private readonly keyring: Map<string, SigningCredential>;
  private readonly enforce: boolean;

  constructor(private readonly app: FastifyInstance) {
    this.keyring = new Map(app.config.signingKeys.map((k) => [k.keyId, k]));
    this.enforce = app.config.signatureMode === 'enforce';
  }

  /** Whether this request must carry a valid signature. */
  needed(req: FastifyRequest): boolean {
    return this.enforce && needsSignature(req);
  }

  /** The nonce to record, once the signature, its headers and its time are right; throws otherwise. */
  verify(req: FastifyRequest): NonceItem {
    return verify(req, this.keyring, this.app.now());
  }

  /** A nonce the replay store has seen within its lifetime is a replay. */
  accept(fresh: boolean | undefined): void {
    if (fresh !== true) throw new AppError('REPLAYED');
  }
}

const invalid = (reason: string) => new AppError('SIGNATURE_INVALID', { details: { reason } });

function verify(req: FastifyRequest, keyring: Map<string, SigningCredential>, now: Date): NonceItem {
  const auth = parseAuthorization(headerValue(req.headers.authorization));
  if (!auth) throw invalid('malformed-authorization');
  const key = keyring.get(auth.keyId);
  if (!key) throw invalid('unknown-key');
  const xDate = headerValue(req.headers['x-date']);
  const fingerprint = headerValue(req.headers['x-fingerprint']);
  const nonce = headerValue(req.headers['x-nonce']);
  if (!xDate || !fingerprint || !nonce) throw invalid('missing-header');
  if (!NONCE_PATTERN.test(nonce)) throw invalid('malformed-nonce');
  const date = parseXDate(xDate);
  if (!date) throw invalid('malformed-date');
  if (auth.date !== xDate.slice(0, 8) || auth.fingerprint !== fingerprint) throw invalid('credential-mismatch');

  // Node lower-cases header names; only the signed ones enter the canonical request.
  const signed = new Set(auth.signedHeaders);
  for (const name of requiredSignedHeaders(Object.keys(req.headers), req.rawBody.length > 0)) {
    if (!signed.has(name)) throw invalid('unsigned-required-header');
  }
  const headers: Record<string, string> = {};
  for (const name of signed) {
    const value = headerValue(req.headers[name]);
    if (value === undefined) throw invalid('signed-header-missing');
    headers[name] = value;
  }

  const rawUrl = req.raw.url ?? req.url;
  const q = rawUrl.indexOf('?');
  const parts = computeSignatureSync(key, {
    method: req.method,
    path: q === -1 ? rawUrl : rawUrl.slice(0, q),
    query: q === -1 ? '' : rawUrl.slice(q + 1),
    headers,
    signedHeaders: auth.signedHeaders,
    body: req.rawBody,
  }, nodeSigningPrimitives);
  if (!timingSafeEqualHex(parts.signature, auth.signature)) throw invalid('signature-mismatch');

  if (Math.abs(now.getTime() - date.getTime()) > SIGNATURE_WINDOW_SECONDS * 1000) {
    throw new AppError('REQUEST_EXPIRED', { details: { serverTime: now.toISOString() } });
  }
  return { keyId: auth.keyId, nonce };
}
