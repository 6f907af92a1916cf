import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { contextHash, equalHex } from '../../security/passwords.ts';
import { insertCaptcha, takeCaptcha } from './auth.repository.ts';
import { captchaDataUrl, randomCaptchaText } from './captcha-image.ts';
import type { AuthEnv } from './open-session.ts';

// The image captcha the sign-in asks for when the failure counts call for it (sign-in-limits.ts).

const CAPTCHA_TTL_SECONDS = 120;

export async function issueCaptcha(env: Pick<AuthEnv, 'db' | 'now'>, text = randomCaptchaText()): Promise<{ id: string; image: string; ttl: number }> {
  const id = randomBytes(16).toString('hex');
  await insertCaptcha(env.db, { id, answerHash: contextHash(id, text.toLowerCase()), expiresAt: new Date(env.now.getTime() + CAPTCHA_TTL_SECONDS * 1000) }, env.now);
  return { id, image: captchaDataUrl(text), ttl: CAPTCHA_TTL_SECONDS };
}

export async function checkCaptcha(db: Db, id: string, answer: string, now: Date): Promise<boolean> {
  const row = await takeCaptcha(db, id);
  if (!row || row.expiresAt.getTime() <= now.getTime()) return false;
  return equalHex(row.answerHash, contextHash(id, answer.trim().toLowerCase()));
}
