import { describe, expect, it } from 'vitest';
import { base32, otpauthUri, totpCode, totpStep } from './totp.ts';

/** RFC 6238 Appendix B: the SHA-1 secret "12345678901234567890" and 8-digit codes at fixed times. */
const rfcSecret = new TextEncoder().encode('12345678901234567890');
const vectors: Array<[seconds: number, code: string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it('gives the Appendix B codes at their times (an injected clock)', () => {
    for (const [seconds, code] of vectors) expect([seconds, totpCode(rfcSecret, new Date(seconds * 1000), 8)]).toEqual([seconds, code]);
  });

  it('accepts each Appendix B code at its time and names its step', () => {
    for (const [seconds, code] of vectors) expect(totpStep(rfcSecret, code, new Date(seconds * 1000), 8)).toBe(Math.floor(seconds / 30));
  });

  it('accepts the step before and after, and no further', () => {
    const at = new Date(1_800_000_000_000);
    const step = Math.floor(at.getTime() / 30_000);
    const codeAt = (s: number) => totpCode(rfcSecret, new Date(s * 30_000));
    expect(totpStep(rfcSecret, codeAt(step - 1), at)).toBe(step - 1);
    expect(totpStep(rfcSecret, codeAt(step), at)).toBe(step);
    expect(totpStep(rfcSecret, codeAt(step + 1), at)).toBe(step + 1);
    expect(totpStep(rfcSecret, codeAt(step - 2), at)).toBeNull();
    expect(totpStep(rfcSecret, codeAt(step + 2), at)).toBeNull();
    expect(totpStep(rfcSecret, codeAt(step).slice(1), at)).toBeNull();
  });

  it('writes the secret in base32 and the otpauth URI authenticator apps scan', () => {
    expect(base32(rfcSecret)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    const uri = new URL(otpauthUri(rfcSecret, 'admin'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(uri.searchParams.get('issuer')).toBe('Atrium');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
    expect(decodeURIComponent(uri.pathname)).toContain('admin');
  });
});
