import { createHmac, hash } from 'node:crypto';
import type { SyncSigningPrimitives } from '@atrium/contracts';

/**
 * The signing algorithm's two hash primitives on node:crypto, for the server's verification of every
 * signed request. The algorithm itself (canonical request, string to sign, key derivation) stays the
 * contracts' one implementation; only the hashing moves off WebCrypto, whose every call is a thread-pool
 * job costing ~20x the CPU of a synchronous hash of a few hundred bytes.
 */
export const nodeSigningPrimitives: SyncSigningPrimitives = {
  // One-shot hash (Node >= 20.12): no Hash object per call.
  sha256Hex: (data) => hash('sha256', data, 'hex'),
  hmacSha256: (key, data) => createHmac('sha256', key).update(data, 'utf8').digest(),
};
