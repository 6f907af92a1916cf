import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { hashToken } from './resolve-session.ts';
import { insertSession } from './session.repository.ts';

export async function createSession(
  db: Db,
  config: AppConfig,
  input: { userId: number; role: string; fingerprint: string; now: Date; ip: string; userAgent: string },
): Promise<{ token: string; expiresAt: Date; sessionId: number }> {
  // 32 random bytes, base64url; only the SHA-256 is stored (docs/http-contract.md, Sessions).
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(input.now.getTime() + config.sessionAbsoluteSeconds * 1000);
  const sessionId = await insertSession(db, {
    tokenHash: hashToken(token),
    userId: input.userId,
    activeRole: input.role,
    fingerprint: input.fingerprint,
    now: input.now,
    expiresAt,
    ip: input.ip,
    userAgent: input.userAgent,
  });
  return { token, expiresAt, sessionId };
}
