import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { open, seal } from './secret-box.ts';

describe('secret box (AES-256-GCM under SECRET_KEY)', () => {
  const key = randomBytes(32);
  const secret = Buffer.from('a totp secret of twenty');

  it('opens what it sealed, and seals the same secret differently each time', () => {
    const a = seal(key, 'mfa:7', secret);
    const b = seal(key, 'mfa:7', secret);
    expect(a).not.toBe(b);
    expect(a).not.toContain(secret.toString('base64url'));
    expect(open(key, 'mfa:7', a)).toEqual(secret);
    expect(open(key, 'mfa:7', b)).toEqual(secret);
  });

  it('does not open under another key, for another account, or once altered', () => {
    const sealed = seal(key, 'mfa:7', secret);
    expect(open(randomBytes(32), 'mfa:7', sealed)).toBeUndefined();
    expect(open(key, 'mfa:8', sealed)).toBeUndefined();
    const [version, nonce, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(open(key, 'mfa:7', `${version}.${nonce}.${flipped.toString('base64url')}`)).toBeUndefined();
    expect(open(key, 'mfa:7', 'v2.x.y')).toBeUndefined();
    expect(open(key, 'mfa:7', 'garbage')).toBeUndefined();
  });
});
