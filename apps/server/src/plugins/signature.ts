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
import { hashToken, isPlausibleToken } from '../http/sessions.ts';
import { NonceStore } from './nonce-store.ts';
import { nodeSigningPrimitives } from './node-signing.ts';
import { accessToken, needsSession } from './session.ts';

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
 * Verifies ATRIUM-HMAC-SHA256 (docs/http-contract.md, Signing) over the exact bytes of `req.rawBody`, then
 * records the nonce in the shared replay store, reading the caller's session and the list generations in
 * the same round trip. plugins/pipeline.ts calls it after the trace id and before the session check, once
 * the body is buffered.
 */
export class SignatureCheck {
  private readonly keyring: Map<string, SigningCredential>;
  private readonly nonceStore: NonceStore;
  private readonly enforce: boolean;

  constructor(private readonly app: FastifyInstance) {
    this.keyring = new Map(app.config.signingKeys.map((k) => [k.keyId, k]));
    this.nonceStore = new NonceStore(app.db, app.now);
    this.enforce = app.config.signatureMode === 'enforce';
  }

  /** Whether this request must carry a valid signature. */
  needed(req: FastifyRequest): boolean {
    return this.enforce && needsSignature(req);
  }

  verify(req: FastifyRequest): Promise<void> {
    return verify(req, this.keyring, this.nonceStore, this.app.now());
  }
}

const invalid = (reason: string) => new AppError('SIGNATURE_INVALID', { details: { reason } });

async function verify(req: FastifyRequest, keyring: Map<string, SigningCredential>, nonceStore: NonceStore, now: Date): Promise<void> {
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
  // A call that needs a session reads it in the nonce's round trip (the session plugin checks it), with the
  // list generations that let a list answer from its cache (modules/shared/list-cache.ts).
  const token = sessionToken(req);
  const gate = await nonceStore.check(auth.keyId, nonce, token === undefined ? undefined : hashToken(token));
  if (!gate.fresh) throw new AppError('REPLAYED');
  if (token !== undefined) req.sessionPreload = { session: gate.session };
  req.listGenerations = gate.generations;
}

/** The Access-Token worth looking up for this call (signed or admin access, plausible length). */
function sessionToken(req: FastifyRequest): string | undefined {
  if (!needsSession(req)) return undefined;
  const token = accessToken(req);
  return token && isPlausibleToken(token) ? token : undefined;
}
